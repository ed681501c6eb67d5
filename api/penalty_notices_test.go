package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// noticeJSON is what the tests read of a penalty notice.
type noticeJSON struct {
	ID        string           `json:"id"`
	Number    string           `json:"number"`
	Revision  int              `json:"revision"`
	Status    string           `json:"status"`
	ServedOn  string           `json:"served_on"`
	Total     int64            `json:"total"`
	Due       int64            `json:"due"`
	Lines     []noticeLineJSON `json:"lines"`
	Revisions []struct {
		Revision int              `json:"revision"`
		Previous *int             `json:"previous"`
		Reason   string           `json:"reason"`
		Lines    []noticeLineJSON `json:"lines"`
	} `json:"revisions"`
	Appeal *struct {
		ClosesOn string `json:"closes_on"`
	} `json:"appeal"`
}

type noticeLineJSON struct {
	PenaltyID      string  `json:"penalty_id"`
	OffenceID      string  `json:"offence_id"`
	Row            string  `json:"row"`
	Sl             int     `json:"sl"`
	PartyKind      string  `json:"party_kind"`
	PartyRef       string  `json:"party_ref"`
	Persons        int     `json:"persons"`
	Level          int     `json:"level"`
	Amount         int64   `json:"amount"`
	Status         string  `json:"status"`
	EscalatedFrom  *string `json:"escalated_from"`
	PreviousAmount *int64  `json:"previous_amount"`
	PreviousLevel  *int    `json:"previous_level"`
	Paid           int64   `json:"paid"`
	Due            int64   `json:"due"`
	Trace          []struct {
		Rule     string `json:"rule"`
		Citation string `json:"citation"`
	} `json:"trace"`
}

// The contract check reads an HTML page as the string it is declared as.
func init() { openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.FileBodyDecoder) }

// finding is one deficiency an inspection records.
type finding struct {
	code    rules.Code
	ref     string
	persons int
}

// submittedWith pushes an inspection of the Karwar vessel started at `at`
// with the findings, submitted, in one push.
func (h *harness) submittedWith(p *pusher, at time.Time, fs ...finding) uuid.UUID {
	h.t.Helper()
	return h.submittedFor(p, h.ids["vessel-KARWAR"], at, fs...)
}

// newVessel registers a Karwar vessel of a new owner.
func (h *harness) newVessel(registration string) uuid.UUID {
	h.t.Helper()
	ctx, reg := context.Background(), registry.New(h.db, testkit.Now)
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	o, _, err := reg.CreateOwner(ctx, admin, models.Owner{Kind: "person", Name: "Owner of " + registration, JurisdictionID: h.ids["KARWAR"], PreferredLanguage: "en"})
	h.must(err)
	cat, zone, power, unit := "C", 3, 120.0, "kW"
	v, _, err := reg.CreateVessel(ctx, admin, models.Vessel{RegistrationNumber: registration, Name: "Boat " + registration, Kind: "mechanised",
		Category: &cat, Zone: &zone, EnginePower: &power, PowerUnit: &unit, Use: "passenger", JurisdictionID: h.ids["KARWAR"], OwnerID: o.ID})
	h.must(err)
	return v.ID
}

// submittedFor pushes a submitted inspection of a vessel.
func (h *harness) submittedFor(p *pusher, vessel uuid.UUID, at time.Time, fs ...finding) uuid.UUID {
	h.t.Helper()
	id := uuid.Must(uuid.NewV7())
	p.push(at, "inspection.start", map[string]any{"id": id, "vessel_id": vessel, "template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"})
	for i, f := range fs {
		args := map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "code": string(f.code)}
		if f.ref != "" {
			args["party_ref"] = f.ref
		}
		if f.persons > 0 {
			args["persons"] = f.persons
		}
		if r := p.push(at.Add(time.Duration(i+1)*time.Second), "finding.record", args); r.Status != "applied" {
			h.t.Fatalf("finding %s: %+v", f.code, r)
		}
	}
	p.push(at.Add(time.Minute), "inspection.submit", map[string]any{"inspection_id": id})
	if testkit.Now().Sub(at) > 24*time.Hour {
		// Captured before the device was registered: held out of the
		// chains until a supervisor confirms the time (docs/SYNC.md §5).
		if r := h.do("POST", "/v1/inspections/"+id.String()+"/review", "supervisor", map[string]any{"decision": "confirm_time"}); r.status != 200 {
			h.t.Fatalf("confirm time: %d %s", r.status, r.body)
		}
	}
	return id
}

// approve approves an inspection and returns its notice.
func (h *harness) approve(id uuid.UUID) noticeJSON {
	h.t.Helper()
	if r := h.do("POST", "/v1/inspections/"+id.String()+"/review", "supervisor", map[string]any{"decision": "approve"}); r.status != 200 {
		h.t.Fatalf("approve: %d %s", r.status, r.body)
	}
	return h.noticeOf(id)
}

