package console_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/testkit"
	"github.com/tindal/tindal/web/webtest"
)

// TestMoreRefusalsNameThingsInThePagesLanguage: the refusals of the
// console's other actions (an amendment of an inspection decided twice, a
// conflict resolved twice, an assignment that overlaps one in force, an
// assignment ended twice, a vessel detained by an edit of the register)
// say in Kannada and in Hindi what was refused, naming the vessel by its
// registration and name, the person by name and the jurisdiction by its
// code: no UUID, no English word, nothing internal, the API's status, and
// nothing is written.
func TestMoreRefusalsNameThingsInThePagesLanguage(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := context.Background()
	sup := karwarSupervisor(t, s)
	insp := inspectionOf(t, s, regLifebuoy)
	lifebuoy := scalar[string](t, s, `SELECT registration_number || ' ' || name FROM vessels WHERE registration_number = ?`,
		regLifebuoy)
	conflict := conflictOn(t, s, insp)
	if _, err := s.Inspect.ResolveConflict(ctx, sup, conflict.ID, inspect.ResolutionKept); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Inspect.Review(ctx, sup, insp, inspect.ReviewInput{Decision: inspect.DecisionApprove,
		OverrideReason: "photos checked"}); err != nil {
		t.Fatal(err)
	}
	push(t, s, step{"inspection.answer", map[string]any{"inspection_id": insp, "item_id": "fire.extinguishers",
		"answer": "no", "note": "one extinguisher discharged, seen on a second look"}})
	amend := scalar[uuid.UUID](t, s, `SELECT id FROM amendment_requests WHERE inspection_id = ? AND status = 'open'`, insp)
	if _, err := s.Inspect.DecideAmendment(ctx, sup, amend, "accept", ""); err != nil {
		t.Fatal(err)
	}

	inspector := idOf(t, s, `SELECT id FROM users WHERE email = ?`, "inspector.karwar@demo.tindal")
	inspectorName := scalar[string](t, s, `SELECT name FROM users WHERE id = ?`, inspector)
	karwar := idOf(t, s, `SELECT jurisdiction_id FROM user_jurisdictions WHERE user_id = ? LIMIT 1`, inspector)
	mangaluru := idOf(t, s, `SELECT id FROM jurisdictions WHERE code = 'MANGALURU'`)
	ended := uuid.Must(uuid.NewV7())
	if err := s.DB.Gorm.Exec(`INSERT INTO user_jurisdictions (id, user_id, jurisdiction_id, starts_on, ends_on)
		VALUES (?, ?, ?, current_date - 20, current_date - 10)`, ended, inspector, mangaluru).Error; err != nil {
		t.Fatal(err)
	}
	today := time.Now().Format(time.DateOnly)

	detained := vesselID(t, s, regStern)
	stern := scalar[string](t, s, `SELECT registration_number || ' ' || name FROM vessels WHERE id = ?`, detained)

	adm := newClient(t, s)
	adm.signIn("admin@demo.tindal")
	supC := newClient(t, s)
	supC.signIn("supervisor.karwar@demo.tindal")
	reg := newClient(t, s)
	reg.signIn("registrar.karwar@demo.tindal")
	vesselForm := editForm(t, reg, "/console/vessels/"+detained.String()+"/edit")
	vesselForm.Set("status", "detained")

	written := func() string {
		return scalar[string](t, s, `SELECT concat_ws('|',
			(SELECT status || coalesce(reason, '') FROM amendment_requests WHERE id = ?),
			(SELECT resolution || resolved_at::text FROM conflicts WHERE id = ?),
			(SELECT count(*)::text FROM user_jurisdictions),
			(SELECT ends_on::text FROM user_jurisdictions WHERE id = ?),
			(SELECT status || version::text FROM vessels WHERE id = ?))`, amend, conflict.ID, ended, detained)
	}
	before := written()
	for _, tc := range []struct {
		c *client
		refusal
	}{
		{supC, refusal{name: "an amendment decided twice", path: "/console/amendment-requests/" + amend.String() + "/decide",
			form:   url.Values{"decision": {"reject"}, "reason": {"the photo shows two extinguishers"}, "inspection": {insp.String()}},
			status: http.StatusConflict, names: []string{lifebuoy},
			words: map[string]string{"kn": "ಈಗಾಗಲೇ ನಿರ್ಧರಿಸಲಾಗಿದೆ", "hi": "पहले ही निर्णय हो चुका है"}}},
		{supC, refusal{name: "a conflict resolved twice", path: "/console/conflicts/" + conflict.ID.String() + "/resolve",
			form:   url.Values{"resolution": {"reverted"}, "inspection": {insp.String()}},
			status: http.StatusConflict, names: []string{lifebuoy},
			words: map[string]string{"kn": "ಈಗಾಗಲೇ ಬಗೆಹರಿಸಲಾಗಿದೆ", "hi": "पहले ही सुलझाया जा चुका है"}}},
		{adm, refusal{name: "an assignment over one in force", path: "/console/admin/users/" + inspector.String() + "/assignments",
			form:   url.Values{"jurisdiction_id": {karwar.String()}, "starts_on": {today}},
			status: http.StatusConflict, names: []string{inspectorName, "KARWAR"},
			words: map[string]string{"kn": "ಈಗಾಗಲೇ", "hi": "पहले से"}}},
		{adm, refusal{name: "an assignment ended twice",
			path:   "/console/admin/users/" + inspector.String() + "/assignments/" + ended.String() + "/end",
			form:   url.Values{"last_day": {today}},
			status: http.StatusConflict, names: []string{inspectorName, "MANGALURU"},
			words: map[string]string{"kn": "ಈಗಾಗಲೇ ಮುಗಿದಿದೆ", "hi": "पहले ही समाप्त हो चुकी है"}}},
		{reg, refusal{name: "a vessel detained by an edit", path: "/console/vessels/" + detained.String(),
			form: vesselForm, status: http.StatusConflict, names: []string{stern},
			words: map[string]string{"kn": "ತಡೆಹಿಡಿಯುವ ಅಥವಾ ಬಿಡುಗಡೆ ಆದೇಶದಿಂದ ಮಾತ್ರ", "hi": "केवल निरोध या रिहाई आदेश से"}}},
	} {
		for _, lang := range []string{"kn", "hi"} {
			setLanguage(t, tc.c, lang)
			res, page := tc.c.do("POST", tc.path, withCSRF(tc.c, "", tc.form), nil)
			m := problemBlock.FindStringSubmatch(page)
			if res.StatusCode != tc.status || m == nil {
				t.Errorf("%s in %s: %d, want %d with the problem shown\n%.600s", tc.name, lang, res.StatusCode, tc.status,
					problemBlock.FindString(page))
				continue
			}
			checkRefusal(t, tc.name, lang, m[1], tc.words[lang], tc.names, append(tc.names, "KARWAR", "MANGALURU"))
		}
	}
	if after := written(); after != before {
		t.Errorf("the refused actions wrote: %s, was %s", after, before)
	}
}

