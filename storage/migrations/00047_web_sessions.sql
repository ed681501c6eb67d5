-- Sessions of the office console (/console) and the owners' pages (/my),
-- stored server-side (alexedwards/scs postgresstore's schema): the browser
-- holds only a random token. Expired rows are deleted by the store's
-- cleanup and by housekeeping; signing out deletes the row at once.

-- +goose Up
CREATE TABLE web_sessions (
	token  TEXT PRIMARY KEY,
	data   BYTEA NOT NULL,
	expiry TIMESTAMPTZ NOT NULL
);
CREATE INDEX web_sessions_expiry_idx ON web_sessions (expiry);

-- +goose Down
DROP TABLE web_sessions;
