package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/testkit"
)

// Users and assignments (docs/USERS.md; issue 21 item 1), tested as an
// outsider: through the API, on a real database and a real mail server.

// adminUser creates a user through the API as the admin and answers it.
func (h *harness) adminUser(body map[string]any) map[string]any {
	h.t.Helper()
	r := h.do("POST", "/v1/admin/users", "admin", body)
	if r.status != 201 {
		h.t.Fatalf("create user %v: %d %s", body["email"], r.status, r.body)
	}
	return r.json()
}

// newInspector creates an inspector of Karwar (assigned long ago) through
// the API, signs them in as label and answers their id.
func (h *harness) newInspector(label string) string {
	h.t.Helper()
	u := h.adminUser(map[string]any{"email": label + "@test.tindal", "name": label, "role": "inspector",
		"password": testPassword, "jurisdiction_ids": []string{h.ids["KARWAR"].String()}, "assigned_from": "2020-01-01"})
	h.tokens[label] = h.login(label + "@test.tindal")
	return u["id"].(string)
}

// TestUserRoutesAreForAdminsOnly: every route of users and assignments
// answers 401 without a token and 403 to every role but admin, on real
// ids; the public completion of a password link needs no token.
func TestUserRoutesAreForAdminsOnly(t *testing.T) {
	h := newHarness(t)
	id := h.userIDOf("inspector")
	routes := []struct{ method, path string }{
		{"GET", "/v1/admin/users"}, {"POST", "/v1/admin/users"}, {"GET", "/v1/admin/users/" + id},
		{"PATCH", "/v1/admin/users/" + id}, {"POST", "/v1/admin/users/" + id + "/deactivate"},
		{"POST", "/v1/admin/users/" + id + "/reactivate"}, {"GET", "/v1/admin/users/" + id + "/assignments"},
		{"POST", "/v1/admin/users/" + id + "/assignments"},
		{"POST", "/v1/admin/users/" + id + "/assignments/" + uuid.NewString() + "/end"},
		{"POST", "/v1/admin/users/" + id + "/password-reset"}, {"POST", "/v1/admin/users/" + id + "/invitation"},
	}
	for _, rt := range routes {
		if r := h.do(rt.method, rt.path, "", map[string]any{}); r.status != 401 {
			t.Errorf("%s %s signed out: %d, want 401", rt.method, rt.path, r.status)
		}
		for _, u := range []string{"registrar", "supervisor", "inspector", "inspector-mangaluru", "owner"} {
			if r := h.do(rt.method, rt.path, u, map[string]any{}); r.status != 403 {
				t.Errorf("%s %s as %s: %d, want 403 (%s)", rt.method, rt.path, u, r.status, r.body)
			}
		}
	}
	if r := h.do("GET", "/v1/admin/users/"+id, "inspector", nil); strings.Contains(string(r.body), "inspector@test.tindal") {
		t.Errorf("an inspector read a user: %s", r.body)
	}
	r := h.do("POST", "/v1/auth/password-reset", "", map[string]any{"token": "x", "password": "long enough password"})
	if code, _ := fieldError(r, "token"); r.status != 422 || code != "reset_link_invalid" {
		t.Errorf("completion without a token of ours: %d %s, want 422 reset_link_invalid", r.status, r.body)
	}
}

