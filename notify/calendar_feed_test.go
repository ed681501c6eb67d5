package notify_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-ical"
	"github.com/google/uuid"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// feedWorld is a Kannada owner with a Karnataka vessel, an approved
// inspection that proposed detention, an open finding with a
// rectification date and a notified charged fine.
type feedWorld struct {
	t                            *testing.T
	db                           *storage.DB
	owner, finding, penalty, jur uuid.UUID
}

func newFeedWorld(t *testing.T, lang string) *feedWorld {
	w := &feedWorld{t: t, db: testkit.NewDB(t), owner: uuid.New(), finding: uuid.New(), penalty: uuid.New(), jur: uuid.New()}
	vessel, insp, user, tpl, party, off := uuid.New(), uuid.New(), uuid.New(), uuid.New(), uuid.New(), uuid.New()
	w.exec(`INSERT INTO jurisdictions (id, code, name, regime) VALUES (?, 'KARWAR', 'Karwar', 'KA-IV-2025')`, w.jur)
	w.exec(`INSERT INTO owners (id, kind, name, email, preferred_language, jurisdiction_id) VALUES (?, 'person', 'Lakshmi', 'l@test.tindal', ?, ?)`, w.owner, lang, w.jur)
	w.exec(`INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power, power_unit, passengers, use, jurisdiction_id, owner_id)
		VALUES (?, 'KA-KWR-M-0007', 'Sagar Rani', 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20, 'passenger', ?, ?)`, vessel, w.jur, w.owner)
	w.exec(`INSERT INTO users (id, email, name, role, password_hash) VALUES (?, 'insp@test.tindal', 'Inspector', 'inspector', 'x')`, user)
	w.exec(`INSERT INTO checklist_templates (id, key, template_version, regime, title, items) VALUES (?, 'test', 1, 'KA-IV-2025', 'Test', '[]')`, tpl)
	w.exec(`INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id, rule_set_id, kind, started_at, status, detention_proposed)
		VALUES (?, ?, ?, ?, ?, ?, 'KA-IV-2025@2025-12-11', 'routine', '2027-03-10 10:00+05:30', 'approved', true)`, insp, vessel, user, w.jur, w.owner, tpl)
	// Karnataka 2025, Sch-VI: lifejackets short (11002), to be put right within 14 days.
	w.exec(`INSERT INTO findings (id, inspection_id, code, source, due_date, jurisdiction_id, owner_id, inspector_id)
		VALUES (?, ?, '11002', 'inspector', '2027-03-24', ?, ?, ?)`, w.finding, insp, w.jur, w.owner, user)
	w.exec(`INSERT INTO liable_parties (id, kind, ref, owner_id) VALUES (?, 'owner', ?, ?)`, party, w.owner.String(), w.owner)
	w.exec(`INSERT INTO offences (id, party_id, penalty_row, inspection_id, vessel_id, occurred_at, rule_set_id, status, jurisdiction_id, owner_id, inspector_id)
		VALUES (?, ?, 'KA-F01', ?, ?, '2027-03-10 10:00+05:30', 'KA-IV-2025@2025-12-11', 'charged', ?, ?, ?)`, off, party, insp, vessel, w.jur, w.owner, user)
	w.exec(`INSERT INTO penalties (id, offence_id, party_id, inspection_id, penalty_row, level, unit_amount, amount, rule_set_id, notice_issued_at, jurisdiction_id, owner_id, inspector_id)
		VALUES (?, ?, ?, ?, 'KA-F01', 1, 100000, 100000, 'KA-IV-2025@2025-12-11', '2027-03-11 09:00+05:30', ?, ?, ?)`, w.penalty, off, party, insp, w.jur, w.owner, user)
	return w
}

func (w *feedWorld) exec(sql string, args ...any) {
	w.t.Helper()
	if err := w.db.Gorm.Exec(sql, args...).Error; err != nil {
		w.t.Fatalf("%s: %v", sql, err)
	}
}

// coc2027 is a crew member's legacy CoC deadline as the compliance view
// derives it (Karnataka 2025, r.32(2): 6 June 2027).
var coc2027 = notify.Deadline{Key: "legacy_certificate|crew-1|serang", Kind: "legacy_certificate", Who: "Ramesh Tandel (Sagar Rani (KA-KWR-M-0007))",
	Crew: true, Document: "serang", Due: time.Date(2027, 6, 6, 0, 0, 0, 0, time.UTC), Citation: "Karnataka 2025, r.32(2)"}

