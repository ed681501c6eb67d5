package api_test

import (
	"context"
	"testing"
	"time"

	"github.com/tindal/tindal/notify"
)

// TestOwnerSettings: an owner reads and changes their language, email and
// reminders; the new email is what one-time sign-in asks for; reminders
// turned off are not written to the outbox, legal notices still are; only
// owners have settings.
func TestOwnerSettings(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	r := h.do("GET", "/v1/me/owner-settings", "owner", nil)
	if r.status != 200 || r.json()["email"] != "owner@test.tindal" || len(r.json()["reminders"].([]any)) != len(notify.Reminders) {
		t.Fatalf("settings: %d %s", r.status, r.body)
	}
	for _, u := range []string{"admin", "registrar", "supervisor", "inspector"} {
		if r := h.do("GET", "/v1/me/owner-settings", u, nil); r.status != 403 {
			t.Errorf("%s reads owner settings: %d", u, r.status)
		}
	}
	if r := h.do("GET", "/v1/me/owner-settings", "", nil); r.status != 401 {
		t.Errorf("nobody: %d", r.status)
	}
	if r := h.do("PATCH", "/v1/me/owner-settings", "owner", map[string]any{"reminders_off": []string{"penalty_adjusted"}}); r.status != 422 {
		t.Errorf("turning off a legal notice: %d %s", r.status, r.body)
	}
	if r := h.do("PATCH", "/v1/me/owner-settings", "owner", map[string]any{"email": "registrar@test.tindal"}); r.status != 409 {
		t.Errorf("another account's email: %d %s", r.status, r.body)
	}
	r = h.do("PATCH", "/v1/me/owner-settings", "owner", map[string]any{"language": "hi", "email": "Lakshmi@Example.in",
		"reminders_off": []string{notify.TplCertificateExpiring}})
	if j := r.json(); r.status != 200 || j["language"] != "hi" || j["email"] != "lakshmi@example.in" || len(j["reminders_off"].([]any)) != 1 {
		t.Fatalf("patch: %d %s", r.status, r.body)
	}
	var lang, email string
	h.must(h.db.Gorm.Raw(`SELECT preferred_language, email FROM owners WHERE id = ?`, h.ids["owner-KARWAR"]).Row().Scan(&lang, &email))
	if lang != "hi" || email != "lakshmi@example.in" {
		t.Errorf("the owner's record: %s %s", lang, email)
	}
	h.requestSignIn("lakshmi@example.in")
	if m := h.lastSignInMail("lakshmi@example.in"); m.count != 1 {
		t.Errorf("sign-in by the new email: %+v", m)
	}

	owner := notify.Owner(h.ids["owner-KARWAR"], "Lakshmi", "lakshmi@example.in", "hi")
	due := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)
	n, err := notify.Outbox{Email: true}.Enqueue(context.Background(), h.db.Gorm, []notify.Notice{
		{Template: notify.TplCertificateExpiring, DedupeKey: "cert:1", Recipient: owner, Data: notify.Data{Vessel: "V", Doc: "survey", Due: due}},
		{Template: notify.TplCoCLegacyDeadline, DedupeKey: "coc:1", Recipient: owner, Data: notify.Data{Vessel: "V", Holder: "H", Doc: "serang", Due: due}},
	})
	h.must(err)
	var expiring int64
	h.must(h.db.Gorm.Raw(`SELECT count(*) FROM notifications WHERE template = ?`, notify.TplCertificateExpiring).Scan(&expiring).Error)
	if n != 2 || expiring != 0 {
		t.Errorf("%d rows written, %d of a reminder turned off; want the other reminder's 2 (feed and email) and none", n, expiring)
	}
}
