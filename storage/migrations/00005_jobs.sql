-- +goose Up
-- Scheduled jobs and reminders (docs/OPERATIONS.md): claimed job runs, flags, the
-- notification outbox with the in-app feed, and calendar feed tokens.

-- A scheduled run is claimed by inserting its row: the unique index on
-- (job, planned tick) lets exactly one replica win. Manual runs are not
-- ticks of the schedule and are not unique. A running job heartbeats; a row
-- whose heartbeat is 5 minutes old is marked failed by the reaper.
CREATE TABLE job_runs (
    id            uuid PRIMARY KEY,
    job           text NOT NULL CHECK (length(job) BETWEEN 1 AND 60),
    trigger       text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
    planned_at    timestamptz NOT NULL,
    run_on        date NOT NULL,
    instance      text NOT NULL DEFAULT '',
    started_at    timestamptz NOT NULL DEFAULT now(),
    heartbeat_at  timestamptz NOT NULL DEFAULT now(),
    finished_at   timestamptz,
    outcome       text NOT NULL DEFAULT 'running' CHECK (outcome IN ('running', 'succeeded', 'failed', 'skipped')),
    error         text NOT NULL DEFAULT '',
    counts        jsonb NOT NULL DEFAULT '{}'
);
CREATE UNIQUE INDEX job_runs_tick ON job_runs (job, planned_at) WHERE trigger = 'schedule';
CREATE INDEX job_runs_recent ON job_runs (job, started_at DESC);
CREATE INDEX job_runs_running ON job_runs (heartbeat_at) WHERE outcome = 'running';

-- A flag is a dated problem a job found: one per kind, subject, document
-- and due date, so a rerun never duplicates it. Scope columns (jurisdiction,
-- owner, vessel) let the API filter it like the registry.
CREATE TABLE flags (
    id               uuid PRIMARY KEY,
    kind             text NOT NULL CHECK (length(kind) BETWEEN 1 AND 60),
    subject_type     text NOT NULL CHECK (subject_type IN ('vessel', 'crew_member', 'owner', 'liable_party')),
    subject_id       uuid NOT NULL,
    document         text NOT NULL DEFAULT '',
    due_on           date NOT NULL,
    jurisdiction_id  uuid NOT NULL REFERENCES jurisdictions (id),
    owner_id         uuid REFERENCES owners (id),
    vessel_id        uuid REFERENCES vessels (id),
    certificate_id   uuid REFERENCES certificates (id),
    citation         text NOT NULL DEFAULT '',
    detail           text NOT NULL DEFAULT '',
    raised_by        text NOT NULL DEFAULT '',
    raised_on        date NOT NULL,
    status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
    resolved_at      timestamptz,
    resolved_by      uuid REFERENCES users (id),
    resolution       text NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CHECK ((status = 'resolved') = (resolved_at IS NOT NULL))
);
CREATE UNIQUE INDEX flags_dedupe ON flags (kind, subject_type, subject_id, document, due_on);
CREATE INDEX flags_jurisdiction ON flags (jurisdiction_id, id);
CREATE INDEX flags_owner ON flags (owner_id, id) WHERE owner_id IS NOT NULL;
CREATE INDEX flags_vessel ON flags (vessel_id) WHERE vessel_id IS NOT NULL;
CREATE INDEX flags_certificate ON flags (certificate_id) WHERE certificate_id IS NOT NULL;

-- The outbox. Each row is one message on one channel, unique by its dedupe
-- key per channel, written in the same transaction as its cause. Email rows
-- go pending → sending (a 5-minute lease) → sent, or back to pending with
-- a later next_attempt_at, or failed (permanent). In-app rows are the feed:
-- delivered when written, read_at set by the reader.
CREATE TABLE notifications (
    id               uuid PRIMARY KEY,
    channel          text NOT NULL CHECK (channel IN ('email', 'in_app')),
    dedupe_key       text NOT NULL CHECK (length(dedupe_key) BETWEEN 1 AND 300),
    recipient_type   text NOT NULL CHECK (recipient_type IN ('owner', 'crew_member', 'user')),
    recipient_id     uuid NOT NULL,
    owner_id         uuid REFERENCES owners (id),
    user_id          uuid REFERENCES users (id),
    address          text NOT NULL DEFAULT '',
    template         text NOT NULL,
    locale           text NOT NULL CHECK (locale IN ('en', 'kn', 'hi')),
    subject          text NOT NULL,
    body             text NOT NULL,
    payload          jsonb NOT NULL DEFAULT '{}',
    state            text NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'delivered')),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz,
    lease_until      timestamptz,
    last_error       text NOT NULL DEFAULT '',
    sent_at          timestamptz,
    read_at          timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    CHECK (channel = 'in_app' OR address <> ''),
    CHECK ((channel = 'in_app') = (state = 'delivered'))
);
CREATE UNIQUE INDEX notifications_dedupe ON notifications (channel, dedupe_key);
CREATE INDEX notifications_due ON notifications (next_attempt_at) WHERE channel = 'email' AND state = 'pending';
CREATE INDEX notifications_leased ON notifications (lease_until) WHERE channel = 'email' AND state = 'sending';
CREATE INDEX notifications_feed_owner ON notifications (owner_id, created_at DESC, id) WHERE channel = 'in_app' AND recipient_type = 'owner';
CREATE INDEX notifications_feed_user ON notifications (user_id, created_at DESC, id) WHERE channel = 'in_app' AND recipient_type = 'user';

-- Calendar feed tokens: unguessable, stored as SHA-256, revocable.
CREATE TABLE calendar_tokens (
    id            uuid PRIMARY KEY,
    owner_id      uuid NOT NULL REFERENCES owners (id),
    token_hash    bytea NOT NULL UNIQUE,
    created_by    uuid REFERENCES users (id),
    created_at    timestamptz NOT NULL DEFAULT now(),
    last_used_at  timestamptz,
    revoked_at    timestamptz
);
CREATE INDEX calendar_tokens_owner ON calendar_tokens (owner_id);

-- +goose Down
DROP TABLE calendar_tokens, notifications, flags, job_runs;
