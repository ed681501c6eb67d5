package registry

import (
	"regexp"
	"strings"

	"gorm.io/gorm"
)

// searchText is what a person typed into a search box, as it is searched:
// without the spaces around it and with runs of spaces inside it made one,
// so "Sagar  Mala " finds "Sagar Mala".
func searchText(q string) string { return strings.Join(strings.Fields(q), " ") }

// nonAlnum matches what separates the parts of a registration number.
var nonAlnum = regexp.MustCompile(`[^A-Z0-9]+`)

// leadingZeros matches the zeros a number of a registration starts with.
var leadingZeros = regexp.MustCompile(`(^|[^0-9])0+([0-9])`)

// registrationKeys are the two spellings of a typed registration number
// that are compared with the register's: its letters and digits alone, in
// capitals ("KA-01-IV-0012" → "KA01IV0012"), and the same with the leading
// zeros of each number dropped ("KA1IV12"), because people type
// "ka01iv12" for KA-01-IV-0012. regSQLStripped and regSQLCanonical are the
// same two spellings computed in SQL from registration_number.
func registrationKeys(q string) (stripped, canonical string) {
	stripped = nonAlnum.ReplaceAllString(strings.ToUpper(q), "")
	return stripped, leadingZeros.ReplaceAllString(stripped, "${1}${2}")
}

const (
	regSQLStripped  = `regexp_replace(upper(registration_number), '[^A-Z0-9]+', '', 'g')`
	regSQLCanonical = `regexp_replace(` + regSQLStripped + `, '(^|[^0-9])0+([0-9])', '\1\2', 'g')`
)

// whereVesselMatches narrows q to the vessels whose name contains the
// typed text (any case), or whose registration number does, whatever the
// separators, the case and the leading zeros of its numbers.
func whereVesselMatches(q *gorm.DB, typed string) *gorm.DB {
	typed = searchText(typed)
	if typed == "" {
		return q
	}
	like := "%" + escapeLike(typed) + "%"
	stripped, canonical := registrationKeys(typed)
	if stripped == "" {
		return q.Where("(name ILIKE ? OR registration_number ILIKE ?)", like, like)
	}
	return q.Where("(name ILIKE ? OR registration_number ILIKE ? OR "+regSQLStripped+" LIKE ? OR "+
		regSQLCanonical+" LIKE ?)", like, like, "%"+stripped+"%", "%"+canonical+"%")
}
