-- +goose Up
-- Photo evidence (docs/PHOTOS.md): content-addressed blobs, upload plans, and
-- the photo columns for verification, EXIF, reviewer flags and durable
-- thumbnail work. The photos table itself is created by 00002 (a record
-- made only by the photo.attach mutation); photos.state is its
-- verification state (pending_upload, verified, rejected, quarantined).

-- One row per stored content (the object at ContentKey(sha256)). Dedupe
-- links a photo to a verified blob; garbage collection marks an
-- unreferenced blob deleting in a transaction that rechecks references,
-- commits, and only then deletes the object. quarantined: the thumbnail
-- worker found bytes that no longer hash to the key (kept for an admin).
CREATE TABLE blobs (
    sha256              text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    size                bigint NOT NULL CHECK (size > 0),
    content_type        text NOT NULL,
    state               text NOT NULL DEFAULT 'uploading'
                        CHECK (state IN ('uploading', 'verified', 'deleting', 'quarantined')),
    created_at          timestamptz NOT NULL DEFAULT now(),
    verified_at         timestamptz,
    last_referenced_at  timestamptz NOT NULL DEFAULT now(),
    deleting_since      timestamptz
);
CREATE INDEX blobs_collectable ON blobs (last_referenced_at) WHERE state IN ('uploading', 'verified', 'deleting');

-- The upload plan of a photo, keyed by the photo id. It is separate from
-- photos because a plan may be asked for while the photo.attach mutation is
-- still deferred (no photos row yet), and because plan churn (fresh URLs,
-- leases) is not synced data. inspection_id is the attach's, unchecked
-- while deferred. state verifying holds a lease while complete reads the
-- store outside any transaction, so two completes never race.
CREATE TABLE photo_uploads (
    photo_id       uuid PRIMARY KEY,
    user_id        uuid NOT NULL REFERENCES users (id),
    inspection_id  uuid NOT NULL,
    sha256         text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    size           bigint NOT NULL CHECK (size > 0),
    content_type   text NOT NULL,
    method         text NOT NULL CHECK (method IN ('single', 'multipart')),
    upload_id      text NOT NULL DEFAULT '',
    state          text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'verifying', 'verified', 'rejected')),
    lease_until    timestamptz,
    reject_code    text NOT NULL DEFAULT '',
    reject_detail  text NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photo_uploads_sha256 ON photo_uploads (sha256, user_id);
CREATE INDEX photo_uploads_multipart ON photo_uploads (updated_at) WHERE method = 'multipart' AND state IN ('open', 'verifying');

-- Verification, EXIF and reviewer flags. flags is a jsonb array of codes
-- (no_exif, no_exif_time, no_exif_gps, far_from_inspection,
-- time_off_inspection, inspection_place_unknown); distance_m and
-- time_offset_s say by how much.
-- ON DELETE SET NULL: only tombstones older than the collection window can
-- still point at a collected blob.
ALTER TABLE photos ADD COLUMN blob_sha256 text REFERENCES blobs (sha256) ON DELETE SET NULL;
ALTER TABLE photos ADD COLUMN verified_at timestamptz;
ALTER TABLE photos ADD COLUMN reject_code text NOT NULL DEFAULT '';
ALTER TABLE photos ADD COLUMN exif_found boolean;
ALTER TABLE photos ADD COLUMN exif_taken_at timestamptz;
ALTER TABLE photos ADD COLUMN exif_lat double precision CHECK (exif_lat BETWEEN -90 AND 90);
ALTER TABLE photos ADD COLUMN exif_lon double precision CHECK (exif_lon BETWEEN -180 AND 180);
ALTER TABLE photos ADD COLUMN flags jsonb NOT NULL DEFAULT '[]';
ALTER TABLE photos ADD COLUMN distance_m double precision;
ALTER TABLE photos ADD COLUMN time_offset_s bigint;
ALTER TABLE photos ADD COLUMN width integer;
ALTER TABLE photos ADD COLUMN height integer;

-- Durable background work (thumbnails 320 and 1280 px, EXIF, re-hash):
-- none until verified, then pending; workers claim pending rows whose lease
-- has lapsed with FOR UPDATE SKIP LOCKED and set a lease (which also serves
-- as the retry time after a transient failure). failed after 5 attempts;
-- housekeeping re-queues failed rows.
ALTER TABLE photos ADD COLUMN thumb_state text NOT NULL DEFAULT 'none'
    CHECK (thumb_state IN ('none', 'pending', 'done', 'failed'));
ALTER TABLE photos ADD COLUMN thumb_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE photos ADD COLUMN thumb_lease_until timestamptz;
ALTER TABLE photos ADD COLUMN thumb_error text NOT NULL DEFAULT '';
ALTER TABLE photos ADD COLUMN thumbnails boolean NOT NULL DEFAULT false;
CREATE INDEX photos_thumb_queue ON photos (thumb_lease_until NULLS FIRST) WHERE thumb_state = 'pending';
CREATE INDEX photos_blob ON photos (blob_sha256) WHERE blob_sha256 IS NOT NULL;

-- +goose Down
DROP INDEX photos_blob;
DROP INDEX photos_thumb_queue;
ALTER TABLE photos DROP COLUMN thumbnails, DROP COLUMN thumb_error, DROP COLUMN thumb_lease_until,
    DROP COLUMN thumb_attempts, DROP COLUMN thumb_state, DROP COLUMN height, DROP COLUMN width,
    DROP COLUMN time_offset_s, DROP COLUMN distance_m, DROP COLUMN flags, DROP COLUMN exif_lon,
    DROP COLUMN exif_lat, DROP COLUMN exif_taken_at, DROP COLUMN exif_found, DROP COLUMN reject_code,
    DROP COLUMN verified_at, DROP COLUMN blob_sha256;
DROP TABLE photo_uploads;
DROP TABLE blobs;