// feed fetches and strictly parses the owner's feed, keyed by UID.
func (w *feedWorld) feed(lang string, ds ...notify.Deadline) map[string]*testkit.ICSComponent {
	w.t.Helper()
	c := &notify.Calendars{DB: w.db}
	b, err := c.Feed(context.Background(), notify.FeedOwner{ID: w.owner, Name: "Lakshmi", Language: lang}, ds, time.Date(2027, 3, 12, 6, 0, 0, 0, time.UTC))
	if err != nil {
		w.t.Fatal(err)
	}
	cal, err := testkit.ParseICS(b)
	if err != nil {
		w.t.Fatalf("not RFC 5545: %v\n%s", err, b)
	}
	out := map[string]*testkit.ICSComponent{}
	for _, e := range cal.Children {
		out[e.Props["UID"][0]] = e
	}
	w.sameInGoICal(b, out)
	return out
}

// sameInGoICal decodes the feed with a second, independent parser
// (emersion/go-ical) and checks it reads the same events and texts.
func (w *feedWorld) sameInGoICal(b []byte, want map[string]*testkit.ICSComponent) {
	w.t.Helper()
	cal, err := ical.NewDecoder(bytes.NewReader(b)).Decode()
	if err != nil {
		w.t.Fatalf("go-ical: %v", err)
	}
	if n := len(cal.Events()); n != len(want) {
		w.t.Errorf("go-ical reads %d events, testkit %d", n, len(want))
	}
	for _, e := range cal.Events() {
		uid, _ := e.Props.Text(ical.PropUID)
		summary, err := e.Props.Text(ical.PropSummary)
		start, derr := e.DateTimeStart(time.UTC)
		ours, ok := want[uid]
		if err != nil || derr != nil || !ok || summary != text(ours, "SUMMARY") || start.Format("20060102") != ours.Props["DTSTART"][0] {
			w.t.Errorf("go-ical %s: %q %v %v, testkit %v", uid, summary, start, errors.Join(err, derr), ours)
		}
	}
}

func text(e *testkit.ICSComponent, p string) string { return testkit.UnescapeICSText(e.Props[p][0]) }

func TestKannadaFeedHoldsEveryDeadlineInKannada(t *testing.T) {
	w := newFeedWorld(t, "kn")
	evs := w.feed("kn", coc2027)
	want := []struct {
		uid, start    string
		summary, desc []string
	}{
		{"finding-" + w.finding.String() + "@tindal", "20270324", []string{"Sagar Rani (KA-KWR-M-0007): ", "ಜೀವರಕ್ಷಕ ಜಾಕೆಟ್‌ಗಳು", "ಸರಿಪಡಿಸಿ"},
			[]string{"10 ಮಾರ್ಚ್ 2027 ರ ತಪಾಸಣೆಯಲ್ಲಿ", "ನ್ಯೂನತೆ 11002", "24 ಮಾರ್ಚ್ 2027"}},
		// Karnataka 2025, Sch-I Form-18: pay within 15 days of the challan (11 March).
		{"penalty-pay-" + w.penalty.String() + "@tindal", "20270326", []string{"₹1,00,000 ದಂಡ ಪಾವತಿಸಿ", "KA-F01"},
			[]string{"ಮಾನ್ಯ ವಿಮಾ ರಕ್ಷಣೆ ಇಲ್ಲದೆ ಜಲನೌಕೆ ನಡೆಸುವುದು", "11 ಮಾರ್ಚ್ 2027 ರ ಚಲನ್", "26 ಮಾರ್ಚ್ 2027", "Form-18"}},
		// Karnataka 2025, Sch-XVI: appeal within 30 days (docs/LAW.md §11 Q10).
		{"penalty-appeal-" + w.penalty.String() + "@tindal", "20270410", []string{"ಮೇಲ್ಮನವಿಗೆ ಕೊನೆಯ ದಿನ"}, []string{"30 ದಿನಗಳೊಳಗೆ", "10 ಏಪ್ರಿಲ್ 2027", "Sch-XVI"}},
		{"", "20270606", []string{"Ramesh Tandel", "ಸಾಮರ್ಥ್ಯ ಪ್ರಮಾಣಪತ್ರ (CoC), ಸೆರಾಂಗ್", "ಹಳೆಯ ಸಾಮರ್ಥ್ಯ ಪ್ರಮಾಣಪತ್ರ"}, []string{"ಗಡುವು: 6 ಜೂನ್ 2027", "r.32(2)"}},
		{"", "20270310", []string{"ತಡೆಹಿಡಿಯುವಿಕೆ ಪ್ರಸ್ತಾಪಿಸಲಾಗಿದೆ"}, []string{"10 ಮಾರ್ಚ್ 2027 ರ ತಪಾಸಣೆಯಲ್ಲಿ", "s.85"}},
	}
	if len(evs) != len(want) {
		t.Errorf("%d events, want %d", len(evs), len(want))
	}
	for _, c := range want {
		var e *testkit.ICSComponent
		for uid, x := range evs {
			if x.Props["DTSTART"][0] == c.start && (c.uid == "" || uid == c.uid) {
				e = x
			}
		}
		if e == nil {
			t.Errorf("no event %s on %s", c.uid, c.start)
			continue
		}
		for _, s := range c.summary {
			if !strings.Contains(text(e, "SUMMARY"), s) {
				t.Errorf("%s summary %q lacks %q", c.start, text(e, "SUMMARY"), s)
			}
		}
		for _, s := range c.desc {
			if !strings.Contains(text(e, "DESCRIPTION"), s) {
				t.Errorf("%s description %q lacks %q", c.start, text(e, "DESCRIPTION"), s)
			}
		}
		if e.Params["SUMMARY"][0] != "LANGUAGE=kn" || e.Props["SEQUENCE"][0] != "0" {
			t.Errorf("%s: params %v sequence %v", c.start, e.Params["SUMMARY"], e.Props["SEQUENCE"])
		}
	}
}