// TestAdminCreatesListsAndEditsUsers: every role is created (an owner
// with its owner record), the list pages, filters by role and finds by
// name or email, an edit needs the row's version, and every change is
// audited.
func TestAdminCreatesListsAndEditsUsers(t *testing.T) {
	h := newHarness(t)
	karwar := h.ids["KARWAR"].String()
	ins := h.adminUser(map[string]any{"email": "Ravi.K@Test.Tindal", "name": "Ravi Kumar", "role": "inspector",
		"jurisdiction_ids": []string{karwar}, "preferred_language": "kn"})
	if ins["email"] != "ravi.k@test.tindal" || ins["version"] != 1.0 || len(ins["jurisdiction_ids"].([]any)) != 1 {
		t.Errorf("created inspector: %v", ins)
	}
	owner := h.adminUser(map[string]any{"email": "lakshmi@test.tindal", "name": "Lakshmi", "role": "owner",
		"owner_id": h.ids["owner-MANGALURU"].String()})
	if owner["owner_id"] != h.ids["owner-MANGALURU"].String() {
		t.Errorf("owner account: %v", owner)
	}
	h.adminUser(map[string]any{"email": "second-admin@test.tindal", "role": "admin", "password": testPassword})
	for _, bad := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"email": "o2@test.tindal", "role": "owner"}, "owner_id"},
		{map[string]any{"email": "i2@test.tindal", "role": "inspector"}, "jurisdictions"},
		{map[string]any{"email": "i3@test.tindal", "role": "supervisor", "jurisdiction_ids": []string{uuid.NewString()}}, "jurisdictions"},
		{map[string]any{"email": "i4@test.tindal", "role": "registrar", "jurisdiction_ids": []string{karwar}, "password": "short"}, "password"},
		{map[string]any{"email": "no-at-sign", "role": "admin"}, "email"},
	} {
		r := h.do("POST", "/v1/admin/users", "admin", bad.body)
		if code, _ := fieldError(r, bad.field); r.status != 422 || code == "" {
			t.Errorf("create %v: %d %s, want 422 naming %s", bad.body, r.status, r.body, bad.field)
		}
	}
	if r := h.do("POST", "/v1/admin/users", "admin", map[string]any{"email": "RAVI.K@test.tindal", "role": "admin"}); r.status != 409 || r.json()["code"] != "email_taken" {
		t.Errorf("a taken email: %d %s", r.status, r.body)
	}
	// A retried create under the client's id answers the same account.
	cid := uuid.NewString()
	body := map[string]any{"id": cid, "email": "retry@test.tindal", "role": "admin"}
	first, again := h.do("POST", "/v1/admin/users", "admin", body), h.do("POST", "/v1/admin/users", "admin", body)
	if first.status != 201 || again.status != 201 || again.json()["id"] != cid || h.countWhere("users", "email = 'retry@test.tindal'") != 1 {
		t.Errorf("retried create: %d %d %s", first.status, again.status, again.body)
	}

	page := h.do("GET", "/v1/admin/users?role=inspector&limit=2", "admin", nil)
	items := page.json()["items"].([]any)
	if page.status != 200 || len(items) != 2 || page.json()["next_cursor"] == nil {
		t.Fatalf("inspectors, two a page: %d %s", page.status, page.body)
	}
	for _, it := range items {
		if it.(map[string]any)["role"] != "inspector" {
			t.Errorf("role filter let through %v", it)
		}
	}
	for q, want := range map[string]string{"ravi": "ravi.k@test.tindal", "KUMAR": "ravi.k@test.tindal", "lakshmi@": "lakshmi@test.tindal"} {
		r := h.do("GET", "/v1/admin/users?q="+url.QueryEscape(q), "admin", nil)
		got := r.json()["items"].([]any)
		if len(got) != 1 || got[0].(map[string]any)["email"] != want {
			t.Errorf("search %q: %s", q, r.body)
		}
	}
	if r := h.do("GET", "/v1/admin/users?q=%25", "admin", nil); len(r.json()["items"].([]any)) != 0 {
		t.Errorf("a %% searched as a wildcard: %s", r.body)
	}

	id := ins["id"].(string)
	patch := map[string]any{"name": "Ravi K.", "preferred_language": "hi", "role": "supervisor"}
	if r := h.do("PATCH", "/v1/admin/users/"+id, "admin", patch); r.status != 428 {
		t.Errorf("edit without If-Match: %d %s", r.status, r.body)
	}
	if r := h.do("PATCH", "/v1/admin/users/"+id, "admin", patch, "If-Match", "7"); r.status != 412 || r.json()["code"] != "version_mismatch" {
		t.Errorf("edit at a stale version: %d %s", r.status, r.body)
	}
	r := h.do("PATCH", "/v1/admin/users/"+id, "admin", patch, "If-Match", `"1"`)
	if u := r.json(); r.status != 200 || u["name"] != "Ravi K." || u["role"] != "supervisor" || u["preferred_language"] != "hi" || u["version"] != 2.0 {
		t.Errorf("edit: %d %s", r.status, r.body)
	}
	if r := h.do("PATCH", "/v1/admin/users/"+id, "admin", map[string]any{"email": "lakshmi@test.tindal"}, "If-Match", "2"); r.status != 409 || r.json()["code"] != "email_taken" {
		t.Errorf("edit to a taken email: %d %s", r.status, r.body)
	}
	r = h.do("PATCH", "/v1/admin/users/"+id, "admin", map[string]any{"role": "owner", "owner_id": h.ids["owner-KARWAR"].String()}, "If-Match", "2")
	if r.status != 409 || r.json()["code"] != "assignments_in_force" {
		t.Errorf("an assigned supervisor made an owner: %d %s", r.status, r.body)
	}
	if r := h.do("GET", "/v1/admin/users/"+uuid.NewString(), "admin", nil); r.status != 404 {
		t.Errorf("an unknown user: %d", r.status)
	}
	if n := h.audited("create", "user", uuid.MustParse(id)) + h.audited("update", "user", uuid.MustParse(id)); n != 2 {
		t.Errorf("%d audit entries for a create and an edit, want 2", n)
	}
}

