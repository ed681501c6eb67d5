package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// The owner's copy is text/html: validate it as text, like any string body.
func init() { openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.PlainBodyDecoder) }

var detentionTemplate = checklist.TemplateID("ka-detention-criteria", 1)

// criteriaInspection pushes, as user, an inspection of vessel on the
// Sch-IX criteria checklist with "can navigate safely" answered, and
// submits it; kind re_inspection links it to order.
func (h *harness) criteriaInspection(user string, vessel uuid.UUID, navigate string, order *uuid.UUID) uuid.UUID {
	h.t.Helper()
	p := h.pusher(user)
	id := uuid.Must(uuid.NewV7())
	start := map[string]any{"id": id, "vessel_id": vessel, "template_id": detentionTemplate, "kind": "spot"}
	if order != nil {
		start["kind"], start["detention_order_id"] = "re_inspection", *order
	}
	at := testkit.Now().Add(-30 * time.Minute)
	if order != nil {
		at = testkit.Now().Add(-time.Duration(10-h.count("inspections")) * time.Minute) // later re-inspections start later
	}
	for _, m := range []struct {
		name string
		args map[string]any
	}{{"inspection.start", start}, {"inspection.answer", map[string]any{"inspection_id": id, "item_id": "det.navigate", "answer": navigate}},
		{"inspection.submit", map[string]any{"inspection_id": id}}} {
		if r := p.push(at, m.name, m.args); r.Status != "applied" {
			h.t.Fatalf("%s: %+v", m.name, r)
		}
		at = at.Add(time.Second)
	}
	return id
}

var confirmBody = map[string]any{"present_location": "Karwar port, berth 3", "master_name": "Ramesh Naik", "reason": "cannot navigate safely"}

