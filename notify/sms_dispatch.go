package notify

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/locale"
)

// DLT is the registration under India's DLT rules (TRAI, Telecom
// Commercial Communications Customer Preference Regulations 2018) every
// message carries: the sender header, the principal entity id, and the
// content template id of each SMS text in each language.
type DLT struct {
	Sender, EntityID string
	// Templates maps "<template>.<lang>" to its DLT content template id.
	Templates map[string]string
}

// ParseDLTTemplates reads the template ids (TINDAL_SMS_DLT_TEMPLATES): one
// "<template>.<lang>=<id>" a line; blank lines and lines starting with #
// are skipped.
func ParseDLTTemplates(text string) (map[string]string, error) {
	out := map[string]string{}
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" || strings.Trim(v, "0123456789") != "" {
			return nil, fmt.Errorf("dlt templates line %d: want <template>.<lang>=<digits>", i+1)
		}
		out[k] = v
	}
	return out, nil
}

// Check names every SMS text that has no template id: a message without
// one would be dropped by the operator, so the server refuses to start.
func (d DLT) Check() error {
	if d.Sender == "" || d.EntityID == "" {
		return errors.New("sms: the DLT sender header and principal entity id are required")
	}
	var missing []string
	for _, t := range SMSTemplates {
		for _, l := range locale.Languages {
			if d.Templates[t+"."+l] == "" {
				missing = append(missing, t+"."+l)
			}
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("sms: no DLT template id for %s", strings.Join(missing, ", "))
	}
	return nil
}

// SMSDispatcher delivers the SMS outbox with the email outbox's guarantees
// (Dispatcher: claims with leases, backoff, attempts fenced): a message the
// gateway accepted is marked sent and never sent again, even when the
// answer broke after the acceptance; only failures before it are retried.
// A legal notice refused for good is flagged for the office to serve it
// another way. Between 21:00 and 09:00 IST only sign-in codes go.
type SMSDispatcher struct {
	Dispatcher
	Gateway SMSSender
	DLT     DLT
}

type claimedSMS struct {
	id               uuid.UUID
	address, body    string
	locale, template string
	attempts         int
}

// ist is India Standard Time (UTC+05:30, no daylight saving).
var ist = time.FixedZone("IST", 5*3600+1800)

// QuietHours reports whether t is between 21:00 and 09:00 IST, when no SMS
// but a sign-in code is sent.
func QuietHours(t time.Time) bool {
	h := t.In(ist).Hour()
	return h >= 21 || h < 9
}

// Dispatch sends every SMS due at now, batch by batch.
func (d *SMSDispatcher) Dispatch(ctx context.Context, now time.Time) (Result, error) {
	d.defaults()
	return drain(ctx, now, d.claim, d.deliver)
}

func (d *SMSDispatcher) claim(ctx context.Context, now time.Time) ([]claimedSMS, error) {
	rows, err := d.DB.Pool.Query(ctx, `
		UPDATE notifications n SET state = 'sending', lease_until = $1::timestamptz + $2 * interval '1 second',
		attempts = n.attempts + 1
		FROM (SELECT id FROM notifications
		      WHERE channel = 'sms' AND ((state = 'pending' AND next_attempt_at <= $1) OR (state = 'sending' AND
		      lease_until <= $1)) AND (NOT $4 OR template = $5)
		      ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED) c
		WHERE n.id = c.id
		RETURNING n.id, n.address, n.body, n.locale, n.template, n.attempts`,
		now.UTC(), d.Lease.Seconds(), d.Batch, QuietHours(now), TplOwnerSignInSMS)
	if err != nil {
		return nil, fmt.Errorf("claim sms outbox: %w", err)
	}
	defer rows.Close()
	var out []claimedSMS
	for rows.Next() {
		var m claimedSMS
		if err := rows.Scan(&m.id, &m.address, &m.body, &m.locale, &m.template, &m.attempts); err != nil {
			return nil, fmt.Errorf("read claimed sms: %w", err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// deliver sends one claimed SMS and records the outcome, fenced by the
// attempt number as Dispatcher.deliver is.
func (d *SMSDispatcher) deliver(ctx context.Context, now time.Time, m claimedSMS, res *Result) error {
	parts, enc := SMSParts(m.body)
	msg := SMS{Ref: m.id.String(), To: m.address, Text: m.body, Encoding: enc, Sender: d.DLT.Sender,
		EntityID: d.DLT.EntityID, TemplateID: d.DLT.Templates[m.template+"."+m.locale]}
	var id string
	var err error
	if msg.TemplateID == "" {
		err = &PermanentError{Err: fmt.Errorf("no DLT template id for %s.%s", m.template, m.locale)}
	} else {
		id, err = d.Gateway.SendSMS(ctx, msg)
	}
	var perm *PermanentError
	var accepted *AcceptedError
	switch {
	case err == nil || errors.As(err, &accepted):
		if accepted != nil {
			d.Log.Warn("sms accepted, then the answer failed; counted as sent", "notification", m.id, "err", err)
		}
		res.Sent++
		return d.markSMS(ctx, m, `state = 'sent', sent_at = $3, lease_until = NULL, last_error = '', gateway_id = $4,
			parts = $5`+scrubSMS(m), now.UTC(), id, parts)
	case errors.As(err, &perm) || m.attempts >= d.MaxAttempts:
		res.Failed++
		d.Log.Error("sms failed for good", "notification", m.id, "attempts", m.attempts, "err", err)
		return d.markSMS(ctx, m, `state = 'failed', lease_until = NULL, last_error = $3, serve_otherwise = $4`+
			scrubSMS(m), clip(err.Error(), 500), legalNotice(m.template))
	default:
		res.Retried++
		next := now.Add(d.Backoff(m.attempts)).UTC()
		d.Log.Warn("sms will be retried", "notification", m.id, "attempts", m.attempts, "next", next, "err", err)
		return d.markSMS(ctx, m, `state = 'pending', lease_until = NULL, next_attempt_at = $3, last_error = $4`,
			next, clip(err.Error(), 500))
	}
}

// legalNotice reports whether an SMS is a legal notice, which the office
// must serve another way when the SMS fails: neither a reminder nor an
// SMS about the sign-in or the gateway itself.
func legalNotice(template string) bool {
	switch template {
	case TplOwnerSignInSMS, TplOwnerSignInShared, TplSMSTest, TplSMSDigest:
		return false
	}
	return !Unsubscribable(template)
}

// scrubSMS blanks the text of a sign-in code once it is sent or failed.
func scrubSMS(m claimedSMS) string {
	if !SecretSMS(m.template) {
		return ""
	}
	return `, body = '(removed after sending: it held a sign-in code)'`
}

func (d *SMSDispatcher) markSMS(ctx context.Context, m claimedSMS, set string, args ...any) error {
	all := append([]any{m.id, m.attempts}, args...)
	_, err := d.DB.Pool.Exec(ctx,
		`UPDATE notifications SET `+set+` WHERE id = $1 AND attempts = $2 AND state = 'sending'`, all...)
	if err != nil {
		return fmt.Errorf("record sms delivery of %s: %w", m.id, err)
	}
	return nil
}
