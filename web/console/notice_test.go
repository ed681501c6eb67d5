package console_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/web/webtest"
)

// TestRegistrarRecordsAPaymentOnce: the Karwar registrar opens a notice
// from the list, records the payment of its first penalty with a receipt
// number; the same form, open in a second tab, posted again records
// nothing more (the receipt is the payment's key, as in the API).
func TestRegistrarRecordsAPaymentOnce(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	notice := karwarNotice(t, s)
	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	webtest.SignInConsole(t, ctx, s, "registrar.karwar@demo.tindal")
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/notices"), chromedp.WaitVisible(chromedp.CSS("#state")))
	switchTo(t, ctx, "en")
	webtest.Do(t, ctx, chromedp.SetValue(chromedp.CSS("#state"), "open"),
		chromedp.Click(chromedp.CSS("form.search button")),
		chromedp.WaitReady(chromedp.CSS(`#state option[value="open"][selected]`)), // the answer's page
		chromedp.WaitVisible(chromedp.CSS(`a[href="/console/notices/`+notice.String()+`"]`)))
	if page := webtest.Text(t, ctx); !strings.Contains(page, "KA-KWR-M-0006") || !strings.Contains(page, "₹") {
		t.Errorf("the notices' list:\n%s", page)
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "notices")

	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS(`a[href="/console/notices/`+notice.String()+`"]`)),
		chromedp.WaitVisible(chromedp.CSS("form.pay")))
	page := webtest.Text(t, ctx)
	for _, want := range []string{"Sch-IV row", "Level", "Record a payment", "Pay by"} {
		if !strings.Contains(page, want) {
			t.Errorf("the notice's page lacks %q:\n%s", want, page)
		}
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "notice")

	second := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	webtest.Do(t, second, chromedp.Navigate(s.URL+"/console/notices/"+notice.String()),
		chromedp.WaitVisible(chromedp.CSS("form.pay")))
	pay := func(tab context.Context) {
		webtest.Do(t, tab,
			chromedp.SendKeys(chromedp.CSS("form.pay input[name=receipt_number]"), "KWR/2026/00417"),
			chromedp.Click(chromedp.CSS("form.pay button[type=submit]")),
			chromedp.WaitVisible(chromedp.CSS("p.flash")),
		)
	}
	pay(ctx)
	if flash := webtest.Get(t, ctx, chromedp.Text(chromedp.CSS("p.flash"))); !strings.Contains(flash, "Payment recorded") {
		t.Errorf("the first post says %q", flash)
	}
	webtest.Shot(t, ctx, "notice-paid")
	pay(second)
	if flash := webtest.Get(t, second, chromedp.Text(chromedp.CSS("p.flash"))); !strings.Contains(flash, "already recorded") {
		t.Errorf("the second post says %q", flash)
	}
	var n int64
	if err := s.DB.Gorm.Raw(`SELECT count(*) FROM penalty_payments WHERE notice_id = ?`, notice).Scan(&n).Error; err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("%d payments recorded, want 1", n)
	}
	if page := webtest.Text(t, second); !strings.Contains(page, "KWR/2026/00417") {
		t.Errorf("the payment is not listed:\n%s", page)
	}
}

// TestSupervisorReadsANoticeInHindi: the notice's page in Hindi, with
// rupees and the doubling trace, and no payment form for a supervisor.
func TestSupervisorReadsANoticeInHindi(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	notice := karwarNotice(t, s)
	ctx := webtest.Tab(t, webtest.LaptopWidth, webtest.LaptopHeight)
	webtest.SignInConsole(t, ctx, s, "supervisor.karwar@demo.tindal")
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/notices/"+notice.String()),
		chromedp.WaitVisible(chromedp.CSS("section.offence")))
	switchTo(t, ctx, "hi")
	page := webtest.Text(t, ctx)
	for _, want := range []string{"जुर्माना नोटिस", "अपराध", "₹", "प्रस्तावित वृद्धियाँ"} {
		if !strings.Contains(page, want) {
			t.Errorf("the Hindi notice page lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "भुगतान दर्ज करें") {
		t.Error("a supervisor is offered the payment form")
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "notice-hi")
}
