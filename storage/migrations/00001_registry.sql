-- +goose Up
-- The registry: jurisdictions, people, vessels, crew and certificates, with
-- users, devices and the audit log. docs/ARCHITECTURE.md. Every synced table carries
-- version (+1 per change), created_at, updated_at, deleted_at (tombstone) and
-- its scope keys (jurisdiction_id, owner_id) as ordinary columns. Unique
-- indexes on tables with tombstones are partial on live rows.

CREATE TABLE jurisdictions (
    id          uuid PRIMARY KEY,
    code        text NOT NULL CHECK (code ~ '^[A-Z][A-Z0-9-]{1,31}$'),
    name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    regime      text NOT NULL CHECK (regime IN ('KA-IV-2025', 'PARADIP-HC-1967', 'KANDLA-HC-1955')),
    state       text NOT NULL DEFAULT '',
    version     bigint NOT NULL DEFAULT 1,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    deleted_at  timestamptz
);
CREATE UNIQUE INDEX jurisdictions_code_live ON jurisdictions (code) WHERE deleted_at IS NULL;

CREATE TABLE owners (
    id                  uuid PRIMARY KEY,
    kind                text NOT NULL CHECK (kind IN ('person', 'firm')),
    name                text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    email               text NOT NULL DEFAULT '',
    phone               text NOT NULL DEFAULT '',
    address             text NOT NULL DEFAULT '',
    preferred_language  text NOT NULL DEFAULT 'en' CHECK (preferred_language IN ('en', 'kn', 'hi')),
    jurisdiction_id     uuid NOT NULL REFERENCES jurisdictions (id),
    version             bigint NOT NULL DEFAULT 1,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    deleted_at          timestamptz
);
CREATE INDEX owners_jurisdiction ON owners (jurisdiction_id, id);

CREATE TABLE users (
    id                  uuid PRIMARY KEY,
    email               text NOT NULL CHECK (email = lower(email) AND email LIKE '%_@_%'),
    name                text NOT NULL DEFAULT '',
    role                text NOT NULL CHECK (role IN ('admin', 'registrar', 'supervisor', 'inspector', 'owner')),
    password_hash       text NOT NULL,
    owner_id            uuid REFERENCES owners (id),
    preferred_language  text NOT NULL DEFAULT 'en' CHECK (preferred_language IN ('en', 'kn', 'hi')),
    disabled_at         timestamptz,
    version             bigint NOT NULL DEFAULT 1,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    deleted_at          timestamptz,
    CHECK ((role = 'owner') = (owner_id IS NOT NULL))
);
CREATE UNIQUE INDEX users_email_live ON users (email) WHERE deleted_at IS NULL;

-- Assignments are never deleted: a push is authorised against the assignments
-- in force at its capture time (docs/SYNC.md), so history must survive.
CREATE TABLE user_jurisdictions (
    id               uuid PRIMARY KEY,
    user_id          uuid NOT NULL REFERENCES users (id),
    jurisdiction_id  uuid NOT NULL REFERENCES jurisdictions (id),
    starts_on        date NOT NULL,
    ends_on          date,
    created_at       timestamptz NOT NULL DEFAULT now(),
    CHECK (ends_on IS NULL OR ends_on >= starts_on)
);
CREATE INDEX user_jurisdictions_user ON user_jurisdictions (user_id);

-- A device is issued by the server at login, per installation and user.
CREATE TABLE devices (
    id               uuid PRIMARY KEY,
    user_id          uuid NOT NULL REFERENCES users (id),
    installation_id  text NOT NULL CHECK (length(installation_id) BETWEEN 1 AND 200),
    name             text NOT NULL DEFAULT '',
    app_version      text NOT NULL DEFAULT '',
    registered_at    timestamptz NOT NULL DEFAULT now(),
    last_seen_at     timestamptz,
    last_push_at     timestamptz,
    last_pull_at     timestamptz,
    clock_skew_ms    bigint,
    revoked_at       timestamptz
);
CREATE UNIQUE INDEX devices_user_installation ON devices (user_id, installation_id);

