-- +goose Up
-- The pull side of sync (docs/SYNC.md §6).
--
-- The retention watermark: change rows older than 180 days are deleted, a
-- prefix of the log at a time, by sync.PruneChangeLog, which records here
-- the highest position it deleted, in the same transaction. A pull reads it
-- in the snapshot it reads the log in; a cursor below it answers 410
-- reset_required. One row.
CREATE TABLE change_log_retention (
    id              boolean PRIMARY KEY DEFAULT true CHECK (id),
    pruned_through  bigint NOT NULL CHECK (pruned_through >= 0),
    pruned_at       timestamptz NOT NULL DEFAULT now()
);

-- Snapshots page each type by scope key in id order; these are the
-- (key column, id) indexes that 00001 did not already create.
CREATE INDEX vessel_crew_jurisdiction ON vessel_crew (jurisdiction_id, id);
CREATE INDEX vessel_crew_owner ON vessel_crew (owner_id, id);
CREATE INDEX certificates_owner ON certificates (owner_id, id) WHERE owner_id IS NOT NULL;

-- +goose Down
DROP INDEX certificates_owner;
DROP INDEX vessel_crew_owner;
DROP INDEX vessel_crew_jurisdiction;
DROP TABLE change_log_retention;
