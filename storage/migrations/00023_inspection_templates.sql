-- One inspection may use several checklist templates (issue 15): an
-- equipment inspection with the Schedule-IX detention assessment. The
-- inspection keeps its primary template in template_id and lists every
-- template it uses, primary first, in template_ids; each answer names the
-- template its item belongs to, so two templates may share an item id.
-- +goose Up
ALTER TABLE inspections ADD COLUMN template_ids jsonb NOT NULL DEFAULT '[]';
UPDATE inspections SET template_ids = jsonb_build_array(template_id);
ALTER TABLE inspection_answers ADD COLUMN template_id uuid;
UPDATE inspection_answers a SET template_id = i.template_id FROM inspections i WHERE i.id = a.inspection_id;
ALTER TABLE inspection_answers ALTER COLUMN template_id SET NOT NULL;
DROP INDEX inspection_answers_item_live;
CREATE UNIQUE INDEX inspection_answers_item_live ON inspection_answers (inspection_id, template_id, item_id) WHERE deleted_at IS NULL;

-- +goose Down
DROP INDEX inspection_answers_item_live;
DELETE FROM inspection_answers a USING inspections i WHERE i.id = a.inspection_id AND a.template_id <> i.template_id;
CREATE UNIQUE INDEX inspection_answers_item_live ON inspection_answers (inspection_id, item_id) WHERE deleted_at IS NULL;
ALTER TABLE inspection_answers DROP COLUMN template_id;
ALTER TABLE inspections DROP COLUMN template_ids;
