package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/notify"
)

// JobDetentionReport reminds the detaining officer of the 48-hour report
// (Karnataka 2025, Sch-IX para 1.3) while its flag is open: once when the
// deadline is 6 hours away, once when it has passed. The order's own
// transaction already sent the first reminder (package inspect).
const JobDetentionReport = "detention-report"

// detentionReportSoon is how long before the deadline the second reminder goes.
const detentionReportSoon = 6 * time.Hour

// detentionReportDue lists the open report flags whose deadline is near or past.
const detentionReportDue = `
SELECT d.id, d.number, d.report_due_at, d.ordered_by, u.name, u.email, u.preferred_language, v.name AS vessel,
v.registration_number
FROM flags f
JOIN detention_orders d ON d.number = f.document AND d.vessel_id = f.subject_id AND d.deleted_at IS NULL
JOIN users u ON u.id = d.ordered_by
JOIN vessels v ON v.id = d.vessel_id
WHERE f.kind = 'detention_report_due' AND f.status = 'open' AND d.report_due_at <= ?
ORDER BY d.report_due_at, d.id`

type reportDue struct {
	ID                             uuid.UUID
	Number                         string
	ReportDueAt                    time.Time
	OrderedBy                      uuid.UUID
	Name, Email, PreferredLanguage string
	Vessel, RegistrationNumber     string
}

// detentionReport sends the reminders of one run, in one transaction.
func (s *Service) detentionReport(ctx context.Context, r *Run) error {
	var due []reportDue
	db := s.d.DB.Gorm.WithContext(ctx)
	if err := db.Raw(detentionReportDue, r.Now.Add(detentionReportSoon)).Scan(&due).Error; err != nil {
		return fmt.Errorf("detention reports due: %w", err)
	}
	var notices []notify.Notice
	for _, d := range due {
		stage, what := "soon", "report and copy of the detention order to the Registering Authority and the Administration"
		if !r.Now.Before(d.ReportDueAt) {
			stage, what = "overdue", what+" (the deadline has passed: send it now)"
		}
		notices = append(
			notices,
			notify.Notice{
				Template:  notify.TplDetentionReportDue,
				DedupeKey: "detention-report-" + stage + ":" + d.ID.String(),
				Recipient: notify.Recipient{
					Type:     notify.RecipientUser,
					ID:       d.OrderedBy,
					Name:     d.Name,
					Email:    d.Email,
					Language: d.PreferredLanguage,
				},
				Data: notify.Data{
					Vessel:   fmt.Sprintf("%s (%s)", d.Vessel, d.RegistrationNumber),
					Number:   d.Number,
					Due:      d.ReportDueAt,
					Days:     int(d.ReportDueAt.Sub(r.Now).Hours() / 24),
					Citation: "Karnataka 2025, Sch-IX para 1.3",
					Detail:   what,
				},
			},
		)
	}
	n, err := s.d.Outbox.Enqueue(ctx, db, notices)
	if err != nil {
		return err
	}
	r.Add("reminders", n)
	return nil
}
