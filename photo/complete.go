package photo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
)

// Result is what a completed upload came to.
type Result struct {
	PhotoID uuid.UUID
	// State is StateVerified (or StateRejected / StateQuarantined when
	// the photo was refused before).
	State string
	// Deferred: the attach is still deferred; the photo is linked to the
	// verified bytes when it applies.
	Deferred bool
}

// verdict is the outcome of checking stored bytes: ok, or a rejection.
type verdict struct {
	code   string // "" when the bytes are right
	detail string
	// staged is the per-photo key the judged bytes sit at ("" when none
	// was written). Once the verdict is committed, finish leaves it as the
	// blob's object when it became one, and removes it otherwise.
	staged string
	// replace: the blob of these bytes has an object that is missing or
	// no longer holds them; staged takes its place.
	replace bool
	// shared: the blob of these bytes has an object that holds them, and
	// it serves this photo too.
	shared bool
}

func (v verdict) ok() bool { return v.code == "" }

// Complete answers POST /v1/photos/{id}/complete. It is idempotent: a
// verified photo answers verified; an upload finished by an earlier call
// is not an error. The store is read outside any transaction, under a
// lease on the photo's upload row, and the outcome written under the
// photo's lock. Rejections (422) carry their reason: checksum_mismatch,
// size_mismatch, unsupported_type, type_mismatch. Other errors:
// not_uploaded, parts_missing, no_upload_plan, upload_expired,
// verification_in_progress (409), object_store_unavailable (503).
func (s *Service) Complete(ctx context.Context, sc models.Scope, id uuid.UUID) (Result, error) {
	if err := s.ready(ctx); err != nil {
		return Result{}, err
	}
	l, res, err := s.beginVerify(ctx, sc, id, false)
	if err != nil || l == nil {
		return res, err
	}
	v, err := s.check(ctx, l.u)
	if err != nil {
		s.releaseLease(ctx, l)
		return Result{}, err
	}
	s.markHealthy()
	return s.finish(ctx, sc, l, v)
}

// lease is a held verification lease on a photo's upload.
type lease struct {
	t     target
	u     *upload
	until time.Time
}

// beginVerify takes the verification lease, or answers without one when
// there is nothing to verify (a nil lease with the result). For the
// fallback upload a missing or rejected plan is replaced by a fresh one.
func (s *Service) beginVerify(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	fallback bool,
) (*lease, Result, error) {
	var l *lease
	res := Result{PhotoID: id, State: StateVerified}
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		t, u, err := lockTarget(tx, sc, id)
		if err != nil {
			return err
		}
		res.Deferred = !t.Applied
		if done, err := finished(t); done || err != nil {
			return err
		}
		if u, err = s.usableUpload(tx, sc, t, u, fallback); err != nil || u == nil {
			return err
		}
		until := s.now().Add(leaseTTL).UTC().Truncate(time.Microsecond)
		if err := tx.DB.Exec(`UPDATE photo_uploads SET state = 'verifying', lease_until = ?, updated_at = now()
			WHERE photo_id = ?`, until, id).Error; err != nil {
			return fmt.Errorf("lease upload of %s: %w", id, err)
		}
		l = &lease{t: t, u: u, until: until}
		return nil
	})
	return l, res, err
}

// usableUpload decides what to do with the photo's upload row: nil when
// the photo was linked instead (done), an error when it cannot proceed.
func (s *Service) usableUpload(tx *storage.Tx, sc models.Scope, t target, u *upload, fallback bool) (*upload, error) {
	if done, err := s.decidedUpload(tx, t, u); done || err != nil {
		return nil, err
	}
	if u != nil && u.State == stateEnding {
		c := *u // ended: as good as rejected, until EndUploads has cleaned up
		c.State = "rejected"
		u = &c
	}
	if fallback && (u == nil || u.State == "rejected") {
		return s.keepUpload(tx, sc, t, nil, MethodResumable)
	}
	if u == nil || u.State == "rejected" {
		return nil, s.withoutUpload(tx, sc, t, u)
	}
	if u.Method == MethodMultipart && u.UploadID == "" && !fallback {
		return nil, errNoPlan
	}
	return u, nil
}

// decidedUpload reports whether the upload was already decided: verified
// (the photo is linked now if its record was applied) or being verified
// under a live lease (errInProgress).
func (s *Service) decidedUpload(tx *storage.Tx, t target, u *upload) (bool, error) {
	if u != nil && u.State == "verified" {
		if t.Applied {
			return true, s.link(tx, t, t.SHA256)
		}
		return true, nil
	}
	if u != nil && u.State == "verifying" && u.LeaseUntil != nil && u.LeaseUntil.After(s.now()) {
		return true, errInProgress()
	}
	return false, nil
}

