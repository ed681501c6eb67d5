package notify

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
)

// Alarms: 30 and 7 days before a registry deadline and on the day; a
// week, a day and the day itself for the short windows of inspections.
var (
	registryAlarms   = []int{30, 7, 0}
	inspectionAlarms = []int{7, 1, 0}
)

// Days of the windows a notified penalty opens (docs/LAW.md §9 table, Q10).
const (
	// Karnataka 2025, Sch-I Form-18: "pay the penalties and rectify the
	// said defect within 15 days" of the challan.
	karnatakaPaymentDays = 15
	// Karnataka 2025, Sch-XVI paras 1-2: appeal within 30 days of receipt
	// of the order (counted from the notice date: receipt is not recorded).
	karnatakaAppealDays = 30
	// Paradip 1967, r.27: appeal within 7 days of written communication.
	paradipAppealDays = 7
)

// FeedOwner is whose calendar it is.
type FeedOwner struct {
	ID       uuid.UUID
	Name     string
	Language string
}

// Deadline is one registry deadline for the feed, as the compliance view
// derives it (rules.Deadline), with its subject named.
type Deadline struct {
	// Key names the deadline without its date (kind|subject|document), so
	// a deadline that moves keeps its UID and bumps its SEQUENCE.
	Key      string
	Kind     string
	Who      string // "Sagar Rani (KA-…)" or "Ramesh Tandel (Sagar Rani (KA-…))"
	Crew     bool   // the subject is a crew member: Document is a grade
	Document string
	Due      time.Time
	Citation string
	Note     string // English detail from the rules, if any
}

// Feed renders an owner's calendar in the owner's language: the registry
// deadlines given, plus the rectification dates of open findings, the
// payment and appeal windows of notified penalties, and proposed
// detentions; each with a stable UID and a SEQUENCE bumped whenever it
// changes.
func (c *Calendars) Feed(ctx context.Context, o FeedOwner, deadlines []Deadline, now time.Time) ([]byte, error) {
	w := &writer{lang: locale.Resolve(o.Language), c: locale.Default()}
	events := make([]Event, 0, len(deadlines))
	seen := map[string]bool{}
	for _, d := range deadlines {
		e := w.deadlineEvent(d)
		if seen[e.UID] { // two dates of one deadline: tell them apart by date
			e.UID = uidOf(d.Key + "|" + d.Due.Format("2006-01-02"))
		}
		seen[e.UID] = true
		events = append(events, e)
	}
	more, err := c.InspectionDeadlines(ctx, o.ID)
	if err != nil {
		return nil, err
	}
	events = append(events, w.inspectionEvents(more)...)
	if w.err != nil {
		return nil, w.err
	}
	if err := c.Sequence(ctx, o.ID, events); err != nil {
		return nil, err
	}
	name := w.text("calendar.name", map[string]any{"Owner": o.Name})
	return ICS(Calendar{Name: name, Language: w.lang, Events: events}, now), w.err
}

func uidOf(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16]) + "@tindal"
}

func (w *writer) deadlineEvent(d Deadline) Event {
	kind := "deadline." + d.Kind
	if !w.c.Has(kind) {
		kind = "deadline.other"
	}
	v := map[string]any{"Who": d.Who, "Title": w.text(kind, nil), "What": w.documentOf(d)}
	summary := w.text("calendar.summary", v)
	if d.Document == "" {
		summary = w.text("calendar.summary_plain", v)
	}
	desc := w.text(
		"calendar.description",
		map[string]any{"Summary": summary, "Due": locale.Date(w.lang, d.Due), "Citation": w.citation(d.Citation)},
	)
	if note := w.deadlineNote(d); note != "" {
		desc += "\n" + note
	}
	return Event{UID: uidOf(d.Key), Date: d.Due, Summary: summary, Description: desc, AlarmsDaysBefore: registryAlarms}
}

// documentOf names a deadline's document: a certificate, a transition
// duty or a crew member's grade, from the catalogue (docName).
func (w *writer) documentOf(d Deadline) string {
	return w.docName(d.Document)
}

// deadlineNote is the rules' note on a deadline in the reader's language:
// English as the rules write it; Kannada and Hindi from deadline.note.*,
// by kind and document. The note of a certificate's expiry is its number,
// kept; any other note the catalogue does not translate is left out (the
// citation stays), never shown in English.
func (w *writer) deadlineNote(d Deadline) string {
	switch {
	case d.Note == "" || w.lang == locale.English || d.Kind == string(rules.DeadlineCertificateExpiry):
		return d.Note
	case w.c.Has("deadline.note." + d.Kind + "." + d.Document):
		return w.text("deadline.note."+d.Kind+"."+d.Document, nil)
	case w.c.Has("deadline.note." + d.Kind):
		return w.text("deadline.note."+d.Kind, nil)
	}
	return ""
}

