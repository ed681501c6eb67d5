package sync

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
)

// writeCanonical writes a decoded JSON value (UseNumber) in JCS form.
func writeCanonical(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case json.Number:
		s, err := canonicalNumber(x)
		if err != nil {
			return err
		}
		b.WriteString(s)
	case string:
		writeCanonicalString(b, x)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeCanonical(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case map[string]any:
		return writeCanonicalObject(b, x)
	default:
		return fmt.Errorf("canonical json: unexpected %T", v)
	}
	return nil
}

func writeCanonicalObject(b *bytes.Buffer, m map[string]any) error {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return utf16Less(keys[i], keys[j]) })
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		writeCanonicalString(b, k)
		b.WriteByte(':')
		if err := writeCanonical(b, m[k]); err != nil {
			return err
		}
	}
	b.WriteByte('}')
	return nil
}

// utf16Less orders strings by their UTF-16 code units (RFC 8785 §3.2.3).
func utf16Less(a, b string) bool {
	x, y := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(x) && i < len(y); i++ {
		if x[i] != y[i] {
			return x[i] < y[i]
		}
	}
	return len(x) < len(y)
}

// writeCanonicalString escapes as JSON.stringify: quote, backslash and
// control characters only; \b \t \n \f \r by name, others as \u00xx.
func writeCanonicalString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 {
				fmt.Fprintf(b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}

// canonicalNumber formats a number as ECMAScript's Number.prototype.toString
// of the IEEE 754 double it denotes (RFC 8785 §3.2.2.3).
func canonicalNumber(n json.Number) (string, error) {
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return "", fmt.Errorf("canonical json: number %s is not a finite double", n)
	}
	if f == 0 {
		return "0", nil
	}
	abs := math.Abs(f)
	if abs >= 1e21 || abs < 1e-6 {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		mant, exp, _ := strings.Cut(s, "e")
		sign := exp[0]
		digits := strings.TrimLeft(exp[1:], "0")
		return mant + "e" + string(sign) + digits, nil
	}
	return strconv.FormatFloat(f, 'f', -1, 64), nil
}

// RequestHash is the SHA-256 of the canonical JSON of a mutation's name,
// version, args, base_version and captured_at (docs/SYNC.md §2): the
// same intent hashes the same however it was serialised.
func RequestHash(m Mutation) ([]byte, error) {
	a := decodeArgs(m.Args)
	if a.err != nil {
		return nil, fmt.Errorf("hash args: %w", a.err)
	}
	return requestHashOf(m, a)
}

// requestHashOf is RequestHash of a mutation whose args are decoded.
func requestHashOf(m Mutation, a decodedArgs) ([]byte, error) {
	doc := map[string]any{
		"name":         m.Name,
		"version":      json.Number(strconv.Itoa(m.Version)),
		"args":         a.v,
		"base_version": nil,
		"captured_at":  nil,
	}
	if m.BaseVersion != nil {
		doc["base_version"] = json.Number(strconv.FormatInt(*m.BaseVersion, 10))
	}
	if m.CapturedAt != nil {
		doc["captured_at"] = *m.CapturedAt
	}
	var b bytes.Buffer
	if err := writeCanonical(&b, doc); err != nil {
		return nil, err
	}
	sum := sha256.Sum256(b.Bytes())
	return sum[:], nil
}

// decodedArgs are a mutation's args decoded once, numbers kept as written
// (json.Number), for the request hash and the text checks, which read the
// same value: each used to decode the args on its own. Nothing that reads
// v changes it. v is nil for empty args; err is the decoder's.
type decodedArgs struct {
	v   any
	err error
}

// decodeArgs decodes args as RequestHash and the text checks read them.
func decodeArgs(args []byte) decodedArgs {
	if len(args) == 0 {
		return decodedArgs{}
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	var a decodedArgs
	a.err = dec.Decode(&a.v)
	return a
}
