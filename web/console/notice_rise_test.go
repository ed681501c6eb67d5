package console_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/web/webtest"
)

// pushEarlierInspection pushes, from the Karwar inspector's demo phone, an
// inspection of reg captured days ago with one finding, and submits it.
func pushEarlierInspection(t *testing.T, s *webtest.Server, reg, code string, days int) uuid.UUID {
	t.Helper()
	email := "inspector.karwar@demo.tindal"
	sc := scopeOf(t, s, email, "syncPush")
	sc.DeviceID = idOf(t, s, `SELECT d.id FROM devices d JOIN users u ON u.id = d.user_id WHERE u.email = ? LIMIT 1`, email)
	var last int64
	if err := s.DB.Gorm.Raw(`SELECT coalesce(max(seq), 0) FROM applied_mutations WHERE device_id = ?`, sc.DeviceID).
		Scan(&last).Error; err != nil {
		t.Fatal(err)
	}
	id := uuid.Must(uuid.NewV7())
	ist := time.FixedZone("IST", 19800)
	day := time.Now().In(ist).AddDate(0, 0, -days)
	at := time.Date(day.Year(), day.Month(), day.Day(), 10, 0, 0, 0, ist)
	var ms []tsync.Mutation
	add := func(name string, args map[string]any) {
		raw, _ := json.Marshal(args)
		captured := at.Add(time.Duration(len(ms)) * time.Minute).UTC().Format(time.RFC3339Nano)
		base := min(int64(len(ms)), 1)
		ms = append(ms, tsync.Mutation{ID: uuid.Must(uuid.NewV7()), Seq: last + int64(len(ms)) + 1, Name: name,
			Version: 1, Args: raw, BaseVersion: &base, CapturedAt: &captured})
	}
	add("inspection.start", map[string]any{"id": id, "vessel_id": vesselID(t, s, reg),
		"template_id": checklist.TemplateID("ka-form2-annex", 2), "kind": "routine"})
	add("inspection.answer", map[string]any{"inspection_id": id, "item_id": "fire.extinguishers", "answer": "yes"})
	add("finding.record", map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "code": code,
		"note": "an earlier visit: no lifebuoy with retro-reflective tape"})
	add("inspection.submit", map[string]any{"inspection_id": id})
	eng := tsync.New(s.DB, s.Inspect, time.Now, tsync.Options{})
	res, err := eng.Push(context.Background(), sc, tsync.PushRequest{AppVersion: "console-test", ProtocolVersion: 1,
		Mutations: ms})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Results {
		if r.Status != tsync.StatusApplied {
			t.Fatalf("mutation %d: %s %s %s", r.Seq, r.Status, r.Code, r.Message)
		}
	}
	return id
}

// TestSupervisorConfirmsAProposedRise: an offence found on an earlier
// visit, approved after the later visit's notice was served, makes the
// served penalty a repeat (offences count in the order they happened); a
// served challan rises only by an officer's act, so the rise waits on
// the notice's page; the Karwar supervisor confirms it with a reason and
// the notice is revised.
func TestSupervisorConfirmsAProposedRise(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	notice := karwarNotice(t, s)
	earlier := pushEarlierInspection(t, s, "KA-KWR-M-0006", "11004", 20)
	sc := scopeOf(t, s, "supervisor.karwar@demo.tindal", "reviewInspection")
	if _, err := s.Inspect.Review(context.Background(), sc, earlier, inspect.ReviewInput{
		Decision: inspect.DecisionApprove, OverrideReason: "no photos on the earlier visit"}); err != nil {
		t.Fatalf("approve the earlier inspection: %v", err)
	}
	rise := idOf(t, s, `SELECT a.id FROM penalty_adjustments a JOIN penalties p ON p.id = a.penalty_id
		JOIN penalty_notices n ON n.inspection_id = p.inspection_id WHERE n.id = ? AND a.state = 'proposed' ORDER BY a.id LIMIT 1`, notice)
	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	webtest.SignInConsole(t, ctx, s, "supervisor.karwar@demo.tindal")
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/notices/"+notice.String()),
		chromedp.WaitVisible(chromedp.CSS("#rises")))
	switchTo(t, ctx, "en")
	page := webtest.Text(t, ctx)
	if !strings.Contains(page, "from ₹5,000 to ₹10,000") {
		t.Errorf("the proposed rise is not shown:\n%s", page)
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "notice-rise")
	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#rd-"+rise.String()), "confirm"),
		chromedp.SendKeys(chromedp.CSS("#rr-"+rise.String()), "the earlier offence is on record: a repeat within a year"),
		chromedp.Click(chromedp.CSS(`form[action$="/rises/`+rise.String()+`"] button`)),
		chromedp.WaitVisible(chromedp.CSS("p.flash")),
	)
	var a models.PenaltyAdjustment
	if err := s.DB.Gorm.Where("id = ?", rise).Take(&a).Error; err != nil {
		t.Fatal(err)
	}
	if a.State != "confirmed" {
		t.Errorf("the rise is %s, want confirmed", a.State)
	}
	html := webtest.Get(t, ctx, chromedp.OuterHTML(chromedp.CSS("main")))
	if strings.Contains(html, "/rises/"+rise.String()) {
		t.Error("the decided rise still waits on the notice's page")
	}
	var revision int
	if err := s.DB.Gorm.Raw(`SELECT revision FROM penalty_notices WHERE id = ?`, notice).Scan(&revision).Error; err != nil {
		t.Fatal(err)
	}
	if revision != 2 {
		t.Errorf("the notice is at revision %d, want 2 (revised by the confirmed rise)", revision)
	}
}
