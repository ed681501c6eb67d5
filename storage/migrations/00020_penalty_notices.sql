-- Penalty notices (challans), their revisions, payments and appeals
-- (docs/PENALTIES.md). A notice is issued in the transaction that approves
-- an inspection with offences, numbered per office (jurisdiction) without
-- gaps from a counter row locked FOR UPDATE. Revisions are append-only:
-- revision n+1 names n and keeps the previous amount of every line, so a
-- notice never changes silently. Payments and appeals are per penalty: each
-- Sch-IV penalty is the liability of one person (Karnataka 2025, Sch-IV
-- "liable party"; docs/LAW.md §11 Q34), so each is paid, appealed and set aside
-- on its own.

-- +goose Up
CREATE TABLE penalty_notice_counters (
    jurisdiction_id uuid PRIMARY KEY REFERENCES jurisdictions (id),
    last_seq        bigint NOT NULL DEFAULT 0 CHECK (last_seq >= 0)
);

CREATE TABLE penalty_notices (
    id               uuid PRIMARY KEY,
    inspection_id    uuid NOT NULL REFERENCES inspections (id),
    jurisdiction_id  uuid NOT NULL REFERENCES jurisdictions (id),
    owner_id         uuid NOT NULL REFERENCES owners (id),
    vessel_id        uuid NOT NULL REFERENCES vessels (id),
    seq              bigint NOT NULL CHECK (seq > 0),
    number           text NOT NULL CHECK (length(number) BETWEEN 1 AND 80),
    regime           text NOT NULL,
    served_on        date NOT NULL,                     -- the window for payment and appeal runs from here
    issued_by        uuid NOT NULL REFERENCES users (id),
    revision         integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
    version          bigint NOT NULL DEFAULT 1,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX penalty_notices_inspection ON penalty_notices (inspection_id);
CREATE UNIQUE INDEX penalty_notices_number ON penalty_notices (jurisdiction_id, seq);
CREATE INDEX penalty_notices_owner ON penalty_notices (owner_id, id);

CREATE TABLE penalty_notice_revisions (
    notice_id        uuid NOT NULL REFERENCES penalty_notices (id),
    revision         integer NOT NULL CHECK (revision >= 1),
    previous         integer CHECK (previous IS NULL OR previous = revision - 1),
    reason           text NOT NULL,
    lines            jsonb NOT NULL,
    total            bigint NOT NULL,
    xid              bigint NOT NULL DEFAULT txid_current(), -- the writing transaction: revised once per transaction
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (notice_id, revision)
);

CREATE TABLE penalty_payments (
    id               uuid PRIMARY KEY,
    penalty_id       uuid NOT NULL REFERENCES penalties (id),
    notice_id        uuid NOT NULL REFERENCES penalty_notices (id),
    notice_revision  integer NOT NULL,
    amount           bigint NOT NULL CHECK (amount > 0),
    paid_on          date NOT NULL,
    receipt_number   text NOT NULL CHECK (length(receipt_number) BETWEEN 1 AND 60),
    recorded_by      uuid NOT NULL REFERENCES users (id),
    jurisdiction_id  uuid NOT NULL REFERENCES jurisdictions (id),
    owner_id         uuid NOT NULL REFERENCES owners (id),
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX penalty_payments_receipt ON penalty_payments (jurisdiction_id, receipt_number);
CREATE INDEX penalty_payments_penalty ON penalty_payments (penalty_id);

CREATE TABLE penalty_appeals (
    id               uuid PRIMARY KEY,
    penalty_id       uuid NOT NULL REFERENCES penalties (id),
    notice_id        uuid NOT NULL REFERENCES penalty_notices (id),
    filed_on         date NOT NULL,
    window_closes_on date NOT NULL,
    authority        text NOT NULL,
    grounds          text NOT NULL CHECK (length(grounds) BETWEEN 1 AND 4000),
    filed_by         uuid NOT NULL REFERENCES users (id),
    state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'upheld', 'dismissed')),
    decided_by       uuid REFERENCES users (id),
    decided_at       timestamptz,
    decision_reason  text NOT NULL DEFAULT '',
    jurisdiction_id  uuid NOT NULL REFERENCES jurisdictions (id),
    owner_id         uuid NOT NULL REFERENCES owners (id),
    version          bigint NOT NULL DEFAULT 1,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX penalty_appeals_open ON penalty_appeals (penalty_id) WHERE state = 'pending';
CREATE INDEX penalty_appeals_notice ON penalty_appeals (notice_id);

-- +goose Down
DROP TABLE penalty_appeals;
DROP TABLE penalty_payments;
DROP TABLE penalty_notice_revisions;
DROP TABLE penalty_notices;
DROP TABLE penalty_notice_counters;