// countWhere counts the rows of a table matching a condition.
func (h *harness) countWhere(table, cond string) int64 {
	var n int64
	h.must(h.db.Gorm.Raw("SELECT count(*) FROM " + table + " WHERE " + cond).Scan(&n).Error)
	return n
}

// TestDeactivationEndsEverythingAtOnce: once an admin deactivates an
// inspector, their access token, their refresh token, their device's push
// and pull and a new login all answer 401 account_disabled; reactivated,
// they sign in again.
func TestDeactivationEndsEverythingAtOnce(t *testing.T) {
	h := newHarness(t)
	id := h.newInspector("leaver")
	login := h.do("POST", "/v1/auth/login", "", map[string]any{"email": "leaver@test.tindal", "password": testPassword,
		"installation_id": "phone-of-leaver"})
	tokens := login.json()
	access, refresh := tokens["access_token"].(string), tokens["refresh_token"].(string)
	p := h.pusher("leaver")
	start := testkit.Now().Add(-time.Hour)
	if res := p.push(start, "inspection.start", map[string]any{"id": uuid.Must(uuid.NewV7()), "vessel_id": h.ids["vessel-KARWAR"],
		"template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"}); res.Status != "applied" {
		t.Fatalf("push before deactivation: %+v", res)
	}
	r := h.do("POST", "/v1/admin/users/"+id+"/deactivate", "admin", nil)
	if r.status != 200 || r.json()["disabled_at"] == nil {
		t.Fatalf("deactivate: %d %s", r.status, r.body)
	}
	if again := h.do("POST", "/v1/admin/users/"+id+"/deactivate", "admin", nil); again.status != 200 || again.json()["version"] != r.json()["version"] {
		t.Errorf("deactivating again changed something: %s", again.body)
	}
	disabled := func(what string, res response) {
		t.Helper()
		if res.status != 401 || res.json()["code"] != "account_disabled" {
			t.Errorf("%s after deactivation: %d %s, want 401 account_disabled", what, res.status, res.body)
		}
	}
	disabled("GET /v1/me", h.do("GET", "/v1/me", access, nil))
	disabled("refresh", h.do("POST", "/v1/auth/refresh", "", map[string]any{"refresh_token": refresh}))
	disabled("push", h.do("POST", "/v1/sync/push", "leaver", map[string]any{"ack_seq": 0, "mutations": []any{}},
		"X-Device-Id", p.dev, "X-Protocol-Version", "1", "X-App-Version", "1.0.0"))
	disabled("pull", h.do("GET", "/v1/sync/pull", "leaver", nil, "X-Device-Id", p.dev, "X-Protocol-Version", "1", "X-App-Version", "1.0.0"))
	disabled("login", h.do("POST", "/v1/auth/login", "", map[string]any{"email": "leaver@test.tindal", "password": testPassword,
		"installation_id": "phone-of-leaver"}))
	if n := h.countWhere("refresh_tokens", "user_id = '"+id+"' AND revoked_at IS NULL"); n != 0 {
		t.Errorf("%d live refresh tokens after deactivation", n)
	}
	if r := h.do("POST", "/v1/admin/users/"+h.userIDOf("admin")+"/deactivate", "admin", nil); r.status != 409 || r.json()["code"] != "cannot_deactivate_self" {
		t.Errorf("an admin deactivated themself: %d %s", r.status, r.body)
	}
	if r := h.do("GET", "/v1/admin/users?disabled=true", "admin", nil); len(r.json()["items"].([]any)) != 1 {
		t.Errorf("deactivated users: %s", r.body)
	}
	if r := h.do("POST", "/v1/admin/users/"+id+"/reactivate", "admin", nil); r.status != 200 || r.json()["disabled_at"] != nil {
		t.Fatalf("reactivate: %d %s", r.status, r.body)
	}
	if r := h.do("POST", "/v1/auth/refresh", "", map[string]any{"refresh_token": refresh}); r.status != 401 {
		t.Errorf("the old refresh token after reactivation: %d", r.status)
	}
	h.login("leaver@test.tindal")
	uid := uuid.MustParse(id)
	if h.audited("deactivate", "user", uid) != 1 || h.audited("reactivate", "user", uid) != 1 {
		t.Errorf("deactivation and reactivation not audited once each")
	}
}

