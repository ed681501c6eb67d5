package sync_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"testing"

	"github.com/tindal/tindal/sync"
)

// hashSeeds are JSON documents that exercise RFC 8785: member order by
// UTF-16 code units, escapes, numbers at the exponent boundaries, nesting.
var hashSeeds = []string{
	`{}`, `[]`, `null`, `true`, `0`, `-0`, `"x"`,
	`{"b":1,"a":[1,2,{"d":null,"c":"\u00e9"}]}`,
	`{"\ud83d\ude00":1,"\ue000":2,"a":3}`,
	`{"n":[1e21,1e-7,123456789012345678901234567890,0.000001,1.5e300,-4.5e-300]}`,
	`{"s":"<>&\u2028\u2029\"\\\b\f\n\r\t\u0001\u007f"}`,
	` { "a" : 1 , "a" : 2 } `,
	`{"finding_id":"0193e0a0-0000-7000-8000-000000000001","note":"rust on hull","persons":3}`,
	`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
	`{"a":1}x`, `{"a":1e400}`, "\"\xff\xfe\"",
}

// FuzzCanonical checks the canonical form (RFC 8785) the request hash is
// built on: it never panics; what it accepts it turns into valid JSON that
// means the same, is its own canonical form, and is the same however the
// input was spaced, ordered or escaped.
func FuzzCanonical(f *testing.F) {
	for _, s := range hashSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		out, err := sync.Canonical(raw)
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("canonical form is not JSON: %q", out)
		}
		again, err := sync.Canonical(out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("canonical form not a fixed point:\n%q\n%q (%v)", out, again, err)
		}
		var a, b any
		if json.Unmarshal(raw, &a) != nil || json.Unmarshal(out, &b) != nil || !reflect.DeepEqual(a, b) {
			t.Fatalf("canonical form changed the value:\nin  %q\nout %q", raw, out)
		}
		for _, variant := range []bool{false, true} {
			other := respell(t, raw, variant)
			got, err := sync.Canonical(other)
			if err != nil || !bytes.Equal(got, out) {
				t.Fatalf("respelled input canonicalises differently:\nin    %q\nother %q\nwant  %q\ngot   %q (%v)", raw, other, out, got, err)
			}
		}
	})
}

// FuzzRequestHash checks the idempotency hash (docs/SYNC.md §2): the
// same intent hashes the same however its args were serialised, the hash is
// SHA-256 of the canonical document it claims to cover, and name, version,
// base version and capture time each change it.
func FuzzRequestHash(f *testing.F) {
	for _, s := range hashSeeds {
		f.Add("finding.record", 1, []byte(s), int64(3), "2026-11-30T10:15:00Z", true)
	}
	f.Add("inspection.start", 1, []byte(nil), int64(0), "", false)
	f.Fuzz(func(t *testing.T, name string, version int, args []byte, base int64, at string, withOptional bool) {
		m := sync.Mutation{Name: name, Version: version, Args: args}
		if withOptional {
			m.BaseVersion, m.CapturedAt = &base, &at
		}
		h, err := sync.RequestHash(m)
		if err != nil {
			return
		}
		if _, cerr := sync.Canonical(args); len(args) > 0 && cerr != nil {
			return // trailing data after the args value: the push never sends it (args are re-marshalled)
		}
		if want := documentHash(t, m); !bytes.Equal(h, want) {
			t.Fatalf("RequestHash is not sha256 of the canonical document: %x, want %x", h, want)
		}
		if len(args) > 0 {
			for _, variant := range []bool{false, true} {
				m2 := m
				m2.Args = respell(t, args, variant)
				if h2, err := sync.RequestHash(m2); err != nil || !bytes.Equal(h, h2) {
					t.Fatalf("respelled args hash differently: %q vs %q (%v)", args, m2.Args, err)
				}
			}
		}
		changed := []sync.Mutation{m, m, m}
		changed[0].Name += "x"
		changed[1].Version++
		if withOptional {
			b2, at2 := base+1, at+"x"
			changed[2].BaseVersion, changed[2].CapturedAt = &b2, &at2
		} else {
			changed[2].BaseVersion = &base
		}
		for i, c := range changed {
			if h2, err := sync.RequestHash(c); err == nil && bytes.Equal(h, h2) {
				t.Fatalf("change %d did not change the hash", i)
			}
		}
	})
}

// documentHash builds the hashed document as JSON text, independently of
// RequestHash's in-memory construction, and hashes its canonical form.
func documentHash(t *testing.T, m sync.Mutation) []byte {
	t.Helper()
	name, _ := json.Marshal(m.Name)
	args := []byte("null")
	if len(m.Args) > 0 {
		args = m.Args
	}
	base, at := "null", []byte("null")
	if m.BaseVersion != nil {
		base = strconv.FormatInt(*m.BaseVersion, 10)
	}
	if m.CapturedAt != nil {
		at, _ = json.Marshal(*m.CapturedAt)
	}
	doc := fmt.Sprintf(`{"version":%d,"name":%s,"captured_at":%s,"base_version":%s,"args":%s}`, m.Version, name, at, base, args)
	c, err := sync.Canonical([]byte(doc))
	if err != nil {
		t.Fatalf("canonical of %q: %v", doc, err)
	}
	sum := sha256.Sum256(c)
	return sum[:]
}

// respell writes the JSON value of raw again with other whitespace, member
// order (reversed when reverse is set) and string escapes (Go's, which
// escape <, >, & and U+2028 as \u00xx), keeping the numbers' own spelling.
func respell(t *testing.T, raw []byte, reverse bool) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("respell %q: %v", raw, err)
	}
	var b bytes.Buffer
	writeSpelled(&b, v, reverse)
	return b.Bytes()
}

func writeSpelled(b *bytes.Buffer, v any, reverse bool) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if reverse {
			sort.Sort(sort.Reverse(sort.StringSlice(keys)))
		}
		b.WriteString("{\n ")
		for i, k := range keys {
			if i > 0 {
				b.WriteString(" ,\t")
			}
			ks, _ := json.Marshal(k)
			b.Write(ks)
			b.WriteString(" : ")
			writeSpelled(b, x[k], reverse)
		}
		b.WriteString("\r\n}")
	case []any:
		b.WriteString("[ ")
		for i, e := range x {
			if i > 0 {
				b.WriteString(" , ")
			}
			writeSpelled(b, e, reverse)
		}
		b.WriteString(" ]")
	case json.Number:
		b.WriteString(x.String())
	default:
		s, _ := json.Marshal(x)
		b.Write(s)
	}
}
