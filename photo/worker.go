package photo

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	stdsync "sync"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
)

// Background work (docs/PHOTOS.md): after verification a photo's thumb_state is
// pending; workers claim due rows with FOR UPDATE SKIP LOCKED and a lease,
// commit, then read the object (re-hashing it), read EXIF, render
// thumbnails and write the results under the inspection's and photo's
// locks. Transient failures retry with backoff; after maxAttempts the work
// is failed until housekeeping re-queues it.
const (
	maxAttempts = 5
	workLease   = 5 * time.Minute
	pollEvery   = 30 * time.Second
)

// Kick wakes the worker: called after a commit that queued work.
func (s *Service) Kick() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// RunWorker processes background work until ctx ends, at most concurrency
// photos at a time (each holds at most one photo, 25 MiB, in memory).
func (s *Service) RunWorker(ctx context.Context, concurrency int) {
	for {
		if _, err := s.EndUploads(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn("end photo uploads", "err", err) // retried on the next cycle
		}
		n, err := s.ProcessQueue(ctx, concurrency)
		if err != nil && ctx.Err() == nil {
			s.log.Error("photo worker", "err", err)
		}
		if n > 0 && err == nil {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		case <-time.After(pollEvery):
		}
	}
}

// ProcessQueue claims up to n photos whose work is due, processes them
// concurrently, each on a thread of its own at the lowest priority
// (lowerPriority), and returns how many it claimed. Tests and the jobs
// scheduler call it directly.
func (s *Service) ProcessQueue(ctx context.Context, n int) (int, error) {
	jobs, err := s.claim(ctx, n)
	if err != nil {
		return 0, err
	}
	var wg stdsync.WaitGroup
	for _, j := range jobs {
		wg.Add(1)
		go func() { // ends without unlocking its thread: see lowerPriority
			defer wg.Done()
			lowerPriority() // requests first: the work waits for a free core
			s.process(ctx, j)
		}()
	}
	wg.Wait()
	return len(jobs), nil
}

// job is one claimed photo with its inspection's place and time.
type job struct {
	ID           uuid.UUID
	InspectionID uuid.UUID
	BlobSHA256   string `gorm:"column:blob_sha256"`
	ContentType  string
	Attempts     int `gorm:"column:thumb_attempts"`
	Lat, Lon     *float64
	StartedAt    time.Time
}

// claim leases up to n due photos in one short transaction.
func (s *Service) claim(ctx context.Context, n int) ([]job, error) {
	var jobs []job
	now := s.now().UTC()
	err := s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		var ids []uuid.UUID
		err := tx.DB.Raw(`SELECT id FROM photos WHERE thumb_state = 'pending' AND blob_sha256 IS NOT NULL AND
			deleted_at IS NULL
			AND (thumb_lease_until IS NULL OR thumb_lease_until < ?) ORDER BY thumb_lease_until NULLS FIRST, id
			LIMIT ? FOR UPDATE SKIP LOCKED`, now, n).Scan(&ids).Error
		if err != nil || len(ids) == 0 {
			return err
		}
		err = tx.DB.Exec(`UPDATE photos SET thumb_lease_until = ?, thumb_attempts = thumb_attempts + 1 WHERE id IN ?`,
			now.Add(workLease), ids).Error
		if err != nil {
			return err
		}
		return tx.DB.Raw(`SELECT p.id, p.inspection_id, p.blob_sha256, p.content_type, p.thumb_attempts, i.lat,
			i.lon, i.started_at
			FROM photos p JOIN inspections i ON i.id = p.inspection_id WHERE p.id IN ?`, ids).Scan(&jobs).Error
	})
	if err != nil {
		return nil, fmt.Errorf("claim photo work: %w", err)
	}
	return jobs, nil
}

