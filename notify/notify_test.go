package notify_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// seedOwner creates a jurisdiction and an owner with a unique email.
func seedOwner(t *testing.T, db *storage.DB, lang string) notify.Recipient {
	t.Helper()
	j, o := uuid.New(), uuid.New()
	now := time.Now().UTC()
	s := models.Synced{Version: 1, CreatedAt: now, UpdatedAt: now}
	must(t, db.Gorm.Create(&models.Jurisdiction{ID: j, Code: "J" + strings.ToUpper(j.String()[:6]), Name: "J", Regime: "KA-IV-2025", Synced: s}).Error)
	email := fmt.Sprintf("owner-%s@test.tindal", o.String()[:12])
	must(t, db.Gorm.Create(&models.Owner{ID: o, Kind: "person", Name: "Lakshmi", Email: email, PreferredLanguage: lang, JurisdictionID: j, Synced: s}).Error)
	return notify.Owner(o, "Lakshmi", email, lang)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func reminder(r notify.Recipient) notify.Notice {
	return notify.Notice{Template: notify.TplCoCLegacyDeadline, DedupeKey: "test:" + uuid.NewString(), Recipient: r,
		Data: notify.Data{Vessel: "Sagar Rani (KA-KWR-M-0002)", Holder: "Ramesh Tandel", Doc: "serang", Number: "KAPD/SER/1427",
			Due: time.Date(2027, 6, 6, 0, 0, 0, 0, time.UTC), Days: 180, Citation: "Karnataka 2025, r.32(2), Sch-XV G"}}
}

func enqueue(t *testing.T, db *storage.DB, ns ...notify.Notice) {
	t.Helper()
	must(t, db.Gorm.Transaction(func(tx *gorm.DB) error {
		_, err := notify.Outbox{Email: true}.Enqueue(context.Background(), tx, ns)
		return err
	}))
}

func smtpSender(t *testing.T) *notify.SMTP {
	u := os.Getenv("TINDAL_SMTP_URL")
	if u == "" {
		t.Fatal("TINDAL_SMTP_URL is not set: run scripts/services.sh and source .services.env")
	}
	s, err := notify.NewSMTP(u)
	must(t, err)
	return s
}

// mailpitMessage is what mailpit's API says of a message.
type mailpitMessage struct {
	ID, MessageID, Subject, Text, HTML string
}

// mailpit returns the messages sent to address, read through its API.
func mailpit(t *testing.T, address string) []mailpitMessage {
	t.Helper()
	return mailpitAt(t, os.Getenv("TINDAL_MAILPIT_API"), address)
}

// mailpitHeaders reads a message's headers.
func mailpitHeaders(t *testing.T, api, id string) map[string][]string {
	t.Helper()
	h := map[string][]string{}
	getJSON(t, api+"/api/v1/message/"+id+"/headers", &h)
	return h
}

func asPermanent(err error, p **notify.PermanentError) bool { return errors.As(err, p) }

// mailpitAt returns the messages sent to address at the mailpit whose API
// is api.
func mailpitAt(t *testing.T, api, address string) []mailpitMessage {
	t.Helper()
	if api == "" {
		t.Fatal("mailpit API is not set: run scripts/services.sh and source .services.env")
	}
	var list struct{ Messages []mailpitMessage }
	getJSON(t, api+"/api/v1/search?query="+url.QueryEscape("to:"+address), &list)
	out := make([]mailpitMessage, 0, len(list.Messages))
	for _, m := range list.Messages {
		var full mailpitMessage
		getJSON(t, api+"/api/v1/message/"+m.ID, &full)
		out = append(out, full)
	}
	return out
}

func getJSON(t *testing.T, u string, v any) {
	t.Helper()
	res, err := http.Get(u)
	must(t, err)
	defer res.Body.Close()
	must(t, json.NewDecoder(res.Body).Decode(v))
}

func dispatcher(db *storage.DB, s notify.Sender) *notify.Dispatcher {
	return &notify.Dispatcher{DB: db, Sender: s, From: "Tindal <reminders@tindal.test>", Jitter: func() float64 { return 0.5 }}
}

// penaltyNotice is a Karnataka 2025 Sch-IV row 1 fine doubled by an
// earlier offence (Sch-IV note), as penalty.RecomputeParties writes it.
func penaltyNotice(r notify.Recipient) notify.Notice {
	return notify.Notice{Template: notify.TplPenaltyAdjusted, DedupeKey: "test:" + uuid.NewString(), Recipient: r,
		Data: notify.Data{Vessel: "Sagar Rani (KA-KWR-M-0002)", Row: "KA-F01", Offence: "Operating the boat without a valid insurance cover",
			Due: time.Date(2027, 3, 10, 0, 0, 0, 0, time.UTC), Amount: 100000, Previous: 50000, Level: 2, PreviousLevel: 1,
			Reason: notify.PenaltyRepeat, Earlier: time.Date(2027, 2, 1, 0, 0, 0, 0, time.UTC), Citation: "Karnataka 2025, Sch-IV row 1"}}
}

// TestEmailArrivesInTheOwnersLanguage sends through the mailpit that
// requires STARTTLS and AUTH, as a real provider does, and reads each
// message back from its API.
func TestEmailArrivesInTheOwnersLanguage(t *testing.T) {
	db := testkit.NewDB(t)
	hi, kn, en := seedOwner(t, db, "hi"), seedOwner(t, db, "kn"), seedOwner(t, db, "en")
	enqueue(t, db, reminder(hi), reminder(kn), reminder(en), penaltyNotice(kn))
	d := dispatcher(db, tlsSender(t, tlsSMTPURL(t)))
	d.ListUnsubscribe = "mailto:unsubscribe@tindal.test"
	res, err := d.Dispatch(context.Background(), time.Now())
	must(t, err)
	if res.Sent != 4 {
		t.Fatalf("%+v, want 4 sent", res)
	}
	api := os.Getenv("TINDAL_TEST_MAILPIT_TLS_API")
	cases := []struct {
		r             notify.Recipient
		subject, body []string
	}{
		{hi, []string{"पुनर्वैध", "6 जून 2027"}, []string{"नियम: Karnataka 2025, r.32(2), Sch-XV G", "क्या करें:", "Sagar Rani (KA-KWR-M-0002)", "KAPD/SER/1427", "180 दिन"}},
		{kn, []string{"Ramesh Tandel ಅವರ ಹಳೆಯ ಸಾಮರ್ಥ್ಯ ಪ್ರಮಾಣಪತ್ರವನ್ನು 6 ಜೂನ್ 2027 ರೊಳಗೆ ಮರುಮಾನ್ಯಗೊಳಿಸಿ"},
			[]string{"ನಮಸ್ಕಾರ Lakshmi ಅವರೇ,", "ನಿಯಮ: Karnataka 2025, r.32(2), Sch-XV G", "ಏನು ಮಾಡಬೇಕು:", "Sagar Rani (KA-KWR-M-0002) ಜಲನೌಕೆಯಲ್ಲಿ", "KAPD/SER/1427", "ಇನ್ನು 180 ದಿನಗಳಲ್ಲಿ", "ಸಾಮರ್ಥ್ಯ ಪ್ರಮಾಣಪತ್ರ (CoC), ಸೆರಾಂಗ್", "ಒಳನಾಡು ಜಲನೌಕೆ ತಪಾಸಣಾ ವ್ಯವಸ್ಥೆ"}},
		{en, []string{"Revalidate Ramesh Tandel's old competency certificate by 6 June 2027"}, []string{"Sagar Rani (KA-KWR-M-0002)", "in 180 days", "What to do:"}},
	}
	for _, c := range cases {
		var m mailpitMessage
		for _, x := range mailpitAt(t, api, c.r.Email) {
			if strings.Contains(x.Subject, "2027") && !strings.Contains(x.Subject, "₹") {
				m = x
			}
		}
		if m.ID == "" {
			t.Fatalf("%s: no reminder at mailpit", c.r.Language)
		}
		for _, s := range c.subject {
			if !strings.Contains(m.Subject, s) {
				t.Errorf("%s subject %q lacks %q", c.r.Language, m.Subject, s)
			}
		}
		for _, s := range c.body {
			if !strings.Contains(m.Text, s) || !strings.Contains(m.HTML, s) {
				t.Errorf("%s text or HTML part lacks %q:\n%s\n%s", c.r.Language, s, m.Text, m.HTML)
			}
		}
		var id string
		must(t, db.Gorm.Raw(`SELECT id FROM notifications WHERE channel = 'email' AND address = ? AND template = ?`, c.r.Email, notify.TplCoCLegacyDeadline).Scan(&id).Error)
		if m.MessageID != id+"@tindal" {
			t.Errorf("Message-ID %q, want the notification id %s@tindal", m.MessageID, id)
		}
		h := mailpitHeaders(t, api, m.ID)
		if got := strings.Join(h["Content-Language"], ""); got != c.r.Language {
			t.Errorf("Content-Language %q, want %s", got, c.r.Language)
		}
		if got := strings.Join(h["List-Unsubscribe"], ""); got != "<mailto:unsubscribe@tindal.test>" {
			t.Errorf("a reminder's List-Unsubscribe is %q", got)
		}
	}
	// The Kannada owner's penalty notice: amounts with Indian grouping, the
	// offence in Kannada, and no List-Unsubscribe (a legal notice).
	var notice mailpitMessage
	for _, x := range mailpitAt(t, api, kn.Email) {
		if strings.Contains(x.Subject, "₹") {
			notice = x
		}
	}
	for _, s := range []string{"ದಂಡ ₹1,00,000 ಕ್ಕೆ ಏರಿಕೆ: KA-F01"} {
		if !strings.Contains(notice.Subject, s) {
			t.Errorf("kn notice subject %q lacks %q", notice.Subject, s)
		}
	}
	for _, s := range []string{"ದಂಡ: ₹50,000 → ₹1,00,000.", "ಮಾನ್ಯ ವಿಮಾ ರಕ್ಷಣೆ ಇಲ್ಲದೆ ಜಲನೌಕೆ ನಡೆಸುವುದು", "1 ಫೆಬ್ರವರಿ 2027 ರಂದು", "10 ಮಾರ್ಚ್ 2027 ರಂದು", "ಮೇಲ್ಮನವಿ"} {
		if !strings.Contains(notice.Text, s) {
			t.Errorf("kn notice lacks %q:\n%s", s, notice.Text)
		}
	}
	if notice.ID != "" {
		if h := mailpitHeaders(t, api, notice.ID); len(h["List-Unsubscribe"]) != 0 {
			t.Errorf("a penalty notice carries List-Unsubscribe %v", h["List-Unsubscribe"])
		}
	}
	// In-app feed entries were written with them, in the same languages.
	var locales []string
	must(t, db.Gorm.Raw(`SELECT locale FROM notifications WHERE channel = 'in_app' ORDER BY locale`).Scan(&locales).Error)
	if strings.Join(locales, ",") != "en,hi,kn,kn" {
		t.Errorf("feed locales %v", locales)
	}
}

// plainSMTP is a sender to addr without credentials.
func plainSMTP(t *testing.T, addr string) *notify.SMTP {
	s, err := notify.NewSMTP("smtp://" + addr)
	must(t, err)
	s.Timeout = 2 * time.Second
	return s
}

// closedPort is a TCP address nobody listens on.
func closedPort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func TestSMTPDownRetriesWithBackoffThenDeliversOnce(t *testing.T) {
	db := testkit.NewDB(t)
	r := seedOwner(t, db, "en")
	enqueue(t, db, reminder(r))
	down := plainSMTP(t, closedPort(t))
	ctx := context.Background()
	t0 := time.Now()
	var waits []time.Duration
	at := t0
	for attempt := 1; attempt <= 3; attempt++ {
		res, err := dispatcher(db, down).Dispatch(ctx, at)
		must(t, err)
		if res.Retried != 1 {
			t.Fatalf("attempt %d: %+v, want a retry", attempt, res)
		}
		var next time.Time
		var n int
		must(t, db.Gorm.Raw(`SELECT next_attempt_at FROM notifications WHERE channel = 'email'`).Scan(&next).Error)
		must(t, db.Gorm.Raw(`SELECT attempts FROM notifications WHERE channel = 'email'`).Scan(&n).Error)
		if n != attempt {
			t.Errorf("attempts %d, want %d", n, attempt)
		}
		waits = append(waits, next.Sub(at))
		// Not due before its time.
		res, err = dispatcher(db, down).Dispatch(ctx, next.Add(-time.Second))
		must(t, err)
		if res != (notify.Result{}) {
			t.Errorf("dispatched before next_attempt_at: %+v", res)
		}
		at = next
	}
	for i := 1; i < len(waits); i++ {
		if waits[i] < 2*waits[i-1]-time.Second {
			t.Errorf("waits %v: not exponential", waits)
		}
	}
	res, err := dispatcher(db, smtpSender(t)).Dispatch(ctx, at)
	must(t, err)
	if res.Sent != 1 {
		t.Fatalf("after recovery: %+v, want 1 sent", res)
	}
	res, err = dispatcher(db, smtpSender(t)).Dispatch(ctx, at.Add(time.Hour))
	must(t, err)
	if res != (notify.Result{}) {
		t.Errorf("second dispatch sent again: %+v", res)
	}
	if msgs := mailpit(t, r.Email); len(msgs) != 1 {
		t.Errorf("%d messages at mailpit, want exactly 1", len(msgs))
	}
}

// refusingServer is an SMTP server that refuses every recipient with 550.
func refusingServer(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				fmt.Fprint(c, "220 refuser ESMTP\r\n")
				sc := bufio.NewScanner(c)
				for sc.Scan() {
					cmd := strings.ToUpper(sc.Text())
					switch {
					case strings.HasPrefix(cmd, "RCPT"):
						fmt.Fprint(c, "550 5.1.1 no such mailbox\r\n")
					case strings.HasPrefix(cmd, "QUIT"):
						fmt.Fprint(c, "221 bye\r\n")
						return
					default:
						fmt.Fprint(c, "250 ok\r\n")
					}
				}
			}()
		}
	}()
	return ln.Addr().String()
}

