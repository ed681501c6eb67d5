-- +goose Up
-- The change-log lock's wait is bounded by the trigger that takes it, not
-- by a SET LOCAL statement of its own before every change-log insert (a
-- round trip per transaction that writes the change log: docs/SYNC.md §5,
-- "Push performance"). The wait is bounded as before, by 5 seconds (a
-- timeout answers retry, docs/SYNC.md), and the transaction's own
-- lock_timeout is given back once the lock is held.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION change_log_lock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    was text := current_setting('lock_timeout');
BEGIN
    PERFORM set_config('lock_timeout', '5s', true);
    PERFORM pg_advisory_xact_lock(1, 0);
    PERFORM set_config('lock_timeout', was, true);
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION change_log_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(1, 0);
    RETURN NULL;
END $$;
-- +goose StatementEnd
