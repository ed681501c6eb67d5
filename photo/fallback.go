package photo

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage/blob"
)

// PutContent is the fallback upload (PUT /v1/photos/{id}/content) for
// clients that cannot use presigned URLs. The body is streamed to a staging
// key through a fixed buffer, hashed on the way (the store refuses bytes
// that do not match the declared SHA-256), then judged like a multipart
// upload — read whole, hashed, sniffed — and copied to its content key.
// length is the request's Content-Length, or -1 when unknown (chunked).
// It answers like Complete, plus photo_too_large (413) and
// upload_interrupted (400).
func (s *Service) PutContent(ctx context.Context, sc models.Scope, id uuid.UUID, body io.Reader, length int64) (Result, error) {
	if length > MaxSize {
		return Result{}, models.Errorf(models.KindTooLarge, "photo_too_large",
			"a photo may have at most %d bytes (25 MiB); this body has %d", MaxSize, length)
	}
	if err := s.ready(ctx); err != nil {
		return Result{}, err
	}
	l, res, err := s.beginVerify(ctx, sc, id, true)
	if err != nil || l == nil {
		return res, err
	}
	if length >= 0 && length != l.u.Size {
		s.releaseLease(ctx, l)
		return Result{}, models.Errorf(models.KindInvalid, RejectSize,
			"the body has %d bytes; photo.attach declared %d", length, l.u.Size)
	}
	v, err := s.stream(ctx, l.u, body)
	if err == nil && v.ok() {
		v, err = s.checkStaged(ctx, l.u, fallbackKey(id))
	}
	if err != nil {
		s.releaseLease(ctx, l)
		return Result{}, err
	}
	return s.finish(ctx, sc, l, v)
}

var errInterrupted = models.Errorf(models.KindInvalid, "upload_interrupted",
	"the request body could not be read to its end; send the photo again")

// stream writes exactly the declared bytes of body to the fallback key.
func (s *Service) stream(ctx context.Context, u *upload, body io.Reader) (verdict, error) {
	key := fallbackKey(u.PhotoID)
	tr := &trackReader{r: body}
	_, err := s.store.Put(ctx, key, io.LimitReader(tr, u.Size), u.Size,
		blob.PutOptions{SHA256: u.SHA256, ContentType: u.ContentType, MaxSize: MaxSize})
	switch {
	case tr.err != nil:
		return verdict{}, errInterrupted
	case errors.Is(err, blob.ErrChecksumMismatch):
		return verdict{code: RejectChecksum, detail: "the body does not hash to the declared sha256 " + shortHash(u.SHA256)}, nil
	case errors.Is(err, blob.ErrSizeMismatch):
		return verdict{code: RejectSize, detail: fmt.Sprintf("the body ended before the declared %d bytes", u.Size)}, nil
	case err != nil:
		return verdict{}, storeErr("stream photo", err)
	}
	if n, _ := io.ReadFull(body, make([]byte, 1)); n > 0 {
		_ = s.store.Delete(ctx, key)
		return verdict{code: RejectSize, detail: fmt.Sprintf("the body is longer than the declared %d bytes", u.Size)}, nil
	}
	return verdict{}, nil
}

// trackReader remembers a read error of the client's body, so that a
// dropped connection is told apart from a store failure.
type trackReader struct {
	r   io.Reader
	err error
}

func (t *trackReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		t.err = err
	}
	return n, err
}