func TestFeedEventsKeepTheirUIDAndBumpSequenceWhenTheyChange(t *testing.T) {
	w := newFeedWorld(t, "kn")
	first := w.feed("kn", coc2027)
	// A decision lowers the fine; the rectification date moves; the CoC
	// deadline is moved by notice (TINDAL_COC_DEADLINE).
	w.exec(`UPDATE penalties SET amount = 50000, revision = revision + 1 WHERE id = ?`, w.penalty)
	w.exec(`UPDATE findings SET due_date = '2027-03-31' WHERE id = ?`, w.finding)
	moved := coc2027
	moved.Due = time.Date(2028, 6, 6, 0, 0, 0, 0, time.UTC)
	second := w.feed("kn", moved)
	if len(second) != len(first) {
		t.Fatalf("%d events then %d: UIDs not stable", len(first), len(second))
	}
	for uid, e := range second {
		old, ok := first[uid]
		if !ok {
			t.Errorf("new UID %s after a change", uid)
			continue
		}
		changed := text(e, "SUMMARY")+text(e, "DESCRIPTION")+e.Props["DTSTART"][0] != text(old, "SUMMARY")+text(old, "DESCRIPTION")+old.Props["DTSTART"][0]
		want := map[bool]string{true: "1", false: "0"}[changed]
		if e.Props["SEQUENCE"][0] != want {
			t.Errorf("%s (%s): SEQUENCE %s, want %s (changed %v)", uid, text(e, "SUMMARY"), e.Props["SEQUENCE"][0], want, changed)
		}
	}
	// payment (amount), appeal (its description names the fine's row
	// only: unchanged), rectification (date) and the CoC (date) changed.
	bumped := 0
	for _, e := range second {
		if e.Props["SEQUENCE"][0] == "1" {
			bumped++
		}
	}
	if bumped != 3 {
		t.Errorf("%d events bumped, want 3 (payment, rectification, CoC)", bumped)
	}
	// Fetching again changes nothing; a rectified finding leaves the feed.
	w.exec(`UPDATE findings SET rectified = true WHERE id = ?`, w.finding)
	third := w.feed("kn", moved)
	if _, ok := third["finding-"+w.finding.String()+"@tindal"]; ok || len(third) != len(first)-1 {
		t.Errorf("rectified finding still in the feed (%d events)", len(third))
	}
	for uid, e := range third {
		if e.Props["SEQUENCE"][0] != second[uid].Props["SEQUENCE"][0] {
			t.Errorf("%s: SEQUENCE %s after an unchanged fetch, was %s", uid, e.Props["SEQUENCE"][0], second[uid].Props["SEQUENCE"][0])
		}
	}
	// The owner switching to Hindi rewrites every event: all bump.
	for uid, e := range w.feed("hi", moved) {
		if e.Props["SEQUENCE"][0] == third[uid].Props["SEQUENCE"][0] || e.Params["SUMMARY"][0] != "LANGUAGE=hi" {
			t.Errorf("%s in Hindi: SEQUENCE %s %v", uid, e.Props["SEQUENCE"][0], e.Params["SUMMARY"])
		}
	}
}