// noticeOf reads the one notice of an inspection, as the admin.
func (h *harness) noticeOf(id uuid.UUID) noticeJSON {
	h.t.Helper()
	r := h.do("GET", "/v1/penalty-notices?inspection_id="+id.String(), "admin", nil)
	var out struct{ Items []noticeJSON }
	if r.status != 200 || json.Unmarshal(r.body, &out) != nil || len(out.Items) != 1 {
		h.t.Fatalf("notice of %s: %d %s", id, r.status, r.body)
	}
	return out.Items[0]
}

func (h *harness) notice(id, user string) noticeJSON {
	h.t.Helper()
	var n noticeJSON
	r := h.do("GET", "/v1/penalty-notices/"+id, user, nil)
	if r.status != 200 {
		h.t.Fatalf("GET notice as %s: %d %s", user, r.status, r.body)
	}
	h.must(json.Unmarshal(r.body, &n))
	return n
}

func lineOf(n noticeJSON, row, kind, ref string) noticeLineJSON {
	for _, l := range n.Lines {
		if l.Row == row && l.PartyKind == kind && l.PartyRef == ref {
			return l
		}
	}
	return noticeLineJSON{}
}

// fieldError is the named field error of a problem.
func fieldError(r response, field string) (code, message string) {
	var p struct {
		Errors []struct{ Field, Code, Message string }
	}
	_ = json.Unmarshal(r.body, &p)
	for _, e := range p.Errors {
		if e.Field == field {
			return e.Code, e.Message
		}
	}
	return "", ""
}

// TestPenaltyNoticeOnApproval: approving an inspection issues, in the same
// transaction, one notice with every offence — one per liable person
// (Karnataka 2025, Sch-IV; docs/LAW.md §11 Q34) — with its Sch-IV row, person,
// amount and level; a repeat offence within a year shows the doubling
// (Sch-IV note) and the offence it doubled from; the owner's copy is HTML
// in the owner's language.
func TestPenaltyNoticeOnApproval(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	p := h.pusher("inspector")
	first := h.submittedWith(p, testkit.Now().Add(-10*24*time.Hour), finding{code: rules.CodeExtinguisherMissing},
		finding{code: rules.CodePassengerNoLifejacket, ref: "PAX-AADHAAR-1111", persons: 1}, finding{code: rules.CodePassengerNoLifejacket, persons: 3})
	if n := h.count("penalty_notices"); n != 0 {
		t.Fatalf("%d notices before approval", n)
	}
	n1 := h.approve(first)
	if n1.Number != "KARWAR/PN/000001" || n1.Revision != 1 || n1.Status != "open" {
		t.Errorf("first notice: %+v", n1)
	}
	var offences int64 // the vessel has no certificates on record either: Sch-IV rows 1-4 are charged too
	h.row(&offences, "SELECT count(*) FROM offences WHERE inspection_id = ? AND deleted_at IS NULL AND status = 'charged'", first)
	if offences < 3 || len(n1.Lines) != int(offences) {
		t.Fatalf("first notice has %d lines for %d offences: %+v", len(n1.Lines), offences, n1.Lines)
	}
	owner := lineOf(n1, "KA-F09", "owner", "")
	named := lineOf(n1, "KA-F10", "passenger", "PAX-AADHAAR-1111")
	unnamed := lineOf(n1, "KA-F10", "passenger", "")
	if owner.Sl != 9 || owner.Level != 1 || owner.Amount != 5000 {
		t.Errorf("Karnataka 2025, Sch-IV row 9, first offence: %+v", owner)
	}
	if named.Sl != 10 || named.Level != 1 || named.Amount != 1000 || named.Persons != 1 {
		t.Errorf("Karnataka 2025, Sch-IV row 10, one named passenger: %+v", named)
	}
	if unnamed.Amount != 3000 || unnamed.Persons != 3 {
		t.Errorf("Karnataka 2025, Sch-IV row 10, Rs 1,000 per pax × 3 unidentified: %+v", unnamed)
	}
	if n1.Total != sumOf(n1.Lines) || n1.Due != n1.Total {
		t.Errorf("total %d due %d, want the sum of the lines %d", n1.Total, n1.Due, sumOf(n1.Lines))
	}

	second := h.submittedWith(p, testkit.Now().Add(-2*time.Hour), finding{code: rules.CodeExtinguisherMissing})
	n2 := h.approve(second)
	repeat := lineOf(n2, "KA-F09", "owner", "")
	if n2.Number != "KARWAR/PN/000002" || repeat.Level != 2 || repeat.Amount != 10000 {
		t.Errorf("Karnataka 2025, Sch-IV note, repeat within a year: notice %s line %+v", n2.Number, repeat)
	}
	if repeat.EscalatedFrom == nil || *repeat.EscalatedFrom != owner.OffenceID {
		t.Errorf("repeat doubled from %v, want the first offence %s", repeat.EscalatedFrom, owner.OffenceID)
	}
	if !slices.ContainsFunc(repeat.Trace, func(s struct {
		Rule     string `json:"rule"`
		Citation string `json:"citation"`
	}) bool {
		return strings.Contains(s.Citation, "Sch-IV note")
	}) {
		t.Errorf("the repeat's trace does not cite the Sch-IV note: %+v", repeat.Trace)
	}

	if h.audited("penalty_notice.issue", "penalty_notice", uuid.MustParse(n1.ID)) != 1 {
		t.Error("the issue of the notice is not in the audit log")
	}

	t.Run("the owner's copy in Kannada and Hindi", func(t *testing.T) {
		h := h.with(t)
		r := h.do("GET", "/v1/penalty-notices/"+n2.ID+"/html", "owner", nil)
		body := string(r.body)
		if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
			t.Fatalf("html: %d %s", r.status, r.header.Get("Content-Type"))
		}
		served, _ := time.Parse("2006-01-02", n2.ServedOn)
		for _, want := range []string{`lang="kn"`, "ದಂಡದ ನೋಟಿಸ್", "₹10,000", "KARWAR/PN/000002", locale.Rupees(n2.Total), served.Format("02-01-2006"), "ಮಾಲೀಕರು", "Karnataka 2025, Sch-IV row 9"} {
			if !strings.Contains(body, want) {
				t.Errorf("Kannada notice lacks %q", want)
			}
		}
		if strings.Contains(body, "Penalty notice") {
			t.Error("Kannada notice carries the English title")
		}
		hi := string(h.do("GET", "/v1/penalty-notices/"+n1.ID+"/html?lang=hi", "owner", nil).body)
		for _, want := range []string{`lang="hi"`, "जुर्माना नोटिस", locale.Rupees(n1.Total), "यात्री PAX-AADHAAR-1111", "पहचान नहीं हुई (3)"} {
			if !strings.Contains(hi, want) {
				t.Errorf("Hindi notice lacks %q", want)
			}
		}
	})
}

