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

// Plan statuses.
const (
	// PlanLinked: the bytes were already verified; nothing to upload.
	PlanLinked = "linked"
	// PlanVerified: this photo is verified already.
	PlanVerified = "verified"
	// PlanUpload: upload as planned, then call complete.
	PlanUpload = "upload"
)

// Upload methods.
const (
	MethodSingle    = "single"
	MethodMultipart = "multipart"
)

// PlanRequest asks for a photo's upload plan; it repeats what photo.attach
// declared.
type PlanRequest struct {
	PhotoID     uuid.UUID
	SHA256      string
	Size        int64
	ContentType string
	// Resumable asks for an upload through the server that resumes from
	// the byte it reached (MethodResumable), whatever else the store offers.
	Resumable bool
}

// Plan says how to upload a photo. The same request returns the same plan
// (method, key, multipart upload, parts) with freshly signed URLs.
type Plan struct {
	PhotoID  uuid.UUID
	Status   string
	Method   string
	PartSize int64
	// Put is the single presigned PUT (MethodSingle).
	Put *blob.Presigned
	// Parts are presigned part PUTs (MethodMultipart): every part on a new
	// plan, the missing ones on a status request.
	Parts []PartURL
	// Received lists the parts the store holds (status requests).
	Received []blob.Part
	// PartCount is how many parts the photo needs (MethodMultipart).
	PartCount int
	Expires   time.Time
	// Offset is how many bytes of the photo the server holds from uploads
	// through itself (PATCH /v1/photos/{id}/content continues from there).
	Offset int64
}

// PartURL is the presigned PUT of one part.
type PartURL struct {
	Number int
	blob.Presigned
}

// Plan answers POST /v1/photos: linked (dedupe), verified, or an upload
// plan. Errors: attach_first and not_found (404), attach_mismatch and
// too_many_photos (409), photo_too_large (413), object_store_unavailable (503).
func (s *Service) Plan(ctx context.Context, sc models.Scope, req PlanRequest) (Plan, error) {
	req.SHA256, req.ContentType = lower(req.SHA256), lower(req.ContentType)
	if err := validateDeclared(req.SHA256, req.Size, req.ContentType); err != nil {
		return Plan{}, err
	}
	if err := s.ready(ctx); err != nil {
		return Plan{}, err
	}
	p, u, err := s.decide(ctx, sc, req)
	if err != nil || p.Status != PlanUpload {
		return p, err
	}
	if req.Resumable || u.Method == MethodResumable {
		return Plan{PhotoID: u.PhotoID, Status: PlanUpload, Method: MethodResumable, Offset: u.Received}, nil
	}
	if u.Method == MethodMultipart && u.UploadID == "" {
		if u, err = s.startMultipart(ctx, u); err != nil {
			return Plan{}, err
		}
	}
	return s.presign(ctx, u, nil)
}

// decide runs the plan's one transaction: checks, dedupe, and the upload
// row (created or reused). A multipart row without an upload id still
// needs one, made outside the transaction.
func (s *Service) decide(ctx context.Context, sc models.Scope, req PlanRequest) (Plan, *upload, error) {
	var p Plan
	var u *upload
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		t, cur, err := lockTarget(tx, sc, req.PhotoID)
		if err != nil {
			return err
		}
		if err := t.checkDeclared(req.SHA256, req.Size, req.ContentType); err != nil {
			return err
		}
		if done, err := finished(t); done || err != nil {
			p = Plan{PhotoID: t.ID, Status: PlanVerified}
			return err
		}
		if err := checkLimit(tx.DB, t); err != nil {
			return err
		}
		b, err := lockBlob(tx.DB, t.SHA256)
		if err != nil {
			return err
		}
		if ok, err := s.tryLink(tx, sc, t, cur, b); ok || err != nil {
			p = Plan{PhotoID: t.ID, Status: PlanLinked}
			return err
		}
		if b != nil && b.State == BlobDeleting {
			return errBlobDeleting()
		}
		method := ""
		if req.Resumable {
			method = MethodResumable
		}
		u, err = s.keepUpload(tx, sc, t, cur, method)
		p = Plan{PhotoID: t.ID, Status: PlanUpload}
		return err
	})
	return p, u, err
}

// finished reports a photo that needs no upload: verified (true) or
// refused for good (an error).
func finished(t target) (bool, error) {
	switch t.State {
	case StateVerified:
		return true, nil
	case StateQuarantined:
		return false, errQuarantined
	case StateRejected:
		return false, rejection(t.RejectCode, "these bytes were refused before")
	}
	return false, nil
}

