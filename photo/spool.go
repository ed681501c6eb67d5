package photo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Uploads through the server resume from the byte they reached
// (docs/PHOTOS.md §4). A PUT of the whole photo or a PATCH from an offset
// appends what arrives to the photo's spool in PostgreSQL
// (photo_upload_spool), a chunk at a time, so that a connection lost at
// 1.5 MiB keeps 1.5 MiB: the phone asks for the offset and sends only the
// rest. Every replica sees the same spool. When the last byte arrives the
// spool is streamed to the object store, which refuses bytes whose SHA-256
// is not the declared one, and judged as complete judges a multipart
// upload; the store never holds a partial object.

// MethodResumable is an upload through the server (PUT or PATCH
// /v1/photos/{id}/content) rather than to presigned URLs.
const MethodResumable = "resumable"

// spoolChunk is how many bytes of a body are gathered before they are
// written to the spool. A body cut short keeps everything read before the
// cut: the partial chunk is written too.
const spoolChunk = 64 << 10

// Receipt is what the server holds of a photo after an upload request.
type Receipt struct {
	// Offset is how many bytes of the photo the server holds: where the
	// next PATCH starts.
	Offset int64
	// Size is the declared size.
	Size int64
	// Result is set once the photo is done (verified, or linked).
	Result *Result
}

// Receive appends body to the photo's spool: from offset for a PATCH,
// from 0 (dropping what was held) for a PUT of the whole photo (whole).
// length is the Content-Length, or -1 when unknown. When the spool holds
// every declared byte the photo is verified and Result set; the answer is
// then the same as Complete's. The receipt's Offset is meaningful with
// offset_mismatch (409) and upload_interrupted (400) too. Other errors:
// photo_too_large (413), size_mismatch (422), upload_superseded and those
// of Complete.
func (s *Service) Receive(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	offset int64,
	body io.Reader,
	length int64,
	whole bool,
) (Receipt, error) {
	if length > MaxSize {
		return Receipt{}, models.Errorf(models.KindTooLarge, "photo_too_large",
			"a photo may have at most %d bytes (25 MiB); this body has %d", MaxSize, length)
	}
	if err := s.ready(ctx); err != nil {
		return Receipt{}, err
	}
	s.settle(ctx, id)
	w, done, err := s.claimSpool(ctx, sc, id, offset, length, whole)
	if err != nil || done != nil {
		return Receipt{Offset: w.at, Size: w.size, Result: done}, err
	}
	err = s.spoolBody(ctx, &w, body, length)
	s.releaseSpool(ctx, &w)
	if err != nil {
		return Receipt{Offset: w.at, Size: w.size}, err
	}
	if w.at < w.size {
		return Receipt{Offset: w.at, Size: w.size}, nil
	}
	res, err := s.verifySpool(ctx, sc, id)
	if err != nil {
		return Receipt{Offset: w.at, Size: w.size}, err
	}
	return Receipt{Offset: w.size, Size: w.size, Result: &res}, nil
}

// spoolWriter is a request's claim on a photo's spool.
type spoolWriter struct {
	photo  uuid.UUID
	writer uuid.UUID
	at     int64
	size   int64
}

func errOffsetMismatch(held, sent int64) error {
	return models.Errorf(models.KindConflict, "offset_mismatch",
		"the server holds %d bytes of this photo, not %d: send from byte %d (the Upload-Offset header)", held, sent, held)
}

var errSuperseded = models.Errorf(models.KindConflict, "upload_superseded",
	"a newer request is sending this photo's bytes: ask GET /v1/photos/{id}/upload for the offset and continue from there")

// claimSpool checks the request in one transaction and makes it the
// spool's writer: a newer request always takes over from an older one
// still open (a phone that lost its connection reconnects before the
// server notices). A done photo returns its result instead.
func (s *Service) claimSpool(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	offset, length int64,
	whole bool,
) (spoolWriter, *Result, error) {
	w := spoolWriter{photo: id, writer: uuid.New()}
	var done *Result
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		t, u, err := lockTarget(tx, sc, id)
		if err != nil {
			return err
		}
		w.size = t.Size
		if ok, err := finished(t); ok || err != nil {
			done = &Result{PhotoID: id, State: StateVerified, Deferred: !t.Applied}
			w.at = t.Size
			return err
		}
		if u, err = s.usableUpload(tx, sc, t, u, true); err != nil || u == nil {
			if err == nil {
				done, w.at = &Result{PhotoID: id, State: StateVerified, Deferred: !t.Applied}, t.Size
			}
			return err
		}
		return s.takeSpool(tx.DB, &w, u, offset, length, whole)
	})
	return w, done, err
}