// TestAssignmentDatesAtTheEdges: an inspector assigned to Karwar from one
// day to another (both inclusive, Asia/Kolkata) pushes work captured on
// the first and the last day, not the day before the first nor the day
// after the last; assignments are ended, never deleted, and never overlap.
func TestAssignmentDatesAtTheEdges(t *testing.T) {
	h := newHarness(t)
	u := h.adminUser(map[string]any{"email": "edge@test.tindal", "role": "inspector", "password": testPassword,
		"jurisdiction_ids": []string{h.ids["MANGALURU"].String()}, "assigned_from": "2020-01-01"})
	id := u["id"].(string)
	h.tokens["edge"] = h.login("edge@test.tindal")
	ist := time.FixedZone("IST", 5*3600+1800)
	today := testkit.Now().In(ist)
	day := func(n int) time.Time { return time.Date(today.Year(), today.Month(), today.Day()+n, 0, 0, 0, 0, ist) }
	first, last := day(-10), day(-3)
	path := "/v1/admin/users/" + id + "/assignments"
	r := h.do("POST", path, "admin", map[string]any{"jurisdiction_id": h.ids["KARWAR"], "starts_on": first.Format(time.DateOnly)})
	if r.status != 201 || r.json()["ends_on"] != nil || r.json()["in_force"] != true {
		t.Fatalf("assign: %d %s", r.status, r.body)
	}
	aid := r.json()["id"].(string)
	if again := h.do("POST", path, "admin", map[string]any{"jurisdiction_id": h.ids["KARWAR"], "starts_on": first.Format(time.DateOnly)}); again.status != 200 || again.json()["id"] != aid {
		t.Errorf("the same assignment again: %d %s", again.status, again.body)
	}
	overlap := h.do("POST", path, "admin", map[string]any{"jurisdiction_id": h.ids["KARWAR"], "starts_on": day(-20).Format(time.DateOnly),
		"ends_on": first.Format(time.DateOnly)})
	if overlap.status != 409 || overlap.json()["code"] != "assignment_overlaps" {
		t.Errorf("an overlapping assignment: %d %s", overlap.status, overlap.body)
	}
	end := path + "/" + aid + "/end"
	if r := h.do("POST", end, "admin", map[string]any{"ends_on": day(-11).Format(time.DateOnly)}); r.status != 422 {
		t.Errorf("ending before the start: %d %s", r.status, r.body)
	}
	r = h.do("POST", end, "admin", map[string]any{"ends_on": last.Format(time.DateOnly)})
	if r.status != 200 || r.json()["ends_on"] != last.Format(time.DateOnly) || r.json()["in_force"] != false {
		t.Fatalf("end: %d %s", r.status, r.body)
	}
	if r := h.do("POST", end, "admin", map[string]any{"ends_on": last.Format(time.DateOnly)}); r.status != 200 {
		t.Errorf("ending again on the same day: %d %s", r.status, r.body)
	}
	if r := h.do("POST", end, "admin", map[string]any{"ends_on": day(-4).Format(time.DateOnly)}); r.status != 409 || r.json()["code"] != "assignment_ended" {
		t.Errorf("ending again on another day: %d %s", r.status, r.body)
	}
	// A new assignment from the day after the last one is no overlap.
	if r := h.do("POST", path, "admin", map[string]any{"jurisdiction_id": h.ids["KARWAR"], "starts_on": day(2).Format(time.DateOnly)}); r.status != 201 {
		t.Errorf("a later assignment: %d %s", r.status, r.body)
	}
	list := h.do("GET", path, "admin", nil).json()["items"].([]any)
	if len(list) != 3 {
		t.Errorf("%d assignments listed, want 3 (Mangaluru, and Karwar twice)", len(list))
	}
	p := h.pusher("edge")
	for _, c := range []struct {
		name string
		at   time.Time
		want bool
	}{
		{"the day before the first, 23:30", first.Add(-30 * time.Minute), false},
		{"the first day, 00:30", first.Add(30 * time.Minute), true},
		{"the last day, 23:30", last.Add(23*time.Hour + 30*time.Minute), true},
		{"the day after the last, 00:30", last.Add(24*time.Hour + 30*time.Minute), false},
	} {
		res := p.push(c.at, "inspection.start", map[string]any{"id": uuid.Must(uuid.NewV7()), "vessel_id": h.newVessel("KA-EDGE-" + uuid.NewString()[:6]),
			"template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"})
		if (res.Status == "applied") != c.want {
			t.Errorf("%s: %+v, want applied %v", c.name, res, c.want)
		}
	}
	if me := h.do("GET", "/v1/me", "edge", nil).json(); len(me["jurisdiction_ids"].([]any)) != 1 {
		t.Errorf("today the inspector is assigned to %v, want Mangaluru only", me["jurisdiction_ids"])
	}
	admin := h.adminUser(map[string]any{"email": "a2@test.tindal", "role": "admin"})
	r = h.do("POST", "/v1/admin/users/"+admin["id"].(string)+"/assignments", "admin", map[string]any{"jurisdiction_id": h.ids["KARWAR"], "starts_on": first.Format(time.DateOnly)})
	if code, _ := fieldError(r, "role"); r.status != 422 || code != "role_not_assignable" {
		t.Errorf("an admin assigned: %d %s", r.status, r.body)
	}
	if h.countWhere("audit_log", "action IN ('assign', 'end_assignment')") != 3 {
		t.Errorf("assignments not audited once per change")
	}
}

