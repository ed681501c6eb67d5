package console_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/web"
	"github.com/tindal/tindal/web/webtest"
)

// TestDecisionsOnRectificationsAndHeldWorkNameWhatTheyReferTo: each
// refusal of a supervisor's decision on an owner's rectification (decided
// otherwise already, its finding closed meanwhile, a rejection without a
// reason) names the finding by its deficiency code and title in the page's
// language and the vessel by its registration and name; each refusal of a
// decision on a phone's held work (its inspection not on the server yet, a
// decision without a reason) names what was done, the phone, its user and
// the capture time, as the page shows them. In Kannada and Hindi: no UUID,
// no English word, nothing internal, the API's status, and nothing is
// written.
func TestDecisionsOnRectificationsAndHeldWorkNameWhatTheyReferTo(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := context.Background()
	sup := karwarSupervisor(t, s)
	lifebuoy := scalar[string](t, s, `SELECT registration_number || ' ' || name FROM vessels WHERE registration_number = ?`,
		regLifebuoy)

	decided := rectify(t, s, regLifebuoy)
	if _, err := s.Inspect.DecideRectification(ctx, sup, decided,
		inspect.DecideRectificationInput{Decision: inspect.DecisionAccept}); err != nil {
		t.Fatal(err)
	}
	stern := scalar[string](t, s, `SELECT registration_number || ' ' || name FROM vessels WHERE registration_number = ?`,
		regStern)
	closed := rectify(t, s, regStern)
	// The finding closed by another way while its rectification waited (a
	// re-inspection found it put right).
	if err := s.DB.Gorm.Exec(`UPDATE findings SET rectified = true, rectified_at = now()
		WHERE id = (SELECT finding_id FROM finding_rectifications WHERE id = ?)`, closed).Error; err != nil {
		t.Fatal(err)
	}
	codeOf := func(r uuid.UUID) string {
		return scalar[string](t, s, `SELECT f.code FROM findings f JOIN finding_rectifications r ON r.finding_id = f.id
			WHERE r.id = ?`, r)
	}
	finding := func(r uuid.UUID) func(lang string) string {
		return func(lang string) string {
			code := codeOf(r)
			title, ok := locale.Default().DeficiencyTitle(lang, code)
			if !ok {
				t.Fatalf("no %s title for %s", lang, code)
			}
			return code + " " + title.Text
		}
	}

	held := deferredAnswer(t, s)
	phone := scalar[string](t, s, `SELECT d.name FROM mutation_backlog b JOIN devices d ON d.id = b.device_id
		WHERE b.mutation_id = ?`, held)
	person := scalar[string](t, s, `SELECT u.email FROM mutation_backlog b JOIN users u ON u.id = b.user_id
		WHERE b.mutation_id = ?`, held)
	at := web.DateTime(scalar[time.Time](t, s, `SELECT captured_at FROM mutation_backlog WHERE mutation_id = ?`, held))
	work := map[string]string{"kn": "ಪರಿಶೀಲನಾ ಪಟ್ಟಿಯ ಅಂಶಕ್ಕೆ ಉತ್ತರಿಸಲಾಗಿದೆ", "hi": "जाँच सूची के बिंदु का उत्तर दिया गया"}
	heldNames := func(lang string) []string { return []string{work[lang], phone, person, at} }

	supC := newClient(t, s)
	supC.signIn("supervisor.karwar@demo.tindal")
	written := func() string {
		return scalar[string](t, s, `SELECT concat_ws('|',
			(SELECT string_agg(status || version::text || coalesce(reason, ''), ',' ORDER BY id) FROM finding_rectifications),
			(SELECT string_agg(rectified::text || version::text, ',' ORDER BY id) FROM findings),
			(SELECT count(*)::text FROM mutation_backlog),
			(SELECT count(*)::text FROM applied_mutations),
			(SELECT count(*)::text FROM quarantine))`)
	}
	before := written()
	for _, tc := range []struct {
		name   string
		path   string
		form   url.Values
		status int
		names  func(lang string) []string
		words  map[string]string
	}{
		{"a rectification decided otherwise already", "/console/rectifications/" + decided.String() + "/decide",
			url.Values{"decision": {"reject"}, "reason": {"the photo is not of this vessel"}}, http.StatusConflict,
			func(lang string) []string { return []string{lifebuoy, finding(decided)(lang)} },
			map[string]string{"kn": "ಈಗಾಗಲೇ ಬೇರೆ ರೀತಿ ನಿರ್ಧರಿಸಲಾಗಿದೆ", "hi": "पहले ही अलग निर्णय हो चुका है"}},
		{"a rectification of a finding closed meanwhile", "/console/rectifications/" + closed.String() + "/decide",
			url.Values{"decision": {"accept"}}, http.StatusConflict,
			func(lang string) []string { return []string{stern, finding(closed)(lang)} },
			map[string]string{"kn": "ಈಗಾಗಲೇ ಮುಕ್ತಾಯಗೊಳಿಸಲಾಗಿದೆ", "hi": "पहले ही बंद हो चुकी है"}},
		{"a rectification rejected without a reason", "/console/rectifications/" + closed.String() + "/decide",
			url.Values{"decision": {"reject"}, "reason": {"  "}}, http.StatusUnprocessableEntity,
			func(lang string) []string { return []string{stern, finding(closed)(lang)} },
			map[string]string{"kn": "ಕಾರಣದ ಪಕ್ಕದ ಸಂದೇಶವನ್ನು ನೋಡಿ", "hi": "कारण के पास का संदेश देखें"}},
		{"held work applied before its inspection arrived", "/console/sync/backlog/" + held.String() + "/decide",
			url.Values{"decision": {"apply"}, "reason": {"the inspector says the answer is right"}}, http.StatusConflict,
			heldNames, map[string]string{"kn": "ಅದರ ತಪಾಸಣೆ ಇನ್ನೂ ಸರ್ವರ್ ತಲುಪಿಲ್ಲ", "hi": "उसका निरीक्षण अभी सर्वर तक नहीं पहुँचा"}},
		{"held work discarded without a reason", "/console/sync/backlog/" + held.String() + "/decide",
			url.Values{"decision": {"discard"}, "reason": {""}}, http.StatusUnprocessableEntity,
			heldNames, map[string]string{"kn": "ಕಾರಣದ ಪಕ್ಕದ ಸಂದೇಶವನ್ನು ನೋಡಿ", "hi": "कारण के पास का संदेश देखें"}},
	} {
		for _, lang := range []string{"kn", "hi"} {
			setLanguage(t, supC, lang)
			res, page := supC.do("POST", tc.path, withCSRF(supC, "", tc.form), nil)
			m := problemBlock.FindStringSubmatch(page)
			if res.StatusCode != tc.status || m == nil {
				t.Errorf("%s in %s: %d, want %d with the problem shown\n%.600s", tc.name, lang, res.StatusCode, tc.status,
					problemBlock.FindString(page))
				continue
			}
			names := tc.names(lang)
			checkRefusal(t, tc.name, lang, htmlUnescape(m[1]), tc.words[lang], names, names)
		}
	}
	if after := written(); after != before {
		t.Errorf("the refused decisions wrote: %s, was %s", after, before)
	}
}
