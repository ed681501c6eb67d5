-- +goose Up
-- A verified photo's bytes stay where its upload put them (docs/PHOTOS.md
-- §7): complete reads the upload once and writes only rows, so the blob
-- row records the key of its object instead of the store copying the bytes
-- to a key made from their hash. Blobs verified before this migration keep
-- their objects at that content key (sha256/<first two>/<hash>): nothing
-- moves in the store, the key is only written down. A blob still
-- uploading has no object yet (NULL). Every statement may run again and
-- leaves the same rows.
ALTER TABLE blobs ADD COLUMN IF NOT EXISTS object_key text;
UPDATE blobs SET object_key = 'sha256/' || substr(sha256, 1, 2) || '/' || sha256
    WHERE object_key IS NULL AND state <> 'uploading';
-- The staged-object sweeps and the orphan sweep ask whether a key is a blob's.
CREATE UNIQUE INDEX IF NOT EXISTS blobs_object_key ON blobs (object_key);

-- +goose Down
-- Going back is refused while a blob's object lies outside its content
-- key: the code before this migration reads only content keys, and would
-- lose those photos.
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM blobs WHERE object_key IS NOT NULL AND object_key <> 'sha256/' || substr(sha256, 1, 2) || '/' || sha256) THEN
        RAISE EXCEPTION 'blobs are stored outside their content keys (migration 00055): copy each to sha256/<2>/<hash> first';
    END IF;
END $$;
-- +goose StatementEnd
DROP INDEX IF EXISTS blobs_object_key;
ALTER TABLE blobs DROP COLUMN IF EXISTS object_key;
