-- Staged objects (staging/<photo>, .single, .put) are removed after the
-- verdict commits; a store outage at that moment, or a complete whose
-- lease lapsed, used to leave them behind for good. staged_clean says a
-- housekeeping sweep removed them once the upload had settled; any later
-- change of the upload (a new plan, a verdict: every one sets updated_at)
-- makes it unclean again, so the sweep looks at it once more.

-- +goose Up
ALTER TABLE photo_uploads ADD COLUMN staged_clean boolean NOT NULL DEFAULT false;
CREATE INDEX photo_uploads_staged_unclean ON photo_uploads (updated_at, photo_id) WHERE NOT staged_clean;

-- +goose StatementBegin
CREATE FUNCTION photo_uploads_staged_unclean() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.staged_clean := false;
    RETURN NEW;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER photo_uploads_staged_unclean BEFORE UPDATE ON photo_uploads FOR EACH ROW
    WHEN (NEW.updated_at IS DISTINCT FROM OLD.updated_at) EXECUTE FUNCTION photo_uploads_staged_unclean();

-- +goose Down
DROP TRIGGER photo_uploads_staged_unclean ON photo_uploads;
DROP FUNCTION photo_uploads_staged_unclean();
DROP INDEX photo_uploads_staged_unclean;
ALTER TABLE photo_uploads DROP COLUMN staged_clean;
