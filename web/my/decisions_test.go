package my_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/color"
	"image/jpeg"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/web/webtest"
)

// scopeOf is the scope the API gives the demo user email as role.
func scopeOf(t *testing.T, s *webtest.Server, email string) models.Scope {
	t.Helper()
	var u models.User
	if err := s.DB.Gorm.Where("email = ?", email).Take(&u).Error; err != nil {
		t.Fatalf("user %s: %v", email, err)
	}
	sc := models.Scope{UserID: u.ID, Role: u.Role, OwnerID: u.OwnerID, RequestID: "my-test"}
	switch u.Role {
	case models.RoleOwner:
		sc.Access = models.AccessOwn
	case models.RoleAdmin:
		sc.Access = models.AccessAll
	default:
		sc.Access = models.AccessJurisdiction
		if err := s.DB.Gorm.Raw(`SELECT v.jurisdiction_id FROM vessels v WHERE v.registration_number = 'KA-KWR-M-0006'`).
			Scan(&sc.Jurisdictions).Error; err != nil {
			t.Fatal(err)
		}
	}
	return sc
}

// signInOwner signs email in on ctx by the mailed link, in lang.
func signInOwner(t *testing.T, s *webtest.Server, ctx context.Context, email, lang string) {
	t.Helper()
	// The switcher's form is sent by the page's own fetch and the page
	// loaded again: clicking it raced the wait below whenever lang was
	// already the page's (the wait met the page being left, and the email
	// typed into it was lost, or the next navigation was aborted).
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/my/signin"),
		chromedp.SetValue(chromedp.CSS("#lang-switch"), lang),
	)
	if status := webtest.Get(t, ctx, chromedp.Evaluate[int64](`(() => { const f = document.querySelector("#lang-switch").form;
		return fetch(f.action, {method: "POST", body: new URLSearchParams(new FormData(f)), credentials: "same-origin"})
			.then(r => r.status) })()`, chromedp.EvalAwaitPromise)); status != 200 {
		t.Fatalf("switch the language to %s: %d", lang, status)
	}
	webtest.Do(t, ctx,
		chromedp.Navigate(s.URL+"/my/signin"),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] #email`)),
		chromedp.SendKeys(chromedp.CSS("#email"), email),
		chromedp.Click(chromedp.CSS("main button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#code")),
	)
	webtest.Do(t, ctx, chromedp.Navigate(mailedSignIn(t, s, email)), chromedp.WaitVisible(chromedp.CSS("#use-link")),
		chromedp.Click(chromedp.CSS("#use-link")), chromedp.WaitVisible(chromedp.CSS("#todo-h")))
}