// mailHarness is a harness whose auth service mails through the outbox,
// on a clock the test moves.
func mailHarness(t *testing.T, shift *time.Duration) *harness {
	return newHarnessWith(t, harnessOptions{auth: auth.Options{Outbox: notify.Outbox{Email: true},
		Clock: func() time.Time { return testkit.Now().Add(*shift) }}})
}

// dispatch sends the outbox to the test mail server.
func (h *harness) dispatch() notify.Result {
	h.t.Helper()
	s, err := notify.NewSMTP(os.Getenv("TINDAL_SMTP_URL"))
	if err != nil {
		h.t.Fatalf("TINDAL_SMTP_URL (run scripts/services.sh and source .services.env): %v", err)
	}
	d := &notify.Dispatcher{DB: h.db, Sender: s, From: "Tindal <accounts@tindal.test>"}
	res, err := d.Dispatch(context.Background(), time.Now().Add(time.Minute))
	h.must(err)
	return res
}

// mailsTo answers the text of every message the mail server holds for address.
func mailsTo(t *testing.T, address string) []string {
	t.Helper()
	api := os.Getenv("TINDAL_MAILPIT_API")
	if api == "" {
		t.Fatal("TINDAL_MAILPIT_API is not set: run scripts/services.sh and source .services.env")
	}
	get := func(u string, v any) {
		res, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if err := json.NewDecoder(res.Body).Decode(v); err != nil {
			t.Fatal(err)
		}
	}
	var list struct{ Messages []struct{ ID string } }
	get(api+"/api/v1/search?query="+url.QueryEscape("to:"+address), &list)
	var out []string
	for _, m := range list.Messages {
		var full struct{ Subject, Text string }
		get(api+"/api/v1/message/"+m.ID, &full)
		out = append(out, full.Subject+"\n"+full.Text)
	}
	return out
}

var resetLink = regexp.MustCompile(`http://tindal\.test/console/password\?token=([A-Za-z0-9_-]+)`)

