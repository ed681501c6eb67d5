package console_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/web/webtest"
)

// findingCard is what a person sees of one finding on the inspection's
// page: its heading, its text, and each photo in it (the thumbnail's
// address, whether it loaded, and where it leads).
type findingCard struct {
	Heading string
	Text    string
	Photos  []struct {
		Src    string
		Loaded bool
		Href   string
	}
}

const readCards = `(sel) => [...document.querySelectorAll(sel)].map(a => ({
	Heading: (a.querySelector('h2, h3') || {}).textContent || '',
	Text: a.innerText,
	Photos: [...a.querySelectorAll('img')].map(i => ({Src: i.getAttribute('src'), Loaded: i.complete && i.naturalWidth > 0,
		Href: i.closest('a') ? i.closest('a').getAttribute('href') : ''}))
}))`

// TestEachFindingShowsItsOwnPhotos: on an inspection's page each finding
// shows its own photos beside what it says (a thumbnail that loads and
// opens the photo full size, when and where it was taken, its flags), not
// in a column of their own; a photo attached to no finding is shown apart,
// under its own heading, and the finding it left says it has none.
func TestEachFindingShowsItsOwnPhotos(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	insp := inspectionOf(t, s, regDetention)
	type attached struct {
		ID      uuid.UUID
		Code    string
		Finding uuid.UUID
	}
	var photos []attached
	if err := s.DB.Gorm.Raw(`SELECT p.id, f.code, f.id AS finding FROM photos p JOIN findings f ON f.id = p.finding_id
		WHERE p.inspection_id = ? ORDER BY f.code`, insp).Scan(&photos).Error; err != nil || len(photos) == 0 {
		t.Fatalf("the demo inspection's photos: %v (%d)", err, len(photos))
	}
	// The first photo was taken 3.5 km from the inspection, as its EXIF
	// says: the reviewer must see where, and the flag.
	if err := s.DB.Gorm.Exec(`UPDATE photos SET flags = '["far_from_inspection"]', distance_m = 3500,
		exif_found = true, exif_lat = 14.8056, exif_lon = 74.1297 WHERE id = ?`, photos[0].ID).Error; err != nil {
		t.Fatal(err)
	}
	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	webtest.SignInConsole(t, ctx, s, "supervisor.karwar@demo.tindal")
	switchTo(t, ctx, "en")
	page := s.URL + "/console/inspections/" + insp.String()
	read := func(sel string) []findingCard {
		t.Helper()
		webtest.Do(t, ctx, chromedp.Navigate(page), chromedp.WaitVisible(chromedp.CSS("article.finding")))
		webtest.Get(t, ctx, chromedp.Poll[bool](`[...document.images].every(i => i.complete)`))
		return webtest.Get(t, ctx, chromedp.Evaluate[[]findingCard]("("+readCards+")('"+sel+"')"))
	}
	found := read("article.finding")
	for _, p := range photos {
		var card *findingCard
		for i := range found {
			if strings.HasPrefix(strings.TrimSpace(found[i].Heading), p.Code) {
				card = &found[i]
			}
		}
		if card == nil {
			t.Fatalf("no card for finding %s among %+v", p.Code, found)
		}
		if !hasPhoto(card, p.ID) {
			t.Errorf("finding %s does not show its photo %s: %+v", p.Code, p.ID, card)
		}
		wants := []string{"Taken ", "Details of this photo"}
		if p.ID == photos[0].ID {
			wants = append(wants, "Place 14.80560, 74.12970", "3.5 km from the inspection", "More than 2 km away")
		}
		for _, want := range wants {
			if !strings.Contains(card.Text, want) {
				t.Errorf("finding %s's photo lacks %q:\n%s", p.Code, want, card.Text)
			}
		}
	}
	if loose := read(`section[aria-labelledby="loose-h"]`); len(loose) != 0 {
		t.Errorf("photos attached to findings are shown apart too: %+v", loose)
	}
	full := webtest.Get(t, ctx, chromedp.Evaluate[string](`fetch('/console/photos/`+photos[0].ID.String()+
		`/content').then(r => r.blob()).then(b => createImageBitmap(b)).then(i => i.width + 'x' + i.height)`,
		chromedp.EvalAwaitPromise))
	if full != "640x480" {
		t.Errorf("the photo's link opens %s, not the photo full size (640x480)", full)
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "findings-with-photos")

	// The first photo loses its finding: it is shown apart, and the
	// finding says it has no photo.
	if err := s.DB.Gorm.Exec(`UPDATE photos SET finding_id = NULL WHERE id = ?`, photos[0].ID).Error; err != nil {
		t.Fatal(err)
	}
	loose := read(`section[aria-labelledby="loose-h"]`)
	if len(loose) != 1 || !hasPhoto(&loose[0], photos[0].ID) || !strings.Contains(loose[0].Heading, "Photos attached to no finding") {
		t.Errorf("the photo of no finding is not shown apart: %+v", loose)
	}
	for _, c := range read("article.finding") {
		if strings.HasPrefix(strings.TrimSpace(c.Heading), photos[0].Code) &&
			(hasPhoto(&c, photos[0].ID) || !strings.Contains(c.Text, "No photo")) {
			t.Errorf("finding %s still shows the photo it lost, or does not say it has none: %+v", photos[0].Code, c)
		}
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "photo-of-no-finding")
}

// hasPhoto: the card shows photo id as a thumbnail that loaded and opens
// the photo full size.
func hasPhoto(c *findingCard, id uuid.UUID) bool {
	for _, p := range c.Photos {
		if strings.Contains(p.Src, id.String()) && p.Loaded && p.Href == "/console/photos/"+id.String()+"/content" {
			return true
		}
	}
	return false
}
