-- +goose Up
-- Detention and release orders (Karnataka 2025, Sch-IX Annex-1 and Annex-2;
-- issue 12 items 2, 3, 6, 7) and the verification codes of issued
-- documents, which the penalty notice will use too.

-- order_counters numbers each office's orders per series and calendar year
-- (Asia/Kolkata) without gaps: the row is locked FOR UPDATE and incremented
-- in the transaction that issues the order, so a rolled-back order gives
-- its number back. A sequence would leave gaps (docs/SCALING.md).
CREATE TABLE order_counters (
    jurisdiction_id  uuid NOT NULL REFERENCES jurisdictions (id),
    series           text NOT NULL CHECK (series ~ '^[a-z_]{1,30}$'),
    year             integer NOT NULL CHECK (year BETWEEN 2000 AND 2200),
    last_no          integer NOT NULL DEFAULT 0 CHECK (last_no >= 0),
    PRIMARY KEY (jurisdiction_id, series, year)
);

-- One detention order per inspection; at most one in force per vessel. The
-- Annex-1 particulars are frozen as issued (a later registry edit does not
-- change an order that was served). The release columns are the Annex-2
-- order, set once. Synced (change log "detention_order") to the
-- jurisdiction, the owner and the inspector.
CREATE TABLE detention_orders (
    id                   uuid PRIMARY KEY,
    number               text NOT NULL UNIQUE,
    seq                  integer NOT NULL CHECK (seq >= 1),
    inspection_id        uuid NOT NULL REFERENCES inspections (id),
    vessel_id            uuid NOT NULL REFERENCES vessels (id),
    jurisdiction_id      uuid NOT NULL REFERENCES jurisdictions (id),
    owner_id             uuid NOT NULL REFERENCES owners (id),
    inspector_id         uuid NOT NULL REFERENCES users (id),
    regime               text NOT NULL,
    status               text NOT NULL CHECK (status IN ('in_force', 'released')),
    ordered_at           timestamptz NOT NULL,
    ordered_by           uuid NOT NULL REFERENCES users (id),
    reason               text NOT NULL DEFAULT '',
    vessel_status_before text NOT NULL DEFAULT 'active', -- restored on release
    report_due_at        timestamptz NOT NULL,     -- Sch-IX para 1.3: 48 hours
    codes                jsonb NOT NULL DEFAULT '[]',
    inspection_actions   jsonb NOT NULL DEFAULT '[]',
    particulars          jsonb NOT NULL,           -- Annex-1 fields and findings as issued
    verify_code          text NOT NULL UNIQUE,
    release_number       text UNIQUE,
    release_seq          integer,
    released_at          timestamptz,
    released_by          uuid REFERENCES users (id),
    reinspection_id      uuid REFERENCES inspections (id),
    release_conditions   text,
    release_particulars  jsonb,                    -- Annex-2 fields and charges as issued
    release_verify_code  text UNIQUE,
    version              bigint NOT NULL DEFAULT 1,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    deleted_at           timestamptz,
    CHECK ((status = 'released') = (released_at IS NOT NULL)),
    CHECK ((released_at IS NULL) = (release_number IS NULL))
);
CREATE UNIQUE INDEX detention_orders_inspection ON detention_orders (inspection_id) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX detention_orders_vessel_in_force ON detention_orders (vessel_id) WHERE status = 'in_force' AND deleted_at IS NULL;
CREATE INDEX detention_orders_jurisdiction ON detention_orders (jurisdiction_id, id);
CREATE INDEX detention_orders_owner ON detention_orders (owner_id, id);

-- documents: every issued document's verification code, for GET /v/{code}.
-- It holds no personal data: the public answer is built from this row
-- and the document's number alone.
CREATE TABLE documents (
    code             text PRIMARY KEY CHECK (code ~ '^[A-Z2-9]{12,32}$'),
    kind             text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),
    ref_id           uuid NOT NULL,
    number           text NOT NULL,
    jurisdiction_id  uuid NOT NULL REFERENCES jurisdictions (id),
    status           text NOT NULL CHECK (status IN ('valid', 'superseded', 'released')),
    issued_at        timestamptz NOT NULL,
    status_at        timestamptz NOT NULL,
    UNIQUE (kind, ref_id)
);

-- A re-inspection names the order it may lift (Sch-IX Annex-1: "presented
-- for re-inspection by a Surveyor"); inspection action codes 11-15 are
-- recorded on the inspection when the order is issued.
ALTER TABLE inspections ADD COLUMN detention_order_id uuid REFERENCES detention_orders (id);
ALTER TABLE inspections ADD COLUMN inspection_actions jsonb NOT NULL DEFAULT '[]';
ALTER TABLE inspections DROP CONSTRAINT inspections_kind_check;
ALTER TABLE inspections ADD CONSTRAINT inspections_kind_check
    CHECK (kind IN ('routine', 'spot', 'follow_up', 'detention', 'complaint', 're_inspection'));
ALTER TABLE inspections ADD CONSTRAINT inspections_reinspection_order
    CHECK ((kind = 're_inspection') = (detention_order_id IS NOT NULL));
CREATE INDEX inspections_detention_order ON inspections (detention_order_id) WHERE detention_order_id IS NOT NULL;

-- +goose Down
DROP INDEX inspections_detention_order;
ALTER TABLE inspections DROP CONSTRAINT inspections_reinspection_order;
-- Re-inspections become follow-ups: their answers and findings stay.
UPDATE inspections SET kind = 'follow_up' WHERE kind = 're_inspection';
ALTER TABLE inspections DROP CONSTRAINT inspections_kind_check;
ALTER TABLE inspections ADD CONSTRAINT inspections_kind_check
    CHECK (kind IN ('routine', 'spot', 'follow_up', 'detention', 'complaint'));
ALTER TABLE inspections DROP COLUMN inspection_actions;
ALTER TABLE inspections DROP COLUMN detention_order_id;
DROP TABLE documents;
DROP TABLE detention_orders;
DROP TABLE order_counters;
