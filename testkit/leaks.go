package testkit

import (
	"regexp"
	"slices"
	"strings"
)

// A Leak is something internal found in a text a person reads: its kind
// and the text that matched.
type Leak struct {
	Kind, Text string
}

// leakShapes are the shapes of what is internal to Tindal and must never
// reach a person, in any language: a repository path, a Go name, a
// drafting tag, a message id or mutation name, a code name, SQL or a Go
// stack.
var leakShapes = []struct {
	kind string
	re   *regexp.Regexp
}{
	{"file path", regexp.MustCompile(`\b(?:docs|web|rules|locale|storage|cmd|internal)/[\w./-]+|` +
		`\b[\w-]+\.(?:md|go|sql|toml|yaml)\b`)},
	{"drafting tag", regexp.MustCompile(`(?i)\[(?:PROPOSAL|DRAFT|TODO|FIXME|TBD)\b|\b(?:TODO|FIXME|XXX)\b`)},
	{"Go name", regexp.MustCompile(`\b[A-Z][a-z]+(?:[A-Z][a-z0-9]+){1,}\b|\b[a-z]+(?:[A-Z][a-z0-9]+){1,}\b|\b\w+\(\)`)},
	{"message id", regexp.MustCompile(`(?:^|[^\w@/.:-])` +
		`([a-z][a-z_]*[a-z](?:\.[a-z][a-z_]*[a-z]){1,}(?:\.[A-Za-z0-9_-]+)?)(?:$|[^\w@/-])`)},
	{"code name", regexp.MustCompile(`(?:^|[^\w@/.:-])([a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9])(?:$|[^\w@/.-])`)},
	{"SQL or stack", regexp.MustCompile(`(?i)\bSQLSTATE\b|\bpq:|\bpgx\b|\bgorm\b|\bgoroutine \d|\bpanic:|\.go:\d+|` +
		`\bSELECT\s.+\sFROM\b|\bINSERT INTO\b|\bUPDATE\s+\w+\s+SET\b|duplicate key value|` +
		`violates \w+ constraint|\bnil pointer\b|\bruntime error\b`)},
}

// leakExempt are Latin words that look like a Go name but are names a
// person reads as such (brands the pages name, units).
var leakExempt = map[string]bool{"UPI": true, "PhonePe": true, "GPay": true, "iPhone": true, "WhatsApp": true}

// Leaks returns what of s is internal to Tindal (a repository path such
// as docs/LAW.md, a Go function name such as RecomputeChain, a drafting
// tag such as [PROPOSAL: …], a message id or mutation name such as
// penalty.first_offence or inspection.start, a code name such as
// nonmech_survey, SQL or a Go stack) and, when lang is Kannada or Hindi,
// every English word LatinWords finds. data are the values the text may
// carry as a person entered them (vessel and owner names, registration
// numbers, e-mail addresses): they are not scanned. Every page, PDF, mail
// and problem detail a person reads is held to it (ScanText is the test
// form).
func Leaks(s, lang string, data ...string) []Leak {
	// Longest first, so a name is taken out whole before a shorter one
	// inside it ("Registrar of Boats, Karwar" before "Karwar").
	data = slices.Clone(data)
	slices.SortStableFunc(data, func(a, b string) int { return len(b) - len(a) })
	for _, d := range data {
		if d != "" {
			s = strings.ReplaceAll(s, d, " ")
		}
	}
	s = urlOrMail.ReplaceAllString(s, " ")
	var out []Leak
	for _, sh := range leakShapes {
		for _, m := range sh.re.FindAllStringSubmatch(s, -1) {
			text := m[len(m)-1]
			if text == "" {
				text = m[0]
			}
			if !leakExempt[strings.TrimSpace(text)] {
				out = append(out, Leak{Kind: sh.kind, Text: strings.TrimSpace(text)})
			}
		}
	}
	if lang == "kn" || lang == "hi" {
		for _, w := range LatinWords(s) {
			out = append(out, Leak{Kind: "English word", Text: w})
		}
	}
	return out
}

// urlOrMail matches links and e-mail addresses, which a page shows as
// they are.
var urlOrMail = regexp.MustCompile(`\b(?:https?|upi)://\S+|[\w.+-]+@[\w.-]+`)

// ScanText fails t for every leak of what in lang (Leaks), naming where.
func ScanText(t interface {
	Helper()
	Errorf(string, ...any)
}, where, what, lang string, data ...string) {
	t.Helper()
	for _, l := range Leaks(what, lang, data...) {
		t.Errorf("%s (%s) shows a %s: %q", where, lang, l.Kind, l.Text)
	}
}
