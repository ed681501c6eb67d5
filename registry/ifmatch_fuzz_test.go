package registry_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
)

// FuzzParseIfMatch checks the If-Match parsing every versioned write uses
// (vessels, owners, crew, inspections): it never panics; a missing or blank
// header is 428 if_match_required; a value is accepted only when it is a
// row version (a positive decimal, optionally quoted and weak, W/"3") and
// nothing else, and it reads that number; every refusal is an invalid
// If-Match field, never another error; and the ETag forms the server itself
// sends for a version parse back to that version.
func FuzzParseIfMatch(f *testing.F) {
	for _, s := range []string{"3", `"3"`, `W/"3"`, " 7 ", `"0"`, "-1", "*", `"3", "4"`, `W/3`, "9223372036854775807",
		"9223372036854775808", "+5", "0x10", `""`, "\x003", "٣", "3\u00a0", `W/""3""`} {
		f.Add(s, true)
	}
	f.Add("", false)
	f.Fuzz(func(t *testing.T, h string, present bool) {
		var hp *string
		if present {
			hp = &h
		}
		v, err := registry.ParseIfMatch(hp)
		if !present || strings.TrimSpace(h) == "" {
			if !isErr(err, models.KindPrecondition, "if_match_required") {
				t.Fatalf("missing If-Match %q: %v, want if_match_required", h, err)
			}
			return
		}
		if err != nil {
			var me *models.Error
			if !errors.As(err, &me) || me.Kind != models.KindInvalid || len(me.Fields) != 1 || me.Fields[0].Field != "If-Match" {
				t.Fatalf("If-Match %q: %v, want an invalid If-Match field", h, err)
			}
			if n, ok := plainVersion(h); ok {
				t.Fatalf("If-Match %q (version %d) refused", h, n)
			}
			return
		}
		if v < 1 {
			t.Fatalf("If-Match %q read as version %d", h, v)
		}
		if strings.Trim(h, "0123456789+\"W/ \t\n\v\f\r\u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000") != "" {
			t.Fatalf("If-Match %q accepted as %d though it holds more than a version", h, v)
		}
		for _, etag := range []string{strconv.FormatInt(v, 10), `"` + strconv.FormatInt(v, 10) + `"`, `W/"` + strconv.FormatInt(v, 10) + `"`} {
			if back, err := registry.ParseIfMatch(&etag); err != nil || back != v {
				t.Fatalf("ETag %s parsed as %d, %v; want %d", etag, back, err, v)
			}
		}
	})
}

// plainVersion reports whether h is one of the forms the contract names
// for a version n ≥ 1: 3, "3" or W/"3", possibly with surrounding spaces.
func plainVersion(h string) (int64, bool) {
	s := strings.TrimSpace(h)
	if rest, ok := strings.CutPrefix(s, "W/"); ok {
		s = rest
		if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
			return 0, false
		}
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n >= 1
}

func isErr(err error, kind models.Kind, code string) bool {
	var me *models.Error
	return errors.As(err, &me) && me.Kind == kind && me.Code == code
}
