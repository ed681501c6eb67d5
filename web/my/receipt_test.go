package my_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web/webtest"
)

// payInFull records, as the Karwar registrar, the payment of every
// penalty due on the notice, each with its own bank reference, and
// returns the notice as it then stands.
func payInFull(t *testing.T, s *webtest.Server, notice uuid.UUID) penalty.NoticeView {
	t.Helper()
	ctx := context.Background()
	reg := scopeOf(t, s, "registrar.karwar@demo.tindal")
	v, err := s.Inspect.Penalties().GetNotice(ctx, reg, notice)
	if err != nil {
		t.Fatal(err)
	}
	today := rules.DateOf(time.Now())
	for i, l := range v.Lines {
		if l.Due <= 0 {
			continue
		}
		if _, _, err := s.Inspect.Penalties().RecordPayment(ctx, reg, notice, penalty.PaymentInput{
			PenaltyID: l.PenaltyID, Amount: l.Due, PaidOn: today, ReceiptNumber: fmt.Sprintf("UTR60712%04d", i)}); err != nil {
			t.Fatalf("pay %s: %v", l.Row, err)
		}
	}
	v, err = s.Inspect.Penalties().GetNotice(ctx, reg, notice)
	if err != nil || v.Due != 0 || v.Paid == 0 {
		t.Fatalf("after paying: due %d, paid %d (%v)", v.Due, v.Paid, err)
	}
	return v
}

// TestReceiptAndPaidCheck: once the registrar has recorded the payments of
// a notice, the owner's notice page leads to a receipt naming each
// payment's amount, bank reference and date, the notice's number and the
// office, with its PDF; and the public check of the notice's printed code
// (/v/{code}) names the vessel (registration and name, nothing personal)
// and says paid with the date. In English, Kannada and Hindi, at 390 px
// with no sideways scroll and at 1366×768; axe-core finds nothing serious.
func TestReceiptAndPaidCheck(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	approveDemoInspection(t, s)
	var raw string
	if err := s.DB.Gorm.Raw(`SELECT id::text FROM penalty_notices LIMIT 1`).Scan(&raw).Error; err != nil || raw == "" {
		t.Fatalf("the notice: %v", err)
	}
	id := uuid.MustParse(raw)
	v := payInFull(t, s, id)
	paidOn := document.DayText(v.Payments[0].PaidOn)

	ctx := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	signInOwner(t, s, ctx, "owner1@demo.tindal", "en")
	for _, lang := range []string{"en", "kn", "hi"} {
		switchLang(t, s, ctx, lang)
		for _, sz := range sizes {
			webtest.Do(t, ctx, chromedp.EmulateViewport(sz.w, sz.h),
				chromedp.Navigate(s.URL+"/my/notices/"+id.String()),
				chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] #receipt-link`)),
				chromedp.Click(chromedp.CSS("#receipt-link")),
				chromedp.WaitVisible(chromedp.CSS(`#receipts`)))
			text := webtest.Text(t, ctx)
			has(t, text, v.Notice.Number, v.Jurisdiction.Name, v.Vessel.RegistrationNumber, locale.Rupees(v.Paid), paidOn)
			for _, p := range v.Payments {
				has(t, text, p.ReceiptNumber, locale.Rupees(p.Amount))
			}
			fits(t, ctx, "the receipt in "+lang, sz.w)
			webtest.Axe(t, ctx)
			webtest.Shot(t, ctx, "receipt-"+lang+"-"+sz.name)
		}
		pdf := webtest.Get(t, ctx, chromedp.Evaluate[string](
			`fetch(document.querySelector('#receipt-pdf').href).then(r => r.status + ' ' + r.headers.get('content-type'))`,
			chromedp.EvalAwaitPromise))
		if pdf != "200 application/pdf" {
			t.Errorf("%s: the receipt's PDF answers %s", lang, pdf)
		}
	}

	check := webtest.Tab(t, webtest.PhoneWidth, webtest.PhoneHeight)
	for _, lang := range []string{"en", "kn", "hi"} {
		setLanguage(t, check, lang)
		for _, sz := range sizes {
			webtest.Do(t, check, chromedp.EmulateViewport(sz.w, sz.h),
				chromedp.Navigate(s.URL+"/v/"+v.VerifyCode),
				chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] .verdict`)))
			text := webtest.Text(t, check)
			paid, err := locale.Default().Text(lang, "paper.check.status.paid", map[string]any{"Date": paidOn})
			if err != nil {
				t.Fatal(err)
			}
			has(t, text, paid, v.Vessel.RegistrationNumber, v.Vessel.Name, v.Notice.Number)
			if strings.Contains(text, v.Owner.Name) {
				t.Errorf("%s: the public check names the owner %q", lang, v.Owner.Name)
			}
			fits(t, check, "the check in "+lang, sz.w)
			webtest.Axe(t, check)
			webtest.Shot(t, check, "check-paid-"+lang+"-"+sz.name)
		}
	}
}

// setLanguage makes the tab ask for pages in lang (Accept-Language), as a
// phone set to that language does.
func setLanguage(t *testing.T, ctx context.Context, lang string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders,
		network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": lang}}); err != nil {
		t.Fatal(err)
	}
}
