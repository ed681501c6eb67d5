package document

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
)

// Page is one document laid out in one language: the struct the one
// template (templates/paper.html) reads for the owner's HTML copy and for
// the printed PDF, so the two never say different things. Every word on it
// comes from the locale catalogue (paper.*) or from the document's data.
type Page struct {
	Lang       string // en, kn or hi: the language of the labels and text
	Title      string
	Letterhead Letterhead
	Number     Field // the document's number, printed under the title
	Date       Field // its date, DD-MM-YYYY
	Fields     []Field
	Sections   []Section
	Footer     []Field
	Signature  Signature
	Verify     VerifyBlock
	Record     string // the note naming the language of record (bilingual prints)
	PageOf     string // "Page {{.Page}} of {{.Pages}}" in Lang, for the printed footer
}

// Field is one labelled particular of the document.
type Field struct{ Label, Value string }

// Section is a heading with paragraphs and, optionally, a table and the
// ticked boxes of a form.
type Section struct {
	Heading    string
	Paragraphs []string
	Table      *Table
	Checks     *Checks
}

// Table is a table of text; Foot is its total line, if any; Widths, if
// set, are the columns' shares of the width in percent (a citation's column
// wide enough that "Karnataka 2025, Sch-IX para 2.2" stays on one line).
//
// NoWrap names the columns a printed line never breaks (a citation, a
// person's reference): the printed table sizes its columns to fit them, so
// that pdftotext and a reader meet "Karnataka 2025, Sch-IV row 9" whole.
// On a phone they wrap like the rest.
type Table struct {
	Head   []string
	Rows   [][]string
	Foot   []string
	Widths []int
	NoWrap []int
}

// Cell is one cell of a row as the template writes it.
type Cell struct {
	Text   string
	NoWrap bool
}

// Cells are a row's cells with their wrapping.
func (t *Table) Cells(row []string) []Cell {
	out := make([]Cell, len(row))
	for i, s := range row {
		out[i] = Cell{Text: s, NoWrap: slices.Contains(t.NoWrap, i)}
	}
	return out
}

// Checks are a form's boxes, such as Form-18's offences (a)-(i), each
// ticked or not.
type Checks struct {
	Head  []string // the box's column, the letter's, the text's
	Boxes []Check
	Note  string
}

// Check is one box.
type Check struct {
	Letter, Text string
	Ticked       bool
}

// Signature is the block the issuing officer signs.
type Signature struct {
	SignLabel, NameLabel, DesignationLabel string
	Name, Designation, Office              string
	// Counterpart, when set, is the second block (Form-18: the owner or
	// person in charge who receives the challan).
	Counterpart string
}

// VerifyBlock is the verification code with its absolute URL and QR code.
type VerifyBlock struct {
	Label, Code, URL, Note string
}

// Letterhead is the authority's heading in one language.
type Letterhead struct {
	Authority, Office, Address string
}

// Issuer is what every paper of a deployment prints: the authority's name
// and address in each language (English required; Kannada and Hindi fall
// back to it) and the public base URL the verification links live under.
type Issuer struct {
	Authority map[string]string
	Address   map[string]string
	Hours     map[string]string // the office's opening hours; none by default
	BaseURL   string
}

// DefaultIssuer is the demo deployment's letterhead (cmd/tindal's
// TINDAL_AUTHORITY_* settings replace it).
func DefaultIssuer(baseURL string) Issuer {
	return Issuer{
		Authority: map[string]string{
			locale.English: "Karnataka Maritime Board",
			locale.Kannada: "ಕರ್ನಾಟಕ ಕಡಲ ಮಂಡಳಿ",
			locale.Hindi:   "कर्नाटक समुद्री बोर्ड",
		},
		Address: map[string]string{
			locale.English: "Inland Water Transport, Karwar, Karnataka, India",
			locale.Kannada: "ಒಳನಾಡು ಜಲಸಾರಿಗೆ, ಕಾರವಾರ, ಕರ್ನಾಟಕ, ಭಾರತ",
			locale.Hindi:   "अंतर्देशीय जल परिवहन, कारवार, कर्नाटक, भारत",
		},
		BaseURL: baseURL,
	}
}

// For is the issuer of regime's papers: this deployment's own letterhead
// under Karnataka 2025 (cmd/tindal's TINDAL_AUTHORITY_* settings), and
// under any other regime that regime's authority (rules.AuthorityFor),
// named in each language by the owners' catalogue, never the Board's.
func (i Issuer) For(regime string) Issuer {
	if regime == string(rules.RegimeKarnataka2025) {
		return i
	}
	a, _ := rules.AuthorityFor(rules.Regime(regime))
	out := Issuer{Authority: map[string]string{}, Address: map[string]string{}, BaseURL: i.BaseURL}
	for _, lang := range locale.Languages {
		out.Authority[lang] = textOr(lang, "authority."+regime+".name", a.Name)
		out.Address[lang] = textOr(lang, "authority."+regime+".address", a.Address)
	}
	return out
}

// Of is the issuer of a jurisdiction's papers and pages: its regime's
// authority (For), replaced part by part by what the jurisdiction records
// of its own office (models.Office: authority, address, hours). A part the
// jurisdiction records replaces the default in every language, its
// English text standing where it has no Kannada or Hindi, so a paper never
// mixes one office's name with another's. The deployment-wide letterhead
// thus remains only the default of a Karnataka 2025 office that records
// none.
func (i Issuer) Of(j models.Jurisdiction) Issuer {
	out := i.For(j.Regime)
	out.Authority, out.Address, out.Hours = own(out.Authority, j.Office.Authority), own(out.Address, j.Office.Address),
		own(out.Hours, j.Office.Hours)
	return out
}