func TestPermanentRefusalFailsAndExpiredLeaseIsRetried(t *testing.T) {
	db := testkit.NewDB(t)
	a, b := seedOwner(t, db, "en"), seedOwner(t, db, "en")
	enqueue(t, db, reminder(a))
	res, err := dispatcher(db, plainSMTP(t, refusingServer(t))).Dispatch(context.Background(), time.Now())
	must(t, err)
	var state, lastErr string
	must(t, db.Gorm.Raw(`SELECT state FROM notifications WHERE channel = 'email' AND address = ?`, a.Email).Scan(&state).Error)
	must(t, db.Gorm.Raw(`SELECT last_error FROM notifications WHERE channel = 'email' AND address = ?`, a.Email).Scan(&lastErr).Error)
	if res.Failed != 1 || state != "failed" || !strings.Contains(lastErr, "550") {
		t.Errorf("%+v state %s error %q: want failed with the 550", res, state, lastErr)
	}
	// A message claimed by a dispatcher that died: its lease expires.
	enqueue(t, db, reminder(b))
	must(t, db.Gorm.Exec(`UPDATE notifications SET state = 'sending', attempts = 1, lease_until = now() - interval '1 minute' WHERE address = ? AND channel = 'email'`, b.Email).Error)
	res, err = dispatcher(db, smtpSender(t)).Dispatch(context.Background(), time.Now())
	must(t, err)
	if res.Sent != 1 || len(mailpit(t, b.Email)) != 1 {
		t.Errorf("expired lease not retried: %+v", res)
	}
}

