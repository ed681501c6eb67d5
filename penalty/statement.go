package penalty

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
)

// A bank statement (docs/OWNERS.md, "Bank statement"): CSV in UTF-8 (a
// byte-order mark is ignored; lines end in LF or CRLF; fields may be
// quoted as RFC 4180 says), a header row naming the four columns, then one
// credit a row:
//
//	date,bank_reference,amount,narration
//	02-12-2026,UTR426112345678,"1,00,000.00",UPI KARWAR/PN/000012 Lakshmi
//
// date is DD-MM-YYYY, DD/MM/YYYY or YYYY-MM-DD; bank_reference is the
// bank's unique reference of the credit (UTR), at most 50 characters;
// amount is rupees with at most two decimals, grouped the Indian way
// (1,00,000.00), the Western way (100,000.00) or not at all; narration is
// the payer's note, which holds the notice number the UPI request put in
// its tr and tn. Rows are numbered as lines of the file, the header being
// row 1.
const (
	// MaxStatementRows is the most credits one import takes.
	MaxStatementRows = 2000
	// maxNarration bounds a narration, in characters.
	maxNarration = 500
)

// StatementColumns are the header's columns, in order.
var StatementColumns = []string{"date", "bank_reference", "amount", "narration"}

// Credit is one row of a statement.
type Credit struct {
	Row         int
	CreditedOn  rules.Date
	Reference   string
	AmountPaise int64
	Narration   string
}

// ParseStatement reads a statement, all or nothing. Errors: invalid, with
// a field error "rows[N].column" naming the first row and column at fault
// (bad bytes, a bidi control, a malformed date or amount, a missing or
// repeated reference, too many rows).
func ParseStatement(b []byte) ([]Credit, error) {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = len(StatementColumns)
	r.ReuseRecord = false
	header, err := r.Read()
	if err != nil {
		return nil, statementReadError(err, 1)
	}
	for i, name := range StatementColumns {
		if strings.ToLower(strings.TrimSpace(header[i])) != name {
			return nil, cellError(1, name, "header", "the header must be %s", strings.Join(StatementColumns, ","))
		}
	}
	var out []Credit
	seen := map[string]int{}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, statementReadError(err, 0)
		}
		line, _ := r.FieldPos(0)
		if len(out) == MaxStatementRows {
			return nil, cellError(line, "date", "too_many_rows", "a statement holds at most %d credits", MaxStatementRows)
		}
		c, err := parseCredit(line, rec)
		if err != nil {
			return nil, err
		}
		if first, ok := seen[c.Reference]; ok {
			return nil, cellError(line, "bank_reference", "repeated", "repeats the reference of row %d", first)
		}
		seen[c.Reference] = line
		out = append(out, c)
	}
	return out, nil
}

// statementReadError names the row of a CSV syntax error.
func statementReadError(err error, line int) error {
	var pe *csv.ParseError
	col := "date"
	if errors.As(err, &pe) {
		line = pe.Line
		if errors.Is(pe.Err, csv.ErrFieldCount) {
			return cellError(line, col, "field_count", "a row has exactly %d columns", len(StatementColumns))
		}
	}
	if errors.Is(err, io.EOF) {
		return cellError(1, "header", "empty", "the statement is empty: it needs the header row")
	}
	return cellError(line, col, "malformed_csv", "is not well-formed CSV (a quote out of place?)")
}

func cellError(row int, column, code, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	f := models.FieldError{Field: fmt.Sprintf("rows[%d].%s", row, column), Code: code, Message: msg}
	return &models.Error{Kind: models.KindInvalid, Code: "invalid_statement",
		Message: fmt.Sprintf("row %d, column %s: %s; nothing was recorded", row, column, msg),
		Fields:  []models.FieldError{f}}
}

// parseCredit checks every cell of a row: text first (bytes that are not
// UTF-8, control and bidi characters), then each column's form.
func parseCredit(line int, rec []string) (Credit, error) {
	for i, cell := range rec {
		if !utf8.ValidString(cell) {
			return Credit{}, cellError(line, StatementColumns[i], "invalid_utf8", "is not UTF-8 text")
		}
		if strings.ContainsRune(cell, 0) {
			return Credit{}, cellError(line, StatementColumns[i], "nul_byte", "must not contain a NUL character (U+0000)")
		}
		if fe, bad := models.UnsafeText("", StatementColumns[i], cell); bad {
			return Credit{}, cellError(line, StatementColumns[i], fe.Code, "%s", fe.Message)
		}
	}
	c := Credit{Row: line, Reference: strings.TrimSpace(rec[1]), Narration: strings.TrimSpace(rec[3])}
	d, ok := parseStatementDate(strings.TrimSpace(rec[0]))
	if !ok {
		return Credit{}, cellError(line, "date", "invalid_date", "must be a date as DD-MM-YYYY, DD/MM/YYYY or YYYY-MM-DD")
	}
	c.CreditedOn = d
	if c.Reference == "" || utf8.RuneCountInString(c.Reference) > 50 {
		return Credit{}, cellError(line, "bank_reference", "invalid_reference", "must be 1 to 50 characters")
	}
	if utf8.RuneCountInString(c.Narration) > maxNarration {
		return Credit{}, cellError(line, "narration", "too_long", "must be at most %d characters", maxNarration)
	}
	p, ok := parseRupees(strings.TrimSpace(rec[2]))
	if !ok {
		return Credit{}, cellError(line, "amount", "invalid_amount",
			"must be a credit in rupees with at most two decimals, like 1,00,000.00")
	}
	c.AmountPaise = p
	return c, nil
}

var statementDate = []*regexp.Regexp{
	regexp.MustCompile(`^(\d{2})[-/](\d{2})[-/](\d{4})$`), // DD-MM-YYYY, DD/MM/YYYY
	regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})$`),       // YYYY-MM-DD
}

func parseStatementDate(s string) (rules.Date, bool) {
	for i, re := range statementDate {
		m := re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		if i == 1 {
			m[1], m[3] = m[3], m[1]
		}
		d, err := rules.ParseDate(fmt.Sprintf("%s-%s-%s", m[3], m[2], m[1]))
		return d, err == nil
	}
	return rules.Date{}, false
}

// rupeeAmount is an amount grouped the Indian way (lakh, crore), the
// Western way, or not at all, with up to two decimals.
var rupeeAmount = regexp.MustCompile(`^(\d{1,2}(,\d{2})*,\d{3}|\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$`)

// parseRupees reads an amount as paise; zero and anything over a crore
// (more than any fine) are refused.
func parseRupees(s string) (int64, bool) {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "₹"), "Rs.")
	s = strings.TrimSpace(s)
	if !rupeeAmount.MatchString(s) {
		return 0, false
	}
	whole, frac, _ := strings.Cut(strings.ReplaceAll(s, ",", ""), ".")
	if len(whole) > 8 {
		return 0, false
	}
	r, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, false
	}
	frac = (frac + "00")[:2]
	p, _ := strconv.ParseInt(frac, 10, 64) //nolint:errcheck // digits checked above
	total := r*100 + p
	return total, total > 0
}