// TestPenaltyNoticeOfAWithdrawnInspection: withdrawing an approved
// inspection revises its notice — every line cancelled at ₹0 with its
// previous amount — instead of changing or deleting it.
func TestPenaltyNoticeOfAWithdrawnInspection(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	id := h.submittedWith(h.pusher("inspector"), testkit.Now().Add(-3*time.Hour), finding{code: rules.CodeExtinguisherMissing})
	n := h.approve(id)
	if r := h.do("POST", "/v1/inspections/"+id.String()+"/review", "supervisor", map[string]any{"decision": "withdraw", "comment": "wrong vessel"}); r.status != 200 {
		t.Fatalf("withdraw: %d %s", r.status, r.body)
	}
	got := h.notice(n.ID, "owner")
	if got.Revision != 2 || got.Status != "cancelled" || got.Total != 0 || len(got.Lines) != len(n.Lines) {
		t.Fatalf("after withdrawal: revision %d status %s total %d, %d lines (was %d)", got.Revision, got.Status, got.Total, len(got.Lines), len(n.Lines))
	}
	for _, l := range got.Lines {
		was := lineOf(n, l.Row, l.PartyKind, l.PartyRef)
		if l.Status != "cancelled" || l.Amount != 0 || l.PreviousAmount == nil || *l.PreviousAmount != was.Amount {
			t.Errorf("line %s: %+v, was %d", l.Row, l, was.Amount)
		}
	}
	if len(got.Revisions) != 2 || got.Revisions[0].Lines[0].Amount == 0 {
		t.Errorf("revision 1 was not kept as issued: %+v", got.Revisions)
	}
}

