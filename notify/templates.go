package notify

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
)

// Template names.
const (
	TplCertificateExpiring = "certificate_expiring"
	TplCertificateExpired  = "certificate_expired"
	TplVesselUnfit         = "vessel_unfit"
	TplInspectionOverdue   = "inspection_overdue"
	TplCoCLegacyDeadline   = "coc_legacy_deadline"
	TplCoCRevalidationDue  = "coc_revalidation_due"
	TplManningNonCompliant = "manning_non_compliant"
	TplPenaltyAdjusted     = "penalty_adjusted"
	TplJobAlert            = "job_alert"
	TplDetentionOrdered    = "detention.ordered"
	TplDetentionReleased   = "detention.released"
	TplDetentionReportDue  = "detention.report_due"
	// TplDetentionOfficerReport reminds the detaining officer of the
	// 48-hour report (Karnataka 2025, Sch-IX para 1.3).
	TplDetentionOfficerReport = "detention.officer_report_due"
	// Owner rectification and overdue findings (docs/REVIEW.md).
	TplRectificationAccepted = "rectification.accepted"
	TplRectificationRejected = "rectification.rejected"
	TplFindingOverdue        = "finding.overdue"
	// Account mails (docs/USERS.md): a one-time password link, and an
	// owner's invitation to the owners' sign-in page.
	TplPasswordReset = "account.password_reset"
	TplOwnerInvite   = "account.owner_invite"
	// TplOwnerSignIn mails a one-time sign-in link (Data.Detail) and code
	// (Data.Number) to an owner (docs/OWNERS.md); email only, never the feed.
	TplOwnerSignIn = "owner.signin"
)

// AccountTemplates are the mails about an account itself rather than a
// vessel: no vessel, date or rule to name.
var AccountTemplates = []string{TplPasswordReset, TplOwnerInvite}

// Secret reports whether a template's body holds a one-time link: the
// dispatcher blanks such a body once the mail is sent or has failed for
// good, so the link is in the database only while it waits for delivery.
func Secret(template string) bool { return template == TplPasswordReset || template == TplOwnerSignIn }

// Templates lists every template, for tests and the review report.
var Templates = []string{TplCertificateExpiring, TplCertificateExpired, TplVesselUnfit, TplInspectionOverdue,
	TplCoCLegacyDeadline, TplCoCRevalidationDue, TplManningNonCompliant, TplPenaltyAdjusted, TplJobAlert,
	TplDetentionOrdered, TplDetentionReleased, TplDetentionReportDue, TplDetentionOfficerReport,
	TplRectificationAccepted, TplRectificationRejected, TplFindingOverdue, TplOwnerSignIn}

// Why a charged penalty changed (Data.Reason), set by the penalty chain
// function (penalty.RecomputeParties). Data.Earlier is the date of the
// earlier offence the reason names.
const (
	// PenaltyRepeat: the offence now repeats, within a year, an earlier
	// charged one (often one whose report arrived late), so it is doubled.
	PenaltyRepeat = "repeat"
	// PenaltyRepeatChanged: still a repeat, but the fine it doubles changed.
	PenaltyRepeatChanged = "repeat_changed"
	// PenaltyEarlierRemoved: the earlier offence it repeated no longer
	// counts (withdrawn, discarded or set aside).
	PenaltyEarlierRemoved = "earlier_removed"
	// PenaltyCancelled: the offence itself is no longer recorded.
	PenaltyCancelled = "cancelled"
	// PenaltySetAside: the penalty was set aside on appeal.
	PenaltySetAside = "set_aside"
	// PenaltyRecomputed: any other change of the offence (persons, date).
	PenaltyRecomputed = "recomputed"
)

const (
	maxSubjectRunes = 150
	maxDetailLines  = 20
)

// Unsubscribable reports whether a template is a reminder the recipient
// may opt out of (List-Unsubscribe). Legal notices (penalties, detention,
// expired certificates, a vessel unfit or under-manned) are not: the law
// requires that the owner be told.
func Unsubscribable(template string) bool {
	switch template {
	case TplCertificateExpiring, TplCoCLegacyDeadline, TplCoCRevalidationDue, TplInspectionOverdue:
		return true
	}
	return false
}

// Rendered is a notice in words.
type Rendered struct {
	Locale  string // the language actually used (en, kn or hi)
	Subject string
	Body    string
}

