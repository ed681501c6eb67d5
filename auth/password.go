package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"github.com/tindal/tindal/models"
)

// Password length bounds. The maximum only stops absurd inputs.
const (
	MinPasswordLength = 10   // characters
	MaxPasswordLength = 1024 // bytes
)

// Hasher hashes passwords with argon2id and encodes them in the PHC string
// form $argon2id$v=19$m=<KiB>,t=<passes>,p=<threads>$<salt>$<hash> (base64
// without padding). Verification reads the parameters from the hash, so
// raising them later leaves old hashes valid.
type Hasher struct {
	Memory  uint32 // KiB
	Time    uint32 // passes
	Threads uint8
	SaltLen uint32 // bytes
	KeyLen  uint32 // bytes
}

// DefaultHasher costs about 50 ms and 32 MiB on one core of a small server,
// so a 2-core server still answers other requests during a burst of logins.
func DefaultHasher() Hasher {
	return Hasher{Memory: 32 * 1024, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}
}

// Hash returns the PHC string of password under a fresh random salt.
func (h Hasher) Hash(password string) string {
	salt := make([]byte, h.SaltLen)
	_, _ = rand.Read(salt) // never fails (crypto/rand, Go 1.24+)
	key := argon2.IDKey([]byte(password), salt, h.Time, h.Memory, h.Threads, h.KeyLen)
	return fmt.Sprintf(
		"$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version,
		h.Memory,
		h.Time,
		h.Threads,
		base64.RawStdEncoding.EncodeToString(salt),
		base64.RawStdEncoding.EncodeToString(key),
	)
}

// Verify reports whether password matches the PHC string encoded, comparing
// in constant time. A malformed hash is an error.
func (h Hasher) Verify(password, encoded string) (bool, error) {
	p, salt, key, err := parsePHC(encoded)
	if err != nil {
		return false, err
	}
	//nolint:gosec // len(key) <= 128 (phcBounded)
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

// NeedsRehash reports whether encoded was made with other parameters than h.
func (h Hasher) NeedsRehash(encoded string) bool {
	p, _, key, err := parsePHC(encoded)
	return err != nil || p.Memory != h.Memory || p.Time != h.Time || p.Threads != h.Threads ||
		uint32(len(key)) != h.KeyLen //nolint:gosec // <= 128 (phcBounded)
}

var errBadHash = errors.New("malformed argon2id hash")

// parsePHC splits a PHC string, bounding the parameters so that a corrupt
// row cannot make one login allocate gigabytes.
func parsePHC(encoded string) (Hasher, []byte, []byte, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return Hasher{}, nil, nil, errBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return Hasher{}, nil, nil, errBadHash
	}
	var p Hasher
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return Hasher{}, nil, nil, errBadHash
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	key, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || !phcBounded(p, salt, key) {
		return Hasher{}, nil, nil, errBadHash
	}
	return p, salt, key, nil
}

// phcBounded reports whether a stored hash's salt, key and parameters are
// within what one login may spend (keys of at most 128 bytes, 1 GiB).
func phcBounded(p Hasher, salt, key []byte) bool {
	return len(salt) >= 8 && len(key) >= 16 && len(key) <= 128 &&
		p.Time >= 1 && p.Time <= 64 && p.Threads >= 1 && p.Memory >= 8*uint32(p.Threads) && p.Memory <= 1<<20
}

// ValidatePassword checks a new password's length; field names the input
// field in the error (usually "password").
func ValidatePassword(field, password string) *models.FieldError {
	switch {
	case utf8.RuneCountInString(password) < MinPasswordLength:
		return &models.FieldError{Field: field, Code: "too_short",
			Message: fmt.Sprintf("must be at least %d characters", MinPasswordLength)}
	case len(password) > MaxPasswordLength:
		return &models.FieldError{Field: field, Code: "too_long",
			Message: fmt.Sprintf("must be at most %d bytes", MaxPasswordLength)}
	}
	return nil
}
