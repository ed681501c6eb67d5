-- The sync epoch (docs/SYNC.md §6.10, docs/OPERATIONS.md "Backup and
-- restore"): the identity of the history a database serves. A restore from
-- a backup (pg_dump, point-in-time recovery) or a recreated database gives
-- back change-log positions, record versions and mutation seqs that phones
-- have already seen; every cursor, page, push answer and verify answer
-- therefore names its epoch, and a phone that meets another one resends
-- what it kept and resyncs.
--
-- The epoch is not stored: it is computed on every read from this row's
-- nonce and from what PostgreSQL itself changes on those events (the
-- cluster's system identifier, the timeline, the database's oid and this
-- table's oid, which pg_restore recreates), so no step of a restore can be
-- forgotten. `tindal sync new-epoch` replaces the nonce for the cases it
-- cannot see (rows edited back by hand, a restore into the same tables).
--
-- devices.first_seq is the lowest seq a device has pushed: acked_seq is the
-- highest seq from it up to which the server holds every mutation.

-- +goose Up
CREATE TABLE sync_epoch (
    id          boolean PRIMARY KEY DEFAULT true CHECK (id),
    nonce       uuid NOT NULL DEFAULT gen_random_uuid(),
    started_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO sync_epoch DEFAULT VALUES;

ALTER TABLE devices ADD COLUMN first_seq bigint;
UPDATE devices d SET first_seq = (SELECT min(seq) FROM (
    SELECT seq FROM applied_mutations a WHERE a.device_id = d.id
    UNION ALL SELECT seq FROM mutation_backlog b WHERE b.device_id = d.id) s);

-- +goose Down
ALTER TABLE devices DROP COLUMN first_seq;
DROP TABLE sync_epoch;
