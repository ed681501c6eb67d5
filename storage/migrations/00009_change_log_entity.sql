-- At most once per pull stream (docs/SYNC.md §6.9; issue 11 item 4).
--
-- A change is logged once per scope key, and an entity changed by several
-- transactions has several rows. A pull serves an entity's current state
-- at the last of its rows the page's snapshot shows under the caller's
-- keys, and skips the earlier ones; a snapshot skips an entity that has a
-- row after the cursor (the log will serve it). Both ask "is there a later
-- row of this entity?", one index probe per row with this index. The write
-- path (the statement lock and identity positions of 00006) is unchanged.

-- +goose Up
CREATE INDEX change_log_entity ON change_log (entity_id, position);

-- +goose Down
DROP INDEX change_log_entity;
