package blob

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Local is a Store in a directory, for a single-office install and demos.
//
// An object lives at objects/<h[:2]>/<h>, where h is the SHA-256 of its key,
// so no key can name a path outside the directory. Writes go to tmp/ and
// are renamed into place. Presigned URLs point at PublicBaseURL, where the
// API mounts UploadHandler and DownloadHandler; they carry an HMAC of their
// parameters and an expiry.
type Local struct {
	dir      string
	key      []byte
	base     *url.URL
	basePath string
	now      func() time.Time
}

var _ Store = (*Local)(nil)

// NewLocal builds a Local store from cfg (Dir, SigningKey, PublicBaseURL).
// Call EnsureBucket to create the directories.
func NewLocal(cfg Config) (*Local, error) {
	if cfg.Dir == "" {
		return nil, errors.New("blob: local store needs a directory")
	}
	if len(cfg.SigningKey) < 32 {
		return nil, errors.New("blob: local store needs a signing key of at least 32 bytes")
	}
	base, err := url.Parse(strings.TrimRight(cfg.PublicBaseURL, "/"))
	if err != nil || base.Scheme == "" || base.Host == "" || base.RawQuery != "" {
		return nil, fmt.Errorf("blob: public base URL %q: want http(s)://host/path", cfg.PublicBaseURL)
	}
	dir, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil, fmt.Errorf("blob: directory %q: %w", cfg.Dir, err)
	}
	return &Local{dir: dir, key: append([]byte(nil), cfg.SigningKey...), base: base,
		basePath: base.Path, now: time.Now}, nil
}

func (l *Local) tmpDir() string     { return filepath.Join(l.dir, "tmp") }
func (l *Local) uploadsDir() string { return filepath.Join(l.dir, "uploads") }

func (l *Local) path(key string) string {
	sum := sha256.Sum256([]byte(key))
	h := hex.EncodeToString(sum[:])
	return filepath.Join(l.dir, "objects", h[:2], h)
}

// ioErr classifies a file-system error: missing files are ErrNotFound,
// anything else means the store cannot work (ErrUnavailable).
func (l *Local) ioErr(op string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: %w: %w", op, ErrNotFound, err)
	}
	return fmt.Errorf("%s: %w: %w", op, ErrUnavailable, err)
}

// EnsureBucket creates the store's directories.
func (l *Local) EnsureBucket(ctx context.Context) error {
	for _, d := range []string{"objects", "uploads", "tmp"} {
		if err := os.MkdirAll(filepath.Join(l.dir, d), 0o750); err != nil {
			return l.ioErr("create "+d, err)
		}
	}
	return nil
}

// Health checks that the directory exists and is writable.
func (l *Local) Health(ctx context.Context) error {
	f, err := os.CreateTemp(l.tmpDir(), "health-*")
	if err != nil {
		return fmt.Errorf("health: %w: %w", ErrUnavailable, err)
	}
	_ = f.Close() // empty: creating it was the check
	return os.Remove(f.Name())
}

// Put writes r to key, hashing while writing.
func (l *Local) Put(ctx context.Context, key string, r io.Reader, size int64, opts PutOptions) (Info, error) {
	if err := checkPut(key, size, opts); err != nil {
		return Info{}, err
	}
	if _, err := l.writeObject(key, r, size, opts.ContentType, opts.SHA256); err != nil {
		return Info{}, fmt.Errorf("put %q: %w", key, err)
	}
	return l.Stat(ctx, key)
}

// Stat reads key's header.
func (l *Local) Stat(ctx context.Context, key string) (Info, error) {
	o, err := l.open(key)
	if err != nil {
		return Info{}, err
	}
	defer o.Close()
	return l.info(key, o)
}

func (l *Local) info(key string, o *object) (Info, error) {
	st, err := o.f.Stat()
	if err != nil {
		return Info{}, l.ioErr("stat "+key, err)
	}
	return Info{Key: key, Size: o.hdr.Size, ContentType: o.hdr.ContentType, SHA256: o.hdr.SHA256,
		ETag: o.hdr.SHA256[:32], Modified: st.ModTime()}, nil
}

func (l *Local) open(key string) (*object, error) {
	if err := ValidKey(key); err != nil {
		return nil, err
	}
	o, err := openObject(l.path(key))
	if err != nil {
		return nil, l.ioErr(fmt.Sprintf("open %q", key), err)
	}
	return o, nil
}

// Get opens key.
func (l *Local) Get(ctx context.Context, key string) (io.ReadCloser, error) {
	return l.GetRange(ctx, key, 0, -1)
}

// Open opens key and describes it from the header it read.
func (l *Local) Open(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	o, err := l.open(key)
	if err != nil {
		return nil, Info{}, err
	}
	info, err := l.info(key, o)
	if err != nil {
		_ = o.Close() // read-only: the stat error is the one to report
		return nil, Info{}, err
	}
	return struct {
		io.Reader
		io.Closer
	}{io.NewSectionReader(o, 0, o.Size()), o}, info, nil
}

// GetRange opens length bytes of key from offset (length < 0: to the end).
func (l *Local) GetRange(ctx context.Context, key string, offset, length int64) (io.ReadCloser, error) {
	if offset < 0 || length == 0 {
		return nil, fmt.Errorf("%w: range %d+%d", ErrInvalid, offset, length)
	}
	o, err := l.open(key)
	if err != nil {
		return nil, err
	}
	size := o.Size()
	if offset > 0 && offset >= size {
		_ = o.Close() // read-only: the range error is the one to report
		return nil, fmt.Errorf("%w: range starts at %d, object has %d bytes", ErrInvalid, offset, size)
	}
	if length < 0 || offset+length > size {
		length = size - offset
	}
	return struct {
		io.Reader
		io.Closer
	}{io.NewSectionReader(o, offset, length), o}, nil
}

// Copy hard-links src's file to dst (same bytes, same header), falling back
// to a copy where links are not possible.
func (l *Local) Copy(ctx context.Context, src, dst string) (Info, error) {
	if err := ValidKey(dst); err != nil {
		return Info{}, err
	}
	o, err := l.open(src)
	if err != nil {
		return Info{}, err
	}
	defer o.Close()
	tmp := filepath.Join(l.tmpDir(), "link-"+randomHex())
	if err := os.Link(o.f.Name(), tmp); err == nil {
		defer os.Remove(tmp)
		if err := os.MkdirAll(filepath.Dir(l.path(dst)), 0o750); err != nil {
			return Info{}, l.ioErr("create object dir", err)
		}
		if err := os.Rename(tmp, l.path(dst)); err != nil {
			return Info{}, l.ioErr("rename object", err)
		}
		return l.Stat(ctx, dst)
	}
	if _, err := l.writeObject(dst, o, o.Size(), o.hdr.ContentType, o.hdr.SHA256); err != nil {
		return Info{}, fmt.Errorf("copy %q to %q: %w", src, dst, err)
	}
	return l.Stat(ctx, dst)
}

// Delete removes key; a missing key is not an error.
func (l *Local) Delete(ctx context.Context, key string) error {
	if err := ValidKey(key); err != nil {
		return err
	}
	if err := os.Remove(l.path(key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return l.ioErr(fmt.Sprintf("delete %q", key), err)
	}
	return nil
}

// Exists reports whether key is stored.
func (l *Local) Exists(ctx context.Context, key string) (bool, error) {
	_, err := l.Stat(ctx, key)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}
