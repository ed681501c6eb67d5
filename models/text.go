package models

import (
	"strconv"
	"strings"
)

// Text that reaches a document, a public page or a mail must read there as
// it was typed. Two kinds of character make it read otherwise:
//
//   - Unicode bidirectional embeddings, overrides and isolates (U+202A–
//     U+202E, U+2066–U+2069) reorder what follows them: a vessel named
//     "KA-01\u202E9999" displays its digits reversed on the status page and
//     in the PDF, and a certificate number can be made to look like
//     another's.
//   - Line breaks (CR, LF, NEL, U+2028, U+2029) and other control
//     characters split a name over lines, start a new header in a mail,
//     or hide text in a rendering that drops them.
//
// Every string a client sends passes UnsafeText; only prose fields (notes,
// reasons, descriptions: MultilineField) may hold line breaks and tabs.

// UnsafeText reports the first character of s that a document, page or
// mail would not show as typed, as a field error for field, whose own
// member name is name (see MultilineField).
func UnsafeText(field, name, s string) (FieldError, bool) {
	multi := MultilineField(name)
	for _, r := range s {
		switch {
		case bidiControl(r):
			return FieldError{
				Field: field,
				Code:  "bidi_control",
				Message: "must not contain a bidirectional control character (" + codePoint(
					r,
				) + "): it reorders the text on documents and pages",
			}, true
		case lineBreak(r) && !multi:
			return FieldError{Field: field, Code: "line_break",
				Message: "must be one line: no line break (" + codePoint(r) + ")"}, true
		case control(r) && !(multi && (r == '\t' || lineBreak(r))):
			return FieldError{Field: field, Code: "control_character",
				Message: "must not contain a control character (" + codePoint(r) + ")"}, true
		}
	}
	return FieldError{}, false
}

// multilineFields are the prose members of the contract: a note, a reason,
// a description, an appeal's grounds, a postal address may run over lines.
// Every other string (names, numbers, references, codes) is one line.
var multilineFields = map[string]bool{
	"note": true, "notes": true, "remarks": true, "comment": true, "comments": true, "description": true, "address": true,
	"reason": true, "decision_reason": true, "override_reason": true, "grounds": true, "refusal": true,
	"resolution": true, "release_conditions": true,
}

// MultilineField reports a member that holds prose and may hold line
// breaks, by its own name ("note", "reason"; not its path).
func MultilineField(name string) bool { return multilineFields[name] }

// LastName is the member name a JSON path ends in: "crew.0.name",
// "args.persons[1]" and "record.note" end in name, persons and note.
func LastName(path string) string {
	for {
		if i := strings.LastIndexByte(path, '['); i >= 0 && strings.HasSuffix(path, "]") {
			path = path[:i]
			continue
		}
		i := strings.LastIndexByte(path, '.')
		last := path[i+1:]
		if _, err := strconv.Atoi(last); err == nil && i >= 0 {
			path = path[:i]
			continue
		}
		return last
	}
}

func bidiControl(r rune) bool {
	return (r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069')
}

func lineBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == '\u0085' || r == '\u2028' || r == '\u2029'
}

// control is a C0 or C1 control character or DEL (NUL is refused apart:
// PostgreSQL cannot store it at all).
func control(r rune) bool {
	return (r < 0x20 && r != 0) || (r >= 0x7F && r <= 0x9F) || r == '\u2028' || r == '\u2029'
}

func codePoint(r rune) string {
	s := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	for len(s) < 4 {
		s = "0" + s
	}
	return "U+" + s
}
