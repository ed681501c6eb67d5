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
// clients that cannot use presigned URLs: Receive of the whole photo from
// byte 0. A body that ends before the declared size answers size_mismatch
// and one cut short upload_interrupted (400); either way the bytes that
// arrived are kept, and PATCH sends the rest (docs/PHOTOS.md §4).
// length is the request's Content-Length, or -1 when unknown (chunked).
// It answers like Complete, plus photo_too_large (413).
func (s *Service) PutContent(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	body io.Reader,
	length int64,
) (Result, error) {
	r, err := s.Receive(ctx, sc, id, 0, body, length, true)
	if err != nil {
		return Result{}, err
	}
	if r.Result == nil {
		return Result{}, models.Errorf(
			models.KindInvalid,
			RejectSize,
			"the body ended after %d bytes; the photo was attached as %d (PATCH the rest from offset %d)",
			r.Offset,
			r.Size,
			r.Offset,
		)
	}
	return *r.Result, nil
}

var errInterrupted = models.Errorf(models.KindInvalid, "upload_interrupted",
	"the request body could not be read to its end; the bytes that arrived are kept: "+
		"ask GET /v1/photos/{id}/upload for the offset and PATCH the rest")

// stream writes exactly the declared bytes of body (the spool) to the
// fallback key; the store refuses them unless they hash to the declared
// SHA-256.
func (s *Service) stream(ctx context.Context, u *upload, body io.Reader) (verdict, error) {
	key := fallbackKey(u.PhotoID)
	tr := &trackReader{r: body}
	_, err := s.store.Put(ctx, key, io.LimitReader(tr, u.Size), u.Size,
		blob.PutOptions{SHA256: u.SHA256, ContentType: u.ContentType, MaxSize: MaxSize})
	switch {
	case tr.err != nil:
		return verdict{}, tr.err
	case errors.Is(err, blob.ErrChecksumMismatch):
		return verdict{
			code:   RejectChecksum,
			detail: "the body does not hash to the declared sha256 " + shortHash(u.SHA256),
		}, nil
	case errors.Is(err, blob.ErrSizeMismatch):
		return verdict{code: RejectSize, detail: fmt.Sprintf("the body ended before the declared %d bytes", u.Size)}, nil
	case err != nil:
		return verdict{}, storeErr("stream photo", err)
	}
	if n, _ := io.ReadFull(body, make([]byte, 1)); n > 0 { //nolint:errcheck // only whether more came
		_ = s.store.Delete(ctx, key) //nolint:errcheck // the orphan sweep removes it
		return verdict{code: RejectSize, detail: fmt.Sprintf("the body is longer than the declared %d bytes", u.Size)}, nil
	}
	return verdict{}, nil
}

// trackReader remembers a read error of the spool, so that it is told
// apart from a store failure.
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