-- Refresh tokens: opaque, stored hashed, bound to a device, rotated on every
-- use, grouped in families so that reuse revokes the family (docs/SECURITY.md).
CREATE TABLE refresh_tokens (
    id            uuid PRIMARY KEY,
    family_id     uuid NOT NULL,
    user_id       uuid NOT NULL REFERENCES users (id),
    device_id     uuid NOT NULL REFERENCES devices (id),
    token_hash    bytea NOT NULL UNIQUE,
    parent_id     uuid REFERENCES refresh_tokens (id),
    issued_at     timestamptz NOT NULL,
    expires_at    timestamptz NOT NULL,
    used_at       timestamptz,
    revoked_at    timestamptz,
    -- The successor token, sealed with a key derived from this token, so that
    -- presenting this token again (its refresh response was lost on 2G) can
    -- return the same successor without the server storing it in clear.
    successor_sealed bytea
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE UNIQUE INDEX refresh_tokens_one_child ON refresh_tokens (parent_id) WHERE parent_id IS NOT NULL;

-- Fixed-window login counters, shared by every replica.
CREATE TABLE login_attempts (
    key           text NOT NULL,
    window_start  timestamptz NOT NULL,
    count         integer NOT NULL,
    PRIMARY KEY (key, window_start)
);

CREATE TABLE vessels (
    id                   uuid PRIMARY KEY,
    registration_number  text NOT NULL CHECK (registration_number ~ '^[A-Z0-9][A-Z0-9/ -]{2,40}$'),
    special_category     boolean NOT NULL DEFAULT false,
    name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    regime               text NOT NULL CHECK (regime IN ('KA-IV-2025', 'PARADIP-HC-1967', 'KANDLA-HC-1955')),
    kind                 text NOT NULL CHECK (kind IN ('mechanised', 'non_mechanised', 'harbour_craft', 'steam', 'motor')),
    category             text CHECK (category IN ('A', 'B', 'C')),
    zone                 smallint CHECK (zone BETWEEN 1 AND 3),
    engine_power         numeric(10, 2) CHECK (engine_power >= 0),
    power_unit           text CHECK (power_unit IN ('BHP', 'kW', 'NHP')),
    length_m             numeric(8, 2) CHECK (length_m > 0),
    breadth_m            numeric(8, 2) CHECK (breadth_m > 0),
    depth_m              numeric(8, 2) CHECK (depth_m > 0),
    grt                  numeric(12, 2) CHECK (grt >= 0),
    nrt                  numeric(12, 2) CHECK (nrt >= 0),
    passengers           integer CHECK (passengers >= 0),
    cargo_tonnes         numeric(10, 2) CHECK (cargo_tonnes >= 0),
    use                  text NOT NULL CHECK (use IN ('hire', 'recreation', 'fishing', 'cargo', 'passenger')),
    jurisdiction_id      uuid NOT NULL REFERENCES jurisdictions (id),
    owner_id             uuid NOT NULL REFERENCES owners (id),
    status               text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'detained', 'suspended', 'cancelled')),
    survey_anniversary   date,
    version              bigint NOT NULL DEFAULT 1,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    deleted_at           timestamptz,
    CHECK ((engine_power IS NULL) = (power_unit IS NULL)),
    CHECK (NOT special_category OR registration_number LIKE '%SPL')
);
CREATE UNIQUE INDEX vessels_registration_live ON vessels (registration_number) WHERE deleted_at IS NULL;
CREATE INDEX vessels_jurisdiction ON vessels (jurisdiction_id, id);
CREATE INDEX vessels_owner ON vessels (owner_id, id);

CREATE TABLE crew_members (
    id                  uuid PRIMARY KEY,
    indivc_number       text NOT NULL CHECK (indivc_number ~ '^[A-Z0-9/-]{4,40}$'),
    name                text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    date_of_birth       date,
    email               text NOT NULL DEFAULT '',
    phone               text NOT NULL DEFAULT '',
    preferred_language  text NOT NULL DEFAULT 'en' CHECK (preferred_language IN ('en', 'kn', 'hi')),
    jurisdiction_id     uuid NOT NULL REFERENCES jurisdictions (id),
    version             bigint NOT NULL DEFAULT 1,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    deleted_at          timestamptz
);
CREATE UNIQUE INDEX crew_members_indivc_live ON crew_members (indivc_number) WHERE deleted_at IS NULL;
CREATE INDEX crew_members_jurisdiction ON crew_members (jurisdiction_id, id);

