package notify

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Email is one message to send.
type Email struct {
	MessageID string // without angle brackets
	From      string
	To        string
	Subject   string
	Body      string // plain text, UTF-8
	HTML      string // the same text as HTML; empty = made from Body
	Language  string
	Date      time.Time
	// ListUnsubscribe is a mailto: or https: URI for the List-Unsubscribe
	// header (RFC 2369), set on reminders an owner may opt out of; empty on
	// legal notices (penalties, detention), which must reach them.
	ListUnsubscribe string
}

// Sender delivers one email. It returns a *PermanentError when the server
// refused the message for good (an SMTP 5xx), an *AcceptedError when the
// server accepted it and the session failed afterwards (the message is
// sent); any other error is transient.
type Sender interface {
	Send(ctx context.Context, e Email) error
}

// PermanentError is a refusal that retrying will not change.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return "permanent: " + e.Err.Error() }

// Unwrap returns the cause.
func (e *PermanentError) Unwrap() error { return e.Err }

// AcceptedError is a failure after the server accepted the message: its
// reply to the end of DATA (250) arrived, then the session broke (at RSET
// or QUIT). The message was sent, and sending it again would deliver it
// twice; only errors before the acceptance are worth a retry.
type AcceptedError struct{ Err error }

func (e *AcceptedError) Error() string { return "accepted, then: " + e.Err.Error() }

// Unwrap returns the cause.
func (e *AcceptedError) Unwrap() error { return e.Err }

// TLS modes of an SMTP connection.
const (
	// TLSStartRequired upgrades with STARTTLS and refuses a server that
	// does not offer it: the default whenever credentials are set, so a
	// password never crosses the network in clear.
	TLSStartRequired = "required"
	// TLSStartOpportunistic upgrades when the server offers STARTTLS.
	TLSStartOpportunistic = "opportunistic"
	// TLSNone never upgrades (a mail sink on the same machine).
	TLSNone = "none"
	// TLSImplicit speaks TLS from the first byte (smtps://, port 465).
	TLSImplicit = "implicit"
)

// SMTP sends email through an SMTP server with go-mail, one connection
// per message (reminders are few; a pool would add failure modes for no
// gain).
type SMTP struct {
	Host     string
	Port     int
	User     string
	Password string
	// Auth is "plain", "login" or "" (the best the server offers, PLAIN or
	// LOGIN) when User is set.
	Auth string
	// TLS is one of the TLS* modes.
	TLS string
	// HELO is the name we give in EHLO (default: this machine's host name);
	// providers check it against our reverse DNS.
	HELO string
	// RootCAs trusts a private CA (nil = the system's roots).
	RootCAs *x509.CertPool
	Timeout time.Duration
}

var _ Sender = (*SMTP)(nil)

// NewSMTP builds a sender from a URL:
//
//	smtp://host:25                         no credentials: STARTTLS if offered
//	smtp://user:pass@host:587              STARTTLS required, then AUTH
//	smtps://user:pass@host:465             implicit TLS, then AUTH
//
// with optional query parameters starttls=required|opportunistic|none,
// auth=plain|login, helo=NAME and ca=/path/to/ca.pem. User and password
// are URL-encoded (an @ in a user name is %40).
func NewSMTP(raw string) (*SMTP, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, fmt.Errorf("smtp url: want smtp://[user:pass@]host[:port] or smtps://")
	}
	s := &SMTP{Host: u.Hostname(), Timeout: 20 * time.Second, TLS: TLSStartOpportunistic}
	if u.User != nil {
		s.User = u.User.Username()
		s.Password, _ = u.User.Password()
		s.TLS = TLSStartRequired
	}
	if u.Scheme == "smtps" {
		s.TLS = TLSImplicit
	}
	if err := s.applyQuery(u.Query()); err != nil {
		return nil, err
	}
	s.Port = defaultPort(s)
	if p := u.Port(); p != "" {
		if s.Port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("smtp url: port %q", p)
		}
	}
	return s, nil
}

// applyQuery reads the URL's options.
func (s *SMTP) applyQuery(q url.Values) error {
	switch v := q.Get("starttls"); {
	case v == "":
	case s.TLS == TLSImplicit:
		return errors.New("smtp url: starttls does not apply to smtps://")
	case v == TLSStartRequired || v == TLSStartOpportunistic || v == TLSNone:
		s.TLS = v
	default:
		return fmt.Errorf("smtp url: starttls=%q, want required, opportunistic or none", v)
	}
	switch v := q.Get("auth"); v {
	case "", "plain", "login":
		s.Auth = v
	default:
		return fmt.Errorf("smtp url: auth=%q, want plain or login", v)
	}
	s.HELO = q.Get("helo")
	if ca := q.Get("ca"); ca != "" {
		pem, err := os.ReadFile(ca) //nolint:gosec // the CA path is configuration (TINDAL_SMTP_URL)
		if err != nil {
			return fmt.Errorf("smtp url: ca: %w", err)
		}
		s.RootCAs = x509.NewCertPool()
		if !s.RootCAs.AppendCertsFromPEM(pem) {
			return fmt.Errorf("smtp url: ca %s holds no PEM certificate", ca)
		}
	}
	return nil
}

func defaultPort(s *SMTP) int {
	switch {
	case s.TLS == TLSImplicit:
		return 465
	case s.User != "":
		return 587
	}
	return 25
}

