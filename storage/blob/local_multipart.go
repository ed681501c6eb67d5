package blob

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// A Local multipart upload is a directory uploads/<id> holding upload.json
// and one file per part, named "<number>-<etag>".

type uploadMeta struct {
	Key         string    `json:"key"`
	ContentType string    `json:"content_type"`
	Initiated   time.Time `json:"initiated"`
}

func randomHex() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// uploadDir returns the directory of upload id for key, or ErrNotFound if
// there is no such upload (ids that are not ours never touch the disk).
func (l *Local) uploadDir(key, id string) (string, uploadMeta, error) {
	var meta uploadMeta
	if len(id) != 32 || strings.Trim(id, "0123456789abcdef") != "" {
		return "", meta, fmt.Errorf("upload %q: %w", id, ErrNotFound)
	}
	dir := filepath.Join(l.uploadsDir(), id)
	b, err := os.ReadFile(filepath.Join(dir, "upload.json")) //nolint:gosec // id is checked above: 32 hex digits
	if err != nil {
		return "", meta, l.ioErr(fmt.Sprintf("upload %q", id), err)
	}
	if err := json.Unmarshal(b, &meta); err != nil {
		return "", meta, fmt.Errorf("upload %q: %w", id, err)
	}
	if meta.Key != key {
		return "", meta, fmt.Errorf("upload %q is not for key %q: %w", id, key, ErrNotFound)
	}
	return dir, meta, nil
}

// CreateMultipart creates the upload's staging directory.
func (l *Local) CreateMultipart(ctx context.Context, key, contentType string) (string, error) {
	if err := errors.Join(ValidKey(key), checkContentType(contentType)); err != nil {
		return "", err
	}
	id := randomHex()
	dir := filepath.Join(l.uploadsDir(), id)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", l.ioErr("create upload", err)
	}
	meta := uploadMeta{Key: key, ContentType: contentTypeOr(contentType), Initiated: l.now().UTC()}
	b, _ := json.Marshal(meta) //nolint:errcheck // strings and a time
	if err := os.WriteFile(filepath.Join(dir, "upload.json"), b, 0o600); err != nil {
		return "", l.ioErr("create upload", err)
	}
	return id, nil
}

// putPart stores part number of upload id, replacing an earlier copy.
func (l *Local) putPart(key, id string, number int, r io.Reader, size int64) (string, error) {
	dir, _, err := l.uploadDir(key, id)
	if err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, "tmp-*")
	if err != nil {
		return "", l.ioErr("create part", err)
	}
	defer os.Remove(f.Name())
	defer f.Close()
	hr := newHashReader(r, size)
	if _, err := io.Copy(f, hr); err != nil {
		return "", err
	}
	if err := errors.Join(hr.verify(""), f.Sync(), f.Close()); err != nil {
		return "", err
	}
	etag := hr.sum()[:32]
	old, _ := l.partFiles(dir) //nolint:errcheck // none: nothing to replace
	//nolint:gosec // dir is a checked upload id's, number an int, etag hex digits
	if err := os.Rename(f.Name(), filepath.Join(dir, fmt.Sprintf("%05d-%s", number, etag))); err != nil {
		return "", l.ioErr("store part", err)
	}
	for _, p := range old {
		if p.Number == number && p.ETag != etag {
			// Best effort: Complete opens each part by the etag the client
			// names, and the directory goes with the upload.
			_ = os.Remove(filepath.Join(dir, fmt.Sprintf("%05d-%s", p.Number, p.ETag)))
		}
	}
	return etag, nil
}

// partFiles lists the parts in an upload directory, by number.
func (l *Local) partFiles(dir string) ([]Part, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, l.ioErr("list parts", err)
	}
	parts := []Part{}
	for _, e := range entries {
		num, etag, ok := strings.Cut(e.Name(), "-")
		n, err := strconv.Atoi(num)
		if !ok || err != nil || len(num) != 5 {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue // replaced meanwhile
		}
		parts = append(parts, Part{Number: n, Size: fi.Size(), ETag: etag, Modified: fi.ModTime()})
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].Number < parts[j].Number })
	return parts, nil
}

