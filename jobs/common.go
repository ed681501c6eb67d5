package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
)

// dbDate is a date as the models store it: midnight UTC.
func dbDate(d rules.Date) time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC) }

// ruleDate reads a stored date (midnight UTC) as a rules.Date.
func ruleDate(t time.Time) rules.Date {
	if t.IsZero() {
		return rules.Date{}
	}
	u := t.UTC()
	return rules.Date{Year: u.Year(), Month: u.Month(), Day: u.Day()}
}

// ruleDatePtr is ruleDate of an optional date.
func ruleDatePtr(t *time.Time) rules.Date {
	if t == nil {
		return rules.Date{}
	}
	return ruleDate(*t)
}

// threshold picks the reminder due on today for a deadline due: the
// smallest offset not below the days left, if its day (due − offset) was
// at most catchUpDays ago. Run daily, each offset fires on its own day;
// after an outage, the latest missed one is still sent.
func threshold(due, today rules.Date, offsets []int) (int, bool) {
	days := today.DaysUntil(due)
	if days < 0 {
		return 0, false
	}
	best := -1
	for _, o := range offsets {
		if o >= days && (best < 0 || o < best) {
			best = o
		}
	}
	if best < 0 {
		return 0, false
	}
	return best, due.AddDays(-best).DaysUntil(today) <= catchUpDays
}

// justPassed reports whether today is within catchUpDays after the first
// day past due (due + 1), the day a lapse is announced.
func justPassed(due, today rules.Date) bool {
	late := due.AddDays(1).DaysUntil(today)
	return late >= 0 && late <= catchUpDays
}

// vesselLabel names a vessel in a message.
func vesselLabel(name, reg string) string { return fmt.Sprintf("%s (%s)", name, reg) }

// inTx runs fn in a transaction of its own (one chunk of a job).
func (s *Service) inTx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return s.d.DB.Gorm.WithContext(ctx).Transaction(fn)
}

// enqueue writes notices in tx and counts them in the run.
func (s *Service) enqueue(ctx context.Context, tx *gorm.DB, r *Run, ns []notify.Notice) error {
	if len(ns) == 0 {
		return nil
	}
	n, err := s.d.Outbox.Enqueue(ctx, tx, ns)
	r.Add("notifications", n)
	return err
}

// alert tells every admin (in-app, and email where they have one) and is
// logged by the caller: d says what happened by its kind (notify.Alert*),
// the job, the date and a count, which the mail words in each admin's
// language; the job's own report stays in the log and on the Jobs page.
// key dedupes it.
func (s *Service) alert(ctx context.Context, key string, d notify.Data) {
	var admins []struct {
		ID                             uuid.UUID
		Name, Email, PreferredLanguage string
	}
	err := s.d.DB.Gorm.WithContext(ctx).Table("users").Select("id, name, email, preferred_language").
		Where("role = 'admin' AND disabled_at IS NULL AND deleted_at IS NULL").Find(&admins).Error
	if err != nil {
		s.d.Log.Error("alert admins", "err", err)
		return
	}
	ns := make([]notify.Notice, 0, len(admins))
	for _, a := range admins {
		ns = append(ns, notify.Notice{
			Template:  notify.TplJobAlert,
			DedupeKey: "alert:" + key,
			Recipient: notify.Recipient{
				Type:     notify.RecipientUser,
				ID:       a.ID,
				Name:     a.Name,
				Email:    a.Email,
				Language: a.PreferredLanguage,
			},
			Data: d,
		})
	}
	if len(ns) == 0 {
		return
	}
	err = s.inTx(ctx, func(tx *gorm.DB) error {
		_, err := s.d.Outbox.Enqueue(ctx, tx, ns)
		return err
	})
	if err != nil {
		s.d.Log.Error("alert admins", "err", err)
	}
}
