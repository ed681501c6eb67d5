package blob

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// A Local object file is a fixed-size header followed by the bytes. The
// header is written last (in place, before the atomic rename), so an
// object and its metadata appear together or not at all.
const (
	headerSize  = 512
	headerMagic = "TINDALBLOB1 "
)

type fileHeader struct {
	// Key is the key the object was written under (List reads it); absent
	// from objects written before List existed, and naming the source of a
	// hard-linked Copy (List then names a content-addressed object by its
	// hash, local_list.go).
	Key         string `json:"key,omitempty"`
	ContentType string `json:"ct"`
	SHA256      string `json:"sha256"`
	Size        int64  `json:"size"`
}

func (h fileHeader) encode() ([]byte, error) {
	js, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, 0, headerSize)
	buf = append(append(buf, headerMagic...), js...)
	if len(buf) >= headerSize {
		return nil, fmt.Errorf("%w: object header too long", ErrInvalid)
	}
	buf = append(buf, bytes.Repeat([]byte{' '}, headerSize-1-len(buf))...)
	return append(buf, '\n'), nil
}

func readHeader(f *os.File) (fileHeader, error) {
	var h fileHeader
	buf := make([]byte, headerSize)
	if _, err := io.ReadFull(f, buf); err != nil {
		return h, fmt.Errorf("read object header: %w", err)
	}
	if !bytes.HasPrefix(buf, []byte(headerMagic)) {
		return h, fmt.Errorf("object %s: bad header", f.Name())
	}
	err := json.Unmarshal(bytes.TrimRight(buf[len(headerMagic):], " \n"), &h)
	return h, err
}

// writeObject streams size bytes of r into a temporary file, hashing them,
// checks them against wantSHA (if set), and renames the file to key's path.
func (l *Local) writeObject(key string, r io.Reader, size int64, ct, wantSHA string) (fileHeader, error) {
	path := l.path(key)
	f, err := os.CreateTemp(l.tmpDir(), "put-*")
	if err != nil {
		return fileHeader{}, l.ioErr("create temp file", err)
	}
	defer os.Remove(f.Name()) // a no-op after the rename
	defer f.Close()
	h, err := fillObject(f, r, size, fileHeader{Key: key, ContentType: contentTypeOr(ct)}, wantSHA)
	if err != nil {
		return fileHeader{}, err
	}
	if err := f.Close(); err != nil {
		return fileHeader{}, l.ioErr("close temp file", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return fileHeader{}, l.ioErr("create object dir", err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fileHeader{}, l.ioErr("rename object", err)
	}
	return h, nil
}

func fillObject(f *os.File, r io.Reader, size int64, h fileHeader, wantSHA string) (fileHeader, error) {
	if _, err := f.Write(make([]byte, headerSize)); err != nil {
		return fileHeader{}, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	hr := newHashReader(r, size)
	if _, err := io.Copy(f, hr); err != nil {
		return fileHeader{}, err
	}
	if err := hr.verify(wantSHA); err != nil {
		return fileHeader{}, err
	}
	h.SHA256, h.Size = hr.sum(), size
	hb, err := h.encode()
	if err != nil && h.Key != "" { // a key too long for the header: List cannot name it
		h.Key = ""
		hb, err = h.encode()
	}
	if err != nil {
		return fileHeader{}, err
	}
	if _, err := f.WriteAt(hb, 0); err != nil {
		return fileHeader{}, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	if err := f.Sync(); err != nil {
		return fileHeader{}, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	return h, nil
}

// object is an open Local object: a reader over its bytes, seekable for
// ranges and http.ServeContent.
type object struct {
	*io.SectionReader
	f   *os.File
	hdr fileHeader
}

func (o *object) Close() error { return o.f.Close() }

func openObject(path string) (*object, error) {
	f, err := os.Open(path) //nolint:gosec // path is the store's own: its directory and a checked key
	if err != nil {
		return nil, err
	}
	h, err := readHeader(f)
	if err != nil {
		_ = f.Close() // read-only: the header error is the one to report
		return nil, err
	}
	return &object{SectionReader: io.NewSectionReader(f, headerSize, h.Size), f: f, hdr: h}, nil
}
