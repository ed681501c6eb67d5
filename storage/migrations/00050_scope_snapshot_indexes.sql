-- Indexes a first sync and the review queue need once a state has a year
-- of history (issue 23), found by scale/TestNoSequentialScanAtStateScale:
--
-- * A first sync pages each synced type under each of the caller's scope
--   keys in id order, keeping the rows the caller may see (sync.TableReader
--   .Snapshot): an inspector's own rows, a supervisor's jurisdiction, an
--   owner's own. At 1,000,000 answers, findings, offences and penalties
--   each of those pages was a sequential scan of the whole table.
-- * Findings: inspectors also see every open finding of their
--   jurisdiction (to re-inspect it), hence the partial index on the open
--   ones.
-- * The review queue asks, per finding, whether a verified photo exists.
-- +goose Up
CREATE INDEX inspection_answers_jurisdiction ON inspection_answers (jurisdiction_id, id) WHERE deleted_at IS NULL;
CREATE INDEX inspection_answers_inspector ON inspection_answers (inspector_id, id) WHERE deleted_at IS NULL;
CREATE INDEX inspection_answers_owner ON inspection_answers (owner_id, id) WHERE deleted_at IS NULL;
CREATE INDEX findings_jurisdiction ON findings (jurisdiction_id, id) WHERE deleted_at IS NULL;
CREATE INDEX findings_jurisdiction_open ON findings (jurisdiction_id, id) WHERE deleted_at IS NULL AND NOT rectified;
CREATE INDEX findings_inspector ON findings (inspector_id, id) WHERE deleted_at IS NULL;
CREATE INDEX findings_owner ON findings (owner_id, id) WHERE deleted_at IS NULL;
CREATE INDEX offences_jurisdiction ON offences (jurisdiction_id, id) WHERE deleted_at IS NULL;
CREATE INDEX offences_inspector ON offences (inspector_id, id) WHERE deleted_at IS NULL;
CREATE INDEX offences_owner ON offences (owner_id, id) WHERE deleted_at IS NULL;
CREATE INDEX penalties_jurisdiction ON penalties (jurisdiction_id, id) WHERE deleted_at IS NULL;
CREATE INDEX penalties_inspector ON penalties (inspector_id, id) WHERE deleted_at IS NULL;
CREATE INDEX penalties_owner ON penalties (owner_id, id) WHERE deleted_at IS NULL;
CREATE INDEX photos_jurisdiction ON photos (jurisdiction_id, id) WHERE deleted_at IS NULL;
CREATE INDEX photos_inspector ON photos (inspector_id, id) WHERE deleted_at IS NULL;
CREATE INDEX photos_owner ON photos (owner_id, id) WHERE deleted_at IS NULL;
CREATE INDEX photos_finding ON photos (finding_id) WHERE finding_id IS NOT NULL;

-- +goose Down
DROP INDEX photos_finding;
DROP INDEX photos_owner;
DROP INDEX photos_inspector;
DROP INDEX photos_jurisdiction;
DROP INDEX penalties_owner;
DROP INDEX penalties_inspector;
DROP INDEX penalties_jurisdiction;
DROP INDEX offences_owner;
DROP INDEX offences_inspector;
DROP INDEX offences_jurisdiction;
DROP INDEX findings_owner;
DROP INDEX findings_inspector;
DROP INDEX findings_jurisdiction_open;
DROP INDEX findings_jurisdiction;
DROP INDEX inspection_answers_owner;
DROP INDEX inspection_answers_inspector;
DROP INDEX inspection_answers_jurisdiction;
