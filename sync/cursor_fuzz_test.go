package sync

import (
	"bytes"
	"encoding/base64"
	"errors"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/google/uuid"
)

var (
	fuzzCursorKey  = []byte("fuzz cursor key: 32 bytes long..")
	fuzzCursorUser = uuid.MustParse("0193e0a0-0000-7000-8000-00000000a11c")
)

// FuzzPullCursor checks the signed pull cursor (docs/SYNC.md
// §6): decoding never panics and accepts only what this server signed
// for this user; a cursor it issued decodes to what it carried and encodes
// back to the same token; changing any one byte of a token, or presenting it
// as another user or under another key, is refused with ErrInvalidCursor
// (unless the change leaves the decoded bytes as they were).
func FuzzPullCursor(f *testing.F) {
	f.Add(1, int64(0), "j:KA", "inspection", "", "", uint16(0), byte('x'))
	f.Add(1, int64(9000), "j:KA,j:OD", "finding,photo", "r1", "j:TN", uint16(5), byte('.'))
	f.Add(2, int64(1)<<62, "", "", "digest", "", uint16(40), byte(0))
	f.Add(0, int64(-1), "\xff", "\x00", "\u2028", "k", uint16(65535), byte('A'))
	f.Fuzz(func(t *testing.T, v int, p int64, key, typ, ref, removed string, at uint16, to byte) {
		c := &pullCursor{V: v, U: fuzzCursorUser, P: p, K: []string{key}, T: []string{typ}, R: ref}
		if removed != "" {
			c.Rm = &removalState{Keys: []string{removed}, Key: int(at), Type: typ, Pos: p}
			c.Sn = &snapshotState{Tasks: []snapshotTask{{Key: removed, Types: []string{typ}}}, Task: int(at)}
		}
		tok, err := encodeCursor(fuzzCursorKey, c)
		if err != nil {
			t.Fatalf("encode: %v", err)
		}
		got, err := decodeCursor(fuzzCursorKey, tok, fuzzCursorUser)
		if v < 1 || p < 0 {
			if !errors.Is(err, ErrInvalidCursor) {
				t.Fatalf("cursor v=%d p=%d accepted: %v", v, p, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("own cursor refused: %v", err)
		}
		if again, _ := encodeCursor(fuzzCursorKey, got); again != tok {
			t.Fatalf("round trip changed the token:\n%s\n%s", tok, again)
		}
		if allUTF8(key, typ, ref, removed) && !reflect.DeepEqual(got, c) {
			t.Fatalf("round trip changed the cursor: %+v, want %+v", got, c)
		}
		if _, err := decodeCursor(fuzzCursorKey, tok, uuid.New()); !errors.Is(err, ErrInvalidCursor) {
			t.Fatalf("another user's cursor accepted: %v", err)
		}
		if _, err := decodeCursor([]byte("another key"), tok, fuzzCursorUser); !errors.Is(err, ErrInvalidCursor) {
			t.Fatalf("cursor accepted under another key: %v", err)
		}
		tampered := []byte(tok)
		i := int(at) % len(tampered)
		if tampered[i] == to {
			return
		}
		tampered[i] = to
		d, err := decodeCursor(fuzzCursorKey, string(tampered), fuzzCursorUser)
		if err == nil && !sameBytes(tok, string(tampered)) {
			t.Fatalf("tampered cursor accepted: %q -> %+v", tampered, d)
		}
		if err != nil && !errors.Is(err, ErrInvalidCursor) {
			t.Fatalf("tampered cursor: %v, want ErrInvalidCursor", err)
		}
	})
}

// FuzzDecodePullCursor feeds arbitrary strings as cursors: never a panic,
// never another error than ErrInvalidCursor, and anything accepted is a
// cursor of this user with a valid version and position that re-encodes to
// itself.
func FuzzDecodePullCursor(f *testing.F) {
	own, _ := encodeCursor(fuzzCursorKey, &pullCursor{V: 1, U: fuzzCursorUser, P: 7, K: []string{"j:KA"}})
	for _, s := range []string{own, "", ".", "e30.", "e30.AAAAAAAAAAAAAAAAAAAAAA", own + "=", own[:len(own)-1], "eyJ2IjoxfQ.x.y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := decodeCursor(fuzzCursorKey, s, fuzzCursorUser)
		if err != nil {
			if !errors.Is(err, ErrInvalidCursor) {
				t.Fatalf("decode %q: %v, want ErrInvalidCursor", s, err)
			}
			return
		}
		if c.U != fuzzCursorUser || c.V < 1 || c.P < 0 {
			t.Fatalf("accepted an invalid cursor %+v", c)
		}
		tok, _ := encodeCursor(fuzzCursorKey, c)
		if _, err := decodeCursor(fuzzCursorKey, tok, fuzzCursorUser); err != nil {
			t.Fatalf("re-encoded cursor refused: %v", err)
		}
	})
}

// sameBytes reports whether two tokens carry the same payload and MAC
// bytes: base64 decoding ignores the unused low bits of a final character,
// so a change there is no change at all.
func sameBytes(a, b string) bool {
	pa, sa, _ := bytes.Cut([]byte(a), []byte("."))
	pb, sb, ok := bytes.Cut([]byte(b), []byte("."))
	if !ok {
		return false
	}
	dec := func(s []byte) []byte { d, _ := base64.RawURLEncoding.DecodeString(string(s)); return d }
	return bytes.Equal(dec(pa), dec(pb)) && bytes.Equal(dec(sa), dec(sb)) && dec(pb) != nil && dec(sb) != nil
}

func allUTF8(ss ...string) bool {
	for _, s := range ss {
		if !utf8.ValidString(s) {
			return false
		}
	}
	return true
}