// process does one photo's work; every outcome is written back.
func (s *Service) process(ctx context.Context, j job) {
	data, err := s.readVerified(ctx, j.BlobSHA256)
	if errors.Is(err, errHashMismatch) {
		s.logErr(j, s.Quarantine(ctx, j.BlobSHA256, err.Error()))
		return
	}
	if err != nil {
		s.logErr(j, s.retryLater(ctx, j, err))
		return
	}
	r := result{exif: ReadExif(data)}
	r.flags, r.distance, r.offset = reviewFlags(r.exif, place{Lat: j.Lat, Lon: j.Lon, At: j.StartedAt})
	th, err := makeThumbnails(data, j.ContentType, r.exif.Orientation)
	switch {
	case errors.Is(err, errNoDecoder):
		r.note = err.Error()
	case err != nil:
		s.logErr(j, s.retryLater(ctx, j, err))
		return
	default:
		if err := s.putThumbs(ctx, j.BlobSHA256, th); err != nil {
			s.logErr(j, s.retryLater(ctx, j, err))
			return
		}
		r.thumbs, r.width, r.height = true, th.Width, th.Height
	}
	s.logErr(j, s.saveResult(ctx, j, r))
}

func (s *Service) logErr(j job, err error) {
	if err != nil {
		s.log.Error("photo work", "photo_id", j.ID, "err", err)
	}
}

var errHashMismatch = errors.New("stored bytes do not match their hash")

// readVerified reads the blob whole from its object, re-hashing it on the way.
func (s *Service) readVerified(ctx context.Context, sha string) ([]byte, error) {
	key, err := s.objectKey(ctx, sha)
	if err != nil {
		return nil, err
	}
	rc, err := s.store.Get(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, fmt.Errorf("%w: the object is missing", errHashMismatch)
	}
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	h := sha256.New()
	var buf bytes.Buffer
	if _, err := io.Copy(io.MultiWriter(h, &buf), io.LimitReader(rc, MaxSize+1)); err != nil {
		return nil, err
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != sha {
		return nil, fmt.Errorf("%w: the object now hashes to %s", errHashMismatch, got)
	}
	return buf.Bytes(), nil
}

func (s *Service) putThumbs(ctx context.Context, sha string, th thumbnails) error {
	for _, t := range []struct {
		px   int
		data []byte
	}{{ThumbSmall, th.Small}, {ThumbLarge, th.Large}} {
		_, err := s.store.Put(ctx, ThumbKey(sha, t.px), bytes.NewReader(t.data), int64(len(t.data)),
			blob.PutOptions{ContentType: TypeJPEG})
		if err != nil {
			return fmt.Errorf("store %d px thumbnail: %w", t.px, err)
		}
	}
	return nil
}

// retryLater gives the lease back with an exponential delay (1, 2, 4, 8
// minutes), or marks the work failed after maxAttempts.
func (s *Service) retryLater(ctx context.Context, j job, cause error) error {
	next := s.now().UTC().Add(time.Minute << min(j.Attempts-1, 6))
	msg := cause.Error()
	if len(msg) > 500 {
		msg = msg[:500]
	}
	return s.db.Gorm.WithContext(context.WithoutCancel(ctx)).
		Exec(`UPDATE photos SET thumb_lease_until = ?, thumb_error = ?,
		thumb_state = CASE WHEN thumb_attempts >= ? THEN 'failed' ELSE 'pending' END WHERE id = ? AND thumb_state =
		'pending'`,
			next, msg, maxAttempts, j.ID).
		Error
}

// objectKey is where the blob sha's bytes are stored: the object_key of its
// row, or its content key when the row names none.
func (s *Service) objectKey(ctx context.Context, sha string) (string, error) {
	var keys []string
	if err := s.db.Gorm.WithContext(ctx).Raw(`SELECT COALESCE(object_key, '') FROM blobs WHERE sha256 = ?`, sha).
		Scan(&keys).Error; err != nil {
		return "", fmt.Errorf("read blob %s: %w", shortHash(sha), err)
	}
	if len(keys) == 1 && keys[0] != "" {
		return keys[0], nil
	}
	return blob.ContentKey(sha), nil
}
