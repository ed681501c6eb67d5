package api_test

import (
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/notify"
)

// TestOwnerMobileOnTheRegister: a registrar records an owner's and a crew
// member's mobile; the national forms are stored in E.164; anything that is
// not an Indian mobile (+91 and ten digits starting 6-9) answers 422 naming
// the field mobile and records nothing.
func TestOwnerMobileOnTheRegister(t *testing.T) {
	h := newHarness(t)
	jur := h.ids["KARWAR"].String()
	for _, c := range []struct{ in, want string }{
		{"98450 12345", "+919845012345"}, {"+91 98450-12345", "+919845012345"}, {"098450 12345", "+919845012345"},
		{"919845012345", "+919845012345"}, {"+916000000000", "+916000000000"}, {"", ""},
	} {
		r := h.do("POST", "/v1/owners", "registrar", map[string]any{"kind": "person", "name": "Ravi",
			"jurisdiction_id": jur, "mobile": c.in})
		if r.status != 201 || r.json()["mobile"] != c.want {
			t.Errorf("mobile %q: %d %s, want 201 with %q", c.in, r.status, r.body, c.want)
		}
	}
	before := h.count("owners")
	for _, bad := range []string{"12345", "+14155550100", "+915845012345", "+9198450123456", "98450\u000012345",
		"\u202e9845012345", "９８４５０１２３４５", "98450O12345", strings.Repeat("9", 21)} {
		r := h.do("POST", "/v1/owners", "registrar", map[string]any{"kind": "person", "name": "Ravi",
			"jurisdiction_id": jur, "mobile": bad})
		if r.status != 422 && r.status != 400 || !strings.Contains(string(r.body), "mobile") {
			t.Errorf("mobile %q: %d %s, want 4xx naming mobile", bad, r.status, r.body)
		}
	}
	if n := h.count("owners"); n != before {
		t.Errorf("%d owners written by refused requests", n-before)
	}
	id := h.ids["owner-KARWAR"].String()
	patch := h.do("PATCH", "/v1/owners/"+id, "registrar", map[string]any{"mobile": "12345"}, "If-Match", "1")
	if patch.status != 422 || !strings.Contains(string(patch.body), `"mobile"`) {
		t.Errorf("patch: %d %s", patch.status, patch.body)
	}
	patch = h.do("PATCH", "/v1/owners/"+id, "registrar", map[string]any{"mobile": "7008345521"}, "If-Match", "1")
	if patch.status != 200 || patch.json()["mobile"] != "+917008345521" {
		t.Errorf("patch: %d %s", patch.status, patch.body)
	}
	crew := h.do("POST", "/v1/crew-members", "registrar", map[string]any{"indivc_number": "KA-C-0001",
		"name": "Ramesh", "jurisdiction_id": jur, "mobile": "94480 12345"})
	if crew.status != 201 || crew.json()["mobile"] != "+919448012345" {
		t.Errorf("crew: %d %s", crew.status, crew.body)
	}
	if r := h.do("PATCH", "/v1/owners/"+h.ids["owner-MANGALURU"].String(), "registrar", map[string]any{"mobile": "9845012345"},
		"If-Match", "1"); r.status != 404 {
		t.Errorf("another office's owner: %d", r.status)
	}
}

// TestSMSReceiptCallback: the gateway's signed receipt is recorded on its
// SMS (204); a forged or unsigned one, the route spelled otherwise, and a
// receipt for no SMS record nothing.
func TestSMSReceiptCallback(t *testing.T) {
	var rc *notify.Receipts
	h := newHarnessWith(t, harnessOptions{deps: func(d *api.Deps) {
		rc = &notify.Receipts{DB: d.DB, Secret: []byte("receipt-secret-of-at-least-32-characters")}
		d.SMSReceipts = rc
	}})
	owner := h.ids["owner-KARWAR"]
	h.must(h.db.Gorm.Exec(`INSERT INTO notifications (id, channel, dedupe_key, recipient_type, recipient_id, owner_id,
		address, template, locale, subject, body, state, gateway_id) VALUES (?, 'sms', 'k', 'owner', ?, ?, '+919845012345',
		?, 'kn', '', 'text', 'sent', 'gw-1')`, uuid.New(), owner, owner, notify.TplDetentionOrdered).Error)
	receipt := func() (string, bool) {
		var r struct {
			Receipt        string
			ServeOtherwise bool
		}
		h.must(h.db.Gorm.Raw(`SELECT receipt, serve_otherwise FROM notifications WHERE gateway_id = 'gw-1'`).Scan(&r).Error)
		return r.Receipt, r.ServeOtherwise
	}
	body := `{"id":"gw-1","status":"EXPIRED"}`
	forged := notify.Receipts{Secret: []byte("a-guess")}.Sign([]byte(body))
	for _, c := range []struct {
		path, sig string
	}{
		{api.SMSReceiptsPath, forged}, {api.SMSReceiptsPath, ""}, {api.SMSReceiptsPath + "/", rc.Sign([]byte(body))},
		{"/HOOKS/sms/receipts", rc.Sign([]byte(body))},
	} {
		r := h.do("POST", c.path, "", body, "X-Tindal-Signature", c.sig)
		if r.status < 400 || r.status >= 500 {
			t.Errorf("POST %s signed %q: %d %s", c.path, c.sig, r.status, r.body)
		}
		if got, _ := receipt(); got != "" {
			t.Fatalf("recorded %q from a refused receipt", got)
		}
	}
	if r := h.do("POST", api.SMSReceiptsPath, "", body, "X-Tindal-Signature", rc.Sign([]byte(body))); r.status != 204 {
		t.Fatalf("signed receipt: %d %s", r.status, r.body)
	}
	if got, flagged := receipt(); got != "expired" || !flagged {
		t.Fatalf("recorded %q, flagged %v: an expired detention order is to be served otherwise", got, flagged)
	}
	none := `{"id":"gw-404","status":"DELIVRD"}`
	if r := h.do("POST", api.SMSReceiptsPath, "", none, "X-Tindal-Signature", rc.Sign([]byte(none))); r.status != 404 {
		t.Errorf("unknown id: %d %s", r.status, r.body)
	}
	bad := "{\"id\":\"\",\"status\":\"DELIVRD\"}"
	if r := h.do("POST", api.SMSReceiptsPath, "", bad, "X-Tindal-Signature", rc.Sign([]byte(bad))); r.status != 422 {
		t.Errorf("no id: %d %s", r.status, r.body)
	}
}
