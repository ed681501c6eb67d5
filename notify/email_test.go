package notify_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/notify"
)

// tlsSMTP is the sender for the mailpit that, like real providers,
// requires STARTTLS and AUTH (scripts/services.sh).
func tlsSMTPURL(t *testing.T) *url.URL {
	t.Helper()
	raw := os.Getenv("TINDAL_TEST_SMTP_TLS_URL")
	if raw == "" {
		t.Fatal("TINDAL_TEST_SMTP_TLS_URL is not set: run scripts/services.sh and source .services.env")
	}
	u, err := url.Parse(raw)
	must(t, err)
	return u
}

func tlsSender(t *testing.T, u *url.URL) *notify.SMTP {
	t.Helper()
	s, err := notify.NewSMTP(u.String())
	must(t, err)
	s.Timeout = 5 * time.Second
	return s
}

func testEmail(to string) notify.Email {
	return notify.Email{MessageID: uuid.NewString() + "@tindal", From: "Tindal <reminders@tindal.test>", To: to,
		Subject: "ಜ್ಞಾಪನೆ: ನೋಂದಣಿ ಪ್ರಮಾಣಪತ್ರ", Body: "ನಮಸ್ಕಾರ,\n\nಮೊದಲ ಸಾಲು & <ಎರಡನೇ>\n  • ಒಂದು\n  • ಎರಡು",
		Language: "kn", Date: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC), ListUnsubscribe: "mailto:unsubscribe@tindal.test"}
}

func TestSTARTTLSAndAuthDeliverBothPartsAndHeaders(t *testing.T) {
	u := tlsSMTPURL(t)
	to := "tls-" + uuid.NewString()[:8] + "@test.tindal"
	e := testEmail(to)
	must(t, tlsSender(t, u).Send(context.Background(), e))
	msgs := mailpitAt(t, os.Getenv("TINDAL_TEST_MAILPIT_TLS_API"), to)
	if len(msgs) != 1 {
		t.Fatalf("%d messages, want 1", len(msgs))
	}
	m := msgs[0]
	if m.Subject != e.Subject || !strings.Contains(m.Text, "ಮೊದಲ ಸಾಲು & <ಎರಡನೇ>") {
		t.Errorf("subject %q text %q", m.Subject, m.Text)
	}
	if !strings.Contains(m.HTML, "ಮೊದಲ ಸಾಲು &amp; &lt;ಎರಡನೇ&gt;") || !strings.Contains(m.HTML, "<li>ಎರಡು</li>") || !strings.Contains(m.HTML, `lang="kn"`) {
		t.Errorf("html part %q", m.HTML)
	}
	h := mailpitHeaders(t, os.Getenv("TINDAL_TEST_MAILPIT_TLS_API"), m.ID)
	for k, want := range map[string]string{"Message-Id": "<" + e.MessageID + ">", "List-Unsubscribe": "<mailto:unsubscribe@tindal.test>",
		"Content-Language": "kn", "Auto-Submitted": "auto-generated"} {
		if got := strings.Join(h[k], ","); got != want {
			t.Errorf("header %s = %q, want %q", k, got, want)
		}
	}
	if d, err := time.Parse(time.RFC1123Z, strings.Join(h["Date"], "")); err != nil || !d.Equal(e.Date) {
		t.Errorf("Date %v: %v", h["Date"], err)
	}
	if !strings.Contains(strings.Join(h["Content-Type"], ""), "multipart/alternative") {
		t.Errorf("Content-Type %v, want multipart/alternative", h["Content-Type"])
	}
}

