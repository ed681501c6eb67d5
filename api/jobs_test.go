package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/testkit"
)

// seedExpiring gives both harness vessels an insurance policy ending on
// 1 March 2027 and runs certificate-expiry on 31 December 2026 (60 days
// before), which raises a flag per vessel and tells each owner.
func (h *harness) seedExpiring() {
	now := time.Now().UTC()
	for _, code := range []string{"KARWAR", "MANGALURU"} {
		v, o := h.ids["vessel-"+code], h.ids["owner-"+code]
		exp := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)
		h.must(h.db.Gorm.Create(&models.Certificate{ID: uuid.New(), SubjectType: "vessel", VesselID: &v, Kind: "insurance",
			Number: "INS-" + code, IssuedOn: time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC), ExpiresOn: &exp, Status: "valid",
			JurisdictionID: h.ids[code], OwnerID: &o, Synced: models.Synced{Version: 1, CreatedAt: now, UpdatedAt: now}}).Error)
	}
	svc := jobs.New(jobs.Deps{DB: h.db, Outbox: notify.Outbox{Email: false}})
	rec, err := svc.RunNow(context.Background(), jobs.JobCertificateExpiry, time.Date(2026, 12, 31, 12, 0, 0, 0, time.UTC))
	h.must(err)
	if rec.Outcome != "succeeded" {
		h.t.Fatalf("certificate-expiry: %s %s", rec.Outcome, rec.Error)
	}
}

func items(r response) []map[string]any {
	var b struct{ Items []map[string]any }
	_ = json.Unmarshal(r.body, &b)
	return b.Items
}

func TestFlagsAreScopedAndResolvedWithAReason(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.seedExpiring()
	for _, c := range []struct {
		user string
		want int
	}{{"admin", 2}, {"registrar", 1}, {"supervisor", 1}, {"inspector", 1}, {"inspector-mangaluru", 1}, {"owner", 1}} {
		r := h.do("GET", "/v1/flags?status=open&kind=certificate_expiring", c.user, nil)
		if r.status != 200 || len(items(r)) != c.want {
			t.Errorf("%s: %d with %d flags, want %d: %s", c.user, r.status, len(items(r)), c.want, r.body)
		}
	}
	mine := items(h.do("GET", "/v1/flags?vessel_id="+h.ids["vessel-KARWAR"].String()+"&due_from=2027-03-01&due_to=2027-03-01", "inspector", nil))
	if len(mine) != 1 || mine[0]["document"] != "insurance" || mine[0]["citation"] != "endorsed on the certificate" {
		t.Fatalf("Karwar flag by vessel and due range: %v", mine)
	}
	if got := items(h.do("GET", "/v1/flags?due_to=2027-02-28", "admin", nil)); len(got) != 0 {
		t.Errorf("due_to before the due date: %v", got)
	}
	id := mine[0]["id"].(string)
	if r := h.do("POST", "/v1/flags/"+id+"/resolve", "inspector", map[string]any{"reason": "renewed"}); r.status != 403 {
		t.Errorf("inspector resolve: %d", r.status)
	}
	if r := h.do("POST", "/v1/flags/"+id+"/resolve", "supervisor", map[string]any{"reason": ""}); r.status != 400 && r.status != 422 {
		t.Errorf("empty reason: %d %s", r.status, r.body)
	}
	r := h.do("POST", "/v1/flags/"+id+"/resolve", "supervisor", map[string]any{"reason": "policy renewed, copy seen at the office"})
	if r.status != 200 || r.json()["status"] != "resolved" || r.json()["resolution"] != "policy renewed, copy seen at the office" {
		t.Fatalf("resolve: %d %s", r.status, r.body)
	}
	if r := h.do("POST", "/v1/flags/"+id+"/resolve", "supervisor", map[string]any{"reason": "again"}); r.status != 409 {
		t.Errorf("second resolve: %d", r.status)
	}
	other := items(h.do("GET", "/v1/flags?jurisdiction_id="+h.ids["MANGALURU"].String(), "admin", nil))[0]["id"].(string)
	if r := h.do("POST", "/v1/flags/"+other+"/resolve", "supervisor", map[string]any{"reason": "x"}); r.status != 404 {
		t.Errorf("another jurisdiction's flag: %d", r.status)
	}
}

func TestFeedShowsTheOwnersRemindersAndMarksThemRead(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.seedExpiring()
	r := h.do("GET", "/v1/me/notifications", "owner", nil)
	feed := items(r)
	if r.status != 200 || len(feed) != 1 {
		t.Fatalf("owner feed: %d %s", r.status, r.body)
	}
	e := feed[0]
	// The harness owners prefer Kannada: the feed entry is in Kannada.
	if e["locale"] != "kn" || !strings.Contains(e["subject"].(string), "Boat of KARWAR (KA-KAR-0001) ಜಲನೌಕೆಯ ವಿಮಾ ಪಾಲಿಸಿ") ||
		!strings.Contains(e["body"].(string), "1 ಮಾರ್ಚ್ 2027 ರಂದು ಅವಧಿ ಮುಗಿಯುತ್ತದೆ") || !strings.Contains(e["body"].(string), "ಇನ್ನು 60 ದಿನಗಳಲ್ಲಿ") {
		t.Errorf("entry %v", e)
	}
	if n := len(items(h.do("GET", "/v1/me/notifications", "inspector", nil))); n != 0 {
		t.Errorf("inspector sees %d of the owner's entries", n)
	}
	id := e["id"].(string)
	if r := h.do("POST", "/v1/me/notifications/"+id+"/read", "inspector", nil); r.status != 404 {
		t.Errorf("another user's entry: %d", r.status)
	}
	r = h.do("POST", "/v1/me/notifications/"+id+"/read", "owner", nil)
	if r.status != 200 || r.json()["read_at"] == nil {
		t.Fatalf("read: %d %s", r.status, r.body)
	}
	if n := len(items(h.do("GET", "/v1/me/notifications?unread_only=true", "owner", nil))); n != 0 {
		t.Errorf("%d unread after reading", n)
	}
}

