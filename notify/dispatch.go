package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/storage"
)

// Dispatcher delivers the email outbox at least once (docs/OPERATIONS.md): it
// claims due rows with FOR UPDATE SKIP LOCKED and marks them sending with a
// lease in one committed statement, sends each outside any transaction,
// then marks it sent (once the server's acceptance reply arrived, whatever
// fails after it: see AcceptedError). Transient failures retry with exponential backoff
// and jitter; a permanent refusal or too many attempts marks it failed,
// visible to admins; a lease that expires (a crash mid-send) is retried.
type Dispatcher struct {
	DB     *storage.DB
	Sender Sender
	From   string
	// ListUnsubscribe is a mailto: or https: URI where a recipient opts out
	// of reminders (TINDAL_MAIL_UNSUBSCRIBE); it is set on reminders only,
	// never on legal notices (see Unsubscribable).
	ListUnsubscribe string
	Log             *slog.Logger
	// Lease is how long a claimed message is ours (default 5 minutes).
	Lease time.Duration
	// Batch is how many messages one claim takes (default 50).
	Batch int
	// MaxAttempts before a transient failure becomes failed (default 10).
	MaxAttempts int
	// BaseBackoff doubles per attempt up to MaxBackoff (defaults 1 minute, 6 hours).
	BaseBackoff, MaxBackoff time.Duration
	// Jitter returns a number in [0, 1); default math/rand.
	Jitter func() float64
}

// Result counts one dispatch.
type Result struct {
	Sent, Retried, Failed int
}

type claimed struct {
	id                     uuid.UUID
	address, subject, body string
	locale, template       string
	attempts               int
}

func (d *Dispatcher) defaults() {
	if d.Lease == 0 {
		d.Lease = 5 * time.Minute
	}
	if d.Batch == 0 {
		d.Batch = 50
	}
	if d.MaxAttempts == 0 {
		d.MaxAttempts = 10
	}
	if d.BaseBackoff == 0 {
		d.BaseBackoff = time.Minute
	}
	if d.MaxBackoff == 0 {
		d.MaxBackoff = 6 * time.Hour
	}
	if d.Jitter == nil {
		d.Jitter = rand.Float64
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
}

// Dispatch sends every email due at now, batch by batch, until none is
// due or ctx ends.
func (d *Dispatcher) Dispatch(ctx context.Context, now time.Time) (Result, error) {
	d.defaults()
	return drain(ctx, now, d.claim, d.deliver)
}

// drain claims batch after batch of a channel's due messages and delivers
// each, until none is due, a delivery fails or ctx ends.
func drain[M any](ctx context.Context, now time.Time, claim func(context.Context, time.Time) ([]M, error),
	deliver func(context.Context, time.Time, M, *Result) error) (Result, error) {
	var res Result
	for ctx.Err() == nil {
		batch, err := claim(ctx, now)
		if err != nil || len(batch) == 0 {
			return res, err
		}
		for _, m := range batch {
			if err := deliver(ctx, now, m, &res); err != nil {
				return res, err
			}
		}
	}
	return res, ctx.Err()
}

// claim takes up to Batch due messages: pending and due, or sending with
// an expired lease. The statement commits on its own, so the lease is
// visible to every other dispatcher before we send anything.
func (d *Dispatcher) claim(ctx context.Context, now time.Time) ([]claimed, error) {
	rows, err := d.DB.Pool.Query(ctx, `
		UPDATE notifications n SET state = 'sending', lease_until = $1::timestamptz + $2 * interval '1 second',
		attempts = n.attempts + 1
		FROM (SELECT id FROM notifications
		      WHERE channel = 'email' AND ((state = 'pending' AND next_attempt_at <= $1) OR (state = 'sending' AND
		      lease_until <= $1))
		      ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED) c
		WHERE n.id = c.id
		RETURNING n.id, n.address, n.subject, n.body, n.locale, n.template, n.attempts`,
		now.UTC(), d.Lease.Seconds(), d.Batch)
	if err != nil {
		return nil, fmt.Errorf("claim outbox: %w", err)
	}
	defer rows.Close()
	var out []claimed
	for rows.Next() {
		var m claimed
		if err := rows.Scan(&m.id, &m.address, &m.subject, &m.body, &m.locale, &m.template, &m.attempts); err != nil {
			return nil, fmt.Errorf("read claimed: %w", err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// deliver sends one claimed message and records the outcome. The update is
// fenced by the attempt number, so a dispatcher whose lease expired cannot
// overwrite the outcome of the one that took the message over.
func (d *Dispatcher) deliver(ctx context.Context, now time.Time, m claimed, res *Result) error {
	e := Email{MessageID: m.id.String() + "@tindal", From: d.From, To: m.address,
		Subject: m.subject, Body: m.body, Language: m.locale, Date: now}
	if Unsubscribable(m.template) {
		e.ListUnsubscribe = d.ListUnsubscribe
	}
	err := d.Sender.Send(ctx, e)
	var perm *PermanentError
	var accepted *AcceptedError
	switch {
	case err == nil || errors.As(err, &accepted):
		if accepted != nil { // sent: the server took it before the session broke
			d.Log.Warn("email accepted, then the session failed; counted as sent", "notification", m.id, "err", err)
		}
		res.Sent++
		return d.mark(ctx, m, `state = 'sent', sent_at = $3, lease_until = NULL, last_error = ''`+scrub(m), now.UTC())
	case errors.As(err, &perm) || m.attempts >= d.MaxAttempts:
		res.Failed++
		d.Log.Error("email failed for good", "notification", m.id, "attempts", m.attempts, "err", err)
		return d.mark(ctx, m, `state = 'failed', lease_until = NULL, last_error = $3`+scrub(m), err.Error())
	default:
		res.Retried++
		next := now.Add(d.Backoff(m.attempts)).UTC()
		d.Log.Warn("email will be retried", "notification", m.id, "attempts", m.attempts, "next", next, "err", err)
		return d.mark(
			ctx,
			m,
			`state = 'pending', lease_until = NULL, next_attempt_at = $3, last_error = $4`,
			next,
			err.Error(),
		)
	}
}

// scrub blanks the body of a delivered (or failed) mail that held a
// one-time link (Secret), as part of the update that records the outcome.
func scrub(m claimed) string {
	if !Secret(m.template) {
		return ""
	}
	return `, body = '(removed after delivery: it held a one-time link)'`
}

func (d *Dispatcher) mark(ctx context.Context, m claimed, set string, args ...any) error {
	all := append([]any{m.id, m.attempts}, args...)
	_, err := d.DB.Pool.Exec(
		ctx,
		`UPDATE notifications SET `+set+` WHERE id = $1 AND attempts = $2 AND state = 'sending'`,
		all...)
	if err != nil {
		return fmt.Errorf("record delivery of %s: %w", m.id, err)
	}
	return nil
}

// Backoff is the wait after the given attempt: BaseBackoff doubled per
// attempt, capped at MaxBackoff, then scaled by a jitter in [50%, 100%).
func (d *Dispatcher) Backoff(attempt int) time.Duration {
	d.defaults()
	w := d.BaseBackoff
	for i := 1; i < attempt && w < d.MaxBackoff; i++ {
		w *= 2
	}
	w = min(w, d.MaxBackoff)
	return time.Duration(float64(w) * (0.5 + d.Jitter()/2))
}