// sendRectification has the owner send a rectification of the first open
// finding of inspection that may close remotely, with one photo, and
// returns the finding and the rectification.
func sendRectification(t *testing.T, s *webtest.Server, sc models.Scope, insp uuid.UUID, finding uuid.UUID) (uuid.UUID, uuid.UUID) {
	t.Helper()
	ctx := context.Background()
	var ids []uuid.UUID
	if finding != uuid.Nil {
		ids = []uuid.UUID{finding}
	} else if err := s.DB.Gorm.Raw(`SELECT id FROM findings WHERE inspection_id = ? AND NOT rectified AND deleted_at IS NULL
		ORDER BY code`, insp).Scan(&ids).Error; err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, 200, 150))
	for y := range 150 {
		for x := range 200 {
			img.Set(x, y, color.RGBA{R: byte(x), G: 90, B: byte(y), A: 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b.Bytes())
	for _, f := range ids {
		pid := uuid.Must(uuid.NewV7())
		if _, err := s.Inspect.AttachFindingPhoto(ctx, sc, f, inspect.FindingPhotoInput{ID: pid,
			SHA256: hex.EncodeToString(sum[:]), Size: int64(b.Len()), ContentType: photo.TypeJPEG,
			Caption: "new lifebuoys"}); err != nil {
			continue // closes only with a re-inspection
		}
		if _, err := s.Photos.PutContent(ctx, sc, pid, bytes.NewReader(b.Bytes()), int64(b.Len())); err != nil {
			t.Fatal(err)
		}
		r, err := s.Inspect.SubmitRectification(ctx, sc, f, inspect.RectifyInput{
			Note: "ಹೊಸ ಜೀವರಕ್ಷಕ ಉಂಗುರಗಳನ್ನು ಅಳವಡಿಸಲಾಗಿದೆ.", PhotoIDs: []uuid.UUID{pid}})
		if err != nil {
			continue
		}
		return f, r.ID
	}
	t.Fatal("no finding of the inspection may be rectified remotely")
	return uuid.Nil, uuid.Nil
}

// TestOwnerSeesDecisionsAndEvidenceInKannada: owner 1, on a 390-px phone
// in Kannada, sees on the notice the photo evidence behind its offences
// (thumbnails served by this server, not the store) and the appellate
// authority's decision on their appeal with its reason (Karnataka 2025,
// Sch-XVI para 2: the Secretary, IDP & IWT, recorded by an admin); on the
// finding, the supervisor's rejection with its reason, then, after a new
// rectification is accepted, the finding closed. Axe finds nothing serious
// on either page; each is saved as a screenshot.
func TestOwnerSeesDecisionsAndEvidenceInKannada(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	approveDemoInspection(t, s)
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
	finding, rect := sendRectification(t, s, owner, notice.InspectionID, uuid.Nil)
	sup := scopeOf(t, s, "supervisor.karwar@demo.tindal")
	if _, err := s.Inspect.DecideRectification(ctx, sup, rect, inspect.DecideRectificationInput{
		Decision: inspect.DecisionReject, Reason: "the photo does not show the retro-reflective tape"}); err != nil {
		t.Fatalf("reject: %v", err)
	}

	tab := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	signInOwner(t, s, tab, "owner1@demo.tindal", "kn")
	webtest.Do(t, tab, chromedp.Navigate(s.URL+"/my/notices/"+notice.ID.String()), chromedp.WaitVisible(chromedp.CSS("#pay-h")))
	has(t, webtest.Text(t, tab), "ಮೇಲ್ಮನವಿ ತಿರಸ್ಕರಿಸಲಾಗಿದೆ", "the inspection's photos show no lifebuoy aboard",
		"ದಂಡವು ಉಳಿಯುತ್ತದೆ", "ಫೋಟೋ ಸಾಕ್ಷ್ಯ")
	thumbs := webtest.Get(t, tab, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('.thumbs img')].map(i => i.getAttribute('src'))`))
	if len(thumbs) == 0 {
		t.Fatal("no photo evidence on the notice")
	}
	var mine int64
	if err := s.DB.Gorm.Raw(`SELECT count(*) FROM photos WHERE uploaded_by = ? AND ? LIKE '%' || id::text || '%'`,
		owner.UserID, strings.Join(thumbs, " ")).Scan(&mine).Error; err != nil || mine != 0 {
		t.Errorf("%d of the owner's own photos shown as evidence against them (%v)", mine, err)
	}
	for _, src := range thumbs {
		if len(src) < len("/my/photos/") || src[:len("/my/photos/")] != "/my/photos/" {
			t.Errorf("a thumbnail not from this server: %s", src)
		}
	}
	webtest.Get(t, tab, chromedp.Poll[bool](`[...document.querySelectorAll('.thumbs img')].every(i => i.complete && i.naturalWidth > 0)`,
		chromedp.WithPollingTimeout(10*time.Second)))
	webtest.Axe(t, tab)
	webtest.Shot(t, tab, "notice-decided-kn")

	webtest.Do(t, tab, chromedp.Navigate(s.URL+"/my/findings/"+finding.String()), chromedp.WaitVisible(chromedp.CSS("#rect-h")))
	has(t, webtest.Text(t, tab), "ಸ್ವೀಕರಿಸಲಾಗಿಲ್ಲ", "the photo does not show the retro-reflective tape", "ಮೇಲ್ವಿಚಾರಕರು")
	webtest.Axe(t, tab)
	webtest.Shot(t, tab, "finding-rejected-kn")

	_, again := sendRectification(t, s, owner, notice.InspectionID, finding)
	if _, err := s.Inspect.DecideRectification(ctx, sup, again, inspect.DecideRectificationInput{
		Decision: inspect.DecisionAccept}); err != nil {
		t.Fatalf("accept: %v", err)
	}
	webtest.Do(t, tab, chromedp.Navigate(s.URL+"/my/findings/"+finding.String()), chromedp.WaitVisible(chromedp.CSS("#finding-rectified")))
	has(t, webtest.Text(t, tab), "ಸರಿಪಡಿಸಲಾಗಿದೆ", "ಸ್ವೀಕರಿಸಲಾಗಿದೆ: ನ್ಯೂನತೆಯನ್ನು ಮುಕ್ತಾಯಗೊಳಿಸಲಾಗಿದೆ", "ಸ್ವೀಕರಿಸಲಾಗಿಲ್ಲ")
	if n := webtest.Get(t, tab, chromedp.Evaluate[int](`document.querySelectorAll('#photo').length`)); n != 0 {
		t.Error("a closed finding still offers the rectification form")
	}
	webtest.Axe(t, tab)
	webtest.Shot(t, tab, "finding-accepted-kn")

	// Owner 2 reaches none of it: owner 1's evidence photo, its thumbnail
	// and the finding are the 404 page, as GET /v1/photos/{id} answers.
	// (The tabs of the suite's browser share their cookies: owner 1 signs
	// out first.)
	webtest.Do(t, tab, chromedp.Click(chromedp.CSS(`header form[action$="/signout"] button`)),
		chromedp.WaitVisible(chromedp.CSS("#email")))
	other := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	signInOwner(t, s, other, "owner2@demo.tindal", "kn")
	for _, p := range []string{thumbs[0], thumbs[0][:len(thumbs[0])-len("?size=320")], "/my/findings/" + finding.String()} {
		webtest.Do(t, other, chromedp.Navigate(s.URL+p), chromedp.WaitVisible(chromedp.CSS("main h1")))
		has(t, webtest.Text(t, other), "404")
	}
	webtest.Axe(t, other)
	webtest.Shot(t, other, "another-owners-photo-kn")
	webtest.Do(t, other, chromedp.Click(chromedp.CSS(`header form[action$="/signout"] button`)),
		chromedp.WaitVisible(chromedp.CSS("#email")))
}