// tryLink links t to bytes already verified: its own finished upload, or a
// blob the dedupe rule lets it reuse. A deferred photo cannot be linked
// yet; its upload row is marked verified so that LinkAttached links it
// when the attach applies.
func (s *Service) tryLink(tx *storage.Tx, sc models.Scope, t target, cur *upload, b *blobRow) (bool, error) {
	ok, err := linkable(tx.DB, t, sc.UserID, b)
	if err != nil || !ok {
		return false, err
	}
	if !t.Applied {
		return true, s.markUploadVerified(tx, sc, t, cur)
	}
	return true, s.link(tx, t, t.SHA256)
}

func (s *Service) markUploadVerified(tx *storage.Tx, sc models.Scope, t target, cur *upload) error {
	if cur == nil {
		cur = &upload{PhotoID: t.ID, Method: MethodSingle}
	}
	return tx.DB.Exec(
		`INSERT INTO photo_uploads (photo_id, user_id, inspection_id, sha256, size, content_type, method, upload_id, state)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'verified')
		ON CONFLICT (photo_id) DO UPDATE SET state = 'verified', lease_until = NULL, updated_at = now()`,
		t.ID,
		sc.UserID,
		t.InspectionID,
		t.SHA256,
		t.Size,
		t.ContentType,
		cur.Method,
		cur.UploadID,
	).Error
}

// keepUpload returns the photo's open upload row, creating it (and the
// blob row, state uploading) when there is none or the last was rejected,
// with method, or one by size when method is "".
func (s *Service) keepUpload(tx *storage.Tx, sc models.Scope, t target, cur *upload, method string) (*upload, error) {
	now := s.now().UTC()
	err := tx.DB.Exec(
		`INSERT INTO blobs (sha256, size, content_type, state, last_referenced_at) VALUES (?, ?, ?, 'uploading', ?)
		ON CONFLICT (sha256) DO UPDATE SET last_referenced_at = EXCLUDED.last_referenced_at`,
		t.SHA256,
		t.Size,
		t.ContentType,
		now,
	).Error
	if err != nil {
		return nil, fmt.Errorf("record blob %s: %w", shortHash(t.SHA256), err)
	}
	if cur != nil && cur.State != "rejected" && cur.State != "verified" && cur.State != stateEnding {
		return cur, tx.DB.Exec(`UPDATE photo_uploads SET updated_at = ? WHERE photo_id = ?`, now, t.ID).Error
	}
	if err := tx.DB.Exec(`DELETE FROM photo_upload_spool WHERE photo_id = ?`, t.ID).Error; err != nil {
		return nil, fmt.Errorf("empty spool of %s: %w", t.ID, err) // what an ended upload left
	}
	u := &upload{PhotoID: t.ID, UserID: sc.UserID, InspectionID: t.InspectionID, SHA256: t.SHA256, Size: t.Size,
		ContentType: t.ContentType, Method: MethodSingle, State: "open"}
	switch {
	case method != "":
		u.Method = method
	case t.Size > SingleMax:
		u.Method = MethodMultipart // the upload id is made after commit (network I/O)
	}
	err = tx.DB.Exec(
		`INSERT INTO photo_uploads (photo_id, user_id, inspection_id, sha256, size, content_type, method, upload_id, state)
		VALUES (?, ?, ?, ?, ?, ?, ?, '', 'open')
		ON CONFLICT (photo_id) DO UPDATE SET method = EXCLUDED.method, upload_id = '', state = 'open', lease_until = NULL,
			reject_code = '', reject_detail = '', received = 0, writer = NULL, updated_at = now()`,
		u.PhotoID,
		u.UserID,
		u.InspectionID,
		u.SHA256,
		u.Size,
		u.ContentType,
		u.Method,
	).Error
	if err != nil {
		return nil, fmt.Errorf("record upload of %s: %w", t.ID, err)
	}
	return u, nil
}

// startMultipart creates the multipart upload at the staging key and
// records its id, unless a concurrent request recorded one first (then
// ours is aborted and theirs used).
func (s *Service) startMultipart(ctx context.Context, u *upload) (*upload, error) {
	id, err := s.store.CreateMultipart(ctx, stagingKey(u.PhotoID), u.ContentType)
	if err != nil {
		return nil, storeErr("create multipart upload", err)
	}
	var won []string
	err = s.db.Gorm.WithContext(ctx).Raw(`UPDATE photo_uploads SET upload_id = ?, updated_at = now()
		WHERE photo_id = ? AND method = 'multipart' AND upload_id = '' AND state = 'open' RETURNING upload_id`,
		id, u.PhotoID).Scan(&won).Error
	if err != nil || len(won) == 0 {
		_ = s.store.AbortMultipart(ctx, stagingKey(u.PhotoID), id) //nolint:errcheck // the orphan sweep removes it
	}
	if err != nil {
		return nil, fmt.Errorf("record multipart upload of %s: %w", u.PhotoID, err)
	}
	cur, err := loadUpload(s.db.Gorm.WithContext(ctx), u.PhotoID, false)
	if err != nil {
		return nil, err
	}
	if cur == nil || cur.UploadID == "" {
		return nil, errInProgress()
	}
	return cur, nil
}