func TestWrongPasswordIsRefusedClearlyAndNotSent(t *testing.T) {
	u := tlsSMTPURL(t)
	u.User = url.UserPassword(u.User.Username(), "not-the-password")
	to := "badpw-" + uuid.NewString()[:8] + "@test.tindal"
	err := tlsSender(t, u).Send(context.Background(), testEmail(to))
	if err == nil || !strings.Contains(err.Error(), "refused the credentials") {
		t.Fatalf("err %v, want the credentials refused", err)
	}
	var perm *notify.PermanentError
	if asPermanent(err, &perm) {
		t.Errorf("a configuration error is permanent: the outbox would drop every message: %v", err)
	}
	if n := len(mailpitAt(t, os.Getenv("TINDAL_TEST_MAILPIT_TLS_API"), to)); n != 0 {
		t.Errorf("%d messages delivered with a wrong password", n)
	}
}

func TestPlainConnectionToSTARTTLSServerIsAClearError(t *testing.T) {
	u := tlsSMTPURL(t)
	q := u.Query()
	q.Set("starttls", "none")
	u.RawQuery = q.Encode()
	to := "plain-" + uuid.NewString()[:8] + "@test.tindal"
	err := tlsSender(t, u).Send(context.Background(), testEmail(to))
	if err == nil || !strings.Contains(err.Error(), "requires STARTTLS") {
		t.Fatalf("err %v, want: the server requires STARTTLS", err)
	}
	// Without credentials too: the server refuses the envelope.
	u.User = nil
	err = tlsSender(t, u).Send(context.Background(), testEmail(to))
	if err == nil || !strings.Contains(err.Error(), "requires STARTTLS") {
		t.Fatalf("no credentials: err %v, want: the server requires STARTTLS", err)
	}
	if n := len(mailpitAt(t, os.Getenv("TINDAL_TEST_MAILPIT_TLS_API"), to)); n != 0 {
		t.Errorf("%d messages delivered without TLS", n)
	}
}

func TestCredentialsRequireSTARTTLSByDefault(t *testing.T) {
	// The development mailpit offers no STARTTLS: credentials must not be
	// sent to it in clear unless the URL says starttls=none.
	plain, err := url.Parse(os.Getenv("TINDAL_SMTP_URL"))
	must(t, err)
	s, err := notify.NewSMTP("smtp://someone:secret@" + plain.Host)
	must(t, err)
	if s.TLS != notify.TLSStartRequired {
		t.Fatalf("TLS mode %q with credentials, want required", s.TLS)
	}
	err = s.Send(context.Background(), testEmail("nobody@test.tindal"))
	if err == nil || !strings.Contains(err.Error(), "does not offer STARTTLS") {
		t.Fatalf("err %v, want: server does not offer STARTTLS", err)
	}
}

func TestSMTPURLForms(t *testing.T) {
	cases := []struct {
		raw, tls, auth, helo string
		port                 int
		bad                  bool
	}{
		{raw: "smtp://127.0.0.1:1025", tls: notify.TLSStartOpportunistic, port: 1025},
		{raw: "smtp://u:p@smtp.example.com", tls: notify.TLSStartRequired, port: 587},
		{raw: "smtps://u:p@smtp.example.com", tls: notify.TLSImplicit, port: 465},
		{raw: "smtp://u%40example.com:p@smtp.example.com:2525?auth=login&helo=mail.tindal.in", tls: notify.TLSStartRequired, auth: "login", helo: "mail.tindal.in", port: 2525},
		{raw: "smtp://u:p@127.0.0.1:1025?starttls=none", tls: notify.TLSNone, port: 1025},
		{raw: "smtps://u:p@h?starttls=none", bad: true},
		{raw: "smtp://h?auth=cram", bad: true},
		{raw: "http://h", bad: true},
		{raw: "smtp://h?ca=/does/not/exist", bad: true},
	}
	for _, c := range cases {
		s, err := notify.NewSMTP(c.raw)
		if c.bad {
			if err == nil {
				t.Errorf("%s: accepted", c.raw)
			}
			continue
		}
		must(t, err)
		if s.TLS != c.tls || s.Port != c.port || s.Auth != c.auth || s.HELO != c.helo {
			t.Errorf("%s: %+v", c.raw, s)
		}
	}
	if s, _ := notify.NewSMTP("smtp://u%40example.com:p@h"); s.User != "u@example.com" {
		t.Errorf("user %q", s.User)
	}
}

