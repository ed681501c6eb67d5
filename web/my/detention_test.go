package my_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/web"
	"github.com/tindal/tindal/web/webtest"
)

// detainOwner1 detains KA-KWR-M-0006 (owner 1) on its demo inspection, as
// the Karwar supervisor, through a detention service whose outbox mails
// and texts as `tindal serve` wires it (the owners' pages at s.URL/my).
func detainOwner1(t *testing.T, s *webtest.Server) models.DetentionOrder {
	t.Helper()
	var insp uuid.UUID
	if err := s.DB.Gorm.Raw(`SELECT i.id FROM inspections i JOIN vessels v ON v.id = i.vessel_id
		WHERE v.registration_number = 'KA-KWR-M-0006' AND i.detention_proposed
		AND i.status IN ('submitted', 'approved') ORDER BY i.created_at LIMIT 1`).Row().Scan(&insp); err != nil {
		t.Fatal(err)
	}
	ob := notify.Outbox{Email: true, SMS: true, Link: s.URL + "/my"}
	orders := detention.New(inspect.New(s.DB, nil, time.Now, inspect.WithOutbox(ob)))
	o, err := orders.ConfirmDetention(context.Background(), scopeOf(t, s, "supervisor.karwar@demo.tindal"), insp,
		detention.DetentionInput{PresentLocation: "Karwar port, berth 3", MasterName: "Ramesh Naik"})
	if err != nil {
		t.Fatalf("detain: %v", err)
	}
	return o
}

