package registry_test

import (
	"encoding/base64"
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
)

// FuzzListCursor checks the cursor of every registry list (vessels, owners,
// crew...): decoding never panics; "" is the first page; anything else is
// accepted only when it is the base64url of exactly one 16-byte id and then
// is the cursor EncodeCursor makes of that id (round trip); everything else
// is refused as an invalid "cursor" field (422), never another error.
//
// The list cursor is a position, not a capability: it is not signed, because
// every list query is scoped by the caller's jurisdictions in SQL, so a
// cursor edited to another id only moves where the caller's own list
// resumes. Malformed cursors are what must be refused.
func FuzzListCursor(f *testing.F) {
	id := uuid.MustParse("0193e0a0-0000-7000-8000-000000000042")
	for _, s := range []string{"", registry.EncodeCursor(id), registry.EncodeCursor(uuid.Nil), registry.EncodeCursor(id) + "A",
		registry.EncodeCursor(id)[:21], registry.EncodeCursor(id) + "==", "AZPgoAAAcACAAAAAAAAAQg==", "%%%", "\x00", id.String()} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := registry.DecodeCursor(s)
		raw, derr := base64.RawURLEncoding.DecodeString(s)
		wellFormed := s == "" || (derr == nil && len(raw) == 16)
		if !wellFormed {
			var me *models.Error
			if !errors.As(err, &me) || me.Kind != models.KindInvalid || len(me.Fields) != 1 || me.Fields[0].Field != "cursor" {
				t.Fatalf("DecodeCursor(%q) = %v, %v; want an invalid cursor field", s, got, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("DecodeCursor(%q) refused a well-formed cursor: %v", s, err)
		}
		if s == "" {
			if got != uuid.Nil {
				t.Fatalf(`"" decoded to %v, want the first page`, got)
			}
			return
		}
		if string(raw) != string(got[:]) {
			t.Fatalf("DecodeCursor(%q) = %v, want the id it encodes", s, got)
		}
		if back, err := registry.DecodeCursor(registry.EncodeCursor(got)); err != nil || back != got {
			t.Fatalf("round trip of %v: %v, %v", got, back, err)
		}
	})
}

// FuzzEncodeListCursor: every id's cursor decodes to that id.
func FuzzEncodeListCursor(f *testing.F) {
	f.Add(make([]byte, 16))
	f.Add([]byte("0123456789abcdef"))
	f.Fuzz(func(t *testing.T, b []byte) {
		var id uuid.UUID
		copy(id[:], b)
		got, err := registry.DecodeCursor(registry.EncodeCursor(id))
		if err != nil || got != id {
			t.Fatalf("round trip of %v: %v, %v", id, got, err)
		}
	})
}
