package notify_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/notify"
)

// TestReminderSMSCappedPerOwnerPerDay: with a cap of two reminder SMS a
// day, an owner (Kannada, a mobile and no email) due five reminders gets
// two of them by SMS and one digest SMS naming the three more (in
// Kannada, as the catalogue's registered text), every reminder still in
// the app; a legal notice and a sign-in code go by SMS whatever the count;
// a second run of the same job and a later reminder that day add no SMS
// and no second digest. The gateway is given the four SMS, each with its
// DLT template id.
func TestReminderSMSCappedPerOwnerPerDay(t *testing.T) {
	w := newSMSWorld(t, "kn", "+919845012345")
	ob := notify.Outbox{Email: true, SMS: true, Link: "http://localhost:8080/my", RemindersPerDay: 2}
	enqueue := func(ns ...notify.Notice) {
		t.Helper()
		must(t, w.db.Gorm.Transaction(func(tx *gorm.DB) error {
			_, err := ob.Enqueue(context.Background(), tx, ns)
			return err
		}))
	}
	var reminders []notify.Notice
	for range 5 {
		reminders = append(reminders, certExpiring(w.owner))
	}
	user := uuid.New()
	must(t, w.db.Gorm.Exec(`INSERT INTO users (id, email, role, password_hash, owner_id) VALUES (?, '', 'owner', 'x', ?)`,
		user, w.owner.ID).Error)
	signIn := notify.Notice{Template: notify.TplOwnerSignInSMS, DedupeKey: "sms-signin:" + uuid.NewString(),
		SMSOnly: true, Recipient: notify.Recipient{Type: notify.RecipientUser, ID: user, Mobile: "+919845012345",
			Language: "kn"}, Data: notify.Data{Number: "123456", Due: time.Now().Add(10 * time.Minute)}}
	enqueue(append(reminders, smsPenalty(w.owner), signIn)...)
	enqueue(reminders...)          // the job again
	enqueue(certExpiring(w.owner)) // a later reminder the same day
	enqueue(smsPenalty(w.owner))   // and a later legal notice

	count := func(channel, template string) int {
		var n int64
		must(t, w.db.Gorm.Raw(`SELECT count(*) FROM notifications WHERE channel = ? AND template = ?`, channel,
			template).Row().Scan(&n))
		return int(n)
	}
	for _, c := range []struct {
		channel, template string
		want              int
	}{
		{"sms", notify.TplCertificateExpiring, 2},
		{"sms", notify.TplSMSDigest, 1},
		{"sms", notify.TplPenaltyAdjusted, 2},
		{"sms", notify.TplOwnerSignInSMS, 1},
		{"in_app", notify.TplCertificateExpiring, 6},
	} {
		if got := count(c.channel, c.template); got != c.want {
			t.Errorf("%s %s: %d, want %d", c.channel, c.template, got, c.want)
		}
	}
	var digest struct{ Body, Locale, Address string }
	must(t, w.db.Gorm.Raw(`SELECT body, locale, address FROM notifications WHERE template = ?`, notify.TplSMSDigest).
		Scan(&digest).Error)
	want, _, err := notify.RenderSMS(notify.TplSMSDigest, "kn", notify.SMSVars{Count: "3", Link: ob.Link})
	must(t, err)
	if digest.Body != want || digest.Locale != "kn" || digest.Address != "+919845012345" {
		t.Errorf("the digest: %+v, want %q", digest, want)
	}
	if r := w.dispatch(noon); r.Sent != 6 {
		t.Fatalf("dispatched %+v, want 6 SMS sent", r)
	}
	for _, q := range w.gw.accepted {
		if q.Get("template_id") == "" || q.Get("entity_id") == "" || q.Get("sender") != "TNDLKA" {
			t.Errorf("an SMS without its DLT template id: %v", q)
		}
	}
}
