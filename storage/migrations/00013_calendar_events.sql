-- The SEQUENCE of each event in an owner's calendar feed (RFC 5545
-- §3.8.7.4). The feed is computed from the registry and inspections on
-- every fetch; this table remembers, per event UID, a digest of what the
-- event said and how many times that changed, so that a calendar app
-- replaces an event whose date or words changed (a job moved a deadline,
-- a decision changed a fine) instead of keeping its old copy.

-- +goose Up
CREATE TABLE calendar_events (
    owner_id   uuid NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
    uid        text NOT NULL,
    digest     bytea NOT NULL,
    sequence   integer NOT NULL DEFAULT 0 CHECK (sequence >= 0),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (owner_id, uid)
);

-- +goose Down
DROP TABLE calendar_events;