func TestICSIsValidRFC5545(t *testing.T) {
	long := strings.Repeat("Certificate of Survey ನವೀಕರಣ; renew, then ply ", 5)
	ics := notify.ICS(notify.Calendar{Name: "Tindal: Lakshmi", Events: []notify.Event{
		{UID: "a@tindal", Date: time.Date(2027, 6, 6, 0, 0, 0, 0, time.UTC), Summary: long, Description: "line one\nline two, with \\ and ;", AlarmsDaysBefore: []int{30, 7, 0}},
		{UID: "b@tindal", Date: time.Date(2028, 2, 29, 0, 0, 0, 0, time.UTC), Summary: "leap day", AlarmsDaysBefore: []int{1}},
	}}, time.Date(2026, 12, 8, 6, 30, 0, 0, time.UTC))
	cal, err := testkit.ParseICS(ics)
	if err != nil {
		t.Fatalf("%v\n%s", err, ics)
	}
	if len(cal.Children) != 2 {
		t.Fatalf("%d events", len(cal.Children))
	}
	ev := cal.Children[0]
	if got := testkit.UnescapeICSText(ev.Props["SUMMARY"][0]); got != long {
		t.Errorf("summary round trip:\n%q\n%q", got, long)
	}
	if got := testkit.UnescapeICSText(ev.Props["DESCRIPTION"][0]); got != "line one\nline two, with \\ and ;" {
		t.Errorf("description round trip %q", got)
	}
	if ev.Props["DTSTART"][0] != "20270606" || ev.Params["DTSTART"][0] != "VALUE=DATE" || ev.Props["DTEND"][0] != "20270607" {
		t.Errorf("dates %v %v", ev.Props["DTSTART"], ev.Props["DTEND"])
	}
	if len(ev.Children) != 3 || ev.Children[0].Props["TRIGGER"][0] != "-P30D" {
		t.Errorf("alarms %+v", ev.Children)
	}
	if cal.Children[1].Props["DTEND"][0] != "20280301" {
		t.Errorf("leap day event ends %v", cal.Children[1].Props["DTEND"])
	}
}