// Render writes the notice in the recipient's language (English for any
// language but kn and hi) from the message catalogue (package locale).
// A message missing from the catalogue is an error, never a blank notice.
func Render(template string, r Recipient, d Data) (Rendered, error) {
	w := writer{lang: locale.Resolve(r.Language), c: locale.Default()}
	subject, body, err := w.render(template, r, d)
	if err != nil {
		return Rendered{}, fmt.Errorf("render %s in %s: %w", template, w.lang, err)
	}
	return Rendered{
		Locale:  w.lang,
		Subject: clip(subject, maxSubjectRunes),
		Body:    body + "\n\n— " + w.text("signature", nil) + "\n",
	}, w.err
}

// writer renders messages in one language, keeping the first error so
// that a template reads as a sequence of texts.
type writer struct {
	lang string
	c    *locale.Catalogue
	err  error
}

func (w *writer) text(id string, vars map[string]any) string {
	s, err := w.c.Text(w.lang, id, vars)
	if err != nil && w.err == nil {
		w.err = err
	}
	return s
}

func (w *writer) render(template string, r Recipient, d Data) (string, string, error) {
	v := w.vars(r, d)
	id, err := w.messageID(template, r, d, v)
	if err != nil {
		return "", "", err
	}
	sid := id + ".subject"
	if template == TplPenaltyAdjusted {
		sid += "." + penaltyDirection(d)
	}
	subject := w.text(sid, v)
	return subject, w.text(id+".body", v), w.err
}

// messageID picks the variant of a template for this recipient and fills
// the variables only that template has.
func (w *writer) messageID(template string, r Recipient, d Data, v map[string]any) (string, error) {
	self := r.Type == RecipientCrewMember
	switch template {
	case TplCertificateExpiring:
		return template + variant(d.Holder == "", self), nil
	case TplCertificateExpired:
		return template + variant(d.Holder == "", false), nil
	case TplCoCLegacyDeadline, TplCoCRevalidationDue:
		return template + variant(false, self), nil
	case TplJobAlert:
		v["Job"], v["Count"] = w.named("job.", d.Doc), d.Count
		if d.Reason != "" && w.c.Has("job_alert."+d.Reason+".body") {
			return "job_alert." + d.Reason, nil
		}
		return template, nil // an alert of no known kind (queued by an older version): the generic text
	case TplVesselUnfit,
		TplManningNonCompliant,
		TplDetentionReportDue,
		TplDetentionOfficerReport:
		return template, nil
	case TplRectificationAccepted, TplRectificationRejected, TplFindingOverdue, TplOwnerSignIn:
		return template, nil
	case TplDetentionOrdered, TplDetentionReleased: // the owner's page of the order, when the pages have an address
		v["Link"] = d.Link
		return template, nil
	case TplPasswordReset, TplOwnerInvite:
		v["Link"], v["Email"] = d.Link, d.Email
		return template, nil
	case TplInspectionOverdue:
		if !w.c.Has("overdue." + d.Doc + ".what") {
			return "", fmt.Errorf("unknown overdue kind %q", d.Doc)
		}
		v["What"] = w.text("overdue."+d.Doc+".what", v)
		v["Action"] = w.text("overdue."+d.Doc+".action", v)
		return template, nil
	case TplPenaltyAdjusted:
		w.penaltyVars(d, v)
		return template, nil
	}
	return "", fmt.Errorf("unknown template %q", template)
}

// variant is the message variant: about the vessel, about a crew member,
// or to the crew member themself.
func variant(vessel, self bool) string {
	switch {
	case vessel:
		return ".vessel"
	case self:
		return ".self"
	}
	return ".holder"
}

// vars are the placeholders every message may use, formatted for the
// reader: dates with the language's month names, counts with its plurals.
func (w *writer) vars(r Recipient, d Data) map[string]any {
	v := map[string]any{"Name": r.Name, "Vessel": d.Vessel, "Holder": d.Holder, "Number": d.Number,
		"Citation": w.citation(d.Citation), "Detail": d.Detail, "Row": d.Row, "Title": d.Doc,
		"Due": locale.Date(w.lang, d.Due), "Date": locale.Date(w.lang, d.Due), "Lines": lines(d.Lines),
		"Amount": locale.Rupees(d.Amount), "Previous": locale.Rupees(d.Previous)}
	if len(d.Lines) == 1 && d.Lines[0] == "NIL" { // a release order's conditions, as the law writes none
		v["Lines"] = lines([]string{w.text("paper.nil", nil)})
	}
	v["Greeting"] = w.text("greeting.anonymous", nil)
	if r.Name != "" {
		v["Greeting"] = w.text("greeting.named", v)
	}
	v["Doc"] = w.docName(d.Doc)
	v["Days"] = w.days(d.Days)
	v["AppealBy"] = locale.Date(w.lang, d.By)
	if len(d.Reasons) > 0 {
		ls := make([]string, len(d.Reasons))
		for i, r := range d.Reasons {
			ls[i] = r.Code + " " + w.deficiencyTitle(r.Code)
			if r.Code == ReasonVesselStatus {
				ls[i] = w.text("reason.vessel_status", map[string]any{"Status": w.named("public.status.", r.Status)})
			}
		}
		v["Lines"] = lines(ls)
	}
	if len(d.Posts) > 0 {
		ls := make([]string, len(d.Posts))
		for i, p := range d.Posts {
			grades := make([]string, len(p.Grades))
			for j, g := range p.Grades {
				grades[j] = w.named("grade.", g)
			}
			role := w.named("role.", p.Role)
			if role == p.Role { // a post named after its grade
				role = w.named("grade.", p.Role)
			}
			ls[i] = w.text("manning.missing_post", map[string]any{"Role": role, "Grades": strings.Join(grades, ", ")})
		}
		v["Lines"] = lines(ls)
	}
	return v
}