// PresignPart signs the PUT of one part to UploadHandler.
func (l *Local) PresignPart(ctx context.Context, key, uploadID string, part int, ttl time.Duration) (Presigned, error) {
	if err := errors.Join(ValidKey(key), checkPartNumber(part)); err != nil {
		return Presigned{}, err
	}
	q := map[string]string{"op": opPart, "upload": uploadID, "part": strconv.Itoa(part)}
	return l.presign("PUT", key, q, ttlOr(ttl, UploadTTL), nil), nil
}

// ListParts lists the parts received so far.
func (l *Local) ListParts(ctx context.Context, key, uploadID string) ([]Part, error) {
	if err := ValidKey(key); err != nil {
		return nil, err
	}
	dir, _, err := l.uploadDir(key, uploadID)
	if err != nil {
		return nil, err
	}
	return l.partFiles(dir)
}

// CompleteMultipart concatenates the parts into key, hashing them.
func (l *Local) CompleteMultipart(ctx context.Context, key, uploadID string, parts []Part) (Info, error) {
	if err := errors.Join(ValidKey(key), checkPartList(parts)); err != nil {
		return Info{}, err
	}
	dir, meta, err := l.uploadDir(key, uploadID)
	if err != nil {
		return Info{}, err
	}
	readers, size, err := l.openParts(dir, parts)
	defer func() {
		for _, f := range readers {
			_ = f.(io.Closer).Close() // read-only part files
		}
	}()
	if err != nil {
		return Info{}, err
	}
	if _, err := l.writeObject(key, io.MultiReader(readers...), size, meta.ContentType, ""); err != nil {
		return Info{}, fmt.Errorf("complete %q: %w", key, err)
	}
	if err := os.RemoveAll(dir); err != nil {
		return Info{}, l.ioErr("remove upload", err)
	}
	return l.Stat(ctx, key)
}

// openParts opens the listed parts, checking their ETags and sizes.
func (l *Local) openParts(dir string, want []Part) ([]io.Reader, int64, error) {
	have, err := l.partFiles(dir)
	if err != nil {
		return nil, 0, err
	}
	byNum := map[int]Part{}
	for _, p := range have {
		byNum[p.Number] = p
	}
	var readers []io.Reader
	var size int64
	for i, w := range want {
		p, ok := byNum[w.Number]
		if !ok || p.ETag != strings.Trim(w.ETag, `"`) {
			return readers, 0, fmt.Errorf("%w: part %d not uploaded with etag %s", ErrInvalid, w.Number, w.ETag)
		}
		if p.Size < MinPartSize && i < len(want)-1 {
			return readers, 0, fmt.Errorf(
				"%w: part %d has %d bytes, below the %d minimum",
				ErrInvalid,
				p.Number,
				p.Size,
				MinPartSize,
			)
		}
		//nolint:gosec // dir is a checked upload id's; the name is listed from it
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("%05d-%s", p.Number, p.ETag)))
		if err != nil {
			return readers, 0, l.ioErr("open part", err)
		}
		readers = append(readers, f)
		size += p.Size
	}
	return readers, size, nil
}

// AbortMultipart removes the upload's directory.
func (l *Local) AbortMultipart(ctx context.Context, key, uploadID string) error {
	if err := ValidKey(key); err != nil {
		return err
	}
	dir, _, err := l.uploadDir(key, uploadID)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return l.ioErr("abort upload", err)
	}
	return nil
}

// ListUploads lists uploads started before olderThan.
func (l *Local) ListUploads(ctx context.Context, olderThan time.Time) ([]Upload, error) {
	entries, err := os.ReadDir(l.uploadsDir())
	if err != nil {
		return nil, l.ioErr("list uploads", err)
	}
	ups := []Upload{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(l.uploadsDir(), e.Name(), "upload.json"))
		var meta uploadMeta
		if err != nil || json.Unmarshal(b, &meta) != nil {
			continue // being created or removed
		}
		if meta.Initiated.Before(olderThan) {
			ups = append(ups, Upload{Key: meta.Key, ID: e.Name(), Initiated: meta.Initiated})
		}
	}
	return ups, nil
}