// TestPenaltyNoticeRevisedByALateEarlierOffence: an earlier offence
// approved after a later one makes the later one a repeat (offences count in
// the order they happened, docs/LAW.md §5.2): the later notice is revised to
// the doubled amount, revision 2 naming revision 1 and the previous amount.
func TestPenaltyNoticeRevisedByALateEarlierOffence(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	p := h.pusher("inspector")
	later := h.approve(h.submittedWith(p, testkit.Now().Add(-2*time.Hour), finding{code: rules.CodeExtinguisherMissing}))
	if l := lineOf(later, "KA-F09", "owner", ""); l.Level != 1 || l.Amount != 5000 {
		t.Fatalf("before: %+v", l)
	}
	h.approve(h.submittedWith(p, testkit.Now().Add(-10*24*time.Hour), finding{code: rules.CodeExtinguisherMissing}))
	// A served challan rises only by an officer's act: until a supervisor
	// confirms, the rise is a proposal and the notice and the owner see
	// nothing of it.
	held := h.notice(later.ID, "owner")
	if held.Revision != 1 || lineOf(held, "KA-F09", "owner", "").Amount != 5000 {
		t.Fatalf("served notice rose without an officer: revision %d %+v", held.Revision, lineOf(held, "KA-F09", "owner", ""))
	}
	var proposal struct {
		ID        uuid.UUID
		NewAmount int64
	}
	h.row(&proposal, "SELECT id, new_amount FROM penalty_adjustments WHERE state = 'proposed' AND penalty_id = ?", lineOf(held, "KA-F09", "owner", "").PenaltyID)
	if proposal.NewAmount != 10000 {
		t.Fatalf("proposed rise: %+v", proposal)
	}
	if n := h.count("notifications WHERE template LIKE 'penalty%'"); n != 0 {
		t.Errorf("owner told of an unconfirmed rise: %d notifications", n)
	}
	decide := "/v1/penalty-adjustments/" + proposal.ID.String() + "/decision"
	if r := h.do("POST", decide, "inspector", map[string]any{"decision": "confirm", "reason": "repeat within a year"}); r.status != 403 && r.status != 404 {
		t.Errorf("inspector decides a rise: %d", r.status)
	}
	for range 2 { // the same decision again answers the same adjustment
		if r := h.do("POST", decide, "supervisor", map[string]any{"decision": "confirm", "reason": "repeat within a year"}); r.status != 200 || r.json()["state"] != "confirmed" {
			t.Fatalf("confirm: %d %s", r.status, r.body)
		}
	}
	if r := h.do("POST", decide, "supervisor", map[string]any{"decision": "reject", "reason": "no"}); r.status != 409 || r.json()["code"] != "already_decided" {
		t.Errorf("reject after confirm: %d %s", r.status, r.body)
	}
	if n := h.count("audit_log WHERE action = 'penalty_adjustment.confirm'"); n != 1 {
		t.Errorf("%d audit entries for the confirmation, want 1", n)
	}
	got := h.notice(later.ID, "owner")
	l := lineOf(got, "KA-F09", "owner", "")
	if got.Revision != 2 || l.Level != 2 || l.Amount != 10000 || l.PreviousAmount == nil || *l.PreviousAmount != 5000 {
		t.Errorf("Karnataka 2025, Sch-IV note: revision %d line %+v", got.Revision, l)
	}
	if len(got.Revisions) != 2 || got.Revisions[1].Previous == nil || *got.Revisions[1].Previous != 1 {
		t.Errorf("revisions %+v", got.Revisions)
	}
}

// TestPenaltyPayment: a registrar records the full amount due on one
// penalty; a part or more is refused with 422 naming the amount due and
// writes nothing; the same receipt again answers the same payment; the
// receipt number for another payment is 409.
func TestPenaltyPayment(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	n := h.approve(h.submittedWith(h.pusher("inspector"), testkit.Now().Add(-3*time.Hour), finding{code: rules.CodeExtinguisherMissing},
		finding{code: rules.CodePassengerNoLifejacket, persons: 2}))
	owner, pax := lineOf(n, "KA-F09", "owner", ""), lineOf(n, "KA-F10", "passenger", "")
	today := rules.DateOf(testkit.Now()).String()
	pay := func(user, penalty string, amount int64, receipt string) response {
		return h.do("POST", "/v1/penalty-notices/"+n.ID+"/payments", user, map[string]any{"penalty_id": penalty, "amount": amount, "paid_on": today, "receipt_number": receipt})
	}
	for _, c := range []struct {
		name   string
		amount int64
	}{{"part payment", 4999}, {"over-payment", 5001}, {"the notice's total for one penalty", 7000}} {
		r := pay("registrar", owner.PenaltyID, c.amount, "R-1")
		if code, msg := fieldError(r, "amount"); r.status != 422 || code != "amount_due" || msg != "5000" || !strings.Contains(string(r.body), "₹5,000") {
			t.Errorf("%s: %d %s", c.name, r.status, r.body)
		}
	}
	if n := h.count("penalty_payments"); n != 0 {
		t.Fatalf("refused payments wrote %d rows", n)
	}
	if r := pay("supervisor", owner.PenaltyID, 5000, "R-1"); r.status != 403 {
		t.Errorf("a supervisor records a payment: %d", r.status)
	}
	first := pay("registrar", owner.PenaltyID, 5000, "R-1")
	if first.status != 201 {
		t.Fatalf("exact payment: %d %s", first.status, first.body)
	}
	again := pay("registrar", owner.PenaltyID, 5000, "R-1")
	if again.status != 200 || again.json()["id"] != first.json()["id"] {
		t.Errorf("retried receipt: %d %s, want the payment %v", again.status, again.body, first.json()["id"])
	}
	if r := pay("registrar", pax.PenaltyID, 2000, "R-1"); r.status != 409 {
		t.Errorf("receipt R-1 for another payment: %d %s", r.status, r.body)
	}
	if r := pay("registrar", owner.PenaltyID, 5000, "R-2"); r.status != 422 {
		t.Errorf("paying a paid penalty again: %d %s", r.status, r.body)
	}
	if n := h.count("penalty_payments"); n != 1 {
		t.Errorf("%d payments, want 1", n)
	}
	got := h.notice(n.ID, "registrar")
	if l := lineOf(got, "KA-F09", "owner", ""); l.Paid != 5000 || l.Due != 0 || got.Status != "open" || got.Due != got.Total-5000 {
		t.Errorf("after paying the owner's penalty: line %+v, notice %s due %d of %d", l, got.Status, got.Due, got.Total)
	}
	for i, l := range got.Lines {
		if l.Due > 0 {
			if r := pay("registrar", l.PenaltyID, l.Due, fmt.Sprintf("R-%d", 10+i)); r.status != 201 {
				t.Fatalf("penalty %s: %d %s", l.Row, r.status, r.body)
			}
		}
	}
	if got := h.notice(n.ID, "owner"); got.Status != "paid" || got.Due != 0 {
		t.Errorf("every penalty paid: %s due %d", got.Status, got.Due)
	}
	// The public check of the printed code says paid, on the day of the
	// payment that left nothing due.
	code := h.do("GET", "/v1/penalty-notices/"+n.ID, "owner", nil).json()["verify_code"].(string)
	v := h.do("GET", "/v/"+code, "", nil).json()
	if at, _ := v["status_at"].(string); v["status"] != "paid" || !strings.HasPrefix(at, today) {
		t.Errorf("the check of a notice paid today: %v", v)
	}
}

