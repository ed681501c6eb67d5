package notify

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

// capReminders keeps an owner's reminder SMS to RemindersPerDay a day
// (India's calendar day, counting those already written today): the
// reminders over it go by their other channels only, and the owner gets
// one digest SMS that day instead (TplSMSDigest, a registered DLT
// template naming how many more and the /my link). Sign-in codes and
// legal notices are never capped. Rows a retried job writes again (their
// dedupe key exists) are not counted twice. It holds one lock per owner
// for the transaction, so two jobs writing at once count each other.
func (o Outbox) capReminders(ctx context.Context, tx *gorm.DB, rows []row) ([]row, error) {
	owners, keys := remindedOwners(rows)
	if len(owners) == 0 {
		return rows, nil
	}
	sent, existing, err := todaysReminders(ctx, tx, owners, keys)
	if err != nil {
		return nil, err
	}
	over := map[uuid.UUID]row{}
	more := map[uuid.UUID]int{}
	out := rows[:0:0]
	for _, r := range rows {
		switch {
		case !reminderSMS(r) || slices.Contains(existing, r.key):
			out = append(out, r)
		case sent[*r.owner] < o.RemindersPerDay:
			sent[*r.owner]++
			out = append(out, r)
		default:
			over[*r.owner] = r
			more[*r.owner]++
		}
	}
	day := time.Now().In(ist).Format(time.DateOnly)
	for _, id := range owners {
		if r, ok := over[id]; ok {
			d, err := o.digest(id, r, more[id], day)
			if err != nil {
				return nil, err
			}
			out = append(out, d)
		}
	}
	return out, nil
}

// remindedOwners are the owners rows give a reminder SMS, in a fixed
// order (the order their locks are taken in), and those rows' keys.
func remindedOwners(rows []row) ([]uuid.UUID, []string) {
	var owners []uuid.UUID
	var keys []string
	for _, r := range rows {
		if !reminderSMS(r) {
			continue
		}
		keys = append(keys, r.key)
		if !slices.Contains(owners, *r.owner) {
			owners = append(owners, *r.owner)
		}
	}
	slices.SortFunc(owners, func(a, b uuid.UUID) int { return slices.Compare(a[:], b[:]) })
	return owners, keys
}

// todaysReminders locks each owner's reminder SMS for the transaction and
// reads how many were written today (India's day) and which of keys exist.
func todaysReminders(
	ctx context.Context,
	tx *gorm.DB,
	owners []uuid.UUID,
	keys []string,
) (map[uuid.UUID]int, []string, error) {
	for _, id := range owners {
		if err := tx.WithContext(ctx).Exec(`SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`,
			"sms-reminders:"+id.String()).Error; err != nil {
			return nil, nil, fmt.Errorf("lock the owner's reminder SMS: %w", err)
		}
	}
	var existing []string
	if err := tx.WithContext(ctx).Raw(`SELECT dedupe_key FROM notifications WHERE channel = ? AND dedupe_key IN ?`,
		ChannelSMS, keys).Scan(&existing).Error; err != nil {
		return nil, nil, fmt.Errorf("reminder SMS written before: %w", err)
	}
	var counts []struct {
		OwnerID uuid.UUID
		N       int
	}
	if err := tx.WithContext(ctx).Raw(`SELECT owner_id, count(*) AS n FROM notifications
		WHERE channel = ? AND owner_id IN ? AND template IN ?
		  AND created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')
		GROUP BY owner_id`, ChannelSMS, owners, Reminders).Scan(&counts).Error; err != nil {
		return nil, nil, fmt.Errorf("count today's reminder SMS: %w", err)
	}
	sent := map[uuid.UUID]int{}
	for _, c := range counts {
		sent[c.OwnerID] = c.N
	}
	return sent, existing, nil
}

// digest is the owner's one digest SMS of day, naming more reminders, to
// the number and in the language of r (one of them).
func (o Outbox) digest(owner uuid.UUID, r row, more int, day string) (row, error) {
	text, lang, err := RenderSMS(TplSMSDigest, r.locale, SMSVars{Count: strconv.Itoa(more), Link: o.Link})
	if err != nil {
		return row{}, err
	}
	parts, _ := SMSParts(text)
	return row{id: uuid.Must(uuid.NewV7()), channel: ChannelSMS, key: "sms-digest:" + day + "|" + RecipientOwner +
		":" + owner.String(), rtype: RecipientOwner, rid: owner, owner: &owner, address: r.address,
		template: TplSMSDigest, locale: lang, body: text, state: "pending", payload: []byte("{}"), due: true,
		parts: parts}, nil
}

// reminderSMS reports whether r is a reminder SMS to an owner: what the
// daily cap counts.
func reminderSMS(r row) bool {
	return r.channel == ChannelSMS && r.owner != nil && r.rtype == RecipientOwner && slices.Contains(Reminders, r.template)
}
