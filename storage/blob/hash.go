package blob

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
)

// hashReader passes through exactly size bytes of r, hashing them. It
// reports ErrSizeMismatch if r ends early, so a store never keeps a short
// object as if it were whole.
type hashReader struct {
	r    io.Reader
	h    hash.Hash
	left int64
}

func newHashReader(r io.Reader, size int64) *hashReader {
	return &hashReader{r: r, h: sha256.New(), left: size}
}

func (hr *hashReader) Read(p []byte) (int, error) {
	if hr.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > hr.left {
		p = p[:hr.left]
	}
	n, err := hr.r.Read(p)
	hr.h.Write(p[:n])
	hr.left -= int64(n)
	if err == io.EOF && hr.left > 0 {
		return n, fmt.Errorf("%w: body ended %d bytes early", ErrSizeMismatch, hr.left)
	}
	if hr.left == 0 && err == nil {
		err = io.EOF
	}
	return n, err
}

// sum is the hex SHA-256 of what was read so far.
func (hr *hashReader) sum() string {
	return hex.EncodeToString(hr.h.Sum(nil))
}

// verify checks that everything was read and matches want (if set).
func (hr *hashReader) verify(want string) error {
	if hr.left > 0 {
		return fmt.Errorf("%w: body ended %d bytes early", ErrSizeMismatch, hr.left)
	}
	if want != "" && hr.sum() != want {
		return fmt.Errorf("%w: got %s, declared %s", ErrChecksumMismatch, hr.sum(), want)
	}
	return nil
}