// TestPenaltyNoticeNumbersUnderConcurrentApprovals: 20 approvals at once in
// one office take the numbers 1..20, each once.
func TestPenaltyNoticeNumbersUnderConcurrentApprovals(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	p := h.pusher("inspector")
	ids := make([]uuid.UUID, 20)
	for i := range ids {
		// A vessel of an owner of its own each: approvals for one owner
		// queue on the owner's chain lock anyway; these race only for the
		// office's counter.
		ids[i] = h.submittedFor(p, h.newVessel(fmt.Sprintf("KA-KWR-%04d", 100+i)), testkit.Now().Add(-time.Duration(5*60-i)*time.Minute),
			finding{code: rules.CodeExtinguisherMissing})
	}
	var wg stdsync.WaitGroup
	status := make([]int, len(ids))
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status[i] = h.do("POST", "/v1/inspections/"+id.String()+"/review", "supervisor", map[string]any{"decision": "approve"}).status
		}()
	}
	wg.Wait()
	for i, s := range status {
		if s != 200 {
			t.Errorf("approval %d: %d", i, s)
		}
	}
	var seqs []int64
	h.row(&seqs, "SELECT seq FROM penalty_notices WHERE jurisdiction_id = ? ORDER BY seq", h.ids["KARWAR"])
	want := make([]int64, 20)
	for i := range want {
		want[i] = int64(i + 1)
	}
	if !slices.Equal(seqs, want) {
		t.Errorf("notice numbers %v, want 1..20 once each", seqs)
	}
	pagesOfNotices(t, h, 20)
}

// pagesOfNotices walks GET /v1/penalty-notices 7 at a time with the
// declared next_cursor and expects all n notices once each, newest first;
// a cursor the server did not issue is a 422 naming it, as on every list.
func pagesOfNotices(t *testing.T, h *harness, n int) {
	t.Helper()
	seen, cursor, pages := map[string]bool{}, "", 0
	for {
		path := "/v1/penalty-notices?limit=7"
		if cursor != "" {
			path += "&cursor=" + cursor
		}
		r := h.do("GET", path, "supervisor", nil)
		var page struct {
			Items []struct {
				ID string `json:"id"`
			}
			NextCursor *string `json:"next_cursor"`
		}
		if r.status != 200 || json.Unmarshal(r.body, &page) != nil {
			t.Fatalf("GET %s: %d %s", path, r.status, r.body)
		}
		pages++
		for _, it := range page.Items {
			if seen[it.ID] {
				t.Errorf("notice %s on two pages", it.ID)
			}
			seen[it.ID] = true
		}
		if page.NextCursor == nil {
			break
		}
		cursor = *page.NextCursor
	}
	if len(seen) != n || pages != (n+6)/7 {
		t.Errorf("paged %d notices in %d pages, want %d in %d", len(seen), pages, n, (n+6)/7)
	}
	if r := h.do("GET", "/v1/penalty-notices?cursor=not-a-cursor", "supervisor", nil); r.status != 422 || !strings.Contains(string(r.body), `"field":"cursor"`) {
		t.Errorf("a forged cursor: %d %s, want 422 naming cursor", r.status, r.body)
	}
}

