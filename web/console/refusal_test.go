package console_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web/webtest"
)

var (
	anyUUID      = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	problemBlock = regexp.MustCompile(`(?s)class="problem" role="alert">(?:<p>)?(.*?)</p>`)
	fieldErrors  = regexp.MustCompile(`class="field-error">[^<]*`)
	penaltyField = regexp.MustCompile(`name="penalty_id" value="([^"]+)"`)
	dueField     = regexp.MustCompile(`name="amount" type="number" min="1" step="1" value="([0-9]+)"`)
)

// refusal is one refusal a console action produces: the form posted, the
// status, and the names the message must carry; words are the words of
// the page's language the message must hold (from the catalogue), so a
// test of a message left in English, or naming by id, fails.
type refusal struct {
	name   string
	path   string
	form   url.Values
	status int
	names  []string
	words  map[string]string // language → a phrase of that language's message
}

// TestRefusalsSpeakThePagesLanguageAndNameThings: every refusal the
// console's actions below produce (a detention confirmed twice, a release
// before its re-inspection, a decision on an inspection already decided,
// a receipt number given twice, an owner with vessels deleted, an account
// created with an email in use) says, in Kannada and in Hindi, what was
// refused, naming the order by its number, the vessel by its registration,
// the notice by its number, the owner by name and the account by email: no UUID, no English, and its status is
// the API's. Nothing is changed by a refused action.
func TestRefusalsSpeakThePagesLanguageAndNameThings(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	detained := inspectionOf(t, s, regDetention)
	stern := inspectionOf(t, s, regStern)
	order := karwarOrder(t, s)
	sc := scopeOf(t, s, "supervisor.karwar@demo.tindal", "reviewInspection")
	if _, err := s.Inspect.Review(context.Background(), sc, stern,
		inspect.ReviewInput{Decision: inspect.DecisionApprove, OverrideReason: "photos checked"}); err != nil {
		t.Fatal(err)
	}
	notice := karwarNotice(t, s)
	noticeNo := scalar[string](t, s, `SELECT number FROM penalty_notices WHERE id = ?`, notice)
	today := time.Now().In(rules.IST).Format("2006-01-02") // India's date: the law's calendar

	owner := idOf(t, s, `SELECT owner_id FROM vessels WHERE registration_number = ?`, regDetention)
	ownerName := scalar[string](t, s, `SELECT name FROM owners WHERE id = ?`, owner)
	ownerVersion := scalar[string](t, s, `SELECT version::text FROM owners WHERE id = ?`, owner)
	adm := newClient(t, s)
	adm.signIn("admin@demo.tindal")
	sup := newClient(t, s)
	sup.signIn("supervisor.karwar@demo.tindal")
	reg := newClient(t, s)
	reg.signIn("registrar.karwar@demo.tindal")
	_, page := reg.do("GET", "/console/notices/"+notice.String(), nil, nil)
	m := penaltyField.FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the notice's page has no payment form")
	}
	due := dueField.FindStringSubmatch(page)
	if due == nil {
		t.Fatal("the notice's payment form has no amount due")
	}
	pay := url.Values{"penalty_id": {m[1]}, "receipt_number": {"KWR/2026/00417"}, "amount": {due[1]}, "paid_on": {today}}
	if res, page := reg.do("POST", "/console/notices/"+notice.String()+"/payments", withCSRF(reg, notice.String(), pay), nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("the first payment answered %d: %s %v", res.StatusCode, problemBlock.FindString(page), fieldErrors.FindAllString(page, -1))
	}
	orders := scalar[int](t, s, `SELECT count(*) FROM detention_orders`)
	payments := scalar[int](t, s, `SELECT count(*) FROM penalty_payments`)

	for _, tc := range []struct {
		c *client
		refusal
	}{
		{sup, refusal{name: "a detention confirmed twice", path: "/console/inspections/" + detained.String() + "/detention",
			form:   url.Values{"present_location": {"Karwar port, berth 3"}, "master_name": {"Ramesh Naik"}},
			status: http.StatusConflict, names: []string{order.Number, regDetention},
			words: map[string]string{"kn": "ಎರಡು ಬಾರಿ ಹೊರಡಿಸಲಾಗದು", "hi": "दोबारा जारी नहीं होता"}}},
		{sup, refusal{name: "a release before its re-inspection", path: "/console/detention-orders/" + order.ID.String() + "/release",
			form:   url.Values{"release_conditions": {"keep the survey certificate on board"}},
			status: http.StatusUnprocessableEntity, names: []string{order.Number, regDetention},
			words: map[string]string{"kn": "ಇನ್ನೂ ಮರು ತಪಾಸಣೆ ಸಲ್ಲಿಸಲಾಗಿಲ್ಲ", "hi": "अभी कोई पुनः निरीक्षण प्रस्तुत नहीं हुआ"}}},
		{sup, refusal{name: "an inspection approved twice", path: "/console/inspections/" + stern.String() + "/review",
			form: url.Values{"decision": {"approve"}}, status: http.StatusConflict, names: []string{regStern},
			words: map[string]string{"kn": "ಇನ್ನು ನಿರ್ಧಾರಕ್ಕಾಗಿ ಕಾಯುತ್ತಿಲ್ಲ", "hi": "अब निर्णय की प्रतीक्षा में नहीं"}}},
		{reg, refusal{name: "a receipt number given for another payment", path: "/console/notices/" + notice.String() + "/payments",
			form: url.Values{"penalty_id": {m[1]}, "receipt_number": {"KWR/2026/00417"}, "amount": {due[1]},
				"paid_on": {time.Now().In(rules.IST).AddDate(0, 0, -1).Format("2006-01-02")}},
			status: http.StatusConflict, names: []string{"KWR/2026/00417", noticeNo, regDetention},
			words: map[string]string{"kn": "ಬೇರೊಂದು ಪಾವತಿಗೆ ದಾಖಲಿಸಲಾಗಿದೆ", "hi": "किसी दूसरे भुगतान के लिए दर्ज"}}},
		{reg, refusal{name: "an owner with vessels deleted", path: "/console/owners/" + owner.String() + "/delete",
			form: url.Values{"version": {ownerVersion}}, status: http.StatusConflict, names: []string{ownerName},
			words: map[string]string{"kn": "ಇನ್ನೂ ಜಲನೌಕೆಗಳಿವೆ", "hi": "अब भी जलयान हैं"}}},
		{adm, refusal{name: "an account created with a taken email", path: "/console/admin/users",
			form: url.Values{"email": {"supervisor.karwar@demo.tindal"}, "name": {"Second Supervisor"}, "role": {"admin"},
				"preferred_language": {"kn"}},
			status: http.StatusConflict, names: []string{"supervisor.karwar@demo.tindal"},
			words: map[string]string{"kn": "ಇಮೇಲ್‌ನ ಖಾತೆ ಈಗಾಗಲೇ ಇದೆ", "hi": "का खाता पहले से मौजूद है"}}},
	} {
		for _, lang := range []string{"kn", "hi"} {
			setLanguage(t, tc.c, lang)
			res, page := tc.c.do("POST", tc.path, withCSRF(tc.c, "", tc.form), nil)
			m := problemBlock.FindStringSubmatch(page)
			if res.StatusCode != tc.status || m == nil {
				t.Errorf("%s in %s: %d, want %d with the problem shown\n%.400s", tc.name, lang, res.StatusCode, tc.status, page)
				continue
			}
			said := m[1]
			for _, n := range tc.names {
				if !strings.Contains(said, n) {
					t.Errorf("%s in %s does not name %q: %s", tc.name, lang, n, said)
				}
			}
			if !strings.Contains(said, tc.words[lang]) {
				t.Errorf("%s in %s is not said in %s: %s", tc.name, lang, lang, said)
			}
			if anyUUID.MatchString(said) || englishWords.MatchString(said) {
				t.Errorf("%s in %s names things by id or in English: %s", tc.name, lang, said)
			}
		}
	}
	if n := scalar[int](t, s, `SELECT count(*) FROM detention_orders`); n != orders {
		t.Errorf("the refused actions wrote detention orders: %d, was %d", n, orders)
	}
	if n := scalar[int](t, s, `SELECT count(*) FROM owners WHERE id = ? AND deleted_at IS NULL`, owner); n != 1 {
		t.Error("the refused deletion deleted the owner")
	}
	if n := scalar[int](t, s, `SELECT count(*) FROM users WHERE email = ?`, "supervisor.karwar@demo.tindal"); n != 1 {
		t.Errorf("%d accounts have the supervisor's email", n)
	}
	if n := scalar[int](t, s, `SELECT count(*) FROM penalty_payments`); n != payments {
		t.Errorf("the refused payment was recorded: %d payments, was %d", n, payments)
	}
}

// englishWords are the English words of the services' own messages, which
// a kn or hi page must not show.
var englishWords = regexp.MustCompile(`\b(already|issued|order|inspection|receipt|recorded|submitted|approved|re-inspection|linked|payment)\b`)

// setLanguage chooses the console's language for the client's session.
func setLanguage(t *testing.T, c *client, lang string) {
	t.Helper()
	res, _ := c.do("POST", "/console/lang", url.Values{"csrf": {c.csrf("/console/")}, "lang": {lang}, "back": {"/console/"}}, nil)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("switching to %s answered %d", lang, res.StatusCode)
	}
}

// withCSRF is form with the session's CSRF token.
func withCSRF(c *client, _ string, form url.Values) url.Values {
	out := url.Values{"csrf": {c.csrf("/console/")}}
	for k, v := range form {
		out[k] = v
	}
	return out
}
