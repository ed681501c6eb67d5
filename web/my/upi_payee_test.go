package my_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
	"github.com/tindal/tindal/web/webtest"
)

// mangaluruNotice has the demo's Mangaluru inspector push, from a phone,
// an inspection of KA-MNG-M-0001 (owner 4) with its fire extinguisher missing, and
// its supervisor approve it: the notice of a Mangaluru vessel.
func mangaluruNotice(t *testing.T, s *webtest.Server) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	sc := scopeOf(t, s, "inspector.mangaluru@demo.tindal")
	dev := models.Device{ID: uuid.New(), UserID: sc.UserID, InstallationID: "my-test", Name: "Irfan's phone",
		AppVersion: "my-test", RegisteredAt: time.Now().AddDate(0, 0, -30)}
	if err := s.DB.Gorm.Create(&dev).Error; err != nil {
		t.Fatal(err)
	}
	sc.DeviceID = dev.ID
	if err := s.DB.Gorm.Raw(`SELECT jurisdiction_id FROM vessels WHERE registration_number = 'KA-MNG-M-0001'`).
		Scan(&sc.Jurisdictions).Error; err != nil {
		t.Fatal(err)
	}
	var vessel string
	if err := s.DB.Gorm.Raw(`SELECT id::text FROM vessels WHERE registration_number = 'KA-MNG-M-0001'`).Scan(&vessel).Error; err != nil {
		t.Fatal(err)
	}
	insp, at := uuid.Must(uuid.NewV7()), time.Now().Add(-2*time.Hour)
	steps := []struct {
		name string
		args map[string]any
	}{
		{"inspection.start", map[string]any{"id": insp, "vessel_id": vessel,
			"template_id": checklist.TemplateID("ka-form2-annex", 2), "kind": "routine"}},
		{"finding.record", map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": insp, "code": string(rules.CodeExtinguisherMissing),
			"note": "no fire extinguisher in the engine room"}},
		{"inspection.submit", map[string]any{"inspection_id": insp}},
	}
	var ms []tsync.Mutation
	for i, st := range steps {
		raw, _ := json.Marshal(st.args) //nolint:errcheck // plain values
		captured, base := at.Add(time.Duration(i)*time.Minute).UTC().Format(time.RFC3339Nano), int64(1)
		ms = append(ms, tsync.Mutation{ID: uuid.Must(uuid.NewV7()), Seq: int64(i + 1), Name: st.name, Version: 1,
			Args: raw, BaseVersion: &base, CapturedAt: &captured})
	}
	res, err := tsync.New(s.DB, s.Inspect, time.Now, tsync.Options{}).Push(ctx, sc,
		tsync.PushRequest{AppVersion: "my-test", ProtocolVersion: 1, Mutations: ms})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Results {
		if r.Status != tsync.StatusApplied {
			t.Fatalf("mutation %d: %s %s %s", r.Seq, r.Status, r.Code, r.Message)
		}
	}
	sup := scopeOf(t, s, "supervisor.mangaluru@demo.tindal")
	sup.Jurisdictions = sc.Jurisdictions
	if _, err := s.Inspect.Review(ctx, sup, insp,
		inspect.ReviewInput{Decision: "approve", OverrideReason: "the engine room was seen on board"}); err != nil {
		t.Fatalf("approve: %v", err)
	}
	return noticeOfVessel(t, s, "KA-MNG-M-0001")
}

// noticeOfVessel is the one penalty notice of the vessel reg.
func noticeOfVessel(t *testing.T, s *webtest.Server, reg string) uuid.UUID {
	t.Helper()
	var ids []uuid.UUID
	if err := s.DB.Gorm.Raw(`SELECT n.id FROM penalty_notices n JOIN vessels v ON v.id = n.vessel_id
		WHERE v.registration_number = ?`, reg).Scan(&ids).Error; err != nil || len(ids) != 1 {
		t.Fatalf("the notice of %s: %v %v", reg, ids, err)
	}
	return ids[0]
}