var (
	formInput    = regexp.MustCompile(`<input id="f-[^"]*" name="([^"]+)" type="([^"]+)" value="([^"]*)"`)
	formSelect   = regexp.MustCompile(`(?s)<select id="f-[^"]*" name="([^"]+)".*?</select>`)
	formSelected = regexp.MustCompile(`<option value="([^"]*)" selected>`)
	formVersion  = regexp.MustCompile(`name="version" value="([^"]*)"`)
)

// editForm is the register's edit form at path as it stands: every
// field's value, the row version.
func editForm(t *testing.T, c *client, path string) url.Values {
	t.Helper()
	_, page := c.do("GET", path, nil, nil)
	out := url.Values{}
	for _, m := range formInput.FindAllStringSubmatch(page, -1) {
		if m[2] != "checkbox" {
			out.Set(m[1], htmlUnescape(m[3]))
		}
	}
	for _, m := range formSelect.FindAllStringSubmatch(page, -1) {
		if s := formSelected.FindStringSubmatch(m[0]); s != nil {
			out.Set(m[1], s[1])
		}
	}
	if v := formVersion.FindStringSubmatch(page); v != nil {
		out.Set("version", v[1])
	}
	if len(out) < 4 {
		t.Fatalf("the edit form at %s has %d fields", path, len(out))
	}
	return out
}

func htmlUnescape(s string) string {
	return strings.NewReplacer("&amp;", "&", "&#39;", "'", "&#34;", `"`, "&lt;", "<", "&gt;", ">").Replace(s)
}

// checkRefusal: a refusal (what, pressed in lang; said is the problem the
// page shows) names each of names, is said in lang (holds words), names
// nothing by id, and holds no English or internal name but allowed.
func checkRefusal(t *testing.T, what, lang, said, words string, names, allowed []string) {
	t.Helper()
	for _, n := range names {
		if !strings.Contains(said, n) {
			t.Errorf("%s in %s does not name %q: %s", what, lang, n, said)
		}
	}
	if !strings.Contains(said, words) {
		t.Errorf("%s in %s is not said in %s: %s", what, lang, lang, said)
	}
	if anyUUID.MatchString(said) {
		t.Errorf("%s in %s names things by id: %s", what, lang, said)
	}
	testkit.ScanText(t, what, said, lang, allowed...)
}