// takeSpool records w as the spool's writer, from offset.
func (s *Service) takeSpool(db *gorm.DB, w *spoolWriter, u *upload, offset, length int64, whole bool) error {
	w.at = u.Received
	if whole {
		if err := db.Exec(`DELETE FROM photo_upload_spool WHERE photo_id = ?`, w.photo).Error; err != nil {
			return fmt.Errorf("restart spool of %s: %w", w.photo, err)
		}
		w.at = 0
		if length >= 0 && length != w.size {
			return models.Errorf(
				models.KindInvalid,
				RejectSize,
				"the body has %d bytes; the photo was attached as %d",
				length,
				w.size,
			)
		}
	} else if offset != w.at {
		return errOffsetMismatch(w.at, offset)
	}
	if length >= 0 && w.at+length > w.size {
		return models.Errorf(models.KindInvalid, RejectSize,
			"%d bytes from offset %d go past the declared size of %d", length, w.at, w.size)
	}
	err := db.Exec(`UPDATE photo_uploads SET writer = ?, received = ?, updated_at = now() WHERE photo_id = ?`,
		w.writer, w.at, w.photo).Error
	if err != nil {
		return fmt.Errorf("claim spool of %s: %w", w.photo, err)
	}
	return nil
}

// spoolBody reads body into the spool, a chunk at a time, until the body
// ends or the photo is whole. What was read before a cut is kept.
func (s *Service) spoolBody(ctx context.Context, w *spoolWriter, body io.Reader, length int64) error {
	ctx = context.WithoutCancel(ctx) // keep what arrived, even when the client is gone
	buf := make([]byte, spoolChunk)
	var read int64
	for w.at < w.size {
		n, err := io.ReadFull(body, buf[:min(int64(len(buf)), w.size-w.at)])
		read += int64(n)
		if n > 0 {
			if ferr := s.appendSpool(ctx, w, buf[:n]); ferr != nil {
				return ferr
			}
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return errInterrupted
		}
	}
	if length >= 0 && read < length {
		return errInterrupted // the connection ended before the declared length
	}
	if w.at == w.size && length < 0 {
		if n, _ := io.ReadFull(body, make([]byte, 1)); n > 0 { //nolint:errcheck // only whether more came
			return models.Errorf(models.KindInvalid, RejectSize, "the body goes past the declared size of %d bytes", w.size)
		}
	}
	return nil
}

// appendSpool writes p at the writer's offset, if it is still the writer
// and nobody moved the offset.
func (s *Service) appendSpool(ctx context.Context, w *spoolWriter, p []byte) error {
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Exec(`UPDATE photo_uploads SET received = received + ?, updated_at = now()
			WHERE photo_id = ? AND writer = ? AND received = ? AND state = 'open'`, len(p), w.photo, w.writer, w.at)
		if res.Error != nil {
			return fmt.Errorf("advance spool of %s: %w", w.photo, res.Error)
		}
		if res.RowsAffected == 0 {
			return errSuperseded
		}
		if err := tx.Exec(
			`INSERT INTO photo_upload_spool (photo_id, at, data) VALUES (?, ?, ?)`,
			w.photo,
			w.at,
			p,
		).Error; err != nil {
			return fmt.Errorf("spool %d bytes of %s: %w", len(p), w.photo, err)
		}
		return nil
	})
	if err == nil {
		w.at += int64(len(p))
	}
	return err
}

// verifySpool verifies a whole spool under the verification lease, as
// Complete does; finish empties it once the verdict is committed.
func (s *Service) verifySpool(ctx context.Context, sc models.Scope, id uuid.UUID) (Result, error) {
	l, res, err := s.beginVerify(ctx, sc, id, true)
	if err != nil || l == nil {
		return res, err
	}
	v, err := s.checkSpool(ctx, l.u)
	if err != nil {
		s.releaseLease(ctx, l)
		return Result{}, err
	}
	s.markHealthy()
	return s.finish(ctx, sc, l, v)
}

