-- The highest seq a device sent that was answered `replayed` from a record
-- another device of the same user made (a phone restored from a backup
-- resends its queue). A pull's acked_seq counts it, so the restored phone
-- can drop its optimistic copies of those mutations (docs/SYNC.md §6.7).

-- +goose Up
ALTER TABLE devices ADD COLUMN replayed_seq bigint;

-- +goose Down
ALTER TABLE devices DROP COLUMN replayed_seq;
