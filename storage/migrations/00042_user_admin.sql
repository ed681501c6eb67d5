-- Users administered from the API (issue 21 item 1, docs/USERS.md):
-- one-time password-reset links. The link's token is random (32 bytes)
-- and only its SHA-256 is stored; a link is used once, expires after
-- 24 hours, and a newer link for the same user ends the older ones.
-- Assignments stay in user_jurisdictions, never deleted: one user's
-- assignments to one jurisdiction never overlap (checked under the
-- user's row lock, auth/assignments.go); the index below serves that
-- check and the principal's and the push's reads by user and day.
-- Devices' sync health (GET /v1/admin/devices, the console) counts each
-- device's pending quarantine.

-- +goose Up
CREATE TABLE password_resets (
    id            uuid PRIMARY KEY,
    user_id       uuid NOT NULL REFERENCES users (id),
    token_hash    bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
    requested_by  uuid REFERENCES users (id),
    created_at    timestamptz NOT NULL,
    expires_at    timestamptz NOT NULL,
    used_at       timestamptz,
    CHECK (expires_at > created_at)
);
CREATE INDEX password_resets_user ON password_resets (user_id, created_at DESC);

CREATE INDEX user_jurisdictions_user_jurisdiction ON user_jurisdictions (user_id, jurisdiction_id, starts_on);

-- The admins' devices view counts each device's pending quarantine.
CREATE INDEX quarantine_device_pending ON quarantine (device_id) WHERE state = 'pending';

-- +goose Down
DROP INDEX quarantine_device_pending;
DROP INDEX user_jurisdictions_user_jurisdiction;
DROP TABLE password_resets;