// TestDetentionFlow: Karnataka 2025 Sch-IX from proposal to release over
// HTTP: a failed para 2.2 criterion proposes detention; a supervisor's
// confirmation issues an Annex-1 order numbered in the office's series,
// detains the vessel in the registry and the pulls, records action codes
// 12 and 14, tells the owner in Hindi and raises the 48-hour report flag;
// release is refused before a clearing re-inspection (naming the open
// code) and a second time; the release order restores the vessel.
func TestDetentionFlow(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	vessel := h.compliantBoat(1)
	h.must(h.db.Gorm.Exec("UPDATE owners SET preferred_language = 'hi' WHERE id = ?", h.ids["owner-KARWAR"]).Error)
	insp := h.criteriaInspection("inspector", vessel, "no", nil)

	r := h.do("GET", "/v1/inspections/"+insp.String()+"/detention", "supervisor", nil)
	prop := r.json()
	if r.status != 200 || prop["proposed"] != true || prop["orderable"] != true || !strings.Contains(string(r.body), `"code":"30005"`) || !strings.Contains(string(r.body), "Sch-IX") {
		t.Fatalf("proposal: %d %s", r.status, r.body)
	}
	r = h.do("POST", "/v1/inspections/"+insp.String()+"/detention", "supervisor", confirmBody)
	if r.status != 201 {
		t.Fatalf("confirm: %d %s", r.status, r.body)
	}
	order := r.json()
	oid := uuid.MustParse(order["id"].(string))
	year := testkit.Now().In(time.FixedZone("IST", 19800)).Year()
	if order["number"] != fmt.Sprintf("KARWAR/DO/%d/0001", year) || order["status"] != "in_force" {
		t.Fatalf("order: %s", r.body)
	}
	var parts map[string]any
	_ = json.Unmarshal(mustJSON(order["particulars"]), &parts)
	for _, f := range []string{"reporting_office", "head_office", "number", "date", "vessel_name", "registration_number", "place_of_registry",
		"present_location", "master_name", "inspection_date", "place_of_inspection", "powers", "copies", "appellate_authority", "verify_code"} {
		if v, ok := parts[f]; !ok || v == "" || v == nil {
			t.Errorf("Annex-1 field %s missing: %v", f, parts[f])
		}
	}
	if r := h.do("POST", "/v1/inspections/"+insp.String()+"/detention", "supervisor", confirmBody); r.status != 409 {
		t.Errorf("second confirmation: %d %s", r.status, r.body)
	}

	t.Run("the vessel is detained in the registry, the compliance view and the pulls", func(t *testing.T) {
		h := h.with(t)
		v := h.vesselRow(vessel)
		if v.Status != "detained" {
			t.Errorf("vessel status %s", v.Status)
		}
		// Only a release order lifts it: a registry edit is refused.
		if r := h.do("PATCH", "/v1/vessels/"+vessel.String(), "registrar", map[string]any{"status": "active"}, "If-Match", fmt.Sprint(v.Version)); r.status != 409 || r.json()["code"] != "detention_by_order" {
			t.Errorf("registry lifts the detention: %d %s", r.status, r.body)
		}
		if r := h.do("GET", "/v1/vessels/"+vessel.String()+"/compliance", "owner", nil); r.status != 200 || !strings.Contains(string(r.body), "detained") {
			t.Errorf("compliance: %d %s", r.status, r.body)
		}
		for _, user := range []string{"owner", "inspector"} {
			items, _ := h.pullAll(user, "")
			if !slices.Contains(upserted(items, "detention_order"), oid.String()) || !slices.Contains(upserted(items, "vessel"), vessel.String()) {
				t.Errorf("%s's pull lacks the order or the vessel", user)
			}
		}
		var actions string
		h.row(&actions, "SELECT inspection_actions::text FROM inspections WHERE id = ?", insp)
		if !strings.Contains(actions, `"12"`) || !strings.Contains(actions, `"14"`) {
			t.Errorf("inspection action codes: %s", actions)
		}
	})

	t.Run("the owner is told in Hindi, the report is flagged, the decision audited", func(t *testing.T) {
		h := h.with(t)
		var n struct {
			Locale, Subject, Body string
		}
		h.row(&n, "SELECT locale, subject, body FROM notifications WHERE template = 'detention.ordered' AND owner_id = ?", h.ids["owner-KARWAR"])
		if n.Locale != "hi" || !strings.Contains(n.Body, "निरोध आदेश") || !strings.Contains(n.Body, order["number"].(string)) {
			t.Errorf("owner notice: %+v", n)
		}
		// The grounds are the deficiencies in Hindi (they were English titles).
		if ws := testkit.LatinWords(n.Subject+"\n"+n.Body, "Owner of KARWAR", "Nada Doni"); len(ws) > 0 {
			t.Errorf("owner notice in Hindi has English words %q:\n%s", ws, n.Body)
		}
		var flags int64
		h.row(&flags, "SELECT count(*) FROM flags WHERE kind = 'detention_report_due' AND vessel_id = ? AND status = 'open' AND citation LIKE '%Sch-IX para 1.3%'", vessel)
		var reminders int64
		h.row(&reminders, "SELECT count(*) FROM notifications WHERE template = 'detention.report_due' AND user_id IS NOT NULL")
		if flags != 1 || reminders != 1 {
			t.Errorf("report flag %d, reminders %d", flags, reminders)
		}
		var audit struct {
			UserID, DeviceID *uuid.UUID
			After            string
		}
		h.row(&audit, "SELECT actor_id AS user_id, device_id, after::text AS after FROM audit_log WHERE action = 'detention.order' AND entity_id = ?", oid)
		if audit.UserID == nil || audit.DeviceID == nil || !strings.Contains(audit.After, "cannot navigate safely") {
			t.Errorf("audit: %+v", audit)
		}
	})

	t.Run("the report reminder job reminds before and after the 48 hours, once each", func(t *testing.T) {
		h := h.with(t)
		svc := jobs.New(jobs.Deps{DB: h.db, Outbox: notify.Outbox{}})
		ordered, _ := time.Parse(time.RFC3339Nano, order["ordered_at"].(string))
		count := func() (n int64) {
			h.row(&n, "SELECT count(*) FROM notifications WHERE template = 'detention.report_due'")
			return n
		}
		for _, step := range []struct {
			after time.Duration
			want  int64
		}{{24 * time.Hour, 1}, {43 * time.Hour, 2}, {47 * time.Hour, 2}, {49 * time.Hour, 3}, {50 * time.Hour, 3}} {
			rec, err := svc.RunNow(context.Background(), jobs.JobDetentionReport, ordered.Add(step.after))
			h.must(err)
			if rec.Outcome != "succeeded" || count() != step.want {
				t.Errorf("after %v: %s, %d reminders, want %d", step.after, rec.Outcome, count(), step.want)
			}
		}
	})

	release := "/v1/detention-orders/" + oid.String() + "/release"
	if r := h.do("POST", release, "supervisor", map[string]any{}); r.status != 422 || r.json()["code"] != "no_reinspection" || !strings.Contains(string(r.body), "30005") {
		t.Fatalf("release before a re-inspection: %d %s", r.status, r.body)
	}
	h.criteriaInspection("inspector", vessel, "no", &oid)
	if r := h.do("POST", release, "supervisor", map[string]any{}); r.status != 422 || r.json()["code"] != "detainable_open" || !strings.Contains(string(r.body), "30005") {
		t.Fatalf("release after a failing re-inspection: %d %s", r.status, r.body)
	}
	if v := h.vesselRow(vessel); v.Status != "detained" {
		t.Fatalf("a refused release changed the vessel: %s", v.Status)
	}
	re := h.criteriaInspection("inspector", vessel, "yes", &oid)
	r = h.do("POST", release, "supervisor", map[string]any{"conditions": []string{}, "towing_rupees": 2500})
	if r.status != 200 {
		t.Fatalf("release: %d %s", r.status, r.body)
	}
	rel := r.json()
	if rel["status"] != "released" || rel["release_number"] != fmt.Sprintf("KARWAR/RO/%d/0001", year) || rel["reinspection_id"] != re.String() {
		t.Fatalf("released order: %s", r.body)
	}
	// Karnataka 2025 Sch-IV detention table: 5,000 per visit, three official
	// visits (the detention and both re-inspections) + 1,000 per day (one
	// day) + towing 2,500. (Was 8,500: one visit, issue 19 item 5.)
	if !strings.Contains(string(r.body), `"charges_total":18500`) || !strings.Contains(string(r.body), `"conditions":["NIL"]`) {
		t.Errorf("charges or conditions: %s", r.body)
	}
	if r := h.do("POST", release, "supervisor", map[string]any{}); r.status != 409 || r.json()["code"] != "already_released" {
		t.Errorf("second release: %d %s", r.status, r.body)
	}
	if v := h.vesselRow(vessel); v.Status != "active" {
		t.Errorf("vessel after release: %s", v.Status)
	}
	metrics := string(h.scrape().body)
	for _, m := range []string{"tindal_detention_orders_total", "tindal_release_orders_total"} {
		if want := m + `{jurisdiction="` + h.ids["KARWAR"].String() + `"} 1`; !strings.Contains(metrics, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	var released int64
	h.row(&released, "SELECT count(*) FROM notifications WHERE template = 'detention.released' AND owner_id = ?", h.ids["owner-KARWAR"])
	if released != 1 {
		t.Errorf("release notices: %d", released)
	}

	t.Run("documents", func(t *testing.T) {
		h := h.with(t)
		pdf := h.do("GET", "/v1/detention-orders/"+oid.String()+"/pdf", "owner", nil)
		if pdf.status != 200 || !bytes.HasPrefix(pdf.body, []byte("%PDF")) {
			t.Fatalf("pdf: %d", pdf.status)
		}
		text := pdfText(t, pdf.body)
		for _, want := range []string{"DETENTION ORDER", "Nada Doni 1", "KA-KWR-NM-0001", "30005", "Karnataka 2025, Sch-IX para 2.2", "sections 63 and 85", order["number"].(string), order["verify_code"].(string)} {
			if !strings.Contains(text, want) {
				t.Errorf("detention PDF text lacks %q:\n%s", want, text)
			}
		}
		rpdf := h.do("GET", "/v1/detention-orders/"+oid.String()+"/pdf?doc=release", "supervisor", nil)
		text = pdfText(t, rpdf.body)
		for _, want := range []string{"RELEASE ORDER", rel["release_number"].(string), order["number"].(string), "NIL", "₹18,500", "section 85"} {
			if !strings.Contains(text, want) {
				t.Errorf("release PDF text lacks %q:\n%s", want, text)
			}
		}
		page := h.do("GET", "/v1/detention-orders/"+oid.String()+"/html", "owner", nil)
		if page.status != 200 || !strings.Contains(string(page.body), `lang="hi"`) || !strings.Contains(string(page.body), "निरोध आदेश") || !strings.Contains(string(page.body), "जलयान का नाम") {
			t.Errorf("Hindi owner's copy: %d %.400s", page.status, page.body)
		}
		if en := h.do("GET", "/v1/detention-orders/"+oid.String()+"/html?lang=en", "owner", nil); !strings.Contains(string(en.body), "DETENTION ORDER") {
			t.Errorf("English copy: %.300s", en.body)
		}
	})

	t.Run("verification serves no personal data", func(t *testing.T) {
		h := h.with(t)
		r := h.do("GET", "/v/"+order["verify_code"].(string), "", nil)
		var got map[string]any
		_ = json.Unmarshal(r.body, &got)
		keys := make([]string, 0, len(got))
		for k := range got {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		// The fields /v/{code} serves, all of them: what the document is,
		// the vessel it is about (registration and name, painted on the
		// hull) and whether it stands, never the owner, master or officer.
		want := []string{"issued_at", "kind", "number", "office", "status", "status_at", "vessel_name", "vessel_registration"}
		if r.status != 200 || !slices.Equal(keys, want) || got["status"] != "released" || got["kind"] != "detention_order" ||
			got["vessel_name"] != "Nada Doni 1" || got["vessel_registration"] != "KA-KWR-NM-0001" {
			t.Fatalf("verify: %d %s", r.status, r.body)
		}
		for _, secret := range []string{"Ramesh", "Owner of", "supervisor"} {
			if strings.Contains(string(r.body), secret) {
				t.Errorf("verification leaks %q: %s", secret, r.body)
			}
		}
		if r := h.do("GET", "/v/"+rel["release_verify_code"].(string), "", nil); r.status != 200 || r.json()["status"] != "valid" ||
			r.json()["vessel_registration"] != "KA-KWR-NM-0001" {
			t.Errorf("release code: %d %s", r.status, r.body)
		}
		if r := h.do("GET", "/v/ABCDEFGHJKLM", "", nil); r.status != 404 {
			t.Errorf("unknown code: %d", r.status)
		}
	})
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// pdfText extracts a PDF's text with poppler's pdftotext.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext (poppler-utils) is not installed; scripts/services.sh installs it")
	}
	f, err := os.CreateTemp(t.TempDir(), "*.pdf")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.Write(pdf)
	_ = f.Close()
	out, err := exec.Command("pdftotext", "-layout", f.Name(), "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

// TestDetentionOrderNumbersUnderConcurrency: 20 supervisors' confirmations
// of 20 inspections of one office at once get the numbers 1..20, each once
// (a counter row locked FOR UPDATE, not a sequence).
func TestDetentionOrderNumbersUnderConcurrency(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	reg := registry.New(h.db, testkit.Now)
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	var ids []uuid.UUID
	for i := range 20 {
		cat, zone, power, unit := "C", 3, 120.0, "kW"
		v, _, err := reg.CreateVessel(context.Background(), admin, models.Vessel{RegistrationNumber: fmt.Sprintf("KA-KAR-1%03d", i), Name: fmt.Sprintf("Boat %d", i),
			Kind: "mechanised", Category: &cat, Zone: &zone, EnginePower: &power, PowerUnit: &unit, Use: "passenger",
			JurisdictionID: h.ids["KARWAR"], OwnerID: h.ids["owner-KARWAR"]})
		h.must(err)
		ids = append(ids, h.criteriaInspection("inspector", v.ID, "no", nil))
	}
	numbers := make([]string, len(ids))
	var wg stdsync.WaitGroup
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := h.do("POST", "/v1/inspections/"+id.String()+"/detention", "supervisor", confirmBody)
			if r.status != 201 {
				t.Errorf("confirm %d: %d %s", i, r.status, r.body)
				return
			}
			numbers[i] = r.json()["number"].(string)
		}()
	}
	wg.Wait()
	sort.Strings(numbers)
	year := testkit.Now().In(time.FixedZone("IST", 19800)).Year()
	for i, n := range numbers {
		if want := fmt.Sprintf("KARWAR/DO/%d/%04d", year, i+1); n != want {
			t.Errorf("number %d is %q, want %q (all: %v)", i, n, want, numbers)
		}
	}
}

// TestDetentionAuthorization: every new route by role and scope. A
// supervisor of another office gets 404; owners read only their vessels'
// orders; only supervisors confirm and release; the other office's
// inspector cannot link a re-inspection to the order.
func TestDetentionAuthorization(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.addUser("supervisor-mangaluru", models.RoleSupervisor, "MANGALURU")
	other := h.ids["owner-MANGALURU"]
	_, err := h.auth.CreateUser(context.Background(), storage.Actor{}, auth.NewUser{Email: "owner-mangaluru@test.tindal", Name: "owner-mangaluru",
		Role: models.RoleOwner, Password: testPassword, OwnerID: &other, AssignedFrom: assignedLongAgo})
	h.must(err)
	h.tokens["owner-mangaluru"] = h.login("owner-mangaluru@test.tindal")
	insp := h.criteriaInspection("inspector", h.ids["vessel-KARWAR"], "no", nil)
	ip := "/v1/inspections/" + insp.String() + "/detention"
	h.run(t, []scenario{
		{name: "inspector proposal", method: "GET", path: ip, user: "inspector", wantStatus: 200},
		{name: "owner proposal", method: "GET", path: ip, user: "owner", wantStatus: 403},
		{name: "other supervisor proposal", method: "GET", path: ip, user: "supervisor-mangaluru", wantStatus: 404},
		{name: "inspector confirms", method: "POST", path: ip, user: "inspector", body: confirmBody, wantStatus: 403},
		{name: "registrar confirms", method: "POST", path: ip, user: "registrar", body: confirmBody, wantStatus: 403},
		{name: "owner confirms", method: "POST", path: ip, user: "owner", body: confirmBody, wantStatus: 403},
		{name: "other supervisor confirms", method: "POST", path: ip, user: "supervisor-mangaluru", body: confirmBody, wantStatus: 404},
		{name: "no master", method: "POST", path: ip, user: "supervisor", body: map[string]any{"present_location": "Karwar"}, wantStatus: 400},
	})
	r := h.do("POST", ip, "supervisor", confirmBody)
	if r.status != 201 {
		t.Fatalf("confirm: %d %s", r.status, r.body)
	}
	oid := r.json()["id"].(string)
	op := "/v1/detention-orders/" + oid
	var scenarios []scenario
	for _, path := range []string{op, op + "/pdf", op + "/html"} {
		for user, want := range map[string]int{"admin": 200, "registrar": 200, "supervisor": 200, "inspector": 200, "owner": 200,
			"supervisor-mangaluru": 404, "inspector-mangaluru": 404, "owner-mangaluru": 404} {
			scenarios = append(scenarios, scenario{name: user + " " + path, method: "GET", path: path, user: user, wantStatus: want})
		}
	}
	for user, want := range map[string]int{"inspector": 403, "registrar": 403, "owner": 403, "supervisor-mangaluru": 404} {
		scenarios = append(scenarios, scenario{name: user + " releases", method: "POST", path: op + "/release", user: user, body: map[string]any{}, wantStatus: want})
	}
	h.run(t, scenarios)
	lists := map[string]int{"owner": 1, "supervisor": 1, "inspector": 1, "admin": 1, "registrar": 1, "supervisor-mangaluru": 0, "inspector-mangaluru": 0, "owner-mangaluru": 0}
	for user, want := range lists {
		if got := len(items(h.do("GET", "/v1/detention-orders", user, nil))); got != want {
			t.Errorf("%s lists %d orders, want %d", user, got, want)
		}
	}
	// A re-inspection must name an in-force order of the same vessel.
	p := h.pusher("inspector")
	for name, args := range map[string]map[string]any{
		"unknown order": {"id": uuid.Must(uuid.NewV7()), "vessel_id": h.ids["vessel-KARWAR"], "template_id": detentionTemplate, "kind": "re_inspection", "detention_order_id": uuid.New()},
		"other vessel":  {"id": uuid.Must(uuid.NewV7()), "vessel_id": h.ids["vessel-MANGALURU"], "template_id": detentionTemplate, "kind": "re_inspection", "detention_order_id": oid},
		"no order":      {"id": uuid.Must(uuid.NewV7()), "vessel_id": h.ids["vessel-KARWAR"], "template_id": detentionTemplate, "kind": "re_inspection"},
		"link on spot":  {"id": uuid.Must(uuid.NewV7()), "vessel_id": h.ids["vessel-KARWAR"], "template_id": detentionTemplate, "kind": "spot", "detention_order_id": oid},
	} {
		if r := p.push(testkit.Now().Add(-time.Minute), "inspection.start", args); r.Status == "applied" {
			t.Errorf("%s: re-inspection started: %+v", name, r)
		}
	}
}

// compliantBoat registers, in Karwar for the Karwar owner, a country boat
// the registry finds fit to ply (Karnataka 2025, Chapter VII: registration,
// survey, insurance, two GP ratings under r.124), so that only what an
// inspection finds can detain it.
func (h *harness) compliantBoat(n int) uuid.UUID {
	h.t.Helper()
	ctx := context.Background()
	reg := registry.New(h.db, testkit.Now)
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	j, o := h.ids["KARWAR"], h.ids["owner-KARWAR"]
	now := testkit.Now().UTC()
	day := func(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC) }
	surveyed, expires := day(now.AddDate(0, 0, -30)), day(now.AddDate(0, 0, 365))
	cat, zone, pax, grt := "B", 3, 8, 5.0
	v, _, err := reg.CreateVessel(ctx, admin, models.Vessel{RegistrationNumber: fmt.Sprintf("KA-KWR-NM-%04d", n), Name: fmt.Sprintf("Nada Doni %d", n),
		Kind: "non_mechanised", Category: &cat, Zone: &zone, Passengers: &pax, GRT: &grt, Use: "passenger", OwnerID: o, JurisdictionID: j,
		SurveyAnniversary: &surveyed})
	h.must(err)
	cert := func(c models.Certificate) {
		_, _, err := reg.CreateCertificate(ctx, admin, c)
		h.must(err)
	}
	cert(models.Certificate{VesselID: &v.ID, Kind: "registration", Number: fmt.Sprintf("KWR-NM-%d", n), IssuedOn: day(now.AddDate(0, 0, -730))})
	cert(models.Certificate{VesselID: &v.ID, Kind: "survey", Number: fmt.Sprintf("NM-COS-%d", n), IssuedOn: surveyed})
	cert(models.Certificate{VesselID: &v.ID, Kind: "insurance", Number: fmt.Sprintf("INS-%d", n), IssuedOn: surveyed, ExpiresOn: &expires})
	for k := range 2 {
		m, _, err := reg.CreateCrewMember(ctx, admin, models.CrewMember{IndivcNumber: fmt.Sprintf("KA-GP-%04d-%d", n, k), Name: fmt.Sprintf("Crew %d-%d", n, k), PreferredLanguage: "kn", JurisdictionID: j})
		h.must(err)
		cert(models.Certificate{CrewMemberID: &m.ID, Kind: "gp_rating", Grade: "gp_rating", Number: fmt.Sprintf("GP-%d-%d", n, k), IssuedOn: day(now.AddDate(0, 0, -365))})
		_, _, err = reg.AddVesselCrew(ctx, admin, models.VesselCrew{VesselID: v.ID, CrewMemberID: m.ID, Role: "gp_rating", SignedOn: day(now.AddDate(0, 0, -182))})
		h.must(err)
	}
	if r := h.do("GET", "/v1/vessels/"+v.ID.String()+"/compliance", "admin", nil); r.json()["fit_to_ply"] != true {
		h.t.Fatalf("the test boat is not fit to ply: %s", r.body)
	}
	return v.ID
}

// TestHarbourCraftHasNoDetentionOrder: Paradip 1967 gives no power to
// detain by order (r.12(1): the craft may not be used until the directed
// repairs are done and the Deputy Conservator permits; r.26 cancellation),
// so the Sch-IX order is refused with 422 naming the rule, and nothing
// changes.
func TestHarbourCraftHasNoDetentionOrder(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	v := paradipBoat(h, "OD-PDP-HC-0002")
	p := h.pusher("inspector-paradip")
	id := uuid.Must(uuid.NewV7())
	at := testkit.Now().Add(-time.Hour)
	for _, m := range []struct {
		name string
		args map[string]any
	}{{"inspection.start", map[string]any{"id": id, "vessel_id": v.ID, "template_id": checklist.TemplateID("paradip-harbour-craft", 1), "kind": "spot"}},
		{"inspection.answer", map[string]any{"inspection_id": id, "item_id": "pd.passengers", "answer": "no"}},
		{"inspection.submit", map[string]any{"inspection_id": id}}} {
		if r := p.push(at, m.name, m.args); r.Status != "applied" {
			t.Fatalf("%s: %+v", m.name, r)
		}
		at = at.Add(time.Second)
	}
	path := "/v1/inspections/" + id.String() + "/detention"
	r := h.do("GET", path, "supervisor-paradip", nil)
	if r.status != 200 || r.json()["orderable"] != false || !strings.Contains(r.json()["refusal"].(string), "Paradip 1967") || !strings.Contains(r.json()["refusal"].(string), "r.12(1)") {
		t.Fatalf("proposal: %d %s", r.status, r.body)
	}
	r = h.do("POST", path, "supervisor-paradip", confirmBody)
	if r.status != 422 || r.json()["code"] != "no_detention_power" || !strings.Contains(string(r.body), "r.12(1)") {
		t.Fatalf("confirm: %d %s", r.status, r.body)
	}
	if n := h.count("detention_orders"); n != 0 {
		t.Errorf("%d orders written", n)
	}
	if v := h.vesselRow(v.ID); v.Status != "active" {
		t.Errorf("vessel status %s", v.Status)
	}
}

// TestVerifyIsRateLimited: /v/{code} answers 429 once an address has
// checked 30 codes in a minute, so codes cannot be enumerated.
func TestVerifyIsRateLimited(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	limited := 0
	for range 40 {
		if r := h.do("GET", "/v/ZZZZZZZZZZZZ", "", nil); r.status == 429 {
			limited++
		} else if r.status != 404 {
			t.Fatalf("unknown code: %d %s", r.status, r.body)
		}
	}
	if limited == 0 {
		t.Fatal("40 verifications in a row were never limited")
	}
}

// paradipBoat registers, in a new Paradip office (Paradip 1967), a hired
// harbour craft with its owner, an inspector and a supervisor of the office.
func paradipBoat(h *harness, regno string) models.Vessel {
	h.t.Helper()
	ctx := context.Background()
	reg := registry.New(h.db, testkit.Now)
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	j, _, err := reg.CreateJurisdiction(ctx, admin, models.Jurisdiction{Code: "PARADIP", Name: "Paradip", Regime: "PARADIP-HC-1967"})
	h.must(err)
	h.ids["PARADIP"] = j.ID
	o, _, err := reg.CreateOwner(ctx, admin, models.Owner{Kind: "person", Name: "Sunita Das", JurisdictionID: j.ID, PreferredLanguage: "hi"})
	h.must(err)
	l, b, d, grt, pax := 6.5, 1.6, 0.6, 1.2, 6
	v, _, err := reg.CreateVessel(ctx, admin, models.Vessel{RegistrationNumber: regno, Name: "Jagannath", Kind: "harbour_craft",
		LengthM: &l, BreadthM: &b, DepthM: &d, GRT: &grt, Passengers: &pax, Use: "hire", JurisdictionID: j.ID, OwnerID: o.ID})
	h.must(err)
	h.addUser("inspector-paradip", models.RoleInspector, "PARADIP")
	h.addUser("supervisor-paradip", models.RoleSupervisor, "PARADIP")
	return v
}
