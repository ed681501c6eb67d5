package models

import (
	"strings"
)

// NormaliseMobile turns what a person types for an Indian mobile number
// into E.164 (+91 and ten digits starting 6–9, the numbering plan's mobile
// series): spaces and hyphens are dropped, and the national forms
// "98450 12345", "098450 12345" and "91 98450 12345" gain their +91. An
// empty string stays empty (no mobile). Anything else is an invalid error
// naming field.
func NormaliseMobile(field, s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	d := strings.NewReplacer(" ", "", "-", "").Replace(s)
	switch {
	case len(d) == 10:
		d = "+91" + d
	case len(d) == 11 && d[0] == '0':
		d = "+91" + d[1:]
	case len(d) == 12 && strings.HasPrefix(d, "91"):
		d = "+" + d
	}
	if !IsMobile(d) {
		return "", Invalid(FieldError{Field: field, Code: "invalid",
			Message: "must be an Indian mobile number: +91 and ten digits starting with 6, 7, 8 or 9"})
	}
	return d, nil
}

// IsMobile reports whether s is an Indian mobile number in E.164.
func IsMobile(s string) bool {
	if len(s) != 13 || !strings.HasPrefix(s, "+91") || s[3] < '6' || s[3] > '9' {
		return false
	}
	return strings.Trim(s[3:], "0123456789") == ""
}