// TestPenaltyAppeals: an owner appeals within the window (30 days of
// receipt, Karnataka 2025, Sch-XVI para 1); a day late is refused with
// the date the window closed; only the appellate authority decides
// (Sch-XVI para 2: the Secretary, a State authority: an admin); upheld, the
// penalty is set aside, the later doubled offence drops to the first-offence
// amount, both notices are revised (revision 2 names revision 1 and shows
// the previous amounts) and the owner is told in Kannada.
func TestPenaltyAppeals(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.addUser("supervisor-mangaluru", models.RoleSupervisor, "MANGALURU")
	h.addOwnerUser("owner-mangaluru", "MANGALURU")
	h.addUser("supervisor-2", models.RoleSupervisor, "KARWAR") // a supervisor of the office who did not approve
	p := h.pusher("inspector")
	firstInspection := h.submittedWith(p, testkit.Now().Add(-10*24*time.Hour), finding{code: rules.CodeExtinguisherMissing},
		finding{code: rules.CodePassengerNoLifejacket, persons: 1})
	n1 := h.approve(firstInspection)
	n2 := h.approve(h.submittedWith(p, testkit.Now().Add(-2*time.Hour), finding{code: rules.CodeExtinguisherMissing}))
	first, pax := lineOf(n1, "KA-F09", "owner", ""), lineOf(n1, "KA-F10", "passenger", "")
	if l := lineOf(n2, "KA-F09", "owner", ""); l.Level != 2 || l.Amount != 10000 {
		t.Fatalf("the repeat before the appeal: %+v", l)
	}
	appeal := func(penalty string) response {
		return h.do("POST", "/v1/penalty-notices/"+n1.ID+"/appeals", "owner", map[string]any{"penalty_id": penalty, "grounds": "the extinguisher was on board"})
	}
	today := rules.DateOf(testkit.Now())
	served := func(d rules.Date) {
		h.must(h.db.Gorm.Exec("UPDATE penalty_notices SET served_on = ? WHERE id = ?", d.String(), n1.ID).Error)
	}

	t.Run("window", func(t *testing.T) {
		h := h.with(t)
		served(today.AddDays(-31)) // the window closed yesterday
		r := appeal(first.PenaltyID)
		if code, closed := fieldError(r, "filed_on"); r.status != 422 || code != "window_closed" || closed != today.AddDays(-1).String() {
			t.Errorf("a day after the window: %d %s, want 422 closing %s", r.status, r.body, today.AddDays(-1))
		}
		if n := h.count("penalty_appeals"); n != 0 {
			t.Errorf("a refused appeal wrote %d rows", n)
		}
		served(today.AddDays(-29)) // the day before the last day
		if r := appeal(pax.PenaltyID); r.status != 201 || r.json()["window_closes_on"] != today.AddDays(1).String() {
			t.Errorf("the day before the last day: %d %s", r.status, r.body)
		}
		served(today.AddDays(-30)) // today is the last day
		if r := appeal(first.PenaltyID); r.status != 201 || r.json()["state"] != "pending" {
			t.Errorf("on the last day: %d %s", r.status, r.body)
		}
		if r := appeal(first.PenaltyID); r.status != 409 {
			t.Errorf("a second appeal of the same penalty: %d", r.status)
		}
	})
	var appealID string
	h.row(&appealID, "SELECT id::text FROM penalty_appeals WHERE penalty_id = ?", first.PenaltyID)
	decide := func(user, decision string) response {
		return h.do("POST", "/v1/penalty-appeals/"+appealID+"/decide", user, map[string]any{"decision": decision, "reason": "extinguisher shown on board"})
	}

	t.Run("authorization", func(t *testing.T) {
		h := h.with(t)
		for user, want := range map[string]int{"supervisor-mangaluru": 404, "supervisor": 403, "supervisor-2": 403, "registrar": 403, "inspector": 403, "owner": 403} {
			if r := decide(user, "upheld"); r.status != want {
				t.Errorf("%s decides: %d, want %d %s", user, r.status, want, r.body)
			}
		}
		// Karnataka 2025, Sch-XVI para 2: the Secretary decides, not the port office.
		if r := decide("supervisor-2", "upheld"); r.json()["code"] != "not_appellate_authority" {
			t.Errorf("a Karwar supervisor decides a Karnataka appeal: %s", r.body)
		}
		if n := h.count("penalty_appeals WHERE state <> 'pending'"); n != 0 {
			t.Errorf("refused decisions decided %d appeals", n)
		}
		if r := h.do("GET", "/v1/penalty-notices/"+n1.ID, "owner-mangaluru", nil); r.status != 404 {
			t.Errorf("another owner reads the notice: %d", r.status)
		}
		if r := h.do("GET", "/v1/penalty-notices/"+n1.ID, "inspector-mangaluru", nil); r.status != 404 {
			t.Errorf("another jurisdiction's inspector reads the notice: %d", r.status)
		}
		if r := h.do("GET", "/v1/penalty-notices", "owner-mangaluru", nil); len(r.json()["items"].([]any)) != 0 {
			t.Errorf("another owner lists %s", r.body)
		}
		if r := h.do("GET", "/v1/penalty-notices", "owner", nil); len(r.json()["items"].([]any)) != 2 {
			t.Errorf("the owner lists %s", r.body)
		}
		if r := h.do("POST", "/v1/penalty-notices/"+n1.ID+"/appeals", "owner-mangaluru", map[string]any{"penalty_id": first.PenaltyID, "grounds": "x"}); r.status != 404 {
			t.Errorf("another owner appeals: %d", r.status)
		}
	})

	if r := decide("admin", "upheld"); r.status != 200 || r.json()["state"] != "upheld" {
		t.Fatalf("upheld: %d %s", r.status, r.body)
	}
	if r := decide("admin", "upheld"); r.status != 200 {
		t.Errorf("the same decision again: %d", r.status)
	}
	if r := decide("admin", "dismissed"); r.status != 409 {
		t.Errorf("the other decision: %d", r.status)
	}
	got1, got2 := h.notice(n1.ID, "owner"), h.notice(n2.ID, "owner")
	set := lineOf(got1, "KA-F09", "owner", "")
	if got1.Revision != 2 || set.Status != "set_aside" || set.Amount != 0 || set.PreviousAmount == nil || *set.PreviousAmount != 5000 {
		t.Errorf("the appealed notice: revision %d line %+v", got1.Revision, set)
	}
	later := lineOf(got2, "KA-F09", "owner", "")
	if got2.Revision != 2 || later.Level != 1 || later.Amount != 5000 || later.PreviousAmount == nil || *later.PreviousAmount != 10000 ||
		later.PreviousLevel == nil || *later.PreviousLevel != 2 {
		t.Errorf("Karnataka 2025, Sch-IV note: the later offence drops to the first-offence amount: revision %d line %+v", got2.Revision, later)
	}
	for _, n := range []noticeJSON{got1, got2} {
		if len(n.Revisions) != 2 || n.Revisions[1].Previous == nil || *n.Revisions[1].Previous != 1 || !strings.Contains(n.Revisions[1].Reason, "appeal") {
			t.Errorf("notice %s revisions: %+v", n.Number, n.Revisions)
		}
		was := noticeJSON{Lines: n.Revisions[0].Lines}
		if l := lineOf(n, "KA-F09", "owner", ""); lineOf(was, "KA-F09", "owner", "").Amount == l.Amount {
			t.Errorf("notice %s: revision 1 was rewritten", n.Number)
		}
	}
	var told []struct{ Locale, Subject string }
	h.row(&told, "SELECT locale, subject FROM notifications WHERE owner_id = ? AND template LIKE 'penalty%' ORDER BY created_at", h.ids["owner-KARWAR"])
	if len(told) != 2 {
		t.Fatalf("owner notified %d times, want 2 (the set-aside penalty and the later one): %+v", len(told), told)
	}
	for _, n := range told {
		if n.Locale != "kn" {
			t.Errorf("notice in %s, want the owner's Kannada: %s", n.Locale, n.Subject)
		}
	}
	t.Run("set aside stays set aside when the inspection is recomputed", func(t *testing.T) {
		h := h.with(t)
		if r := h.do("POST", "/v1/inspections/"+firstInspection.String()+"/review", "supervisor", map[string]any{"decision": "confirm_time"}); r.status != 200 {
			t.Fatalf("recompute: %d %s", r.status, r.body)
		}
		again := h.notice(n1.ID, "owner")
		if l := lineOf(again, "KA-F09", "owner", ""); l.Status != "set_aside" || again.Revision != 2 {
			t.Errorf("after recomputing the inspection: revision %d line %+v", again.Revision, l)
		}
		if l := lineOf(h.notice(n2.ID, "owner"), "KA-F09", "owner", ""); l.Amount != 5000 {
			t.Errorf("the later offence doubled again: %+v", l)
		}
		r := h.do("POST", "/v1/penalty-notices/"+n1.ID+"/payments", "registrar", map[string]any{"penalty_id": first.PenaltyID, "amount": 5000,
			"paid_on": today.String(), "receipt_number": "R-SET-ASIDE"})
		if code, msg := fieldError(r, "amount"); r.status != 422 || code != "amount_due" || msg != "0" {
			t.Errorf("paying a set-aside penalty: %d %s", r.status, r.body)
		}
	})
	if r := h.do("GET", "/v1/penalty-notices/"+n1.ID+"/html", "owner", nil); !strings.Contains(string(r.body), "ಮೇಲ್ಮನವಿಯಲ್ಲಿ ರದ್ದುಗೊಳಿಸಲಾಗಿದೆ") || !strings.Contains(string(r.body), "₹5,000") {
		t.Errorf("the Kannada copy does not show the set-aside penalty and its previous amount")
	}
	// Issue 12 item 8: two notices issued, two appeals filed (the refused
	// one out of its window is not), one decided — the repeated decision
	// is not counted again.
	metrics, karwar := string(h.scrape().body), h.ids["KARWAR"].String()
	for _, want := range []string{`tindal_penalty_notices_total{jurisdiction="` + karwar + `"} 2`,
		`tindal_penalty_appeals_filed_total{jurisdiction="` + karwar + `"} 2`,
		`tindal_penalty_appeals_decided_total{decision="upheld",jurisdiction="` + karwar + `"} 1`} {
		if !strings.Contains(metrics, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(metrics, `decision="dismissed"`) {
		t.Error("the refused dismissal was counted")
	}
}

// TestPenaltyNoticePDF: the notice prints as a PDF (English, the language
// of record) from the same page as the owner's HTML copy: pdftotext reads
// the vessel, each offence's Sch-IV row, the amounts, the repeat and its
// doubling (Karnataka 2025, Sch-IV note), the total and the number; the
// printed code verifies at GET /v/{code}, and says superseded once a
// revision replaced the one printed (issue 12 items 6 and 7).
func TestPenaltyNoticePDF(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	p := h.pusher("inspector")
	h.approve(h.submittedWith(p, testkit.Now().Add(-10*24*time.Hour), finding{code: rules.CodeExtinguisherMissing}))
	second := h.submittedWith(p, testkit.Now().Add(-2*time.Hour), finding{code: rules.CodeExtinguisherMissing},
		finding{code: rules.CodePassengerNoLifejacket, ref: "PAX-AADHAAR-1111", persons: 1})
	n := h.approve(second)
	var vessel struct{ Name, RegistrationNumber string }
	h.row(&vessel, "SELECT name, registration_number FROM vessels WHERE id = ?", h.ids["vessel-KARWAR"])

	pdf := func(user string) string {
		t.Helper()
		r := h.do("GET", "/v1/penalty-notices/"+n.ID+"/pdf", user, nil)
		if r.status != 200 || r.header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("pdf as %s: %d %s %s", user, r.status, r.header.Get("Content-Type"), r.body)
		}
		return pdfText(t, r.body)
	}
	text := pdf("owner")
	want := []string{"Penalty notice (challan)", "Notice no. " + n.Number + ", revision 1", vessel.Name, vessel.RegistrationNumber,
		"Karnataka 2025, Sch-IV row 9", "Karnataka 2025, Sch-IV row 10", "Passenger PAX-AADHAAR-1111",
		"₹10,000", "Repeat offence", "Sch-IV note", "Total: " + locale.Rupees(n.Total)}
	for _, l := range n.Lines {
		want = append(want, locale.Rupees(l.Amount))
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("the PDF lacks %q:\n%s", w, text)
		}
	}
	m := regexp.MustCompile(`Verification code: ([A-Z2-9]{12})`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no verification code in the PDF:\n%s", text)
	}
	code := m[1]
	if got := h.do("GET", "/v1/penalty-notices/"+n.ID, "owner", nil).json()["verify_code"]; got != code {
		t.Errorf("the notice's JSON names code %v, the PDF %s", got, code)
	}
	if html := string(h.do("GET", "/v1/penalty-notices/"+n.ID+"/html", "owner", nil).body); !strings.Contains(html, code) {
		t.Error("the owner's HTML copy does not carry the PDF's verification code")
	}
	verify := func(c string) map[string]any {
		t.Helper()
		r := h.do("GET", "/v/"+c, "", nil)
		if r.status != 200 {
			t.Fatalf("verify %s: %d %s", c, r.status, r.body)
		}
		return r.json()
	}
	if v := verify(code); v["kind"] != "penalty_notice" || v["status"] != "valid" || v["number"] != n.Number+" revision 1" ||
		v["vessel_registration"] != vessel.RegistrationNumber || v["vessel_name"] != vessel.Name {
		t.Errorf("the issued notice verifies as %v", v)
	}
	for user, status := range map[string]int{"owner-mangaluru": 404, "inspector-mangaluru": 404, "supervisor": 200, "registrar": 200} {
		if user == "owner-mangaluru" {
			h.addOwnerUser(user, "MANGALURU")
		}
		if r := h.do("GET", "/v1/penalty-notices/"+n.ID+"/pdf", user, nil); r.status != status {
			t.Errorf("pdf as %s: %d, want %d", user, r.status, status)
		}
	}

	// Withdrawing the inspection revises the notice (every line
	// cancelled): revision 1's code is superseded, revision 2 has its own.
	if r := h.do("POST", "/v1/inspections/"+second.String()+"/review", "supervisor", map[string]any{"decision": "withdraw", "comment": "wrong vessel"}); r.status != 200 {
		t.Fatalf("withdraw: %d %s", r.status, r.body)
	}
	if v := verify(code); v["status"] != "superseded" {
		t.Errorf("revision 1 after revision 2: %v", v)
	}
	text = pdf("owner")
	m = regexp.MustCompile(`Verification code: ([A-Z2-9]{12})`).FindStringSubmatch(text)
	if m == nil || m[1] == code || !strings.Contains(text, "revision 2") || !strings.Contains(text, "Cancelled") {
		t.Fatalf("revision 2's PDF:\n%s", text)
	}
	if v := verify(m[1]); v["status"] != "valid" || v["number"] != n.Number+" revision 2" {
		t.Errorf("revision 2 verifies as %v", v)
	}
}

// addOwnerUser signs in an owner user for the owner of a jurisdiction.
func (h *harness) addOwnerUser(label, jurisdiction string) {
	h.t.Helper()
	o := h.ids["owner-"+jurisdiction]
	n := auth.NewUser{Email: label + "@test.tindal", Name: label, Role: models.RoleOwner, Password: testPassword, OwnerID: &o, AssignedFrom: assignedLongAgo}
	_, err := h.auth.CreateUser(context.Background(), storage.Actor{}, n)
	h.must(err)
	h.tokens[label] = h.login(n.Email)
}

func sumOf(lines []noticeLineJSON) int64 {
	var n int64
	for _, l := range lines {
		n += l.Amount
	}
	return n
}
