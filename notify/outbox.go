package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Outbox writes notices as notification rows inside the caller's
// transaction, so that a notice exists exactly when its cause does.
type Outbox struct {
	// Email says whether email rows are written (TINDAL_SMTP_URL set);
	// without it notices go to the in-app feed only.
	Email bool
	// SMS says whether SMS rows are written (TINDAL_SMS_URL set), to the
	// mobile numbers on the register.
	SMS bool
	// Link is the owners' pages' address an SMS names (…/my).
	Link string
	// RemindersPerDay caps the reminder SMS an owner gets in a day
	// (TINDAL_SMS_REMINDERS_PER_DAY; capReminders); beyond it one digest
	// SMS. Zero: no cap. Sign-in codes and legal notices are never capped.
	RemindersPerDay int
}

// row is one notifications row to insert.
type row struct {
	id                        uuid.UUID
	channel, key, rtype       string
	rid                       uuid.UUID
	owner, user               *uuid.UUID
	address, template, locale string
	subject, body, state      string
	payload                   []byte
	due                       bool // email: next_attempt_at = now()
	parts                     int  // sms: how many parts the text takes
}

// insertBatch bounds one INSERT (16 parameters a row).
const insertBatch = 400

// Enqueue writes the notices in tx, one row per channel the recipient
// has, skipping any whose dedupe key exists. It returns how many rows were
// new. Email rows are due at once (the database's clock): a job run "as
// of" another date still sends its reminders now.
func (o Outbox) Enqueue(ctx context.Context, tx *gorm.DB, notices []Notice) (int, error) {
	notices, err := dropTurnedOff(ctx, tx, notices)
	if err != nil {
		return 0, err
	}
	if o.SMS {
		if notices, err = withMobiles(ctx, tx, notices); err != nil {
			return 0, err
		}
	}
	var rows []row
	for _, n := range notices {
		rs, err := o.rowsOf(n)
		if err != nil {
			return 0, err
		}
		rows = append(rows, rs...)
	}
	if o.SMS && o.RemindersPerDay > 0 {
		if rows, err = o.capReminders(ctx, tx, rows); err != nil {
			return 0, err
		}
	}
	added := 0
	for len(rows) > 0 {
		k := min(len(rows), insertBatch)
		n, err := insertRows(ctx, tx, rows[:k])
		if err != nil {
			return added, err
		}
		added += n
		rows = rows[k:]
	}
	return added, nil
}

// rowsOf renders a notice and makes its rows.
func (o Outbox) rowsOf(n Notice) ([]row, error) {
	rd := Rendered{Locale: "en"}
	var err error
	if !n.SMSOnly { // an SMS-only notice has an SMS text alone
		if rd, err = Render(n.Template, n.Recipient, n.Data); err != nil {
			return nil, err
		}
	}
	payload := []byte("{}") // a sign-in code is never kept in the payload
	if !SecretSMS(n.Template) {
		if payload, err = json.Marshal(n.Data); err != nil {
			return nil, fmt.Errorf("encode notice payload: %w", err)
		}
	}
	r := n.Recipient
	key := n.DedupeKey + "|" + r.Type + ":" + r.ID.String()
	base := row{channel: ChannelInApp, key: key, rtype: r.Type, rid: r.ID, template: n.Template,
		locale: rd.Locale, subject: rd.Subject, body: rd.Body, state: "delivered", payload: payload}
	id := r.ID
	switch r.Type {
	case RecipientOwner:
		base.owner = &id
	case RecipientUser:
		base.user = &id
	}
	var out []row
	if n.SMSOnly {
		return o.smsRows(n, base)
	}
	if r.hasFeed() && !n.EmailOnly {
		b := base
		b.id = uuid.Must(uuid.NewV7())
		out = append(out, b)
	}
	sms, err := o.smsRows(n, base)
	if err != nil {
		return nil, err
	}
	out = append(out, sms...)
	if o.Email && strings.Contains(r.Email, "@") && !(len(sms) > 0 && reminderBy(n, RemindersBySMS)) {
		e := base
		e.id, e.channel, e.address, e.state, e.due = uuid.Must(uuid.NewV7()), ChannelEmail, r.Email, "pending", true
		out = append(out, e)
	}
	return out, nil
}

func insertRows(ctx context.Context, tx *gorm.DB, rows []row) (int, error) {
	var sb strings.Builder
	sb.WriteString(`INSERT INTO notifications (id, channel, dedupe_key, recipient_type, recipient_id, owner_id, user_id,
		address, template, locale, subject, body, payload, state, next_attempt_at, parts) VALUES `)
	args := make([]any, 0, 16*len(rows))
	for i, r := range rows {
		if i > 0 {
			sb.WriteString(",")
		}
		p := 16 * i
		fmt.Fprintf(&sb, "($%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,CASE WHEN $%d THEN now() END,$%d)",
			p+1, p+2, p+3, p+4, p+5, p+6, p+7, p+8, p+9, p+10, p+11, p+12, p+13, p+14, p+15, p+16)
		args = append(args, r.id, r.channel, r.key, r.rtype, r.rid, r.owner, r.user, r.address, r.template,
			r.locale, r.subject, r.body, string(r.payload), r.state, r.due, r.parts)
	}
	sb.WriteString(" ON CONFLICT (channel, dedupe_key) DO NOTHING")
	res := tx.WithContext(ctx).Exec(sb.String(), args...)
	if res.Error != nil {
		return 0, fmt.Errorf("write outbox: %w", res.Error)
	}
	return int(res.RowsAffected), nil
}
