package sync

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tindal/tindal/models"
)

// CodeInvalidText rejects a mutation holding a string PostgreSQL cannot
// store: a NUL character (U+0000, refused by text and jsonb alike) or
// bytes that are not UTF-8. Before it was checked, the insert failed on
// every resend and the mutation was answered retry forever, so the
// device's queue never drained. It is final: the
// mutation is rejected and kept in quarantine.
const CodeInvalidText = "invalid_text"

// textProblem finds the first string of the mutation the database cannot
// store and returns its JSON path ("args.note", "args.persons[1]",
// "name"), object keys included. Members are visited in sorted order, so
// the same mutation always names the same path.
// a is m.Args decoded once (decodeArgs), shared with the request hash.
func textProblem(m Mutation, a decodedArgs) (string, bool) {
	if !storable(m.Name) {
		return "name", true
	}
	for field, s := range map[string]*string{"captured_at": m.CapturedAt, "captured_raw": m.CapturedRaw} {
		if s != nil && !storable(*s) {
			return field, true
		}
	}
	if len(m.Args) == 0 {
		return "", false
	}
	v := a.v
	if a.err != nil {
		if !utf8.Valid(m.Args) {
			return "args", true
		}
		return "", false // not JSON at all: the decoder's own rejection names it
	}
	// encoding/json replaces bytes that are not UTF-8 by U+FFFD while
	// decoding, so in args that are not valid UTF-8 the bad string is the
	// one holding U+FFFD.
	invalid := !utf8.Valid(m.Args)
	if p, ok := badString(v, "args", invalid); ok {
		return p, true
	}
	if invalid {
		return "args", true
	}
	return "", false
}

func badString(v any, path string, invalidUTF8 bool) (string, bool) {
	bad := func(s string) bool {
		return strings.ContainsRune(s, 0) || (invalidUTF8 && strings.ContainsRune(s, utf8.RuneError))
	}
	switch x := v.(type) {
	case string:
		return path, bad(x)
	case []any:
		for i, e := range x {
			if p, ok := badString(e, path+"["+strconv.Itoa(i)+"]", invalidUTF8); ok {
				return p, true
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := path + "." + storableText(k)
			if bad(k) {
				return p, true
			}
			if q, ok := badString(x[k], p, invalidUTF8); ok {
				return q, true
			}
		}
	}
	return "", false
}

// unsafeText refuses, as validation_failed naming its JSON path, a
// mutation whose args hold a string that would not read as typed where it
// is shown (a bidirectional override, a line break outside a note or a
// reason: models.UnsafeText), as the API refuses such a body.
// a is m.Args decoded once (decodeArgs), shared with the request hash.
func unsafeText(m Mutation, a decodedArgs) error {
	if len(m.Args) == 0 || a.err != nil {
		return nil // not JSON: refused on its own account
	}
	if f, bad := firstUnsafe(a.v, "args"); bad {
		return models.Invalid(f)
	}
	return nil
}

// firstUnsafe walks v's strings in sorted member order, so the same
// mutation always names the same path.
func firstUnsafe(v any, path string) (models.FieldError, bool) {
	switch x := v.(type) {
	case string:
		return models.UnsafeText(path, models.LastName(path), x)
	case []any:
		for i, e := range x {
			if f, ok := firstUnsafe(e, path+"["+strconv.Itoa(i)+"]"); ok {
				return f, true
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if f, ok := firstUnsafe(x[k], path+"."+k); ok {
				return f, true
			}
		}
	}
	return models.FieldError{}, false
}

// invalidText is the rejection of a mutation holding an unstorable string.
func invalidText(path string) error {
	e := models.Errorf(models.KindInvalid, CodeInvalidText,
		"%s: contains a NUL character (U+0000) or bytes that are not UTF-8; remove them and record the change again", path)
	e.Fields = []models.FieldError{
		{Field: path, Code: CodeInvalidText, Message: "contains a NUL character (U+0000) or bytes that are not UTF-8"},
	}
	return e
}

func storable(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// storableText replaces what PostgreSQL text cannot hold by U+FFFD.
func storableText(s string) string {
	if storable(s) {
		return s
	}
	return strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "\uFFFD")
}

// storablePayload is the mutation as quarantine.payload (jsonb) keeps it.
// A mutation the database can store is kept as sent. One it cannot (a NUL
// anywhere, bytes that are not UTF-8, args that are not JSON) is kept
// readable with every such character replaced by U+FFFD, and beside it,
// in "raw_base64", the exact JSON of the mutation as received (in
// "args_base64" the exact args, when they are not JSON), so nothing the
// phone sent is lost.
func storablePayload(m Mutation) []byte {
	raw, err := json.Marshal(m)
	if err == nil && utf8.Valid(raw) && !bytes.Contains(raw, []byte(`\u0000`)) {
		return raw
	}
	key := "raw_base64"
	if err != nil { // args not JSON: their bytes are what is kept
		key, raw = "args_base64", m.Args
	}
	clean := m
	clean.Name = storableText(m.Name)
	clean.CapturedAt, clean.CapturedRaw = cleanPtr(m.CapturedAt), cleanPtr(m.CapturedRaw)
	clean.Args = cleanArgs(m.Args)
	out, err := json.Marshal(clean)
	if err != nil {
		out = []byte(fmt.Sprintf(`{"id": %q, "seq": %d}`, m.ID, m.Seq))
	}
	var obj map[string]any
	if json.Unmarshal(out, &obj) != nil {
		obj = map[string]any{"id": m.ID, "seq": m.Seq}
	}
	obj[key] = base64.StdEncoding.EncodeToString(raw)
	b, _ := json.Marshal(obj) //nolint:errcheck // strings and numbers
	return b
}

func cleanPtr(s *string) *string {
	if s == nil {
		return nil
	}
	c := storableText(*s)
	return &c
}

// cleanArgs is args with every unstorable string (and key) made storable;
// args that are not JSON become a JSON string of their storable text.
func cleanArgs(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return raw
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		b, _ := json.Marshal(storableText(string(raw))) //nolint:errcheck // a string
		return b
	}
	b, err := json.Marshal(cleanValue(v))
	if err != nil {
		b, _ = json.Marshal(storableText(string(raw))) //nolint:errcheck // a string
	}
	return b
}

func cleanValue(v any) any {
	switch x := v.(type) {
	case string:
		return storableText(x)
	case []any:
		for i := range x {
			x[i] = cleanValue(x[i])
		}
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[storableText(k)] = cleanValue(e)
		}
		return out
	}
	return v
}

// asReceived is the mutation exactly as the device sent it, for its
// request hash: from "raw_base64" when the quarantine had to keep a
// storable copy (storablePayload), else m itself, decoded from payload.
func asReceived(payload []byte, m Mutation) Mutation {
	var kept struct {
		Raw string `json:"raw_base64"`
	}
	if json.Unmarshal(payload, &kept) != nil || kept.Raw == "" {
		return m
	}
	raw, err := base64.StdEncoding.DecodeString(kept.Raw)
	var orig Mutation
	if err != nil || json.Unmarshal(raw, &orig) != nil {
		return m
	}
	return orig
}
