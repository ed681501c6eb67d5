-- The "next release" migration of the rolling-restart test (replicas/,
-- docs/SCALING.md): embedded only in a binary built with the tindal_rollout
-- tag, never in a release. It expands the schema the way a real release
-- may: a nullable column on the tables a push writes and a pull reads, and
-- a new table. The old binary must keep serving on it.
-- +goose Up
ALTER TABLE inspections ADD COLUMN rollout_note text;
ALTER TABLE vessels ADD COLUMN rollout_note text;
CREATE TABLE rollout_probe (id bigint PRIMARY KEY, note text NOT NULL DEFAULT '');

-- +goose Down
DROP TABLE rollout_probe;
ALTER TABLE vessels DROP COLUMN rollout_note;
ALTER TABLE inspections DROP COLUMN rollout_note;