// OfPaper is the issuer of paper p of jurisdiction id (Of), or the
// refusal to print it where the jurisdiction's regime gives no such paper
// (rules.Provides): 409 no_paper_under_regime.
func (i Issuer) OfPaper(ctx context.Context, db *gorm.DB, id uuid.UUID, p rules.Paper) (Issuer, error) {
	var j models.Jurisdiction
	if err := db.WithContext(ctx).Unscoped().Where("id = ?", id).Take(&j).Error; err != nil {
		return Issuer{}, fmt.Errorf("load the issuing jurisdiction: %w", err)
	}
	if !rules.Provides(rules.Regime(j.Regime), p) {
		return Issuer{}, models.Errorf(models.KindConflict, "no_paper_under_regime",
			"%s gives no %s: it is Karnataka 2025's", j.Regime, p)
	}
	return i.Of(j), nil
}

// own is a jurisdiction's texts of one part where it records them (English
// at least), else the default's.
func own(def map[string]string, t models.Texts) map[string]string {
	if t["en"] == "" {
		return def
	}
	out := map[string]string{}
	for _, lang := range locale.Languages {
		out[lang] = t.In(lang)
	}
	return out
}

// In is the issuer's text of one part in lang: the part's English text
// where lang has none.
func In(m map[string]string, lang string) string {
	if s := m[lang]; s != "" {
		return s
	}
	return m[locale.English]
}

// textOr is the catalogue's text of id in lang, or the law's English name
// where the catalogue lacks it: a paper never prints an empty authority.
func textOr(lang, id, english string) string {
	if t, err := locale.Default().Text(lang, id, nil); err == nil && t != "" {
		return t
	}
	return english
}

// Letterhead is the heading of a paper of office in lang.
func (i Issuer) Letterhead(lang, office string) Letterhead {
	return Letterhead{Authority: In(i.Authority, lang), Office: office, Address: In(i.Address, lang)}
}

// VerifyURL is the absolute URL a printed code is checked at.
func (i Issuer) VerifyURL(code string) string {
	return strings.TrimRight(i.BaseURL, "/") + "/v/" + code
}

// Langs are the languages a printed document carries: English, the
// language of record, then the owner's language when it is another
// (Karnataka's offices issue bilingual papers).
func Langs(owner string) []string {
	if l := locale.Resolve(owner); l != locale.English {
		return []string{locale.English, l}
	}
	return []string{locale.English}
}

// ist is India Standard Time, the zone of every date on a paper.
var ist = time.FixedZone("IST", 5*3600+1800)

// DateText writes a moment's date in India as DD-MM-YYYY, the one date
// format of every paper.
func DateText(t time.Time) string { return t.In(ist).Format("02-01-2006") }

// DayText writes a civil date (stored as midnight UTC) as DD-MM-YYYY.
func DayText(t time.Time) string { return t.UTC().Format("02-01-2006") }

// isoDayText writes a stored YYYY-MM-DD date as DD-MM-YYYY (as given when
// it is not one).
func isoDayText(s string) string {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return s
	}
	return DayText(t)
}

func timeText(t time.Time) string { return t.In(ist).Format("02-01-2006 15:04") + " IST" }

// texts reads a page's words from the catalogue in one language and keeps
// the first message that failed, so that a missing translation is an
// error, never an English word passed off as Kannada.
type texts struct {
	lang string
	err  error
}

// T is the message id in the page's language with its placeholders.
func (x *texts) T(id string, vars map[string]any) string {
	s, err := locale.Default().Text(x.lang, id, vars)
	if err != nil && x.err == nil {
		x.err = err
	}
	return s
}

// L is a label: a message without placeholders.
func (x *texts) L(id string) string { return x.T(id, nil) }

// frame fills what every paper has: letterhead, verification, page
// numbers and the signature labels.
func (x *texts) frame(p *Page, is Issuer, office, code string) {
	p.Lang = x.lang
	p.Letterhead = is.Letterhead(x.lang, office)
	url := is.VerifyURL(code)
	p.Verify = VerifyBlock{Label: x.L("paper.verify"), Code: code, URL: url,
		Note: x.T("paper.verify_note", map[string]any{"URL": url})}
	p.PageOf = x.T("paper.page_of", map[string]any{"Page": PageMark, "Pages": PagesMark})
	p.Record = x.L("paper.record")
	p.Signature.SignLabel = x.L("paper.signature")
	p.Signature.NameLabel = x.L("paper.name")
	p.Signature.DesignationLabel = x.L("paper.designation")
	p.Signature.Office = office
}

// PageMark and PagesMark stand for the page number and the page count in
// Page.PageOf; the printed footer replaces them with Chromium's counters.
const (
	PageMark  = "\x01page\x01"
	PagesMark = "\x01pages\x01"
)

// numberedTable is a numbered list as a one-column table.
func numberedTable(head string, items []string) *Table {
	t := &Table{Head: []string{"#", head}, Widths: []int{6, 94}}
	for i, s := range items {
		t.Rows = append(t.Rows, []string{strconv.Itoa(i + 1), s})
	}
	return t
}
