package photo

import (
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
// still there: judge it again), or gone (aborted by housekeeping or a
// discard). A matching object at the shared content key is no proof that
// this photo's upload wrote anything, so it is never looked at here.
func (s *Service) afterCompleted(ctx context.Context, u *upload, key string) (verdict, error) {
	if ok, err := s.store.Exists(ctx, key); err != nil {
		return verdict{}, storeErr("stat staged upload", err)
	} else if ok {
		return s.checkStaged(ctx, u, key)
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

// checkStaged reads the staged object whole (at most MaxFullReads at a
// time), hashes and sniffs it, and when it is right copies it to its
// content key inside the store. finish removes the staged object once the
// verdict is committed.
func (s *Service) checkStaged(ctx context.Context, u *upload, key string) (verdict, error) {
	sum, n, head, err := s.hashObject(ctx, key)
	if err != nil {
		return verdict{}, err
	}
	v := verdict{staged: key}
	switch {
	case n != u.Size:
		v.code, v.detail = RejectSize, fmt.Sprintf("%d bytes were uploaded; %d were declared", n, u.Size)
	case sum != u.SHA256:
		v.code, v.detail = RejectChecksum, fmt.Sprintf(
			"the uploaded bytes hash to %s, not the declared %s",
			shortHash(sum),
			shortHash(u.SHA256),
		)
	default:
		v = judgeType(v, head, u.ContentType)
	}
	if v.ok() {
		if err := s.promote(ctx, u, key); err != nil {
			return verdict{}, err
		}
	}
	return v, nil
}

// hashObject reads the object at key through SHA-256 with a fixed buffer,
// returning the hash, the length and the first SniffLen bytes.
func (s *Service) hashObject(ctx context.Context, key string) (string, int64, []byte, error) {
	select {
	case s.reads <- struct{}{}:
	case <-ctx.Done():
		return "", 0, nil, ctx.Err()
	}
	defer func() { <-s.reads }()
	rc, err := s.store.Get(ctx, key)
	if err != nil {
		return "", 0, nil, storeErr("read staged photo", err)
	}
	defer rc.Close()
	h := sha256.New()
	hw := &headWriter{max: SniffLen}
	n, err := io.Copy(io.MultiWriter(h, hw), io.LimitReader(rc, MaxSize+1))
	if err != nil {
		return "", 0, nil, storeErr("read staged photo", err)
	}
	return hex.EncodeToString(h.Sum(nil)), n, hw.buf, nil
}

// headWriter keeps the first max bytes written to it.
type headWriter struct {
	buf []byte
	max int
}

func (w *headWriter) Write(p []byte) (int, error) {
	if room := w.max - len(w.buf); room > 0 {
		w.buf = append(w.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// readFull reads until buf is full or the reader ends.
func readFull(r io.Reader, buf []byte) (int, error) {
	n, err := io.ReadFull(r, buf)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil
	}
	return n, err
}
