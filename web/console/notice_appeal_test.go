package console_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tindal/tindal/web/webtest"
)

// TestAppealIsDecidedByTheAuthorityTheLawNames: the owner appeals one
// penalty of a Karwar notice; the Karwar supervisor's decision is refused
// (Karnataka 2025, Sch-XVI para 2: the Secretary decides, an admin here)
// with the problem on the notice's page and nothing decided; the admin's
// decision without a reason shows the field's message; with one, the
// appeal is dismissed.
func TestAppealIsDecidedByTheAuthorityTheLawNames(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	notice := karwarNotice(t, s)
	pen := idOf(t, s, `SELECT id FROM penalties
		WHERE inspection_id = (SELECT inspection_id FROM penalty_notices WHERE id = ?) ORDER BY id LIMIT 1`, notice)
	owner := scopeOf(t, s, "owner1@demo.tindal", "filePenaltyAppeal")
	appeal, err := s.Inspect.Penalties().FileAppeal(context.Background(), owner, notice, pen,
		"the lifebuoys were ashore for their annual service", nil)
	if err != nil {
		t.Fatalf("file the appeal: %v", err)
	}
	path := "/console/notices/" + notice.String()
	action := path + "/appeals/" + appeal.ID.String()

	sup := newClient(t, s)
	sup.signIn("supervisor.karwar@demo.tindal")
	tok := sup.csrf(path)
	res, page := sup.do("POST", action, url.Values{"csrf": {tok}, "decision": {"upheld"}, "reason": {"service record seen"}}, nil)
	if res.StatusCode != http.StatusForbidden || !strings.Contains(page, `role="alert"`) ||
		!strings.Contains(page, "lifebuoys were ashore") {
		t.Errorf("the supervisor's decision answered %d:\n%.400s", res.StatusCode, page)
	}

	admin := newClient(t, s)
	admin.signIn("admin@demo.tindal")
	tok = admin.csrf(path)
	res, page = admin.do("POST", action, url.Values{"csrf": {tok}, "decision": {"dismissed"}}, nil)
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(page, `id="ar-e-`+appeal.ID.String()+`"`) {
		t.Errorf("a decision without a reason answered %d:\n%.400s", res.StatusCode, page)
	}
	res, _ = admin.do("POST", action, url.Values{"csrf": {tok}, "decision": {"dismissed"},
		"reason": {"the lifebuoys must be on board whenever the vessel plies"}}, nil)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("the admin's decision answered %d", res.StatusCode)
	}
	var state string
	if err := s.DB.Gorm.Raw(`SELECT state FROM penalty_appeals WHERE id = ?`, appeal.ID).Scan(&state).Error; err != nil {
		t.Fatal(err)
	}
	if state != "dismissed" {
		t.Errorf("the appeal is %q, want dismissed", state)
	}
}
