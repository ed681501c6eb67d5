package storage

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// KeyCursor is the position after a row in a list ordered by (time, id):
// the review queue by submission, the penalty notices by creation.
type KeyCursor struct {
	At time.Time
	ID uuid.UUID
}

// Encode makes the opaque cursor a client sends back for the next page.
func (k KeyCursor) Encode() string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(k.At.UnixMicro(), 10) + "." + k.ID.String()))
}

// DecodeKeyCursor reads a cursor made by Encode; "" is the first page
// (nil). Errors: KindInvalid on field "cursor" for anything this server
// did not issue.
func DecodeKeyCursor(c string) (*KeyCursor, error) {
	if c == "" {
		return nil, nil
	}
	bad := models.Invalid(models.FieldError{Field: "cursor", Code: "invalid", Message: "not a cursor this server issued"})
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return nil, bad
	}
	ts, id, ok := strings.Cut(string(raw), ".")
	us, err := strconv.ParseInt(ts, 10, 64)
	uid, perr := uuid.Parse(id)
	if !ok || err != nil || perr != nil {
		return nil, bad
	}
	return &KeyCursor{At: time.UnixMicro(us).UTC(), ID: uid}, nil
}
