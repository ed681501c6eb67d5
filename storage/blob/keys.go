package blob

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
)

// maxKeyLen keeps keys well inside S3's 1,024-byte limit.
const maxKeyLen = 512

// ContentKey is the key of the blob whose SHA-256 is sha256Hex (which must
// pass ValidSHA256): "sha256/ab/abcdef…". The two-character fan-out keeps
// listings small.
func ContentKey(sha256Hex string) string {
	return "sha256/" + sha256Hex[:2] + "/" + sha256Hex
}

// StagingKey is where a multipart upload for the upload named id (a photo
// id) is assembled before it is verified and copied to its content key.
func StagingKey(id string) string {
	return "staging/" + id
}

// ValidKey reports whether key is acceptable to every Store: slash-separated
// segments of ASCII letters, digits, '-', '_' and '.', none empty, "." or
// "..", at most 512 bytes. So a key can never escape a directory.
func ValidKey(key string) error {
	if key == "" || len(key) > maxKeyLen {
		return fmt.Errorf("%w: key length %d", ErrInvalid, len(key))
	}
	for _, seg := range strings.Split(key, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return fmt.Errorf("%w: key %q has an empty or dot segment", ErrInvalid, key)
		}
		for _, c := range seg {
			if !keyChar(c) {
				return fmt.Errorf("%w: key %q has character %q", ErrInvalid, key, c)
			}
		}
	}
	return nil
}

func keyChar(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '-' || c == '_' || c == '.'
}

// ValidSHA256 reports whether s is a lower-case hex SHA-256.
func ValidSHA256(s string) error {
	if len(s) != 64 || strings.ToLower(s) != s {
		return fmt.Errorf("%w: sha256 must be 64 lower-case hex digits", ErrInvalid)
	}
	if _, err := hex.DecodeString(s); err != nil {
		return fmt.Errorf("%w: sha256 must be 64 lower-case hex digits", ErrInvalid)
	}
	return nil
}

// sha256Base64 converts a hex SHA-256 to the base64 form of x-amz-checksum-sha256.
func sha256Base64(hexSum string) string {
	b, _ := hex.DecodeString(hexSum) //nolint:errcheck // checked hex
	return base64.StdEncoding.EncodeToString(b)
}

// sha256Hex converts an x-amz-checksum-sha256 value back to hex; "" if it
// is not a plain full-object SHA-256 (composite checksums end in "-N").
func sha256Hex(b64 string) string {
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil || len(b) != 32 {
		return ""
	}
	return hex.EncodeToString(b)
}

func checkPut(key string, size int64, opts PutOptions) error {
	if err := ValidKey(key); err != nil {
		return err
	}
	if opts.SHA256 != "" {
		if err := ValidSHA256(opts.SHA256); err != nil {
			return err
		}
	}
	if err := checkContentType(opts.ContentType); err != nil {
		return err
	}
	return checkSize(size, opts.MaxSize)
}

// checkContentType keeps content types short and printable (they are
// stored in object headers).
func checkContentType(ct string) error {
	if len(ct) > 200 {
		return fmt.Errorf("%w: content type longer than 200 bytes", ErrInvalid)
	}
	for _, c := range ct {
		if c < 0x20 || c > 0x7e {
			return fmt.Errorf("%w: content type %q", ErrInvalid, ct)
		}
	}
	return nil
}

func checkSize(size, maxSize int64) error {
	if size < 0 {
		return fmt.Errorf("%w: size %d", ErrInvalid, size)
	}
	if maxSize <= 0 || maxSize > MaxObjectSize {
		maxSize = MaxObjectSize
	}
	if size > maxSize {
		return fmt.Errorf("%w: %d bytes, at most %d allowed", ErrTooLarge, size, maxSize)
	}
	return nil
}

func checkPresignPut(key string, opts PresignPutOptions) error {
	if err := ValidKey(key); err != nil {
		return err
	}
	if err := ValidSHA256(opts.SHA256); err != nil {
		return err
	}
	if err := checkContentType(opts.ContentType); err != nil {
		return err
	}
	return checkSize(opts.Size, opts.MaxSize)
}

func checkPartNumber(part int) error {
	if part < 1 || part > MaxPartNumber {
		return fmt.Errorf("%w: part number %d outside 1..%d", ErrInvalid, part, MaxPartNumber)
	}
	return nil
}

// checkPartList requires a non-empty list of valid, strictly ascending parts.
func checkPartList(parts []Part) error {
	if len(parts) == 0 {
		return fmt.Errorf("%w: no parts", ErrInvalid)
	}
	for i, p := range parts {
		if err := checkPartNumber(p.Number); err != nil {
			return err
		}
		if i > 0 && p.Number <= parts[i-1].Number {
			return fmt.Errorf("%w: parts must ascend by number", ErrInvalid)
		}
	}
	return nil
}