// withoutUpload handles a photo with no usable upload (none, or rejected):
// nil when the photo was linked to bytes already stored, else why not.
func (s *Service) withoutUpload(tx *storage.Tx, sc models.Scope, t target, u *upload) error {
	b, err := lockBlob(tx.DB, t.SHA256)
	if err != nil {
		return err
	}
	if ok, err := s.tryLink(tx, sc, t, u, b); ok || err != nil {
		return err
	}
	if u == nil {
		return errNoPlan
	}
	switch u.RejectCode {
	case codeExpired:
		return errUploadExpired
	case codeDiscarded: // the inspection was brought back since: start again
		return errNoPlan
	}
	return rejection(u.RejectCode, u.RejectDetail)
}

// releaseLease reopens the upload after a failure that decided nothing
// (the store went away, the bytes are not all there yet).
func (s *Service) releaseLease(ctx context.Context, l *lease) {
	err := s.db.Gorm.WithContext(context.WithoutCancel(ctx)).
		Exec(`UPDATE photo_uploads SET state = 'open', lease_until = NULL,
		updated_at = now() WHERE photo_id = ? AND state = 'verifying' AND lease_until = ?`, l.u.PhotoID, l.until).
		Error
	if err != nil {
		s.log.Warn("release photo upload lease", "photo_id", l.u.PhotoID, "err", err)
	}
}

// check reads what the store holds for the upload and judges it.
func (s *Service) check(ctx context.Context, u *upload) (verdict, error) {
	switch u.Method {
	case MethodMultipart:
		return s.checkMultipart(ctx, u)
	case MethodResumable:
		return s.checkSpool(ctx, u)
	}
	return s.checkSingle(ctx, u)
}

var errNotUploaded = models.Errorf(models.KindConflict, "not_uploaded",
	"nothing has been uploaded for this photo yet: PUT the bytes to this photo's planned URL first "+
		"(bytes stored for other photos do not count: every photo's upload must send its own bytes)")

// checkSingle judges a single presigned PUT at the photo's own staging key
// (checkStaged): one GET, whose headers give the size and the SHA-256 the
// store recorded (the signed checksum header made it verify the body), so
// wrong bytes are refused without reading them; else the bytes are read
// once, whole (hash, type, a whole image). Right bytes stay where they are
// (place). Only this photo's upload could write that key, so an object at
// the shared content key proves nothing here: a hash alone never verifies
// a photo (docs/PHOTOS.md).
func (s *Service) checkSingle(ctx context.Context, u *upload) (verdict, error) {
	v, err := s.checkStaged(ctx, u, singleKey(u.PhotoID))
	if errors.Is(err, blob.ErrNotFound) {
		return verdict{}, errNotUploaded
	}
	return v, err
}

// place decides where verified bytes will live, without writing any:
// at the key this upload wrote (v.staged) unless a blob of the same bytes
// already has an object, which then serves this photo too (finish deletes
// the staged copy after commit). An existing blob's object that is gone or
// no longer holds these bytes is replaced by this upload's (v.replace). A
// quarantined blob's object is evidence of tampering: errQuarantined.
func (s *Service) place(ctx context.Context, u *upload, v verdict) (verdict, error) {
	var rows []struct {
		State     string
		ObjectKey *string
	}
	if err := s.db.Gorm.WithContext(ctx).
		Raw(`SELECT state, object_key FROM blobs WHERE sha256 = ?`, u.SHA256).
		Scan(&rows).
		Error; err != nil {
		return v, fmt.Errorf("read blob %s: %w", shortHash(u.SHA256), err)
	}
	if len(rows) == 0 || rows[0].ObjectKey == nil {
		return v, nil
	}
	if rows[0].State == BlobQuarantined {
		return v, errQuarantined
	}
	st, err := s.store.Stat(ctx, *rows[0].ObjectKey)
	switch {
	case errors.Is(err, blob.ErrNotFound):
		v.replace = true
	case err != nil:
		return v, storeErr("stat photo", err)
	case st.Size != u.Size || (st.SHA256 != "" && st.SHA256 != u.SHA256):
		v.replace = true
	default:
		v.shared = true
	}
	return v, nil
}

// judgeType rejects bytes that are no photo type, or another than declared.
func judgeType(v verdict, head []byte, declared string) verdict {
	got := Sniff(head)
	switch {
	case got == "":
		v.code, v.detail = RejectType, "the bytes are not a JPEG, PNG, WebP or HEIC image"
	case got != declared:
		v.code, v.detail = RejectTypeDiffers, fmt.Sprintf("the bytes are %s but %s was declared", TypeName(got), declared)
	}
	return v
}
