-- Fixed-window request counters of the public vessel status page
-- (docs/PUBLIC.md), per client address, shared by every replica as the
-- login counters are (login_attempts). A separate table: these windows are
-- short and numerous (one row per address and minute), pruned by the
-- housekeeping job, and must never be confused with login failures.

-- +goose Up
CREATE TABLE public_rate_windows (
    key           text NOT NULL,
    window_start  timestamptz NOT NULL,
    count         integer NOT NULL CHECK (count > 0),
    PRIMARY KEY (key, window_start)
);
CREATE INDEX public_rate_windows_start ON public_rate_windows (window_start);

-- +goose Down
DROP TABLE public_rate_windows;
