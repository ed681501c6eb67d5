package console_test

import (
	"context"
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/web/webtest"
)

// waitURL waits until the tab's address contains part (after a click
// that navigates), then for the new page's heading. Two minutes is a hang
// detector: under make test's load a tab runs many times slower than alone.
func waitURL(t *testing.T, ctx context.Context, part string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !strings.Contains(webtest.Location(t, ctx), part) {
		if time.Now().After(deadline) {
			t.Fatalf("the page did not go to %q; it is %s:\n%s", part, webtest.Location(t, ctx), webtest.Text(t, ctx))
		}
		webtest.Do(t, ctx, chromedp.Sleep(100*time.Millisecond))
	}
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("main h1")))
}

// has fails the test for every text a person would look for that the
// page lacks.
func has(t *testing.T, ctx context.Context, wants ...string) string {
	t.Helper()
	text := webtest.Text(t, ctx)
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("the page %s lacks %q:\n%s", webtest.Location(t, ctx), w, text)
		}
	}
	return text
}

// look checks a page as a person and a screen reader meet it: axe-core,
// then a screenshot for the artifacts.
func look(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, name)
}

// fetchBytes fetches path in the tab (with its session) and returns the
// body.
func fetchBytes(t *testing.T, ctx context.Context, path string) []byte {
	t.Helper()
	js := `fetch(` + "`" + path + "`" + `, {credentials: "same-origin"}).then(r => r.arrayBuffer()).then(b => {
		let s = ""; const u = new Uint8Array(b); for (let i = 0; i < u.length; i++) s += String.fromCharCode(u[i]); return btoa(s) })`
	b64 := webtest.Get(t, ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSupervisorsDayInTheConsole: the Karwar supervisor's day against the
// demo data, in a real browser (issue 21, docs/ENFORCEMENT.md steps 1-6
// and 10): the queue in Kannada, then English; a filter; the inspection
// with its photos beside its findings; a photo full size; a return
// refused without a comment (the message next to the comment), then with
// one; an approval; a detention confirmed from its preview, its PDF
// holding the vessel's registration; the release refused before a
// re-inspection and issued after one; an owner's rectification accepted.
func TestSupervisorsDayInTheConsole(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	signIn(t, ctx, s, "supervisor.karwar@demo.tindal")

	// The queue, in the supervisor's Kannada.
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/queue"), chromedp.WaitVisible(chromedp.CSS("main h1")))
	has(t, ctx, "ಪರಿಶೀಲನಾ ಸರದಿ", "Sri Durga Parameshwari", regDetention, regStern, regLifebuoy)
	look(t, ctx, "queue-kn")
	webtest.Do(t, ctx,
		chromedp.SetValue(chromedp.CSS("#lang-switch"), "en"),
		chromedp.Click(chromedp.CSS(`header form[action$="/lang"] button`)),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="en"] main h1`)),
	)
	has(t, ctx, "Review queue", "3 waiting", "1 propose detention", "Detention proposed")
	look(t, ctx, "queue")

	// Filter: only the inspection proposing detention.
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#f-detention")), chromedp.Click(chromedp.CSS("form.filters button[type=submit]")))
	waitURL(t, ctx, "detention=true")
	if text := has(t, ctx, regDetention); strings.Contains(text, regStern) || strings.Contains(text, regLifebuoy) {
		t.Errorf("the detention filter kept other inspections:\n%s", text)
	}
	look(t, ctx, "queue-filtered")

	// The inspection: photos beside the findings, the law, the proposal.
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(`main table a[href^="/console/inspections/"]`)))
	waitURL(t, ctx, "/console/inspections/")
	has(t, ctx, "Sri Durga Parameshwari", "01003", "11004", "Detention proposed", "2 photos in this inspection", "Findings (3)",
		"Karnataka 2025", "Verified", "History", "Inspection submitted", "Preview the detention order")
	if n := webtest.Get(t, ctx, chromedp.Evaluate[int](`Promise.all([...document.querySelectorAll("ul.photos img")].map(i =>
		i.decode().then(() => i.naturalWidth > 0, () => false))).then(ok => ok.filter(Boolean).length)`,
		chromedp.EvalAwaitPromise)); n != 2 {
		t.Errorf("%d of 2 thumbnails were shown from this server", n)
	}
	look(t, ctx, "inspection")
	detained := webtest.Location(t, ctx)

	// A photo's page: full size, with what it is judged by.
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(`ul.photos a[href^="/console/photos/"]:not([href$="/content"])`)))
	waitURL(t, ctx, "/console/photos/")
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS(".photo-full img")))
	// Once the image has loaded (decode waits for it), not when it is
	// first visible: a loaded machine may still be reading the bytes.
	if w := webtest.Get(t, ctx, chromedp.Evaluate[int](`(() => { const i = document.querySelector(".photo-full img");
		return i.decode().then(() => i.naturalWidth, () => 0) })()`, chromedp.EvalAwaitPromise)); w < 600 {
		t.Errorf("the full-size photo is %d px wide", w)
	}
	has(t, ctx, "Verified", "Distance from the inspection", "SHA-256", "Back to the inspection")
	look(t, ctx, "photo")

	// Return without a comment: refused next to the comment; with one: returned.
	stern := s.URL + "/console/inspections/" + inspectionOf(t, s, regStern).String()
	webtest.Do(t, ctx, chromedp.Navigate(stern), chromedp.WaitVisible(chromedp.CSS("#comment")),
		chromedp.Click(chromedp.CSS(`button[name=decision][value=return]`)),
		chromedp.WaitVisible(chromedp.CSS("#comment-error")))
	if msg := webtest.Get(t, ctx, chromedp.Text(chromedp.CSS("#comment-error"))); !strings.Contains(msg, "say what the inspector must change") {
		t.Errorf("the comment's error says %q", msg)
	}
	if inv := webtest.Get(t, ctx, chromedp.AttributeValue(chromedp.CSS("#comment"), "aria-invalid")); inv.Value != "true" {
		t.Errorf("the comment is not marked invalid: %+v", inv)
	}
	look(t, ctx, "return-without-comment")
	webtest.Do(t, ctx, chromedp.SendKeys(chromedp.CSS("#comment"), "Photograph the stern light from the jetty as well."),
		chromedp.Click(chromedp.CSS(`button[name=decision][value=return]`)),
		chromedp.WaitVisible(chromedp.CSS("p.flash")))
	has(t, ctx, "returned to the inspector", "Returned", "Photograph the stern light from the jetty as well.")
	if st := scalar[string](t, s, `SELECT status FROM inspections WHERE id = ?`, inspectionOf(t, s, regStern)); st != "returned" {
		t.Errorf("the returned inspection is %s", st)
	}

	// Approve another.
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/inspections/"+inspectionOf(t, s, regLifebuoy).String()),
		chromedp.WaitVisible(chromedp.CSS("#comment")),
		chromedp.Click(chromedp.CSS(`button[name=decision][value=approve]`)),
		chromedp.WaitVisible(chromedp.CSS("p.flash")))
	has(t, ctx, "The inspection is approved", "Approved")
	look(t, ctx, "approved")

	// Detention: the preview, the confirmation, the order and its PDF.
	webtest.Do(t, ctx, chromedp.Navigate(detained), chromedp.WaitVisible(chromedp.CSS("section.detention a.button")),
		chromedp.Click(chromedp.CSS("section.detention a.button")))
	waitURL(t, ctx, "/detention")
	has(t, ctx, "Detention order: preview", "01003", "Inland Vessels Act, 2021", "Present location", "Master's name")
	look(t, ctx, "detention-preview")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(`main form button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#present_location-error")))
	has(t, ctx, "is required")
	webtest.Do(t, ctx,
		chromedp.SendKeys(chromedp.CSS("#present_location"), "Karwar port, berth 3"),
		chromedp.SendKeys(chromedp.CSS("#master_name"), "Ramesh Naik"),
		chromedp.Click(chromedp.CSS(`main form button[type=submit]`)))
	waitURL(t, ctx, "/console/detention-orders/")
	has(t, ctx, "KARWAR/DO/", "is issued", "In force", "Ramesh Naik", "Download the order (PDF)", "Release after the re-inspection")
	look(t, ctx, "detention-order")
	order := uuid.MustParse(strings.TrimPrefix(webtest.Location(t, ctx), s.URL+"/console/detention-orders/"))
	pdf := fetchBytes(t, ctx, "/console/detention-orders/"+order.String()+"/pdf")
	if !strings.HasPrefix(string(pdf), "%PDF") {
		t.Fatalf("the order's download is not a PDF: %.40q", pdf)
	}
	if text := pdfText(t, pdf); !strings.Contains(text, regDetention) || !strings.Contains(strings.ToLower(text), "detention") {
		t.Errorf("the order's PDF lacks the registration %s:\n%s", regDetention, text)
	}

	// Release: refused before a re-inspection, issued after one.
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(`form[action$="/release"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`main div.problem`)))
	has(t, ctx, "re-inspection")
	look(t, ctx, "release-refused")
	reinspect(t, s, order)
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/detention-orders/"+order.String()),
		chromedp.WaitVisible(chromedp.CSS("#towing_rupees")),
		chromedp.SendKeys(chromedp.CSS("#towing_rupees"), "2500"),
		chromedp.Click(chromedp.CSS(`form[action$="/release"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("main p.flash, main div.problem")))
	has(t, ctx, "The release order is issued", "Released", "KARWAR/RO/", "Detention charges", "Download the release order (PDF)")
	look(t, ctx, "released")
	if st := scalar[string](t, s, `SELECT status FROM vessels WHERE registration_number = ?`, regDetention); st == "detained" {
		t.Error("the released vessel is still detained")
	}

	// An owner's rectification, accepted.
	rect := rectify(t, s, regLifebuoy)
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/rectifications"), chromedp.WaitVisible(chromedp.CSS("main h1")))
	has(t, ctx, "Owners' rectifications", "two lifebuoys with retro-reflective tape fitted", "Waiting for a decision")
	look(t, ctx, "rectifications")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(`form[action$="/`+rect.String()+`/decide"] button[value=accept]`)),
		chromedp.WaitVisible(chromedp.CSS("p.flash")))
	has(t, ctx, "The rectification is accepted")
	if st := scalar[string](t, s, `SELECT status FROM finding_rectifications WHERE id = ?`, rect); st != "accepted" {
		t.Errorf("the rectification is %s", st)
	}
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/flags"), chromedp.WaitVisible(chromedp.CSS("main h1")))
	has(t, ctx, "Flags and overdue findings", "Detention report due")
	look(t, ctx, "flags")
}

// TestInspectionPageOnATablet: the inspection page at 1024 px keeps the
// photos beside the findings and passes axe-core.
func TestInspectionPageOnATablet(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := webtest.Tab(t, webtest.TabletWidth, webtest.TabletHeight)
	signIn(t, ctx, s, "supervisor.karwar@demo.tindal")
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/inspections/"+inspectionOf(t, s, regDetention).String()),
		chromedp.WaitVisible(chromedp.CSS("main h1")))
	has(t, ctx, "ಛಾಯಾಚಿತ್ರಗಳು", "01003")
	wide := webtest.Get(t, ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth <= window.innerWidth`))
	if !wide {
		t.Error("the inspection page scrolls sideways at 1024 px")
	}
	look(t, ctx, "inspection-tablet-kn")
}

// pdfText is the text of a PDF, by pdftotext (poppler-utils).
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "order.pdf")
	if err := os.WriteFile(p, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", p, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext (scripts/services.sh installs poppler-utils): %v", err)
	}
	return string(out)
}