func TestEveryTemplateRendersInEveryLanguageWithItsParts(t *testing.T) {
	d := notify.Data{Vessel: "V (REG-1)", Holder: "H", Doc: "survey", Number: "N-1", Due: time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC),
		Days: 7, Citation: "Karnataka 2025, r.113(1)", Amount: 10000, Previous: 5000, Lines: []string{"a reason"}}
	for _, tpl := range notify.Templates {
		if tpl == notify.TplJobAlert || tpl == notify.TplOwnerSignIn {
			continue // to admins, about jobs; to an owner, about signing in: no vessel, no rule
		}
		for _, lang := range []string{"en", "kn", "hi"} {
			dd := d
			if tpl == notify.TplInspectionOverdue {
				dd.Doc = "late_renewal"
			}
			r, err := notify.Render(tpl, notify.Owner(uuid.New(), "Lakshmi", "", lang), dd)
			must(t, err)
			if r.Locale != lang {
				t.Errorf("%s/%s: locale %s, want %s", tpl, lang, r.Locale, lang)
			}
			if want := map[string]string{"en": "1 March 2027", "kn": "1 ಮಾರ್ಚ್ 2027", "hi": "1 मार्च 2027"}[lang]; !strings.Contains(r.Body, want) {
				t.Errorf("%s/%s body lacks the date %q:\n%s", tpl, lang, want, r.Body)
			}
			for _, part := range []string{"V (REG-1)", "Karnataka 2025, r.113(1)"} {
				if !strings.Contains(r.Body, part) {
					t.Errorf("%s/%s body lacks %q:\n%s", tpl, lang, part, r.Body)
				}
			}
			if strings.Contains(r.Body+r.Subject, "%!") || strings.Contains(r.Body+r.Subject, "<no value>") {
				t.Errorf("%s/%s: formatting error:\n%s\n%s", tpl, lang, r.Subject, r.Body)
			}
		}
	}
}

