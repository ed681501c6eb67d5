package testkit

import (
	"strings"
	"unicode"
)

// latinAllowed are the Latin-script words a Kannada or Hindi text may
// carry: the names of the laws it cites as the gazette prints them
// ("Karnataka 2025, Sch-IV row 5", "Paradip 1967, r.12(1)", "Inland
// Vessels Act 2021, s.85"), Roman numerals of schedules, the
// abbreviations printed on certificates and in the rules as codes (CoC,
// LSA/FFA, FRP, ISO, the SPL suffix), the clause letters of a form
// (Form-18 (a)-(i)), the /v/ of verification links, and units.
var latinAllowed = map[string]bool{
	"Karnataka": true,
	"Paradip":   true,
	"Kandla":    true,
	"Inland":    true,
	"Vessels":   true,
	"Act":       true,
	"Sch":       true,
	"r":         true,
	"rr":        true,
	"s":         true,
	"para":      true,
	"paras":     true,
	"Form":      true,
	"Annex":     true,
	"row":       true,
	"note":      true,
	"Note":      true,
	"proviso":   true,
	"and":       true,
	"first":     true,
	"second":    true,
	"I":         true,
	"II":        true,
	"III":       true,
	"IV":        true,
	"V":         true,
	"VI":        true,
	"VII":       true,
	"VIII":      true,
	"IX":        true,
	"X":         true,
	"XI":        true,
	"XII":       true,
	"XIII":      true,
	"XIV":       true,
	"XV":        true,
	"XVI":       true,
	"XVII":      true,
	"A":         true,
	"B":         true,
	"C":         true,
	"D":         true,
	"E":         true,
	"F":         true,
	"G":         true,
	"H":         true,
	// the clause letters of a form as printed: Form-18's offence boxes (a)-(i)
	"a": true, "b": true, "c": true, "d": true, "e": true, "f": true, "g": true, "h": true, "i": true,
	"CoC": true,
	"LSA": true,
	"FFA": true,
	"FRP": true,
	"ISO": true,
	"SPL": true,
	"v":   true,
	"kW":  true,
	"hp":  true,
	"m":   true,
	"t":   true,
	"kg":  true,
	"GT":  true,
	"NT":  true,
	"IST": true,
	// what payments, papers and phones print as such: the UPI payment
	// system, its QR code, a PDF file, an SMS (so written in Kannada and
	// Hindi text messages too)
	"UPI": true,
	"SMS": true,
	"QR":  true,
	"PDF": true,
	// the units the console writes a photo's distance and time from the
	// inspection in (km, min; h is a clause letter above), the camera's EXIF record, the INDIVC
	// number of a crew member's national record as the certificate
	// prints it, and a citation's "Section B" of a schedule and "(s.87
	// table)" as the rules number them
	"km":      true,
	"min":     true,
	"EXIF":    true,
	"INDIVC":  true,
	"Section": true,
	"table":   true,
}

// LatinWords returns the Latin-script words of s that an owner reading
// Kannada or Hindi should not meet: every Latin word except those of
// latinAllowed, of a token with a digit in it (registration numbers,
// certificate and notice numbers, deficiency codes, Sch-IV rows such as
// KA-F01) and of the data values given (names as registered, which are
// the owner's own). Tests hold every kn and hi page, mail and feed of the locales to it.
func LatinWords(s string, data ...string) []string {
	for _, d := range data {
		if d != "" {
			s = strings.ReplaceAll(s, d, " ")
		}
	}
	var out []string
	for _, token := range strings.Fields(s) {
		if strings.ContainsFunc(token, unicode.IsDigit) {
			continue
		}
		for _, w := range strings.FieldsFunc(token, func(r rune) bool { return !isLatinLetter(r) }) {
			if !latinAllowed[w] {
				out = append(out, w)
			}
		}
	}
	return out
}

func isLatinLetter(r rune) bool { return r < unicode.MaxASCII && unicode.IsLetter(r) }
