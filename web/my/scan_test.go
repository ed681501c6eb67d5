package my_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/web/webtest"
)

// ownerPages are the pages an owner reads, from the to-do list: every
// notice with its HTML copy and PDF, every detention order's page with its
// copy and PDF, every finding (open, rectified, closing only by a
// re-inspection), what to bring to renew a certificate or for a survey and
// where, the settings. A new owner page joins here.
func ownerPages(t *testing.T, s *webtest.Server, ctx context.Context, extra ...string) []string {
	t.Helper()
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/"), chromedp.WaitVisible(chromedp.CSS("#todo-h")))
	pages := []string{"/my/", "/my/settings", "/my/notices/" + uuid.NewString()}
	for _, n := range webtest.Links(t, ctx, "/my/notices/") {
		pages = append(pages, n, n+"/notice.html", n+"/notice.pdf")
	}
	for _, d := range webtest.Links(t, ctx, "/my/detentions/") {
		if strings.Contains(strings.TrimPrefix(d, "/my/detentions/"), "/") {
			pages = append(pages, d) // a copy the page links itself
			continue
		}
		pages = append(pages, d, d+"/order.html", d+"/order.pdf")
	}
	pages = append(pages, webtest.Links(t, ctx, "/my/findings/")...)
	pages = append(pages, webtest.Links(t, ctx, "/my/vessels/")...)
	return append(pages, extra...)
}

// findingPages are the pages of every finding of the owner's submitted and
// approved inspections: open, rectified, closing by a photo or only by a
// re-inspection.
func findingPages(t *testing.T, s *webtest.Server, email string) []string {
	t.Helper()
	var ids []string
	if err := s.DB.Gorm.Raw(`SELECT f.id::text FROM findings f JOIN inspections i ON i.id = f.inspection_id
		JOIN users u ON u.owner_id = i.owner_id WHERE u.email = ? AND f.deleted_at IS NULL
		AND i.status IN ('submitted', 'approved') ORDER BY f.code`, email).Scan(&ids).Error; err != nil {
		t.Fatalf("the owner's findings: %v", err)
	}
	var out []string
	for _, id := range ids {
		out = append(out, "/my/findings/"+id)
	}
	return out
}

// decidedOwnerData gives owner 1 what reaches the branches of their pages:
// the vessel detained (detainOwner1), the demo's notice issued, an appeal against one of its penalties
// dismissed with a reason, one rectification rejected and, on a second
// finding, one accepted, so that the notice shows a decided appeal and the
// findings every state. It returns the rectified finding's page.
func decidedOwnerData(t *testing.T, s *webtest.Server) string {
	t.Helper()
	approveDemoInspection(t, s)
	detainOwner1(t, s)
	ctx := context.Background()
	owner := scopeOf(t, s, "owner1@demo.tindal")
	var notice models.PenaltyNotice
	if err := s.DB.Gorm.Where("owner_id = ?", owner.OwnerID).Take(&notice).Error; err != nil {
		t.Fatalf("the notice: %v", err)
	}
	v, err := s.Inspect.Penalties().GetNotice(ctx, owner, notice.ID)
	if err != nil || len(v.Lines) == 0 {
		t.Fatalf("the notice's lines: %v", err)
	}
	a, err := s.Inspect.Penalties().FileAppeal(ctx, owner, notice.ID, v.Lines[0].PenaltyID, "ಉಂಗುರಗಳು ದೋಣಿಯಲ್ಲೇ ಇದ್ದವು.", nil)
	if err != nil {
		t.Fatalf("appeal: %v", err)
	}
	if _, err := s.Inspect.Penalties().DecideAppeal(ctx, scopeOf(t, s, "admin@demo.tindal"), a.ID,
		penalty.AppealDismissed, "the inspection's photos show no lifebuoy aboard"); err != nil {
		t.Fatalf("decide the appeal: %v", err)
	}
	sup := scopeOf(t, s, "supervisor.karwar@demo.tindal")
	finding, rect := sendRectification(t, s, owner, notice.InspectionID, uuid.Nil)
	if _, err := s.Inspect.DecideRectification(ctx, sup, rect, inspect.DecideRectificationInput{
		Decision: inspect.DecisionReject, Reason: "the photo does not show the retro-reflective tape"}); err != nil {
		t.Fatalf("reject: %v", err)
	}
	_, again := sendRectification(t, s, owner, notice.InspectionID, finding)
	if _, err := s.Inspect.DecideRectification(ctx, sup, again, inspect.DecideRectificationInput{
		Decision: inspect.DecisionAccept}); err != nil {
		t.Fatalf("accept: %v", err)
	}
	return "/my/findings/" + finding.String()
}

// TestOwnerPagesSpeakTheOwnersLanguage: owner 1, with a notice whose
// appeal is decided and findings open, rejected, rectified and closing
// only by a re-inspection, reads the sign-in page and every page of /my,
// the notice's HTML copy and its PDF in Kannada and in Hindi: no message
// id, code name, path, Go name or drafting tag, and no English word but
// the names the law and the register print (testkit.Leaks); in English,
// nothing internal either.
func TestOwnerPagesSpeakTheOwnersLanguage(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	rectified := decidedOwnerData(t, s)
	dueCertificate(t, s, "owner1@demo.tindal") // a certificate to renew: its office page is scanned too
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	data := append(s.PersonData(t), "Registrar of Boats, Karwar") // the UPI payee as the bank holds it
	for _, lang := range []string{"kn", "hi", "en"} {
		webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/signin"), chromedp.WaitVisible(chromedp.CSS("#email")))
		webtest.SetLanguage(t, ctx, lang)
		webtest.Scan{Lang: lang, Paths: []string{"/my/signin"}, Data: data}.Run(t, ctx, s)
	}
	signInOwner(t, s, ctx, "owner1@demo.tindal", "kn")
	pages := ownerPages(t, s, ctx, findingPages(t, s, "owner1@demo.tindal")...)
	if len(pages) < 9 || !slices.Contains(pages, rectified) || !slices.ContainsFunc(pages, func(p string) bool {
		return strings.HasPrefix(p, "/my/detentions/")
	}) || !slices.ContainsFunc(pages, func(p string) bool {
		return strings.HasPrefix(p, "/my/vessels/")
	}) {
		t.Fatalf("the walk reaches too few pages: %q", pages)
	}
	for _, lang := range []string{"kn", "hi", "en"} {
		if lang != "kn" { // signed in in Kannada: switching to it again, the walk would cut the switcher's post short
			webtest.SetLanguage(t, ctx, lang)
		}
		webtest.Scan{Lang: lang, Paths: pages, Data: data}.Run(t, ctx, s)
	}
}