func TestManningNoticeNamesThePostsInTheOwnersLanguage(t *testing.T) {
	d := notify.Data{Vessel: "V (REG-1)", Due: time.Date(2027, 6, 7, 0, 0, 0, 0, time.UTC), Citation: "Karnataka 2025, r.29(1)",
		Lines: []string{"serang: no crew member with a valid certificate (serang, master_2nd_class)"},
		Posts: []notify.Post{{Role: "serang", Grades: []string{"serang", "master_2nd_class"}}}}
	want := map[string]string{
		"en": "  • serang: no crew member with a valid certificate (serang, master_2nd_class)",
		// Kannada and Hindi name the post and the grades the law knows
		// from the catalogue (they read "serang" before); a grade the
		// law does not know is shown as recorded.
		"kn": "  • ಸೆರಾಂಗ್: ಮಾನ್ಯ ಪ್ರಮಾಣಪತ್ರ (ಸೆರಾಂಗ್, master_2nd_class) ಇರುವ ಸಿಬ್ಬಂದಿ ಯಾರೂ ಇಲ್ಲ",
		"hi": "  • सेरंग: वैध प्रमाणपत्र (सेरंग, master_2nd_class) वाला कोई चालक दल सदस्य नहीं",
	}
	for lang, line := range want {
		r, err := notify.Render(notify.TplManningNonCompliant, notify.Owner(uuid.New(), "Lakshmi", "", lang), d)
		must(t, err)
		if !strings.Contains(r.Body, line) || (lang != "en" && (strings.Contains(r.Body, "no crew member") || strings.Contains(r.Body, "serang"))) {
			t.Errorf("%s body lacks %q:\n%s", lang, line, r.Body)
		}
	}
}