func TestImplicitTLSAndEachAuthMechanismDeliver(t *testing.T) {
	smtps := os.Getenv("TINDAL_TEST_SMTPS_URL")
	if smtps == "" {
		t.Fatal("TINDAL_TEST_SMTPS_URL is not set: run scripts/services.sh and source .services.env")
	}
	su, err := url.Parse(smtps)
	must(t, err)
	starttls := tlsSMTPURL(t)
	cases := []struct {
		name, api string
		u         *url.URL
		auth      string
	}{
		{"smtps, best mechanism", os.Getenv("TINDAL_TEST_MAILPIT_SMTPS_API"), su, ""},
		{"smtps, AUTH LOGIN", os.Getenv("TINDAL_TEST_MAILPIT_SMTPS_API"), su, "login"},
		{"STARTTLS, AUTH PLAIN", os.Getenv("TINDAL_TEST_MAILPIT_TLS_API"), starttls, "plain"},
		{"STARTTLS, AUTH LOGIN", os.Getenv("TINDAL_TEST_MAILPIT_TLS_API"), starttls, "login"},
	}
	for _, c := range cases {
		u := *c.u
		q := u.Query()
		if c.auth != "" {
			q.Set("auth", c.auth)
		}
		q.Set("helo", "mail.tindal.test")
		u.RawQuery = q.Encode()
		s := tlsSender(t, &u)
		to := "mech-" + uuid.NewString()[:8] + "@test.tindal"
		if err := s.Send(context.Background(), testEmail(to)); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if n := len(mailpitAt(t, c.api, to)); n != 1 {
			t.Errorf("%s: %d messages delivered, want 1", c.name, n)
		}
	}
	// smtps:// to a server that does not speak TLS fails the handshake.
	plain, err := url.Parse(os.Getenv("TINDAL_SMTP_URL"))
	must(t, err)
	s, err := notify.NewSMTP("smtps://u:p@" + plain.Host)
	must(t, err)
	s.Timeout = 3 * time.Second
	if err := s.Send(context.Background(), testEmail("nobody@test.tindal")); err == nil {
		t.Error("smtps:// to a plain server succeeded")
	}
}

// TestHELONameIsTheConfiguredOne records the greeting a server receives:
// providers compare it with the sending address's reverse DNS.
func TestHELONameIsTheConfiguredOne(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	defer ln.Close()
	greeting := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		fmt.Fprint(c, "220 recorder ESMTP\r\n")
		sc := bufio.NewScanner(c)
		for sc.Scan() {
			cmd := sc.Text()
			switch up := strings.ToUpper(cmd); {
			case strings.HasPrefix(up, "EHLO"), strings.HasPrefix(up, "HELO"):
				greeting <- cmd
				fmt.Fprint(c, "250 ok\r\n")
			case strings.HasPrefix(up, "DATA"):
				fmt.Fprint(c, "354 go on\r\n")
			case up == ".":
				fmt.Fprint(c, "250 queued\r\n")
			case strings.HasPrefix(up, "QUIT"):
				fmt.Fprint(c, "221 bye\r\n")
				return
			case strings.HasPrefix(up, "MAIL"), strings.HasPrefix(up, "RCPT"), strings.HasPrefix(up, "RSET"), strings.HasPrefix(up, "NOOP"):
				fmt.Fprint(c, "250 ok\r\n")
			}
		}
	}()
	s, err := notify.NewSMTP("smtp://" + ln.Addr().String() + "?helo=mail.tindal.test")
	must(t, err)
	s.Timeout = 3 * time.Second
	must(t, s.Send(context.Background(), testEmail("helo@test.tindal")))
	if got := <-greeting; got != "EHLO mail.tindal.test" {
		t.Errorf("greeting %q, want EHLO mail.tindal.test", got)
	}
}
