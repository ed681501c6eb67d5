-- +goose Up
-- The owners' side (issue 22): one-time sign-in links and codes, the bank
-- statement's credits and the registrar's reconciliation queue, and which
-- reminders an owner receives. docs/OWNERS.md.

-- A one-time sign-in: a link token and a 6-digit code mailed together,
-- both stored hashed, valid 15 minutes, used once. Wrong codes count
-- against the row; after five it is dead.
CREATE TABLE one_time_logins (
    id            uuid PRIMARY KEY,
    user_id       uuid NOT NULL REFERENCES users (id),
    token_hash    bytea NOT NULL UNIQUE,
    code_hash     bytea NOT NULL,
    expires_at    timestamptz NOT NULL,
    used_at       timestamptz,
    failures      integer NOT NULL DEFAULT 0,
    requested_by  uuid REFERENCES users (id),
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_logins_user ON one_time_logins (user_id, created_at);

-- One credit of a bank statement, recorded once per office and bank
-- reference: a re-import finds it and records nothing twice. A credit
-- matched by notice number and amount is `recorded` (its payments are in
-- penalty_payments); anything else is `queued` for a registrar, who
-- `applied` it to a notice or `dismissed` it with a reason.
CREATE TABLE bank_credits (
    id               uuid PRIMARY KEY,
    jurisdiction_id  uuid NOT NULL REFERENCES jurisdictions (id),
    bank_reference   text NOT NULL CHECK (length(bank_reference) BETWEEN 1 AND 50),
    credited_on      date NOT NULL,
    amount_paise     bigint NOT NULL CHECK (amount_paise > 0),
    narration        text NOT NULL DEFAULT '',
    notice_id        uuid REFERENCES penalty_notices (id),
    state            text NOT NULL CHECK (state IN ('recorded', 'queued', 'applied', 'dismissed')),
    reason           text NOT NULL DEFAULT '',
    resolution       text NOT NULL DEFAULT '',
    imported_by      uuid NOT NULL REFERENCES users (id),
    resolved_by      uuid REFERENCES users (id),
    resolved_at      timestamptz,
    version          bigint NOT NULL DEFAULT 1,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX bank_credits_reference ON bank_credits (jurisdiction_id, bank_reference);
CREATE INDEX bank_credits_queue ON bank_credits (jurisdiction_id, id) WHERE state = 'queued';

-- The reminders an owner turned off (notify.Unsubscribable templates);
-- legal notices cannot be turned off.
CREATE TABLE owner_reminders_off (
    owner_id    uuid NOT NULL REFERENCES owners (id),
    template    text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (owner_id, template)
);

-- +goose Down
DROP TABLE owner_reminders_off, bank_credits, one_time_logins;