func (w *writer) inspectionEvents(in InspectionDeadlines) []Event {
	var out []Event
	for _, r := range in.Rectifications {
		v := map[string]any{"Vessel": r.Vessel, "Title": w.deficiencyTitle(r.Code), "Code": r.Code,
			"Found": locale.Date(w.lang, civil(r.Found)), "Due": locale.Date(w.lang, r.Due)}
		out = append(
			out,
			Event{UID: "finding-" + r.FindingID.String() + "@tindal", Date: r.Due, AlarmsDaysBefore: inspectionAlarms,
				Summary: w.text("calendar.rectification.summary", v), Description: w.text("calendar.rectification.description", v)},
		)
	}
	for _, p := range in.Penalties {
		out = append(out, w.penaltyEvents(p)...)
	}
	for _, d := range in.Detentions {
		v := map[string]any{
			"Vessel":   d.Vessel,
			"Date":     locale.Date(w.lang, civil(d.Date)),
			"Citation": "Inland Vessels Act 2021, s.85; Karnataka 2025, Sch-IX",
		}
		out = append(
			out,
			Event{UID: "detention-" + d.InspectionID.String() + "@tindal", Date: civil(d.Date), AlarmsDaysBefore: []int{0},
				Summary: w.text("calendar.detention.summary", v), Description: w.text("calendar.detention.description", v)},
		)
	}
	return out
}

// penaltyEvents are the payment and appeal deadlines of a notified fine,
// by the regime of the vessel (docs/LAW.md §11 Q10). A regime whose rules state
// no payment window gets only its appeal window.
func (w *writer) penaltyEvents(p PenaltyWindow) []Event {
	notice := civil(p.Notice)
	v := map[string]any{
		"Vessel":  p.Vessel,
		"Row":     p.Row,
		"Amount":  locale.Rupees(p.Amount),
		"Notice":  locale.Date(w.lang, notice),
		"Offence": w.named("penalty_row.", p.Row),
	} // a row the catalogue does not describe is shown as its code
	var out []Event
	appealDays, appealCite := karnatakaAppealDays, "Karnataka 2025, Sch-XVI paras 1-2"
	switch rules.Regime(p.Regime) {
	case rules.RegimeKarnataka2025:
		due := notice.AddDate(0, 0, karnatakaPaymentDays)
		v["Due"], v["Citation"] = locale.Date(w.lang, due), "Karnataka 2025, Sch-I Form-18"
		out = append(
			out,
			Event{
				UID:              "penalty-pay-" + p.PenaltyID.String() + "@tindal",
				Date:             due,
				AlarmsDaysBefore: inspectionAlarms,
				Summary: w.text(
					"calendar.penalty_payment.summary",
					v,
				),
				Description: w.text("calendar.penalty_payment.description", v),
			},
		)
	case rules.RegimeParadip1967:
		appealDays, appealCite = paradipAppealDays, "Paradip 1967, r.27"
	default:
		return nil
	}
	due := notice.AddDate(0, 0, appealDays)
	v["Due"], v["Days"], v["Citation"] = locale.Date(w.lang, due), appealDays, appealCite
	return append(
		out,
		Event{
			UID:              "penalty-appeal-" + p.PenaltyID.String() + "@tindal",
			Date:             due,
			AlarmsDaysBefore: inspectionAlarms,
			Summary: w.text(
				"calendar.penalty_appeal.summary",
				v,
			),
			Description: w.text("calendar.penalty_appeal.description", v),
		},
	)
}

// deficiencyTitle is a catalogue code's title in the reader's language:
// Kannada and Hindi from locale/titles, English from the rules catalogue;
// the English title where a translation is missing, the code if unknown.
func (w *writer) deficiencyTitle(code string) string {
	if t, ok := w.c.DeficiencyTitle(w.lang, code); ok {
		return t.Text
	}
	if e, ok := rules.Lookup(rules.Code(code)); ok {
		return e.Title[rules.LangEnglish]
	}
	return code
}

// civil is the date (in India) of an instant, as midnight UTC.
func civil(t time.Time) time.Time {
	d := rules.DateOf(t)
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC)
}