// TestNoticePaysItsOwnOffice: a Karwar owner's notice asks them to pay
// Karwar's account and a Mangaluru owner's notice Mangaluru's, in the UPI
// link and in words; when Mangaluru takes no UPI payments, its notice page
// offers no UPI request (no link, the QR refused) and says, in Kannada and
// in Hindi with no English, to pay the amount at the office's address.
func TestNoticePaysItsOwnOffice(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	approveDemoInspection(t, s)
	karwar, mangaluru := noticeOfVessel(t, s, "KA-KWR-M-0006"), mangaluruNotice(t, s)
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	for _, tc := range []struct {
		email, reg  string
		notice      uuid.UUID
		pa, pn      string
		otherOffice string
	}{
		{"owner1@demo.tindal", "KA-KWR-M-0006", karwar, "registrar.karwar@sbi", "Registrar of Boats, Karwar", "Mangaluru"},
		{"owner4@demo.tindal", "KA-MNG-M-0001", mangaluru, "registrar.mangaluru@sbi", "Registrar of Boats, Mangaluru", "Karwar"},
	} {
		signInOwner(t, s, ctx, tc.email, "en")
		webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/notices/"+tc.notice.String()), chromedp.WaitVisible(chromedp.CSS("#pay-h")))
		href := webtest.Get(t, ctx, chromedp.AttributeValue(chromedp.CSS("#upi-link"), "href")).Value
		if !strings.HasPrefix(href, "upi://pay?pa="+tc.pa+"&pn="+strings.ReplaceAll(strings.ReplaceAll(tc.pn, " ", "%20"), ",", "%2C")+"&am=") {
			t.Errorf("%s's notice links %s, want the payee %s %q", tc.reg, href, tc.pa, tc.pn)
		}
		text := webtest.Text(t, ctx)
		if !strings.Contains(text, tc.pn) || strings.Contains(text, "Registrar of Boats, "+tc.otherOffice) {
			t.Errorf("%s's notice does not name its own payee %q alone:\n%s", tc.reg, tc.pn, text)
		}
		signOut(t, s, ctx)
	}

	// Mangaluru takes no UPI payments.
	j, err := s.Registry.GetJurisdiction(context.Background(), scalarJurisdiction(t, s, "MANGALURU"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Registry.UpdateJurisdiction(context.Background(), models.Scope{Access: models.AccessAll, UserID: uuid.New()},
		j.ID, j.Version, registry.JurisdictionPatch{UPIPayee: &models.UPIPayee{}}); err != nil {
		t.Fatal(err)
	}
	address := map[string]string{"kn": "ಬಂದರು ಕಚೇರಿ, ಹಳೆ ಬಂದರು, ಬಂದರ್, ಮಂಗಳೂರು 575001, ಕರ್ನಾಟಕ",
		"hi": "बंदरगाह कार्यालय, पुराना बंदरगाह, बंदर, मंगलुरु 575001, कर्नाटक"}
	said := map[string]string{"kn": "ಈ ಕಚೇರಿ UPI ಮೂಲಕ ಪಾವತಿ ಸ್ವೀಕರಿಸುವುದಿಲ್ಲ", "hi": "यह कार्यालय UPI से भुगतान नहीं लेता"}
	var number string
	if err := s.DB.Gorm.Raw(`SELECT number FROM penalty_notices WHERE id = ?`, mangaluru).Scan(&number).Error; err != nil {
		t.Fatal(err)
	}
	signInOwner(t, s, ctx, "owner4@demo.tindal", "kn")
	for _, lang := range []string{"kn", "hi"} {
		switchLang(t, s, ctx, lang)
		webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/notices/"+mangaluru.String()),
			chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] #pay-at-office`)))
		links := webtest.Get(t, ctx, chromedp.Evaluate[int64](`document.querySelectorAll("#upi-link, #upi-qr").length`))
		section := webtest.Get(t, ctx, chromedp.Evaluate[string](`document.querySelector("#pay-at-office").innerText`))
		if links != 0 || !strings.Contains(section, said[lang]) || !strings.Contains(section, address[lang]) ||
			!strings.Contains(section, number) || !strings.Contains(section, "₹") {
			t.Errorf("in %s the notice of an office without UPI: %d UPI links; %q", lang, links, section)
		}
		testkit.ScanText(t, "the pay-at-the-office section", section, lang, number, "UPI")
		if st := fetchStatus(t, ctx, "/my/notices/"+mangaluru.String()+"/upi.png"); st != 409 {
			t.Errorf("in %s the QR of a notice whose office takes no UPI payments: %d, want 409", lang, st)
		}
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "notice-pay-at-office-hi")
}

// scalarJurisdiction is the id of the jurisdiction code.
func scalarJurisdiction(t *testing.T, s *webtest.Server, code string) uuid.UUID {
	t.Helper()
	var id string
	if err := s.DB.Gorm.Raw(`SELECT id::text FROM jurisdictions WHERE code = ?`, code).Scan(&id).Error; err != nil {
		t.Fatal(fmt.Errorf("jurisdiction %s: %w", code, err))
	}
	return uuid.MustParse(id)
}