// getICS fetches a calendar feed without a bearer token.
func (h *harness) getICS(path string) (int, string, []byte) {
	req := httptest.NewRequest("GET", path, nil)
	res, err := h.app.Test(req, 10000)
	h.must(err)
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Type"), b
}

func TestCalendarFeedBehindARevocableToken(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.seedExpiring()
	owner := h.ids["owner-KARWAR"].String()
	if r := h.do("POST", "/v1/owners/"+h.ids["owner-MANGALURU"].String()+"/calendar-tokens", "owner", nil); r.status != 404 {
		t.Errorf("token for another owner: %d", r.status)
	}
	r := h.do("POST", "/v1/owners/"+owner+"/calendar-tokens", "owner", nil)
	if r.status != 201 {
		t.Fatalf("create token: %d %s", r.status, r.body)
	}
	tok, url := r.json()["token"].(string), r.json()["url"].(string)
	if len(tok) < 40 || !strings.HasPrefix(url, "http://tindal.test/v1/owners/"+owner+"/calendar.ics?token=") {
		t.Errorf("token %q url %q", tok, url)
	}
	var stored int64
	h.must(h.db.Gorm.Raw("SELECT count(*) FROM calendar_tokens WHERE token_hash = convert_to(?, 'UTF8')", tok).Scan(&stored).Error)
	if stored != 0 {
		t.Error("the token is stored in clear")
	}
	path := "/v1/owners/" + owner + "/calendar.ics?token=" + tok
	status, ct, body := h.getICS(path)
	if status != 200 || !strings.HasPrefix(ct, "text/calendar") {
		t.Fatalf("calendar: %d %s %s", status, ct, body)
	}
	cal, err := testkit.ParseICS(body)
	if err != nil {
		t.Fatalf("not RFC 5545: %v\n%s", err, body)
	}
	found := false
	for _, ev := range cal.Children {
		// The owner reads Kannada: "ವಿಮಾ ಪಾಲಿಸಿ" is the insurance policy.
		if ev.Props["DTSTART"][0] == "20270301" && strings.Contains(testkit.UnescapeICSText(ev.Props["SUMMARY"][0]), "ವಿಮಾ ಪಾಲಿಸಿ") &&
			strings.Contains(testkit.UnescapeICSText(ev.Props["DESCRIPTION"][0]), "1 ಮಾರ್ಚ್ 2027") {
			found = len(ev.Children) == 3
		}
	}
	if !found {
		t.Errorf("no Kannada insurance deadline on 1 March 2027 with 3 alarms:\n%s", body)
	}
	if status, _, _ := h.getICS("/v1/owners/" + h.ids["owner-MANGALURU"].String() + "/calendar.ics?token=" + tok); status != 404 {
		t.Errorf("token used for another owner: %d", status)
	}
	list := items(h.do("GET", "/v1/owners/"+owner+"/calendar-tokens", "owner", nil))
	if len(list) != 1 || list[0]["last_used_at"] == nil {
		t.Errorf("tokens %v", list)
	}
	if r := h.do("DELETE", fmt.Sprintf("/v1/owners/%s/calendar-tokens/%s", owner, list[0]["id"]), "owner", nil); r.status != 204 {
		t.Fatalf("revoke: %d %s", r.status, r.body)
	}
	if status, _, _ := h.getICS(path); status != 404 {
		t.Errorf("revoked token: %d", status)
	}
}

func TestAdminJobsListAndRun(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	if r := h.do("GET", "/v1/admin/jobs", "supervisor", nil); r.status != 403 {
		t.Errorf("supervisor: %d", r.status)
	}
	r := h.do("POST", "/v1/admin/jobs/coc-2027/run", "admin", map[string]any{"now": "2026-12-08"})
	if r.status != 202 || r.json()["run_on"] != "2026-12-08" || r.json()["trigger"] != "manual" {
		t.Fatalf("run: %d %s", r.status, r.body)
	}
	if r := h.do("POST", "/v1/admin/jobs/no-such-job/run", "admin", map[string]any{}); r.status != 404 {
		t.Errorf("unknown job: %d", r.status)
	}
	var jobsOut []map[string]any
	for i := 0; i < 100; i++ {
		jobsOut = items(h.do("GET", "/v1/admin/jobs", "admin", nil))
		done := false
		for _, j := range jobsOut {
			if runs, _ := j["last_runs"].([]any); j["name"] == "coc-2027" && len(runs) == 1 && runs[0].(map[string]any)["outcome"] != "running" {
				done = true
			}
		}
		if done {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if want := len(jobs.New(jobs.Deps{DB: h.db}).Names()); len(jobsOut) != want || want < 7 {
		t.Fatalf("%d jobs, want every job (%d)", len(jobsOut), want)
	}
	for _, j := range jobsOut {
		if j["next_run"] == nil || j["schedule"] == "" || j["location"] != "Asia/Kolkata" {
			t.Errorf("job %v", j)
		}
		if j["name"] == "coc-2027" {
			run := j["last_runs"].([]any)[0].(map[string]any)
			if run["outcome"] != "succeeded" {
				t.Errorf("coc-2027 run %v", run)
			}
		}
	}
}