// TestPasswordLinkWorksOnceAndExpires: an admin's request mails one link
// (a retried request mails nothing more), the token is nowhere but in the
// mail, the link sets a password under the creation policy once and ends
// the user's refresh families, a wrong token is refused, and a link 24
// hours old is expired.
func TestPasswordLinkWorksOnceAndExpires(t *testing.T) {
	var shift time.Duration
	h := mailHarness(t, &shift)
	email := "reset-" + uuid.NewString()[:8] + "@test.tindal"
	u := h.adminUser(map[string]any{"email": email, "name": "Meena", "role": "supervisor", "preferred_language": "hi",
		"password": testPassword, "jurisdiction_ids": []string{h.ids["KARWAR"].String()}})
	id := u["id"].(string)
	old := h.do("POST", "/v1/auth/login", "", map[string]any{"email": email, "password": testPassword, "installation_id": "meena-phone"}).json()
	path := "/v1/admin/users/" + id + "/password-reset"
	r := h.do("POST", path, "admin", nil)
	if r.status != 202 || r.json()["sent_to"] != email {
		t.Fatalf("request: %d %s", r.status, r.body)
	}
	if again := h.do("POST", path, "admin", nil); again.status != 202 || again.json()["id"] != r.json()["id"] {
		t.Errorf("a retried request: %d %s, want the same link", again.status, again.body)
	}
	if n := h.countWhere("notifications", "template = 'account.password_reset'"); n != 1 {
		t.Errorf("%d outbox rows for two requests, want one email and no feed row", n)
	}
	if res := h.dispatch(); res.Sent != 1 {
		t.Fatalf("dispatch: %+v", res)
	}
	if res := h.dispatch(); res.Sent != 0 {
		t.Errorf("a second dispatch sent again: %+v", res)
	}
	mails := mailsTo(t, email)
	if len(mails) != 1 || !strings.Contains(mails[0], "पासवर्ड") {
		t.Fatalf("%d mails (want one, in Hindi): %q", len(mails), mails)
	}
	m := resetLink.FindStringSubmatch(mails[0])
	if m == nil {
		t.Fatalf("no link in the mail:\n%s", mails[0])
	}
	token := m[1]
	for table, col := range map[string]string{"notifications": "body || payload::text", "audit_log": "coalesce(after::text, '')"} {
		if n := h.countWhere(table, col+" LIKE '%"+token+"%'"); n != 0 {
			t.Errorf("the token is stored in clear in %s", table)
		}
	}
	complete := func(tok, pw string) response {
		return h.do("POST", "/v1/auth/password-reset", "", map[string]any{"token": tok, "password": pw})
	}
	wantRefused := func(what string, r response, field, code string) {
		t.Helper()
		if got, _ := fieldError(r, field); r.status != 422 || got != code {
			t.Errorf("%s: %d %s, want 422 %s on %s", what, r.status, r.body, code, field)
		}
	}
	wantRefused("a wrong token", complete(strings.Repeat("A", 43), "a new long password"), "token", "reset_link_invalid")
	wantRefused("a short password", complete(token, "short"), "password", "too_short")
	if r := complete(token, "a new long password"); r.status != 204 {
		t.Fatalf("complete: %d %s", r.status, r.body)
	}
	wantRefused("the link used again", complete(token, "another long password"), "token", "reset_link_used")
	if r := h.do("POST", "/v1/auth/refresh", "", map[string]any{"refresh_token": old["refresh_token"]}); r.status != 401 {
		t.Errorf("a refresh token from before the reset: %d %s", r.status, r.body)
	}
	if r := h.do("POST", "/v1/auth/login", "", map[string]any{"email": email, "password": "a new long password", "installation_id": "meena-phone"}); r.status != 200 {
		t.Errorf("login with the new password: %d %s", r.status, r.body)
	}

	// A new link, used a day later, has expired.
	if r := h.do("POST", path, "admin", nil); r.status != 202 || r.json()["id"] == nil {
		t.Fatalf("second request: %d %s", r.status, r.body)
	}
	h.dispatch()
	mails = mailsTo(t, email)
	if len(mails) != 2 {
		t.Fatalf("%d mails after the second request, want 2", len(mails))
	}
	var second string
	for _, mail := range mails {
		if m := resetLink.FindStringSubmatch(mail); m != nil && m[1] != token {
			second = m[1]
		}
	}
	shift = 24*time.Hour + time.Minute
	wantRefused("a link a day old", complete(second, "a newer long password"), "token", "reset_link_expired")
	if n := h.countWhere("notifications", "template = 'account.password_reset' AND body LIKE '%token=%'"); n != 0 {
		t.Errorf("%d delivered mails still hold their link", n)
	}
	if h.countWhere("audit_log", "action = 'complete_password_reset'") != 1 {
		t.Errorf("the completed reset is not audited once")
	}
}