CREATE TABLE vessel_crew (
    id               uuid PRIMARY KEY,
    vessel_id        uuid NOT NULL REFERENCES vessels (id),
    crew_member_id   uuid NOT NULL REFERENCES crew_members (id),
    role             text NOT NULL CHECK (role IN ('master', 'serang', 'engine_driver', 'engineer', 'tindal', 'gp_rating', 'crew')),
    signed_on        date NOT NULL,
    signed_off       date,
    jurisdiction_id  uuid NOT NULL REFERENCES jurisdictions (id),
    owner_id         uuid NOT NULL REFERENCES owners (id),
    version          bigint NOT NULL DEFAULT 1,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    deleted_at       timestamptz,
    CHECK (signed_off IS NULL OR signed_off >= signed_on)
);
CREATE INDEX vessel_crew_vessel ON vessel_crew (vessel_id);
CREATE INDEX vessel_crew_member ON vessel_crew (crew_member_id);

CREATE TABLE certificates (
    id               uuid PRIMARY KEY,
    subject_type     text NOT NULL CHECK (subject_type IN ('vessel', 'crew_member')),
    vessel_id        uuid REFERENCES vessels (id),
    crew_member_id   uuid REFERENCES crew_members (id),
    kind             text NOT NULL CHECK (kind IN ('registration', 'survey', 'provisional_survey', 'insurance', 'pollution',
                                                   'licence', 'competency', 'gp_rating', 'fitness', 'permit')),
    grade            text NOT NULL DEFAULT '',
    legacy           boolean NOT NULL DEFAULT false,
    number           text NOT NULL CHECK (length(number) BETWEEN 1 AND 80),
    issued_on        date NOT NULL,
    expires_on       date,
    revalidated_on   date,
    issuer           text NOT NULL DEFAULT '',
    status           text NOT NULL DEFAULT 'valid' CHECK (status IN ('valid', 'suspended', 'cancelled', 'surrendered')),
    jurisdiction_id  uuid NOT NULL REFERENCES jurisdictions (id),
    owner_id         uuid REFERENCES owners (id),
    version          bigint NOT NULL DEFAULT 1,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    deleted_at       timestamptz,
    CHECK ((subject_type = 'vessel') = (vessel_id IS NOT NULL)),
    CHECK ((subject_type = 'crew_member') = (crew_member_id IS NOT NULL)),
    CHECK (expires_on IS NULL OR expires_on >= issued_on),
    CHECK (legacy = false OR kind = 'competency')
);
CREATE INDEX certificates_vessel ON certificates (vessel_id) WHERE vessel_id IS NOT NULL;
CREATE INDEX certificates_crew ON certificates (crew_member_id) WHERE crew_member_id IS NOT NULL;
CREATE INDEX certificates_expiry ON certificates (expires_on) WHERE deleted_at IS NULL;
CREATE INDEX certificates_jurisdiction ON certificates (jurisdiction_id, id);

-- Append-only: who did what to which record, from which device.
CREATE TABLE audit_log (
    id           bigserial PRIMARY KEY,
    at           timestamptz NOT NULL DEFAULT now(),
    actor_id     uuid,
    device_id    uuid,
    request_id   text NOT NULL DEFAULT '',
    action       text NOT NULL,
    entity_type  text NOT NULL,
    entity_id    uuid NOT NULL,
    before       jsonb,
    after        jsonb
);
CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id, id);

-- The change log (docs/SYNC.md §6). Rows are written in one
-- statement as the last thing before COMMIT; the trigger takes a
-- transaction-level advisory lock (namespace 1 = change log) and allocates the
-- position from a CACHE 1 sequence, so positions are assigned in commit order
-- and no code path can write a row outside the lock.
CREATE SEQUENCE change_log_position_seq CACHE 1;
CREATE TABLE change_log (
    position     bigint PRIMARY KEY,
    at           timestamptz NOT NULL DEFAULT now(),
    entity_type  text NOT NULL,
    entity_id    uuid NOT NULL,
    scope_key    text NOT NULL
);
CREATE INDEX change_log_scope ON change_log (scope_key, position);

-- +goose StatementBegin
CREATE FUNCTION change_log_position() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(1, 0);
    NEW.position := nextval('change_log_position_seq');
    RETURN NEW;
END $$;
-- +goose StatementEnd
CREATE TRIGGER change_log_position BEFORE INSERT ON change_log
    FOR EACH ROW EXECUTE FUNCTION change_log_position();

-- +goose Down
DROP TABLE change_log;
DROP FUNCTION change_log_position;
DROP SEQUENCE change_log_position_seq;
DROP TABLE audit_log, certificates, vessel_crew, crew_members, vessels, login_attempts,
    refresh_tokens, devices, user_jurisdictions, users, owners, jurisdictions;
