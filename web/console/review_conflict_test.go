package console_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web/webtest"
)

// karwarSupervisor is the Karwar supervisor's scope, as the API gives it.
func karwarSupervisor(t *testing.T, s *webtest.Server) models.Scope {
	t.Helper()
	var u models.User
	if err := s.DB.Gorm.Where("email = ?", "supervisor.karwar@demo.tindal").Take(&u).Error; err != nil {
		t.Fatal(err)
	}
	jur := scalar[uuid.UUID](t, s, `SELECT jurisdiction_id FROM user_jurisdictions WHERE user_id = ? LIMIT 1`, u.ID)
	return models.Scope{UserID: u.ID, Role: u.Role, Access: models.AccessJurisdiction, Jurisdictions: []uuid.UUID{jur},
		RequestID: "console-test"}
}

// conflictOn records a clash of two captures of the inspection's notes,
// as sync keeps both values of a same-field conflict.
func conflictOn(t *testing.T, s *webtest.Server, insp uuid.UUID) models.Conflict {
	t.Helper()
	var row models.Inspection
	if err := s.DB.Gorm.Where("id = ?", insp).Take(&row).Error; err != nil {
		t.Fatal(err)
	}
	c := models.Conflict{ID: uuid.Must(uuid.NewV7()), EntityType: "inspection", EntityID: insp, InspectionID: &insp,
		Field: "notes", BaseVersion: 1, BaseValue: models.JSON(`""`), ServerValue: models.JSON(`"moored at the jetty"`),
		ClientValue: models.JSON(`"anchored off the jetty"`), ServerAuthor: models.JSON(`{}`), ClientAuthor: models.JSON(`{}`),
		Policy: "last_writer_wins", Winner: "server", JurisdictionID: row.JurisdictionID, OwnerID: row.OwnerID,
		InspectorID: row.InspectorID}
	if err := s.DB.Gorm.Create(&c).Error; err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSupervisorDecidesConflictsAndAmendments: on the inspection page the
// supervisor keeps one value of a same-field conflict, and decides the
// inspector's amendment request of an approved inspection: a rejection
// without a reason is refused next to that request's reason, an
// acceptance applies it.
func TestSupervisorDecidesConflictsAndAmendments(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	insp := inspectionOf(t, s, regLifebuoy)
	conflict := conflictOn(t, s, insp)
	// The approved inspection's later edit waits as an amendment request.
	if _, err := s.Inspect.Review(context.Background(), karwarSupervisor(t, s), insp,
		inspect.ReviewInput{Decision: inspect.DecisionApprove}); err != nil {
		t.Fatal(err)
	}
	push(t, s, step{"inspection.answer", map[string]any{"inspection_id": insp, "item_id": "fire.extinguishers",
		"answer": "no", "note": "one extinguisher discharged, seen on a second look"}})
	amend := scalar[uuid.UUID](t, s, `SELECT id FROM amendment_requests WHERE inspection_id = ? AND status = 'open'`, insp)

	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	signIn(t, ctx, s, "supervisor.karwar@demo.tindal")
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/inspections/"+insp.String()),
		chromedp.WaitVisible(chromedp.CSS(`form[action$="/resolve"]`)))
	// The requested change in words (history.inspection.answer), not its
	// internal name inspection.answer.
	// The fields in words too: the conflict's field (not inspection.notes),
	// the requested answer's fields and values (not its JSON).
	text := has(t, ctx, "moored at the jetty", "anchored off the jetty", "ಪರಿಶೀಲನಾ ಪಟ್ಟಿಯ ಅಂಶಕ್ಕೆ ಉತ್ತರಿಸಲಾಗಿದೆ",
		"ಟಿಪ್ಪಣಿಗಳು", "ಉತ್ತರ", "ಇಲ್ಲ", "one extinguisher discharged")
	for _, internal := range []string{"inspection.notes", `{"`, "inspection_id", "fire.extinguishers"} {
		if strings.Contains(text, internal) {
			t.Errorf("the inspection's page shows %q", internal)
		}
	}
	look(t, ctx, "conflict-and-amendment-kn")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(`form[action$="/resolve"] button[value=kept]`)),
		chromedp.WaitVisible(chromedp.CSS("p.flash")))
	if r := scalar[string](t, s, `SELECT resolution FROM conflicts WHERE id = ?`, conflict.ID); r != "kept" {
		t.Errorf("the conflict's resolution is %q", r)
	}
	sel := `form[action$="/` + amend.String() + `/decide"]`
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(sel+` button[value=reject]`)),
		chromedp.WaitVisible(chromedp.CSS("#a-reason-"+amend.String()+"-error")))
	look(t, ctx, "amendment-reject-without-reason")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(sel+` button[value=accept]`)),
		chromedp.WaitVisible(chromedp.CSS("p.flash")))
	if st := scalar[string](t, s, `SELECT status FROM amendment_requests WHERE id = ?`, amend); st != "accepted" {
		t.Errorf("the amendment request is %s", st)
	}
}

// TestSupervisorDecidesThePhonesHeldWork: an answer whose inspection never
// arrived waits in the backlog; the supervisor sees it (with the age
// filter at 0 days), is refused a decision without a reason (next to that
// entry's reason), then discards it.
func TestSupervisorDecidesThePhonesHeldWork(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	id := deferredAnswer(t, s)
	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	signIn(t, ctx, s, "supervisor.karwar@demo.tindal")
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/sync?older_than=0"), chromedp.WaitVisible(chromedp.CSS("main h1")))
	// The held change in words (history.inspection.answer), not its
	// internal name inspection.answer.
	text := has(t, ctx, "ಪರಿಶೀಲನಾ ಪಟ್ಟಿಯ ಅಂಶಕ್ಕೆ ಉತ್ತರಿಸಲಾಗಿದೆ", "inspector.karwar@demo.tindal", "ಉತ್ತರ", "ಹೌದು")
	for _, internal := range []string{`{"`, "inspection_id", "fire.extinguishers"} {
		if strings.Contains(text, internal) {
			t.Errorf("the held work's page shows %q", internal)
		}
	}
	look(t, ctx, "held-work-kn")
	sel := `form[action*="/` + id.String() + `/decide"]`
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(sel+` button[value=discard]`)),
		chromedp.WaitVisible(chromedp.CSS("#backlog-reason-"+id.String()+"-error")))
	webtest.Do(t, ctx, chromedp.SendKeys(chromedp.CSS("#backlog-reason-"+id.String()), "the inspection was discarded on the phone"),
		chromedp.Click(chromedp.CSS(sel+` button[value=discard]`)), chromedp.WaitVisible(chromedp.CSS("p.flash")))
	if n := scalar[int](t, s, `SELECT count(*) FROM mutation_backlog WHERE mutation_id = ?`, id); n != 0 {
		t.Error("the discarded mutation is still in the backlog")
	}
}
