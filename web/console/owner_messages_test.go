package console_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/web/webtest"
)

// TestRegistrarSeesOwnersSMS: the Karwar registrar, on a laptop, sees owner
// 1's mobile, the channels reminders go by, and the last SMS with its
// delivery state: a detention order the gateway reported undelivered,
// flagged to be served another way. axe finds nothing serious.
func TestRegistrarSeesOwnersSMS(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	var ids []uuid.UUID
	if err := s.DB.Gorm.Raw(`SELECT owner_id FROM users WHERE email = 'owner1@demo.tindal'`).Scan(&ids).Error; err != nil ||
		len(ids) != 1 {
		t.Fatal(err)
	}
	owner := ids[0]
	text := "ಟಿಂಡಾಲ್: Sagar Rani (KA-KWR-M-0006) ಹಡಗನ್ನು ತಡೆಹಿಡಿಯಲಾಗಿದೆ."
	if err := s.DB.Gorm.Exec(`INSERT INTO notifications (id, channel, dedupe_key, recipient_type, recipient_id, owner_id,
		address, template, locale, subject, body, state, gateway_id, receipt, serve_otherwise)
		VALUES (?, 'sms', 'test', 'owner', ?, ?, '+919448012345', ?, 'kn', '', ?, 'sent', 'gw-1', 'failed', true)`,
		uuid.New(), owner, owner, notify.TplDetentionOrdered, text).Error; err != nil {
		t.Fatal(err)
	}
	ctx := webtest.Tab(t, 1366, 768)
	webtest.SignInConsole(t, ctx, s, "registrar.karwar@demo.tindal")
	webtest.Do(t, ctx, chromedp.Navigate(s.URL+"/console/owners/"+owner.String()),
		chromedp.WaitVisible(chromedp.CSS("main h1")))
	page := webtest.Text(t, ctx)
	for _, want := range []string{"Mobile (SMS)", "+919448012345", "SMS and email", "Last messages", text,
		"sent · not delivered · serve this notice another way"} {
		if !strings.Contains(page, want) {
			t.Errorf("the registrar's page lacks %q:\n%s", want, page)
		}
	}
	webtest.Axe(t, ctx)
	webtest.Shot(t, ctx, "owner-messages")

}
