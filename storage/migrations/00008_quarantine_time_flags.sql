-- The time flags of a quarantined mutation's corrected capture time
-- (before_registration, stale, clock_skew …; docs/SYNC.md §5), kept with
-- its payload. A supervisor's reapply runs the mutation with them, so an
-- inspection started a week before its device was registered stays
-- flagged and its offences held until its time is confirmed, as when it
-- applies straight from a push (issue 11 item 2).

-- +goose Up
ALTER TABLE quarantine ADD COLUMN time_flags jsonb NOT NULL DEFAULT '[]';

-- +goose Down
ALTER TABLE quarantine DROP COLUMN time_flags;
