package my_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage/blob"
	"github.com/tindal/tindal/web/webtest"
)

// TestOwnersPhotosMustBeWholeImages: owner 1, on a 390-px phone in
// Kannada, sends files that are not whole photos with an appeal and with a
// rectification — a JPEG header followed by an HTML page with a script
// (511 bytes), a JPEG cut short, a bare PNG signature, SVG and HTML. Each
// form comes back with a 4xx answer and the reason beside the photo field
// in Kannada (no English, no message id), and nothing is written: no
// photo, appeal or rectification row, no object in the photo store.
func TestOwnersPhotosMustBeWholeImages(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	approveDemoInspection(t, s)
	owner := scopeOf(t, s, "owner1@demo.tindal")
	var notice models.PenaltyNotice
	if err := s.DB.Gorm.Where("owner_id = ?", owner.OwnerID).Take(&notice).Error; err != nil {
		t.Fatalf("the notice: %v", err)
	}
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jpg")
	writeJPEG(t, whole)
	jpg, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	head := "\xFF\xD8\xFF\xE0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" +
		"<html><body><script>fetch('/my/settings').then(r=>r.text()).then(alert)</script></body></html>"
	bad := map[string][]byte{
		"polyglot.jpg": []byte(head + strings.Repeat(" ", 511-len(head))),
		"cut.jpg":      jpg[:len(jpg)/2],
		"bare.png":     []byte("\x89PNG\r\n\x1a\n"),
		"drawing.svg":  []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
		"page.html":    []byte(`<!doctype html><script>alert(1)</script>`),
	}
	var paths []string
	for name, b := range bad {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	stored := objects(t, s)
	refused := "ಈ ಕಡತ ಫೋಟೋ ಅಲ್ಲ, ಅಥವಾ ಅಪೂರ್ಣವಾಗಿದೆ"
	status := chromedp.Evaluate[int](`performance.getEntriesByType('navigation')[0].responseStatus`)

	tab := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	signInOwner(t, s, tab, "owner1@demo.tindal", "kn")
	for _, p := range paths {
		webtest.Do(t, tab, chromedp.Navigate(s.URL+"/my/notices/"+notice.ID.String()), chromedp.WaitVisible(chromedp.CSS("#appeal-h")),
			chromedp.SendKeys(chromedp.CSS("#grounds"), "ಜೀವರಕ್ಷಕ ಉಂಗುರಗಳು ದೋಣಿಯಲ್ಲೇ ಇದ್ದವು."),
			chromedp.SetUploadFiles(chromedp.CSS("#appeal-photo"), []string{whole, p}), // a good photo with it changes nothing
			chromedp.Click(chromedp.CSS("#appeal-submit")),
			chromedp.WaitVisible(chromedp.CSS("#appeal-photo-error")),
		)
		if st := webtest.Get(t, tab, status); st < 400 || st > 499 {
			t.Errorf("appeal with %s: status %d, want 4xx", filepath.Base(p), st)
		}
		noEnglish(t, webtest.Get(t, tab, chromedp.Evaluate[string](`document.querySelector('#appeal-photo-error').textContent`)), refused)
	}
	webtest.Axe(t, tab)
	webtest.Shot(t, tab, "appeal-not-a-photo-kn")

	webtest.Do(t, tab, chromedp.Navigate(s.URL+"/my/"), chromedp.WaitVisible(chromedp.CSS("#todo-h")))
	links := webtest.Get(t, tab, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('ol.todo a[href^="/my/findings/"]')].map(a => a.getAttribute('href'))`))
	rectified := false
	for _, l := range links {
		webtest.Do(t, tab, chromedp.Navigate(s.URL+l), chromedp.WaitVisible(chromedp.CSS("main h1")))
		if !webtest.Get(t, tab, chromedp.Evaluate[bool](`!!document.querySelector('#photo')`)) {
			continue
		}
		for _, p := range paths {
			webtest.Do(t, tab, chromedp.Navigate(s.URL+l), chromedp.WaitVisible(chromedp.CSS("#photo")),
				chromedp.SetUploadFiles(chromedp.CSS("#photo"), []string{p}),
				chromedp.SendKeys(chromedp.CSS("#note"), "ಹೊಸ ಉಂಗುರಗಳು."),
				chromedp.Click(chromedp.CSS("#rectify-submit")),
				chromedp.WaitVisible(chromedp.CSS("#photo-error")),
			)
			if st := webtest.Get(t, tab, status); st < 400 || st > 499 {
				t.Errorf("rectification with %s: status %d, want 4xx", filepath.Base(p), st)
			}
			noEnglish(t, webtest.Get(t, tab, chromedp.Evaluate[string](`document.querySelector('#photo-error').textContent`)), refused)
		}
		webtest.Shot(t, tab, "rectification-not-a-photo-kn")
		rectified = true
		break
	}
	if !rectified {
		t.Error("no finding of owner 1 may be rectified from the phone")
	}

	var n struct{ Photos, Appeals, Rects int64 }
	if err := s.DB.Gorm.Raw(`SELECT (SELECT count(*) FROM photos WHERE uploaded_by = ?) AS photos,
		(SELECT count(*) FROM penalty_appeals) AS appeals, (SELECT count(*) FROM finding_rectifications) AS rects`,
		owner.UserID).Scan(&n).Error; err != nil || n.Photos+n.Appeals+n.Rects != 0 {
		t.Errorf("written for refused files: %+v (%v), want nothing", n, err)
	}
	if after := objects(t, s); len(after) != len(stored) {
		t.Errorf("the photo store held %d objects before the refused files and %d after", len(stored), len(after))
	}
}

// objects lists every key in the server's photo store.
func objects(t *testing.T, s *webtest.Server) []string {
	t.Helper()
	var keys []string
	if err := s.Photos.Store().List(t.Context(), "", func(i blob.Info) error {
		keys = append(keys, i.Key)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return keys
}

// noEnglish checks a Kannada message: the wanted words, and no Latin
// letters (no English, no message id, no Go or file name).
func noEnglish(t *testing.T, text, want string) {
	t.Helper()
	if !strings.Contains(text, want) {
		t.Errorf("the reason shown: %q, want %q", text, want)
	}
	if strings.ContainsFunc(text, func(r rune) bool { return r < 0x80 && (r|0x20 >= 'a' && r|0x20 <= 'z') }) {
		t.Errorf("Latin letters in a Kannada page's reason: %q", text)
	}
}