// TestOwnerInvitationIsMailedOnceADay: an owner account linked to its
// owner record is invited to the owners' sign-in page in its language,
// once however often the admin asks that day; officials are not invited.
func TestOwnerInvitationIsMailedOnceADay(t *testing.T) {
	var shift time.Duration
	h := mailHarness(t, &shift)
	email := "owner-" + uuid.NewString()[:8] + "@test.tindal"
	u := h.adminUser(map[string]any{"email": email, "name": "Shankar", "role": "owner", "preferred_language": "kn",
		"owner_id": h.ids["owner-KARWAR"].String()})
	path := "/v1/admin/users/" + u["id"].(string) + "/invitation"
	first, again := h.do("POST", path, "admin", nil), h.do("POST", path, "admin", nil)
	if first.status != 202 || first.json()["queued"] != true || again.status != 202 || again.json()["queued"] != false {
		t.Fatalf("invitations: %d %s, then %d %s", first.status, first.body, again.status, again.body)
	}
	h.dispatch()
	mails := mailsTo(t, email)
	if len(mails) != 1 || !strings.Contains(mails[0], "http://tindal.test/my/signin") || !strings.Contains(mails[0], "ನೌಕೆ") {
		t.Errorf("%d mails, want one in Kannada naming the sign-in page: %q", len(mails), mails)
	}
	if r := h.do("POST", "/v1/admin/users/"+h.userIDOf("inspector")+"/invitation", "admin", nil); r.status != 409 || r.json()["code"] != "not_an_owner_account" {
		t.Errorf("an inspector invited: %d %s", r.status, r.body)
	}
}

// TestBadBytesToUserRoutesWriteNothing: NUL, invalid UTF-8, a bidi
// control and an unlisted content type are 4xx problems, and no user,
// assignment or link is written.
func TestBadBytesToUserRoutesWriteNothing(t *testing.T) {
	h := newHarness(t)
	id := h.userIDOf("inspector")
	tables := []string{"users", "user_jurisdictions", "password_resets", "audit_log"}
	before := map[string]int64{}
	for _, tb := range tables {
		before[tb] = h.count(tb)
	}
	cases := []struct {
		name, path, body, ct string
		want                 int
	}{
		{"NUL in a name", "/v1/admin/users", `{"email":"n@test.tindal","role":"admin","name":"a\u0000b"}`, "application/json", 400},
		{"invalid UTF-8 in a name", "/v1/admin/users", "{\"email\":\"u@test.tindal\",\"role\":\"admin\",\"name\":\"a\xff\"}", "application/json", 400},
		{"a bidi override in a name", "/v1/admin/users", `{"email":"b@test.tindal","role":"admin","name":"a\u202eb"}`, "application/json", 422},
		{"a form", "/v1/admin/users", "email=f@test.tindal&role=admin", "application/x-www-form-urlencoded", 415},
		{"an unknown field", "/v1/admin/users", `{"email":"x@test.tindal","role":"admin","is_root":true}`, "application/json", 400},
		{"NUL in an assignment date", "/v1/admin/users/" + id + "/assignments", `{"jurisdiction_id":"` + h.ids["MANGALURU"].String() + `","starts_on":"2026-01-01\u0000"}`, "application/json", 400},
		{"text/plain completion", "/v1/auth/password-reset", `{"token":"x","password":"long enough password"}`, "text/plain", 415},
		{"bidi in a new password", "/v1/auth/password-reset", `{"token":"x","password":"long enough\u2066password"}`, "application/json", 422},
	}
	for _, c := range cases {
		r := h.doRaw("POST", c.path, "admin", c.body, "Content-Type", c.ct)
		if r.status != c.want || !strings.HasPrefix(r.header.Get("Content-Type"), "application/problem+json") {
			t.Errorf("%s: %d %s, want a %d problem", c.name, r.status, r.body, c.want)
		}
	}
	for _, tb := range tables {
		if n := h.count(tb); n != before[tb] {
			t.Errorf("%s: %d rows, %d before: a refused request wrote", tb, n, before[tb])
		}
	}
}
