-- Owner rectification of open findings (issue 12 item 5; docs/REVIEW.md):
-- an owner sends verified photos of the renewed document or the replaced
-- equipment with a note; a supervisor accepts (the finding is closed and
-- the action code 01 "Deficiency rectified" recorded, Karnataka 2025
-- Sch-IX after Form B) or rejects with a reason. At most one pending
-- rectification per finding, so a retry never duplicates one.

-- +goose Up
ALTER TABLE findings ADD COLUMN rectification_action text NOT NULL DEFAULT '';

CREATE TABLE finding_rectifications (
    id               uuid PRIMARY KEY,
    finding_id       uuid NOT NULL REFERENCES findings (id),
    inspection_id    uuid NOT NULL REFERENCES inspections (id),
    note             text NOT NULL CHECK (length(note) BETWEEN 1 AND 2000),
    photo_ids        jsonb NOT NULL DEFAULT '[]',
    submitted_by     uuid NOT NULL REFERENCES users (id),
    device_id        uuid,
    submitted_at     timestamptz NOT NULL,
    status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
    decided_by       uuid REFERENCES users (id),
    decided_at       timestamptz,
    reason           text NOT NULL DEFAULT '',
    action_code      text NOT NULL DEFAULT '',
    jurisdiction_id  uuid NOT NULL REFERENCES jurisdictions (id),
    owner_id         uuid NOT NULL REFERENCES owners (id),
    version          bigint NOT NULL DEFAULT 1,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CHECK ((status = 'pending') = (decided_at IS NULL)),
    CHECK (status <> 'rejected' OR length(reason) > 0)
);
CREATE UNIQUE INDEX finding_rectifications_one_pending ON finding_rectifications (finding_id) WHERE status = 'pending';
CREATE INDEX finding_rectifications_jurisdiction ON finding_rectifications (jurisdiction_id, status, id);
CREATE INDEX finding_rectifications_owner ON finding_rectifications (owner_id, id);

-- The review queue reads submitted inspections oldest first.
CREATE INDEX inspections_review_oldest ON inspections (jurisdiction_id, submitted_at, id) WHERE status = 'submitted' AND deleted_at IS NULL;
-- The overdue-findings job and gauge read open findings by due date.
CREATE INDEX findings_open_due ON findings (due_date) WHERE deleted_at IS NULL AND NOT rectified AND due_date IS NOT NULL;

-- +goose Down
DROP INDEX findings_open_due;
DROP INDEX inspections_review_oldest;
DROP TABLE finding_rectifications;
ALTER TABLE findings DROP COLUMN rectification_action;
