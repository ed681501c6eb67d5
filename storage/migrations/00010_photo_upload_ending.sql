-- An upload that is over but whose objects are still in the store: its
-- inspection was discarded, or a single PUT was never completed within 24
-- hours. The discard (or housekeeping) marks it 'ending' in its own
-- transaction; a sweep after commit aborts its multipart upload and
-- deletes its staged objects (network I/O never runs inside a
-- transaction), then marks it 'rejected' with the reject_code set when it
-- was ended (inspection_discarded, upload_expired).

-- +goose Up
ALTER TABLE photo_uploads DROP CONSTRAINT photo_uploads_state_check;
ALTER TABLE photo_uploads ADD CONSTRAINT photo_uploads_state_check
    CHECK (state IN ('open', 'verifying', 'verified', 'rejected', 'ending'));
CREATE INDEX photo_uploads_ending ON photo_uploads (updated_at) WHERE state = 'ending';
CREATE INDEX photo_uploads_single_open ON photo_uploads (updated_at) WHERE method = 'single' AND state IN ('open', 'verifying');

-- +goose Down
DROP INDEX photo_uploads_single_open;
DROP INDEX photo_uploads_ending;
UPDATE photo_uploads SET state = 'rejected' WHERE state = 'ending';
ALTER TABLE photo_uploads DROP CONSTRAINT photo_uploads_state_check;
ALTER TABLE photo_uploads ADD CONSTRAINT photo_uploads_state_check
    CHECK (state IN ('open', 'verifying', 'verified', 'rejected'));