// Send delivers e. Connection, TLS and authentication failures are
// transient (the message waits for the configuration or the server to be
// put right); a 5xx reply to the message itself is permanent; a failure
// once the server accepted the message is an *AcceptedError.
func (s *SMTP) Send(ctx context.Context, e Email) error {
	m, err := message(e)
	if err != nil {
		return &PermanentError{Err: err}
	}
	c, err := gomail.NewClient(s.Host, s.options()...)
	if err != nil {
		return fmt.Errorf("smtp client: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	if err := c.DialAndSendWithContext(ctx, m); err != nil {
		if m.IsDelivered() { // the 250 to DATA arrived: RSET or QUIT failed
			return &AcceptedError{Err: fmt.Errorf("smtp %s: %w", net.JoinHostPort(s.Host, strconv.Itoa(s.Port)), err)}
		}
		return s.classify(err)
	}
	return nil
}

func (s *SMTP) options() []gomail.Option {
	tc := &tls.Config{ServerName: s.Host, RootCAs: s.RootCAs, MinVersion: tls.VersionTLS12}
	opts := []gomail.Option{gomail.WithPort(s.Port), gomail.WithTimeout(s.Timeout), gomail.WithTLSConfig(tc)}
	switch s.TLS {
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL())
	case TLSStartRequired:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if s.HELO != "" {
		opts = append(opts, gomail.WithHELO(s.HELO))
	}
	if s.User != "" {
		opts = append(opts, gomail.WithSMTPAuth(s.authType()), gomail.WithUsername(s.User), gomail.WithPassword(s.Password))
	}
	return opts
}

// authType picks the mechanism. Without TLS (starttls=none, for a local
// sink) go-mail only sends credentials with the NOENC variants, which the
// operator asked for by saying none.
func (s *SMTP) authType() gomail.SMTPAuthType {
	clear := s.TLS == TLSNone
	switch {
	case s.Auth == "login" && clear:
		return gomail.SMTPAuthLoginNoEnc
	case s.Auth == "login":
		return gomail.SMTPAuthLogin
	case s.Auth == "plain" && clear:
		return gomail.SMTPAuthPlainNoEnc
	case s.Auth == "plain":
		return gomail.SMTPAuthPlain
	}
	return gomail.SMTPAuthAutoDiscover
}

// classify marks SMTP 5xx replies to the message permanent, and names a
// refused STARTTLS or AUTH plainly (both are configuration, not the
// message).
func (s *SMTP) classify(err error) error {
	var se *gomail.SendError
	addr := net.JoinHostPort(s.Host, strconv.Itoa(s.Port))
	msg := err.Error()
	switch {
	case strings.Contains(msg, "does not support STARTTLS"):
		return fmt.Errorf("smtp %s does not offer STARTTLS, which credentials require (starttls=none "+
			"in TINDAL_SMTP_URL sends them in clear): %w", addr, err)
	case strings.Contains(msg, "530") || strings.Contains(strings.ToLower(msg), "must issue a starttls"):
		return fmt.Errorf(
			"smtp %s requires STARTTLS before anything else: drop starttls=none from TINDAL_SMTP_URL: %w",
			addr,
			err,
		)
	case s.TLS == TLSNone && s.User != "" &&
		(strings.Contains(msg, "does not support SMTP AUTH") || strings.Contains(msg, "autodiscover")):
		return fmt.Errorf("smtp %s offers no AUTH on a connection without TLS: it requires STARTTLS; "+
			"drop starttls=none from TINDAL_SMTP_URL: %w", addr, err)
	case strings.Contains(msg, "SMTP AUTH failed") || strings.Contains(msg, "does not support SMTP AUTH"):
		return fmt.Errorf("smtp %s refused the credentials: %w", addr, err)
	case strings.Contains(msg, "tls: ") || strings.Contains(msg, "x509: "):
		return fmt.Errorf("smtp %s: TLS handshake failed (a private CA needs ca= in TINDAL_SMTP_URL): %w", addr, err)
	case errors.As(err, &se) && se.ErrorCode() >= 500:
		return &PermanentError{Err: err}
	}
	return fmt.Errorf("smtp %s: %w", addr, err)
}

// message builds the MIME message: UTF-8 plain text with an HTML
// alternative, encoded subject, and the headers a DKIM-signing relay and
// the receiving provider expect: Message-ID made from the notification id
// (so a rare duplicate is recognisable), Date, Content-Language,
// Auto-Submitted and List-Unsubscribe where it applies.
func message(e Email) (*gomail.Msg, error) {
	m := gomail.NewMsg(gomail.WithCharset(gomail.CharsetUTF8), gomail.WithEncoding(gomail.EncodingQP))
	if err := m.From(e.From); err != nil {
		return nil, fmt.Errorf("from %q: %w", e.From, err)
	}
	if err := m.To(e.To); err != nil {
		return nil, fmt.Errorf("to %q: %w", e.To, err)
	}
	m.Subject(e.Subject)
	m.SetMessageIDWithValue(e.MessageID)
	m.SetDateWithValue(e.Date)
	if e.Language != "" {
		m.SetGenHeader(gomail.HeaderContentLang, e.Language)
	}
	m.SetGenHeader("Auto-Submitted", "auto-generated")
	if e.ListUnsubscribe != "" {
		m.SetListUnsubscribe(e.ListUnsubscribe)
	}
	m.SetBodyString(gomail.TypeTextPlain, e.Body)
	html := e.HTML
	if html == "" {
		html = HTMLOf(e.Body, e.Language)
	}
	m.AddAlternativeString(gomail.TypeTextHTML, html)
	return m, nil
}
