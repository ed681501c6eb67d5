-- Numbers a new sync epoch never reissues (docs/SYNC.md §6.10,
-- sync/epoch_advance.go). A restore gives back the change log's identity
-- and every row's version as the backup had them, so the restored history
-- would issue again positions and versions phones already saw for other
-- changes. When the server starts on a database whose epoch is not the one
-- its numbers were last advanced for (advanced_for), it moves them past
-- anything the old history could have issued: the change log's next
-- position and every row's version become at least `floor`, the clock in
-- microseconds since 1970 (above the last floor by the time elapsed, which
-- one history cannot outrun with one position or one version of one record
-- per microsecond). `tindal sync new-epoch` does the same. Records created
-- after the advance start at the floor too when a phone or a derivation
-- names them (storage.Tx.FirstVersion). advanced_at is when the numbers
-- were last advanced: the orphaned-photo sweep keeps the objects of the
-- history before it for its grace period after it, for phones to resend
-- their photos (docs/PHOTOS.md).
--
-- The epoch the database serves at migration time is taken as advanced:
-- nothing has been lost at the moment the schema is upgraded. (The
-- expression is sync/epoch.go's epochSQL on a primary.)

-- +goose Up
ALTER TABLE sync_epoch
    ADD COLUMN advanced_for text,
    ADD COLUMN floor bigint NOT NULL DEFAULT 0 CHECK (floor >= 0),
    ADD COLUMN advanced_at timestamptz;
UPDATE sync_epoch SET advanced_for = (
    SELECT left(encode(sha256(convert_to(concat_ws('/', e.nonce, s.system_identifier,
            CASE WHEN pg_is_in_recovery()
                THEN coalesce((SELECT received_tli FROM pg_stat_wal_receiver), c.timeline_id)
                ELSE ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int END,
            d.oid, 'sync_epoch'::regclass::oid), 'UTF8')), 'hex'), 16)
    FROM sync_epoch e, pg_control_system() s, pg_control_checkpoint() c, pg_database d
    WHERE e.id AND d.datname = current_database());

-- +goose Down
ALTER TABLE sync_epoch DROP COLUMN advanced_at, DROP COLUMN floor, DROP COLUMN advanced_for;
