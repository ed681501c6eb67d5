-- Legal numbers are never issued twice, across a restore too (docs/OPERATIONS.md
-- "Backup and restore", storage/number.go). Detention and release orders
-- and penalty notices take their serial from a counter row in the issuing
-- transaction (gap-free); a restore from an earlier backup gives back the
-- counters as the backup had them, so the restored history would print again
-- serials the lost one already printed. A number therefore carries the epoch
-- it was issued in once the database serves another epoch than the one its
-- numbering began in (numbering_epoch): the epoch changes by itself on every
-- restore, point-in-time recovery, failover and `tindal sync new-epoch`, and
-- no two epochs share a tag but by a 2^-32 chance.
--
-- tindal_epoch() is sync/epoch.go's epochSQL as a function, so that the
-- issuing transaction reads the epoch in the statement that numbers.
-- The epoch the database serves at migration time begins the numbering:
-- nothing has been lost at the moment the schema is upgraded.

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION tindal_epoch() RETURNS text LANGUAGE sql VOLATILE AS $$
    SELECT left(encode(sha256(convert_to(concat_ws('/', e.nonce, s.system_identifier,
            CASE WHEN pg_is_in_recovery()
                THEN coalesce((SELECT received_tli FROM pg_stat_wal_receiver), c.timeline_id)
                ELSE ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int END,
            d.oid, 'sync_epoch'::regclass::oid), 'UTF8')), 'hex'), 16)
    FROM sync_epoch e, pg_control_system() s, pg_control_checkpoint() c, pg_database d
    WHERE e.id AND d.datname = current_database()
$$;
-- +goose StatementEnd
ALTER TABLE sync_epoch ADD COLUMN numbering_epoch text;
UPDATE sync_epoch SET numbering_epoch = tindal_epoch();

-- +goose Down
ALTER TABLE sync_epoch DROP COLUMN numbering_epoch;
DROP FUNCTION tindal_epoch();
