-- Photos attached to an appeal (issue 22 item 4): the owner's verified
-- photos of the notice's inspection, linked when the appeal is filed. A
-- photo belongs to at most one appeal; the decider sees them with the
-- grounds (docs/PENALTIES.md).

-- +goose Up
ALTER TABLE photos ADD COLUMN appeal_id uuid REFERENCES penalty_appeals (id);
CREATE INDEX photos_appeal ON photos (appeal_id) WHERE appeal_id IS NOT NULL;

-- +goose Down
DROP INDEX photos_appeal;
ALTER TABLE photos DROP COLUMN appeal_id;
