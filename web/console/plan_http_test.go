package console_test

import (
	"strings"
	"testing"

	"github.com/tindal/tindal/web/webtest"
)

// TestPlanPagesByRoleAndOffice: the pages answer as their API operations
// would: officials see the plan, the office's staff the charts (an
// inspector gets 403 as from getReportChart), and a Karwar official who
// asks for Mangaluru's vessels or numbers sees none.
func TestPlanPagesByRoleAndOffice(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	for _, c := range []struct {
		email         string
		plan, reports int
	}{
		{"admin@demo.tindal", 200, 200},
		{"registrar.karwar@demo.tindal", 200, 200},
		{"supervisor.karwar@demo.tindal", 200, 200},
		{"inspector.karwar@demo.tindal", 200, 403},
	} {
		cl := newClient(t, s)
		cl.signIn(c.email)
		res, body := cl.do("GET", "/console/plan", nil, nil)
		if res.StatusCode != c.plan {
			t.Errorf("%s /console/plan: %d, want %d\n%s", c.email, res.StatusCode, c.plan, body)
		}
		if c.email != "admin@demo.tindal" && (strings.Contains(body, "KA-MNG-") || strings.Contains(body, "OD-PDP-")) {
			t.Errorf("%s's plan shows another office's vessel", c.email)
		}
		res, body = cl.do("GET", "/console/reports", nil, nil)
		if res.StatusCode != c.reports {
			t.Errorf("%s /console/reports: %d, want %d\n%s", c.email, res.StatusCode, c.reports, body)
		}
	}
	cl := newClient(t, s)
	cl.signIn("supervisor.karwar@demo.tindal")
	mangaluru := jurisdictionID(t, s, "MANGALURU")
	if _, body := cl.do("GET", "/console/plan?jurisdiction_id="+mangaluru, nil, nil); strings.Contains(body, "KA-MNG-") || strings.Contains(body, "KA-KWR-") {
		t.Errorf("the Karwar supervisor's plan filtered on Mangaluru shows vessels")
	}
	if _, body := cl.do("GET", "/console/reports?jurisdiction_id="+mangaluru, nil, nil); strings.Contains(body, "MANGALURU") {
		t.Errorf("the Karwar supervisor's charts filtered on Mangaluru name it")
	}
	if res, _ := cl.do("GET", "/console/plan?jurisdiction_id=not-an-id", nil, nil); res.StatusCode != 422 {
		t.Errorf("a malformed jurisdiction: %d, want 422", res.StatusCode)
	}
}

func jurisdictionID(t *testing.T, s *webtest.Server, code string) string {
	t.Helper()
	var id string
	if err := s.DB.Gorm.Raw(`SELECT id::text FROM jurisdictions WHERE code = ?`, code).Scan(&id).Error; err != nil || id == "" {
		t.Fatalf("jurisdiction %s: %v", code, err)
	}
	return id
}

// TestSignInPageRendersWithTheNavigation: the navigation's entries that
// depend on the role render for a visitor who is not signed in (the
// sign-in page once answered 500 when an entry read the absent person).
func TestSignInPageRendersWithTheNavigation(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	if res, body := newClient(t, s).do("GET", "/console/signin", nil, nil); res.StatusCode != 200 {
		t.Errorf("GET /console/signin: %d\n%s", res.StatusCode, body)
	}
}
