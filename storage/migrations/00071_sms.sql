-- SMS for owners (docs/OWNERS.md, docs/OPERATIONS.md): mobile numbers on
-- the register, the SMS channel of the outbox with the gateway's message
-- id and its delivery receipt, each owner's choice of reminder channels,
-- and sign-in by a code sent to the registered mobile.

-- +goose Up
-- An Indian mobile in E.164: +91 and ten digits starting 6-9 (the
-- registry normalises what a registrar types).
ALTER TABLE owners ADD COLUMN mobile text NOT NULL DEFAULT ''
    CHECK (mobile = '' OR mobile ~ '^\+91[6-9][0-9]{9}$');
ALTER TABLE crew_members ADD COLUMN mobile text NOT NULL DEFAULT ''
    CHECK (mobile = '' OR mobile ~ '^\+91[6-9][0-9]{9}$');
CREATE INDEX owners_mobile ON owners (mobile) WHERE mobile <> '' AND deleted_at IS NULL;

-- Reminders by SMS, email or both (legal notices always go by every
-- channel the owner has).
ALTER TABLE owners ADD COLUMN reminders_by text NOT NULL DEFAULT 'both'
    CHECK (reminders_by IN ('sms', 'email', 'both'));

-- SMS rows go pending → sending → sent as email rows do. The gateway's
-- message id comes back with its acceptance; the delivery receipt arrives
-- later on the signed callback. A legal notice whose SMS failed is flagged
-- for the office to serve another way (serve_otherwise).
ALTER TABLE notifications DROP CONSTRAINT notifications_channel_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_channel_check
    CHECK (channel IN ('email', 'in_app', 'sms'));
ALTER TABLE notifications
    ADD COLUMN gateway_id text NOT NULL DEFAULT '',
    ADD COLUMN parts smallint NOT NULL DEFAULT 0,
    ADD COLUMN receipt text NOT NULL DEFAULT '' CHECK (receipt IN ('', 'delivered', 'failed', 'expired')),
    ADD COLUMN receipt_at timestamptz,
    ADD COLUMN serve_otherwise boolean NOT NULL DEFAULT false;
CREATE INDEX notifications_sms_due ON notifications (next_attempt_at) WHERE channel = 'sms' AND state = 'pending';
CREATE INDEX notifications_sms_leased ON notifications (lease_until) WHERE channel = 'sms' AND state = 'sending';
CREATE INDEX notifications_sms_gateway ON notifications (gateway_id) WHERE channel = 'sms' AND gateway_id <> '';
CREATE INDEX notifications_sms_owner ON notifications (owner_id, created_at DESC) WHERE channel = 'sms';

-- A sign-in by SMS code: the code stored hashed, valid 10 minutes, used
-- once; five wrong codes end it.
CREATE TABLE sms_sign_ins (
    id          uuid PRIMARY KEY,
    user_id     uuid NOT NULL REFERENCES users (id),
    mobile      text NOT NULL,
    code_hash   bytea NOT NULL,
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    failures    integer NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_sign_ins_mobile ON sms_sign_ins (mobile, created_at);

-- +goose Down
DROP TABLE sms_sign_ins;
DROP INDEX notifications_sms_owner, notifications_sms_gateway, notifications_sms_leased, notifications_sms_due;
DELETE FROM notifications WHERE channel = 'sms';
ALTER TABLE notifications DROP COLUMN serve_otherwise, DROP COLUMN receipt_at, DROP COLUMN receipt,
    DROP COLUMN parts, DROP COLUMN gateway_id;
ALTER TABLE notifications DROP CONSTRAINT notifications_channel_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_channel_check CHECK (channel IN ('email', 'in_app'));
ALTER TABLE owners DROP COLUMN reminders_by;
DROP INDEX owners_mobile;
ALTER TABLE crew_members DROP COLUMN mobile;
ALTER TABLE owners DROP COLUMN mobile;