// docName names a document in the reader's language: a certificate kind
// (doc.*), or a crew grade (grade.*) as a certificate of competency of that
// grade. Every kind and grade of the law has its message (locale tests and
// notify's TestKannadaAndHindi*); an unknown code, from a newer rule set,
// is shown as the code.
func (w *writer) docName(code string) string {
	if code == "" {
		return ""
	}
	if w.c.Has("doc." + code) {
		return w.text("doc."+code, nil)
	}
	return w.text("doc.competency", map[string]any{"Grade": w.named("grade.", code)})
}

// named is the catalogue's name of a key the law uses (a grade, a crew
// post), the key itself where the catalogue has none.
func (w *writer) named(prefix, key string) string {
	if w.c.Has(prefix + key) {
		return w.text(prefix+key, nil)
	}
	return key
}

// citation is where the law says so: a citation of the law as printed
// ("Karnataka 2025, r.113(1)"), or the certificate's own endorsement in
// the reader's language.
func (w *writer) citation(c string) string {
	if c == string(rules.CitationEndorsed) {
		return w.text("citation.endorsed", nil)
	}
	// Each citation of a list in the reader's language where it quotes
	// the law in words (the Sch-IV note, an order's powers).
	parts := strings.Split(c, "; ")
	for i, p := range parts {
		parts[i] = w.c.LawText(w.lang, p)
	}
	return strings.Join(parts, "; ")
}

func (w *writer) days(n int) string {
	switch n {
	case 0:
		return w.text("days.today", nil)
	case 1:
		return w.text("days.tomorrow", nil)
	}
	s, err := w.c.Count(w.lang, "days.in", n, nil)
	if err != nil && w.err == nil {
		w.err = err
	}
	return s
}

// penaltyVars fills a penalty notice: the offence in the reader's
// language (the English text as printed in English, or when the catalogue
// has no text for the row), levels,
// why it changed and what to do.
func (w *writer) penaltyVars(d Data, v map[string]any) {
	// English keeps the offence as the Schedule prints it.
	v["Offence"] = d.Offence
	if (w.lang != locale.English || d.Offence == "") && w.c.Has("penalty_row."+d.Row) {
		v["Offence"] = w.text("penalty_row."+d.Row, nil)
	}
	v["Level"], v["PreviousLevel"] = w.level(d.Level), w.level(d.PreviousLevel)
	earlier := w.text("penalty.earlier.unknown", nil)
	if !d.Earlier.IsZero() {
		earlier = locale.Date(w.lang, d.Earlier)
	}
	reason := d.Reason
	if !w.c.Has("penalty.reason." + reason) {
		reason = PenaltyRecomputed
	}
	v["Why"] = w.text("penalty.reason."+reason, map[string]any{"Earlier": earlier})
	v["Action"] = w.text("penalty.action."+penaltyDirection(d), nil)
}

func (w *writer) level(n int) string {
	if n == 0 {
		return w.text("penalty.level.none", nil)
	}
	return strconv.Itoa(n)
}

// penaltyDirection is how the amount moved: up, down, cancelled or same.
func penaltyDirection(d Data) string {
	switch {
	case d.Amount == 0 && d.Previous > 0:
		return "cancelled"
	case d.Amount > d.Previous:
		return "up"
	case d.Amount < d.Previous:
		return "down"
	}
	return "same"
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// lines joins detail lines as an indented list.
func lines(ls []string) string {
	if len(ls) > maxDetailLines {
		ls = append(ls[:maxDetailLines:maxDetailLines], "…")
	}
	var b strings.Builder
	for _, l := range ls {
		b.WriteString("  • " + l + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}
