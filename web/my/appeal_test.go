package my_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web/webtest"
)

// TestOwnerAppealsWithAPhoto (issue 22 item 4): owner 1, on a 390-px
// phone in Hindi, files an appeal from the notice's form with its grounds
// and a photo taken for it; the photo takes the rectification form's path
// (stored, verified) and is attached to the appeal, and the notice shows
// it on the appeal, served by this server. The admin who decides the
// appeal (Karnataka 2025, Sch-XVI para 2) sees the photo on the console's
// notice. Axe finds nothing serious; both pages are saved as screenshots.
func TestOwnerAppealsWithAPhoto(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	approveDemoInspection(t, s)
	owner := scopeOf(t, s, "owner1@demo.tindal")
	var notice models.PenaltyNotice
	if err := s.DB.Gorm.Where("owner_id = ?", owner.OwnerID).Take(&notice).Error; err != nil {
		t.Fatalf("the notice: %v", err)
	}
	img := filepath.Join(t.TempDir(), "extinguisher.jpg")
	writeJPEG(t, img)

	tab := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	signInOwner(t, s, tab, "owner1@demo.tindal", "hi")
	webtest.Do(t, tab, chromedp.Navigate(s.URL+"/my/notices/"+notice.ID.String()), chromedp.WaitVisible(chromedp.CSS("#appeal-h")))
	accept := webtest.Get(t, tab, chromedp.Evaluate[string](`document.querySelector('#appeal-photo').accept + ' ' +
		document.querySelector('#appeal-photo').getAttribute('capture') + ' ' + document.querySelector('#appeal-photo').multiple`))
	if accept != "image/jpeg,image/png environment true" {
		t.Errorf("the appeal form's photo input: %s", accept)
	}
	webtest.Do(t, tab,
		chromedp.SendKeys(chromedp.CSS("#grounds"), "अग्निशामक नाव पर ही था; फ़ोटो संलग्न है।"),
		chromedp.SetUploadFiles(chromedp.CSS("#appeal-photo"), []string{img}),
		chromedp.Click(chromedp.CSS("#appeal-submit")),
		chromedp.WaitVisible(chromedp.CSS(".flash")),
	)
	has(t, webtest.Text(t, tab), "आपकी अपील दायर हो गई", "अपील के साथ भेजी गई फ़ोटो")
	var linked []struct {
		State      string
		UploadedBy string
	}
	if err := s.DB.Gorm.Raw(`SELECT p.state, p.uploaded_by::text AS uploaded_by FROM photos p
		JOIN penalty_appeals a ON a.id = p.appeal_id WHERE a.notice_id = ?`, notice.ID).Scan(&linked).Error; err != nil ||
		len(linked) != 1 || linked[0].State != "verified" || linked[0].UploadedBy != owner.UserID.String() {
		t.Fatalf("the appeal's photos: %+v (%v)", linked, err)
	}
	thumbs := webtest.Get(t, tab, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('.appeal-photos img')].map(i => i.getAttribute('src'))`))
	if len(thumbs) != 1 || !strings.HasPrefix(thumbs[0], "/my/photos/") {
		t.Fatalf("the appeal's thumbnails: %v", thumbs)
	}
	webtest.Do(t, tab, chromedp.ScrollIntoView(chromedp.CSS(".appeal-photos img"))) // loading=lazy
	webtest.Get(t, tab, chromedp.Poll[bool](`[...document.querySelectorAll('.appeal-photos img')].every(i => i.complete && i.naturalWidth > 0)`,
		chromedp.WithPollingTimeout(10*time.Second)))
	webtest.Axe(t, tab)
	webtest.Shot(t, tab, "appeal-photo-hi")
	// The suite's tabs share their cookies: owner 1 signs out first.
	webtest.Do(t, tab, chromedp.Click(chromedp.CSS(`header form[action$="/signout"] button`)),
		chromedp.WaitVisible(chromedp.CSS("#email")))

	console := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	webtest.SignInConsole(t, console, s, "admin@demo.tindal")
	webtest.Do(t, console, chromedp.Navigate(s.URL+"/console/notices/"+notice.ID.String()), chromedp.WaitVisible(chromedp.CSS("#appeals")))
	src := webtest.Get(t, console, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('.appeal-photos img')].map(i => i.getAttribute('src'))`))
	if len(src) != 1 || !strings.HasPrefix(src[0], "/console/photos/") {
		t.Fatalf("the decider's view of the appeal's photos: %v", src)
	}
	webtest.Do(t, console, chromedp.ScrollIntoView(chromedp.CSS(".appeal-photos img")))
	webtest.Get(t, console, chromedp.Poll[bool](`[...document.querySelectorAll('.appeal-photos img')].every(i => i.complete && i.naturalWidth > 0)`,
		chromedp.WithPollingTimeout(10*time.Second)))
	webtest.Axe(t, console)
	webtest.Shot(t, console, "console-appeal-photo")
	webtest.Do(t, console, chromedp.Click(chromedp.CSS(`header form[action$="/signout"] button`)),
		chromedp.WaitVisible(chromedp.CSS("#email")))
}
