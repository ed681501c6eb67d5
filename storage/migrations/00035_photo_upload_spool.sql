-- Resumable uploads through the server (docs/PHOTOS.md §4). A phone on a
-- 2G link sends a photo's bytes to PATCH /v1/photos/{id}/content from the
-- offset the server holds; what each request brought is kept here, in
-- order, until the last byte arrives. Then the server streams the spool to
-- the object store (which refuses bytes whose SHA-256 is not the declared
-- one) and verifies it as complete does: the object store only ever holds
-- complete, hash-checked objects, and every replica sees the same offset.
--
-- photo_uploads.received is the spool's length; writer is the request now
-- appending (a newer request takes over, the older one stops at its next
-- write). Method 'resumable' is an upload started through the server.

-- +goose Up
CREATE TABLE photo_upload_spool (
    photo_id  uuid NOT NULL REFERENCES photo_uploads (photo_id) ON DELETE CASCADE,
    at        bigint NOT NULL CHECK (at >= 0),
    data      bytea NOT NULL CHECK (length(data) > 0),
    PRIMARY KEY (photo_id, at)
);
ALTER TABLE photo_uploads ADD COLUMN received bigint NOT NULL DEFAULT 0, ADD COLUMN writer uuid,
    ADD CONSTRAINT photo_uploads_received_check CHECK (received >= 0 AND received <= size);
ALTER TABLE photo_uploads DROP CONSTRAINT photo_uploads_method_check;
ALTER TABLE photo_uploads ADD CONSTRAINT photo_uploads_method_check CHECK (method IN ('single', 'multipart', 'resumable'));

-- +goose Down
UPDATE photo_uploads SET method = 'single' WHERE method = 'resumable';
ALTER TABLE photo_uploads DROP CONSTRAINT photo_uploads_method_check;
ALTER TABLE photo_uploads ADD CONSTRAINT photo_uploads_method_check CHECK (method IN ('single', 'multipart'));
ALTER TABLE photo_uploads DROP COLUMN writer, DROP COLUMN received;
DROP TABLE photo_upload_spool;
