package photo

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage/blob"
)

// checkMultipart completes the multipart upload (unless an earlier call
// did) and judges the staged object by reading it whole.
func (s *Service) checkMultipart(ctx context.Context, u *upload) (verdict, error) {
	key := stagingKey(u.PhotoID)
	parts, err := s.store.ListParts(ctx, key, u.UploadID)
	if errors.Is(err, blob.ErrNotFound) {
		return s.afterCompleted(ctx, u, key)
	}
	if err != nil {
		return verdict{}, storeErr("list parts", err)
	}
	n := partCount(u.Size)
	if missing := missingParts(parts, n); len(missing) > 0 {
		return verdict{}, errPartsMissing(missing, n)
	}
	if len(parts) > n || parts[n-1].Size != u.Size-int64(n-1)*PartSize {
		_ = s.store.AbortMultipart(ctx, key, u.UploadID) //nolint:errcheck // the orphan sweep removes it
		return verdict{
			code:   RejectSize,
			detail: fmt.Sprintf("the parts do not add up to the declared %d bytes in %d parts of %d", u.Size, n, PartSize),
		}, nil
	}
	_, err = s.store.CompleteMultipart(ctx, key, u.UploadID, parts[:n])
	if errors.Is(err, blob.ErrInvalid) {
		_ = s.store.AbortMultipart(ctx, key, u.UploadID) //nolint:errcheck // the orphan sweep removes it
		return verdict{code: RejectSize, detail: fmt.Sprintf("every part but the last must have %d bytes", PartSize)}, nil
	}
	if err != nil {
		return verdict{}, storeErr("complete multipart upload", err)
	}
	return s.checkStaged(ctx, u, key)
}

// afterCompleted handles an upload the store no longer lists: completed
// by an earlier call whose verdict was not committed (the staged object is
// still there: judge it again, in the same request that finds it), or gone (aborted by housekeeping or a
// discard). A matching object at the shared content key is no proof that
// this photo's upload wrote anything, so it is never looked at here.
func (s *Service) afterCompleted(ctx context.Context, u *upload, key string) (verdict, error) {
	v, err := s.checkStaged(ctx, u, key)
	if !errors.Is(err, blob.ErrNotFound) {
		return v, err
	}
	if err := s.expireUpload(ctx, u.PhotoID, u.UploadID); err != nil {
		return verdict{}, err
	}
	return verdict{}, errUploadExpired
}

func missingParts(parts []blob.Part, n int) []int {
	have := map[int]bool{}
	for _, p := range parts {
		have[p.Number] = true
	}
	var missing []int
	for i := 1; i <= n; i++ {
		if !have[i] {
			missing = append(missing, i)
		}
	}
	return missing
}

func errPartsMissing(missing []int, n int) error {
	nums := make([]string, len(missing))
	for i, m := range missing {
		nums[i] = strconv.Itoa(m)
	}
	return models.Errorf(models.KindConflict, "parts_missing",
		"%d of %d parts have not been received (numbers %s): upload them, then complete again",
		len(missing), n, strings.Join(nums, ", "))
}

// checkStaged judges the staged object (judgeObject) and, when it is
// right, decides where its bytes will live (place). No object at key is
// an error that is blob.ErrNotFound.
func (s *Service) checkStaged(ctx context.Context, u *upload, key string) (verdict, error) {
	v, err := s.judgeObject(ctx, u, key)
	if err != nil || !v.ok() {
		return v, err
	}
	return s.place(ctx, u, v)
}

// judgeObject opens the object at key (one request: blob.Store.Open) at
// most MaxFullReads at a time and judges it: by the size and the SHA-256
// the store recorded, when they are wrong, without reading a byte; else by
// reading it once, whole (judgeBytes). The verdict names key as staged. No
// object at key is an error that is blob.ErrNotFound.
func (s *Service) judgeObject(ctx context.Context, u *upload, key string) (verdict, error) {
	select {
	case s.reads <- struct{}{}:
	case <-ctx.Done():
		return verdict{}, ctx.Err()
	}
	defer func() { <-s.reads }()
	rc, st, err := s.store.Open(ctx, key)
	if err != nil {
		return verdict{}, storeErr("read staged photo", err)
	}
	defer rc.Close()
	v := verdict{staged: key}
	if st.Size != u.Size {
		v.code, v.detail = RejectSize, fmt.Sprintf("the stored photo has %d bytes; %d were declared", st.Size, u.Size)
		return v, nil
	}
	if st.SHA256 != "" && st.SHA256 != u.SHA256 { // judged without reading the bytes
		v.code, v.detail = RejectChecksum, fmt.Sprintf(
			"the stored bytes hash to %s, not the declared %s",
			shortHash(st.SHA256),
			shortHash(u.SHA256),
		)
		return v, nil
	}
	if v, err = judgeBytes(rc, u); err != nil {
		return verdict{}, storeErr("read staged photo", err)
	}
	v.staged = key
	return v, nil
}

// judgeBytes reads r to its end (at most MaxSize+1 bytes) in one pass,
// through SHA-256 and, when its first bytes are the declared type, through
// that type's decoder (CheckImage): no byte is held beyond the decoder's
// own image. The verdict is the first of: the size, the hash, the type
// sniffed from the first bytes, and whether they are a whole image. An
// error is r's own (the store or the spool failing), never a verdict.
func judgeBytes(r io.Reader, u *upload) (verdict, error) {
	src := &sourceReader{r: io.LimitReader(r, MaxSize+1)}
	h := sha256.New()
	n := &countWriter{}
	br := bufio.NewReaderSize(io.TeeReader(src, io.MultiWriter(h, n)), readBuf)
	// Fewer bytes at the end of a short photo; src keeps a read error.
	head, _ := br.Peek(SniffLen) //nolint:errcheck // see above
	v := judgeType(verdict{}, head, u.ContentType)
	var bad *NotImageError
	if v.ok() && src.err == nil {
		if err := CheckImage(br, u.ContentType); !errors.As(err, &bad) {
			bad = nil
		}
	}
	if _, err := io.Copy(io.Discard, br); err != nil && src.err == nil {
		return verdict{}, err
	}
	if src.err != nil {
		return verdict{}, src.err
	}
	sum := hex.EncodeToString(h.Sum(nil))
	switch {
	case n.n != u.Size:
		return verdict{code: RejectSize, detail: fmt.Sprintf("%d bytes were uploaded; %d were declared", n.n, u.Size)}, nil
	case sum != u.SHA256:
		return verdict{code: RejectChecksum, detail: fmt.Sprintf("the uploaded bytes hash to %s, not the declared %s",
			shortHash(sum), shortHash(u.SHA256))}, nil
	case !v.ok():
		return v, nil
	case bad != nil:
		return verdict{code: RejectType, detail: bad.Detail}, nil
	}
	return verdict{}, nil
}

// countWriter counts the bytes written to it.
type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}