// TestDetainedOwnerSeesWhatClearsIt: the owner of a detained boat (owner
// 1, who has a mobile) is told by mail with a link to the order's page and
// by SMS with the link to /my, whose to-do list and vessel card lead to
// it; the page gives the order's number, date and grounds, the owner's
// copy under the pages' strict policy and the PDF, each deficiency to put
// right with what the law asks and its state, the office to ask for the
// re-inspection, and what is done so far; in English, Kannada and Hindi at
// 390 px with no sideways scroll and at 1366×768, axe finding nothing
// serious. A released detention (the demo year's, owner 4) shows its
// release order and its copy. Another owner and nobody signed in get
// nothing of it.
func TestDetainedOwnerSeesWhatClearsIt(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t, webtest.Options{History: true})
	if err := s.DB.Gorm.Exec(`UPDATE owners SET mobile = '+919845012345'
		WHERE id = (SELECT owner_id FROM users WHERE email = 'owner1@demo.tindal')`).Error; err != nil {
		t.Fatal(err)
	}
	o := detainOwner1(t, s)
	page := "/my/detentions/" + o.ID.String()

	// The mail links the page; the SMS (30 characters a variable, DLT)
	// links /my, whose to-do list leads to it.
	var sent []struct{ Channel, Body string }
	if err := s.DB.Gorm.Raw(`SELECT channel, body FROM notifications WHERE template = ? AND owner_id = ?`,
		notify.TplDetentionOrdered, o.OwnerID).Scan(&sent).Error; err != nil {
		t.Fatal(err)
	}
	channels := map[string]string{}
	for _, n := range sent {
		channels[n.Channel] = n.Body
	}
	if !strings.Contains(channels["email"], s.URL+page) {
		t.Errorf("the detention mail does not link the order's page %s:\n%s", page, channels["email"])
	}
	if !strings.Contains(channels["sms"], s.URL+"/my") {
		t.Errorf("the detention SMS does not link the owners' pages:\n%s", channels["sms"])
	}

	var office string
	if err := s.DB.Gorm.Raw(`SELECT name FROM jurisdictions WHERE id = ?`, o.JurisdictionID).Scan(&office).Error; err != nil {
		t.Fatal(err)
	}
	var detained []struct{ ID, Code, Action string }
	if err := s.DB.Gorm.Raw(`SELECT id::text, code, action FROM findings WHERE inspection_id = ? AND code IN ?
		AND deleted_at IS NULL`, o.InspectionID, []string(o.Codes)).Scan(&detained).Error; err != nil || len(detained) == 0 {
		t.Fatalf("the order's findings: %d (%v)", len(detained), err)
	}

	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	signInOwner(t, s, ctx, "owner1@demo.tindal", "en")
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/"), chromedp.WaitVisible(chromedp.CSS("#vessels-h")))
	links := webtest.Get(t, ctx, chromedp.Evaluate[[]string](`[
		...document.querySelectorAll('ol.todo a[href^="/my/detentions/"]'),
		...document.querySelectorAll('#vessels-h ~ article a[href^="/my/detentions/"]')].map(a => a.getAttribute('href'))`))
	if len(links) != 2 || links[0] != page || links[1] != page {
		t.Fatalf("the to-do list and the vessel card do not both link %s: %q", page, links)
	}
	law := map[string]string{"en": "Detained", "kn": "ತಡೆಹಿಡಿಯಲಾಗಿದೆ", "hi": "रोका गया (निरुद्ध)"}
	for _, lang := range []string{"en", "kn", "hi"} {
		if lang != "en" { // signed in in English: the switcher's post would still be under way
			switchLang(t, s, ctx, lang)
		}
		for _, sz := range sizes {
			webtest.Do(t, ctx, chromedp.EmulateViewport(sz.w, sz.h), chromedp.Navigate(s.URL+page),
				chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] #clears-h`)))
			text := webtest.Text(t, ctx)
			has(t, text, o.Number, web.Date(time.Now()), law[lang], office)
			if ask := webtest.Get(t, ctx, chromedp.Evaluate[string](`document.querySelector('#ask-office').textContent`)); !strings.Contains(ask, office) {
				t.Errorf("%s: the page does not name the office to ask for the re-inspection: %q", lang, ask)
			}
			for _, f := range detained {
				what, err := locale.Default().Text(lang, "my.todo.law."+f.Action, nil)
				if err != nil {
					what = ""
				}
				item := webtest.Get(t, ctx, chromedp.Evaluate[string](`(document.getElementById('detained-`+f.ID+`') || {}).textContent || ''`))
				if !strings.Contains(item, f.Code) || (what != "" && !strings.Contains(item, what)) {
					t.Errorf("%s: deficiency %s (action %s) is not listed with what the law asks: %q", lang, f.Code, f.Action, item)
				}
			}
			fits(t, ctx, "the detention page in "+lang, sz.w)
			webtest.Axe(t, ctx)
			webtest.Shot(t, ctx, "detention-"+lang+"-"+sz.name)

			webtest.Do(t, ctx, chromedp.Navigate(s.URL+page+"/order.html"),
				chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] header.lh`)))
			has(t, webtest.Text(t, ctx), o.Number)
			if b := webtest.Get(t, ctx, chromedp.Evaluate[string](
				`getComputedStyle(document.querySelector('header.lh')).borderBottomStyle`)); b != "double" {
				t.Errorf("%s at %s: the papers' stylesheet is not applied to the order's copy (%q)", lang, sz.name, b)
			}
			fits(t, ctx, "the order's copy in "+lang, sz.w)
			webtest.Axe(t, ctx)
			webtest.Shot(t, ctx, "detention-copy-"+lang+"-"+sz.name)
		}
	}
	if text := webtest.PDFText(t, webtest.FetchBytes(t, ctx, page+"/order.pdf")); !strings.Contains(text, o.Number) {
		t.Errorf("the order's PDF does not carry its number %s:\n%.500s", o.Number, text)
	}

	// A released detention: the release order, its copy and PDF.
	var released models.DetentionOrder
	if err := s.DB.Gorm.Where("status = ?", models.OrderReleased).Take(&released).Error; err != nil {
		t.Fatalf("the demo year's released detention: %v", err)
	}
	var email string
	if err := s.DB.Gorm.Raw(`SELECT email FROM users WHERE owner_id = ? AND role = 'owner'`, released.OwnerID).
		Scan(&email).Error; err != nil || email == "" {
		t.Fatalf("the released vessel's owner: %v", err)
	}
	// the tabs share the browser's cookies: owner 1 signs out first
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/my/"), chromedp.Click(chromedp.CSS(`form[action="/my/signout"] button`)),
		chromedp.WaitVisible(chromedp.CSS("#email")))
	rel := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	signInOwner(t, s, rel, email, "hi")
	webtest.Do(t, rel, chromedp.Navigate(s.URL+"/my/detentions/"+released.ID.String()),
		chromedp.WaitVisible(chromedp.CSS(`#release-order`)))
	has(t, webtest.Text(t, rel), released.Number, *released.ReleaseNumber, "रिहा")
	fits(t, rel, "the released detention", webtest.PhoneWidth)
	webtest.Axe(t, rel)
	webtest.Shot(t, rel, "detention-released-hi-390")
	webtest.Do(t, rel, chromedp.Click(chromedp.CSS("#release-copy")), chromedp.WaitVisible(chromedp.CSS(`header.lh`)))
	has(t, webtest.Text(t, rel), *released.ReleaseNumber)
	fits(t, rel, "the release order's copy", webtest.PhoneWidth)
	if text := webtest.PDFText(t, webtest.FetchBytes(t, rel, "/my/detentions/"+released.ID.String()+"/release.pdf")); !strings.Contains(text, *released.ReleaseNumber) {
		t.Errorf("the release order's PDF does not carry its number:\n%.500s", text)
	}

	// Another owner: the 404 page for the order, its copy and PDF, as the
	// API answers; nobody signed in: the sign-in page.
	for _, p := range []string{"", "/order.html", "/order.pdf", "/release.html"} {
		webtest.Do(t, rel, chromedp.Navigate(s.URL+page+p), chromedp.WaitVisible(chromedp.CSS("main h1")))
		if text := webtest.Text(t, rel); !strings.Contains(text, "404") || strings.Contains(text, o.Number) {
			t.Errorf("another owner at %s%s:\n%.300s", page, p, text)
		}
		res, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		}}).Get(s.URL + page + p)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/my/signin") {
			t.Errorf("nobody signed in at %s%s: %d %s", page, p, res.StatusCode, res.Header.Get("Location"))
		}
	}
}