// checkSpool judges the spool as it lies in the database (judgeBytes),
// and only bytes judged right are streamed to the photo's staging key,
// where they stay (place): a refused upload leaves no object behind, and
// the bytes are written to the store once, or not at all when a blob of
// them is stored already. An incomplete spool
// is not_uploaded.
func (s *Service) checkSpool(ctx context.Context, u *upload) (verdict, error) {
	if u.Received < u.Size {
		return verdict{}, models.Errorf(models.KindConflict, "not_uploaded",
			"%d of %d bytes have been received: PATCH the rest to /v1/photos/%s/content", u.Received, u.Size, u.PhotoID)
	}
	v, err := judgeBytes(s.spool(ctx, u), u)
	if err != nil || !v.ok() {
		return v, err
	}
	if v, err = s.place(ctx, u, v); err != nil || v.shared {
		return v, err // the store holds these bytes already: nothing to write
	}
	placed := v
	if v, err = s.stream(ctx, u, s.spool(ctx, u)); err != nil || !v.ok() {
		return v, err
	}
	placed.staged = fallbackKey(u.PhotoID)
	return placed, nil
}

func (s *Service) spool(ctx context.Context, u *upload) io.Reader {
	return &spoolReader{db: s.db.Gorm.WithContext(ctx), photo: u.PhotoID, size: u.Size}
}

// dropSpool empties a photo's spool after its verdict.
func (s *Service) dropSpool(ctx context.Context, id uuid.UUID) {
	ctx = context.WithoutCancel(ctx)
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`DELETE FROM photo_upload_spool WHERE photo_id = ?`, id).Error; err != nil {
			return err
		}
		return tx.Exec(`UPDATE photo_uploads SET received = 0, writer = NULL WHERE photo_id = ?`, id).Error
	})
	if err != nil {
		s.log.Warn("empty photo spool", "photo_id", id, "err", err) // emptied again when the upload ends
	}
}

// spoolReader reads a spool back in order, one chunk row at a time.
type spoolReader struct {
	db    *gorm.DB
	photo uuid.UUID
	size  int64
	at    int64
	buf   []byte
}

func (r *spoolReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		if r.at >= r.size {
			return 0, io.EOF
		}
		var rows []struct{ Data []byte }
		if err := r.db.Raw(`SELECT data FROM photo_upload_spool WHERE photo_id = ? AND at = ?`, r.photo, r.at).
			Scan(&rows).
			Error; err != nil {
			return 0, fmt.Errorf("read spool of %s at %d: %w", r.photo, r.at, err)
		}
		if len(rows) != 1 || len(rows[0].Data) == 0 {
			return 0, fmt.Errorf("spool of %s has no chunk at %d", r.photo, r.at)
		}
		r.buf = rows[0].Data
		r.at += int64(len(r.buf))
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// settleWait is how long a request waits for an older request of the same
// photo that is still writing (it wrote within this time) to finish.
const settleWait = 3 * time.Second

// settle waits, at most settleWait, while another request still holds the
// photo's spool and wrote to it recently: on a cut connection the server
// reads the last bytes that arrived and writes them a moment after the
// phone has already reconnected, and taking the spool over before that
// would drop them, so the phone would send them twice. A writer silent
// for settleWait is taken over.
func (s *Service) settle(ctx context.Context, id uuid.UUID) {
	deadline := time.Now().Add(settleWait)
	for time.Now().Before(deadline) {
		var busy bool
		err := s.db.Gorm.WithContext(ctx).Raw(`SELECT EXISTS (SELECT 1 FROM photo_uploads WHERE photo_id = ?
			AND writer IS NOT NULL AND updated_at > now() - make_interval(secs => ?))`,
			id, settleWait.Seconds()).Scan(&busy).Error
		if err != nil || !busy {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// releaseSpool gives up the request's claim on the spool once its body has
// ended, whole or cut, so the next request need not wait for it.
func (s *Service) releaseSpool(ctx context.Context, w *spoolWriter) {
	ctx = context.WithoutCancel(ctx)
	if err := s.db.Gorm.WithContext(ctx).Exec(`UPDATE photo_uploads SET writer = NULL WHERE photo_id = ? AND writer = ?`,
		w.photo, w.writer).Error; err != nil {
		s.log.Warn("release photo spool", "photo", w.photo, "err", err)
	}
}