// presign signs the plan's URLs (no network I/O). With received set, only
// the missing parts are signed.
func (s *Service) presign(ctx context.Context, u *upload, received []blob.Part) (Plan, error) {
	p := Plan{PhotoID: u.PhotoID, Status: PlanUpload, Method: u.Method, Received: received}
	if u.Method == MethodSingle {
		put, err := s.store.PresignPut(ctx, singleKey(u.PhotoID), blob.PresignPutOptions{
			SHA256: u.SHA256, Size: u.Size, ContentType: u.ContentType, MaxSize: MaxSize, TTL: s.ttl})
		if err != nil {
			return p, storeErr("presign put", err)
		}
		p.Put, p.Expires = &put, put.Expires
		return p, nil
	}
	p.PartSize, p.PartCount = PartSize, partCount(u.Size)
	have := map[int]bool{}
	for _, r := range received {
		have[r.Number] = true
	}
	for n := 1; n <= p.PartCount; n++ {
		if have[n] {
			continue
		}
		part, err := s.store.PresignPart(ctx, stagingKey(u.PhotoID), u.UploadID, n, s.ttl)
		if err != nil {
			return p, storeErr("presign part", err)
		}
		p.Parts = append(p.Parts, PartURL{Number: n, Presigned: part})
		p.Expires = part.Expires
	}
	return p, nil
}

// UploadStatus answers GET /v1/photos/{id}/upload: the plan with the parts
// the store already holds and fresh URLs for the missing ones, so an
// interrupted upload continues where it stopped.
func (s *Service) UploadStatus(ctx context.Context, sc models.Scope, id uuid.UUID) (Plan, error) {
	if err := s.ready(ctx); err != nil {
		return Plan{}, err
	}
	t, err := loadTarget(s.db.Gorm.WithContext(ctx), sc, id, false)
	if err != nil {
		return Plan{}, err
	}
	if done, err := finished(t); done || err != nil {
		return Plan{PhotoID: id, Status: PlanVerified}, err
	}
	s.settle(ctx, id) // the offset once a cut request has written its last bytes
	u, err := loadUpload(s.db.Gorm.WithContext(ctx), id, false)
	if err != nil {
		return Plan{}, err
	}
	if u != nil && u.State == stateEnding && u.RejectCode == codeExpired {
		return Plan{}, errUploadExpired
	}
	if u == nil || u.State == "rejected" || u.State == stateEnding || (u.Method == MethodMultipart && u.UploadID == "") {
		return Plan{}, errNoPlan
	}
	if u.State == "verified" {
		return Plan{PhotoID: id, Status: PlanLinked}, nil
	}
	p, err := s.uploadProgress(ctx, u)
	p.Offset = u.Received
	return p, err
}

// uploadProgress is the plan of an open upload with what the store holds.
func (s *Service) uploadProgress(ctx context.Context, u *upload) (Plan, error) {
	switch u.Method {
	case MethodResumable:
		return Plan{PhotoID: u.PhotoID, Status: PlanUpload, Method: MethodResumable}, nil
	case MethodSingle:
		return s.presign(ctx, u, nil)
	}
	parts, err := s.store.ListParts(ctx, stagingKey(u.PhotoID), u.UploadID)
	if err != nil {
		return Plan{}, s.partsErr(ctx, u, err)
	}
	return s.presign(ctx, u, parts)
}

var errNoPlan = models.Errorf(models.KindConflict, "no_upload_plan",
	"this photo has no open upload: ask POST /v1/photos for a plan")

var errUploadExpired = models.Errorf(models.KindConflict, "upload_expired",
	"this multipart upload no longer exists (unfinished uploads are discarded "+
		"after 24 hours): ask POST /v1/photos for a new plan")

// partsErr maps a failed ListParts. A vanished upload (aborted by
// housekeeping, or by hand) is marked so that the next plan starts anew.
func (s *Service) partsErr(ctx context.Context, u *upload, err error) error {
	if !errors.Is(err, blob.ErrNotFound) {
		return storeErr("list parts", err)
	}
	if err := s.expireUpload(ctx, u.PhotoID, u.UploadID); err != nil {
		return err
	}
	return errUploadExpired
}

func (s *Service) expireUpload(ctx context.Context, photoID uuid.UUID, uploadID string) error {
	err := s.db.Gorm.WithContext(ctx).Exec(`UPDATE photo_uploads SET state = 'rejected', reject_code = 'upload_expired',
		reject_detail = 'the multipart upload no longer exists', lease_until = NULL, updated_at = now()
		WHERE photo_id = ? AND upload_id = ? AND state <> 'verified'`, photoID, uploadID).Error
	if err != nil {
		return fmt.Errorf("expire upload of %s: %w", photoID, err)
	}
	return nil
}
