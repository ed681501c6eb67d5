package notify

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"net/url"
	"time"
)

// Email is one message to send.
type Email struct {
	MessageID string // without angle brackets
	From      string
	To        string
	Subject   string
	Body      string // plain text, UTF-8
	Language  string
	Date      time.Time
}

// Sender delivers one email. It returns a *PermanentError when the server
// refused the message for good (an SMTP 5xx); any other error is transient.
type Sender interface {
	Send(ctx context.Context, e Email) error
}

// PermanentError is a refusal that retrying will not change.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return "permanent: " + e.Err.Error() }

// Unwrap returns the cause.
func (e *PermanentError) Unwrap() error { return e.Err }

// SMTP sends email through an SMTP server, one connection per message
// (reminders are few; a pool would add failure modes for no gain).
type SMTP struct {
	Addr    string // host:port
	Auth    smtp.Auth
	Timeout time.Duration
}

var _ Sender = (*SMTP)(nil)

// NewSMTP builds a sender from a URL such as smtp://user:pass@host:1025.
// Credentials are sent with PLAIN auth, which net/smtp only allows over TLS
// or to localhost.
func NewSMTP(raw string) (*SMTP, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "smtp" || u.Host == "" {
		return nil, fmt.Errorf("smtp url %q: want smtp://[user:pass@]host:port", raw)
	}
	s := &SMTP{Addr: u.Host, Timeout: 20 * time.Second}
	if u.Port() == "" {
		s.Addr = net.JoinHostPort(u.Hostname(), "25")
	}
	if u.User != nil {
		pw, _ := u.User.Password()
		s.Auth = smtp.PlainAuth("", u.User.Username(), pw, u.Hostname())
	}
	return s, nil
}

// Send delivers e. Connection failures are transient; a 5xx reply is permanent.
func (s *SMTP) Send(ctx context.Context, e Email) error {
	d := net.Dialer{Timeout: s.Timeout}
	conn, err := d.DialContext(ctx, "tcp", s.Addr)
	if err != nil {
		return fmt.Errorf("connect to smtp %s: %w", s.Addr, err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(s.Timeout))
	host, _, _ := net.SplitHostPort(s.Addr)
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		return classify(err)
	}
	defer c.Close()
	if err := s.converse(c, e); err != nil {
		return classify(err)
	}
	return nil
}

func (s *SMTP) converse(c *smtp.Client, e Email) error {
	if err := c.Hello("tindal"); err != nil {
		return err
	}
	if s.Auth != nil {
		if err := c.Auth(s.Auth); err != nil {
			return err
		}
	}
	if err := c.Mail(envelope(e.From)); err != nil {
		return err
	}
	if err := c.Rcpt(envelope(e.To)); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(compose(e)); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// envelope is the bare address of "Name <addr>" for MAIL FROM and RCPT TO.
func envelope(a string) string {
	if p, err := mail.ParseAddress(a); err == nil {
		return p.Address
	}
	return a
}

// classify marks SMTP 5xx replies permanent.
func classify(err error) error {
	var te *textproto.Error
	if errors.As(err, &te) && te.Code >= 500 {
		return &PermanentError{Err: err}
	}
	return err
}

// compose builds the RFC 5322 message: UTF-8 text, base64 body, encoded
// subject, and a Message-ID made from the notification id so that a rare
// duplicate is recognisable.
func compose(e Email) []byte {
	var b bytes.Buffer
	h := func(k, v string) { fmt.Fprintf(&b, "%s: %s\r\n", k, v) }
	h("From", e.From)
	h("To", e.To)
	h("Subject", mime.BEncoding.Encode("utf-8", e.Subject))
	h("Date", e.Date.Format(time.RFC1123Z))
	h("Message-ID", "<"+e.MessageID+">")
	h("MIME-Version", "1.0")
	h("Content-Type", "text/plain; charset=utf-8")
	h("Content-Transfer-Encoding", "base64")
	if e.Language != "" {
		h("Content-Language", e.Language)
	}
	h("Auto-Submitted", "auto-generated")
	b.WriteString("\r\n")
	enc := base64.StdEncoding.EncodeToString([]byte(e.Body))
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\r\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\r\n")
	return b.Bytes()
}
