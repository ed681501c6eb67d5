-- +goose Up
-- An owner's sign-in account is keyed by the owner record (docs/OWNERS.md,
-- "Owners with a mobile and no email"): it may have no email when the
-- register gives the owner a mobile number, and then the owner signs in by
-- SMS code only. Officials' accounts keep a required email. At most one
-- live email-less account per owner, so that a sign-in creating it twice
-- at once makes one. Every statement may run again.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_email_check;
ALTER TABLE users ADD CONSTRAINT users_email_check
    CHECK (email = lower(email) AND (email LIKE '%_@_%' OR (email = '' AND role = 'owner')));
DROP INDEX IF EXISTS users_email_live;
CREATE UNIQUE INDEX users_email_live ON users (email) WHERE deleted_at IS NULL AND email <> '';
CREATE UNIQUE INDEX IF NOT EXISTS users_owner_without_email ON users (owner_id)
    WHERE role = 'owner' AND email = '' AND deleted_at IS NULL;

-- +goose Down
-- Refused (the check fails) while an email-less owner account exists:
-- the code before this migration cannot sign such an owner in.
DROP INDEX IF EXISTS users_owner_without_email;
DROP INDEX IF EXISTS users_email_live;
CREATE UNIQUE INDEX users_email_live ON users (email) WHERE deleted_at IS NULL;
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_email_check;
ALTER TABLE users ADD CONSTRAINT users_email_check CHECK (email = lower(email) AND email LIKE '%_@_%');
