package inspect

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Outcomes of an inspection as the review queue filters them.
const (
	OutcomeClean        = "clean"        // no open finding
	OutcomeDeficiencies = "deficiencies" // open findings, no detention proposed
	OutcomeDetention    = "detention"    // detention proposed (any 06 or a failed Sch-IX criterion)
)

// QueueFilter narrows the review queue. Nil means "either".
type QueueFilter struct {
	JurisdictionID         *uuid.UUID
	Outcome                string
	DetentionProposed      *bool
	EvidenceIncomplete     *bool
	OpenIssues             *bool // open conflicts or amendment requests
	ChangedAfterSubmission *bool
	Overdue                *bool
	MinAgeDays, MaxAgeDays *int
}

// QueueItem is one submitted inspection with what the desk shows of it.
type QueueItem struct {
	models.Inspection
	AgeDays            int  `gorm:"column:age_days"`
	OpenFindings       int  `gorm:"column:open_findings"`
	EvidenceIncomplete bool `gorm:"column:evidence_incomplete"`
	OpenConflicts      int  `gorm:"column:open_conflicts"`
	OpenAmendments     int  `gorm:"column:open_amendments"`
	OverdueFindings    int  `gorm:"column:overdue_findings"`
	PendingRectifs     int  `gorm:"column:pending_rectifications"`
}

// QueueCounts are the badges of the desk: how many inspections of the
// whole queue (in scope, before filters) match each filter.
type QueueCounts struct {
	Total                  int64 `json:"total"`
	Clean                  int64 `json:"clean"`
	Deficiencies           int64 `json:"deficiencies"`
	DetentionProposed      int64 `json:"detention_proposed"`
	EvidenceIncomplete     int64 `json:"evidence_incomplete"`
	OpenIssues             int64 `json:"open_issues"`
	ChangedAfterSubmission int64 `json:"changed_after_submission"`
	Overdue                int64 `json:"overdue"`
	OlderThan7Days         int64 `json:"older_than_7_days"`
}

// Queue is one page of the review queue with the counts.
type Queue struct {
	Items      []QueueItem
	NextCursor string
	Counts     QueueCounts
}

// queueSQL is every submitted inspection with its derived badges.
// Evidence is incomplete when a live photo is not verified (the condition
// that blocks approval, photo/evidence.go) or an inspector-recorded finding
// has no verified photo at all (the reviewer has nothing to judge it by).
// Ages and due dates are counted in India (Asia/Kolkata) days.
const queueSQL = `SELECT i.*,
	(?::date - (i.submitted_at AT TIME ZONE 'Asia/Kolkata')::date) AS age_days,
	(SELECT count(*) FROM findings f WHERE f.inspection_id = i.id AND f.deleted_at IS NULL AND NOT f.rectified) AS
	open_findings,
	(i.evidence_verified < i.evidence_total OR EXISTS (SELECT 1 FROM findings f WHERE f.inspection_id = i.id AND
	f.deleted_at IS NULL
		AND f.source = 'inspector' AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.finding_id = f.id AND p.state =
		'verified' AND p.deleted_at IS NULL))) AS evidence_incomplete,
	(SELECT count(*) FROM conflicts c WHERE c.inspection_id = i.id AND c.resolved_at IS NULL) AS open_conflicts,
	(SELECT count(*) FROM amendment_requests a WHERE a.inspection_id = i.id AND a.status = 'open') AS open_amendments,
	(SELECT count(*) FROM findings f WHERE f.inspection_id = i.id AND f.deleted_at IS NULL AND NOT f.rectified
		AND f.due_date < ?::date) AS overdue_findings,
	(SELECT count(*) FROM finding_rectifications r WHERE r.inspection_id = i.id AND r.status = 'pending')
		AS pending_rectifications
FROM inspections i WHERE i.status = 'submitted' AND i.deleted_at IS NULL`

// ReviewQueue lists the submitted inspections in the caller's
// jurisdictions, oldest submission first, with the counts per filter.
// Errors: invalid (cursor, outcome).
func (s *Service) ReviewQueue(
	ctx context.Context,
	sc models.Scope,
	f QueueFilter,
	cursor string,
	limit int,
) (Queue, error) {
	if f.Outcome != "" && f.Outcome != OutcomeClean && f.Outcome != OutcomeDeficiencies && f.Outcome != OutcomeDetention {
		return Queue{}, models.InvalidField("outcome", "enum", "must be clean, deficiencies or detention")
	}
	today := s.today()
	base := func() *gorm.DB {
		q := s.db.Gorm.WithContext(ctx).Table("(?) AS q", s.db.Gorm.Raw(queueSQL, today, today))
		if f.JurisdictionID != nil {
			q = q.Where("jurisdiction_id = ?", *f.JurisdictionID)
		}
		return queueScope(q, sc)
	}
	var out Queue
	if err := s.queueCounts(base(), &out.Counts); err != nil {
		return out, err
	}
	var err error
	out.Items, out.NextCursor, err = queuePager.Page(applyQueueFilter(base(), f), cursor, limit)
	return out, err
}

// today is the service clock's date in India, as midnight UTC.
func (s *Service) today() time.Time { return dayOf(s.clock()) }

// queueScope: supervisors see their jurisdictions' queue, admins all,
// owners nothing.
func queueScope(q *gorm.DB, sc models.Scope) *gorm.DB {
	return storage.Scoped(q, sc, storage.Scoping{Jurisdiction: "jurisdiction_id IN ?"})
}

// queuePager pages the queue oldest submission first.
var queuePager = storage.Pager[QueueItem]{ID: "id", At: "submitted_at",
	Key:   func(it QueueItem) storage.PageKey { return storage.PageKey{At: *it.SubmittedAt, ID: it.ID} },
	Fetch: func(q *gorm.DB, rows *[]QueueItem) error { return q.Scan(rows).Error }}

func applyQueueFilter(q *gorm.DB, f QueueFilter) *gorm.DB {
	switch f.Outcome {
	case OutcomeClean:
		q = q.Where("NOT detention_proposed AND open_findings = 0")
	case OutcomeDeficiencies:
		q = q.Where("NOT detention_proposed AND open_findings > 0")
	case OutcomeDetention:
		q = q.Where("detention_proposed")
	}
	bools := []struct {
		v    *bool
		expr string
	}{
		{f.DetentionProposed, "detention_proposed"},
		{f.EvidenceIncomplete, "evidence_incomplete"},
		{f.OpenIssues, "(open_conflicts + open_amendments) > 0"},
		{f.ChangedAfterSubmission, "changed_after_submission"},
		{f.Overdue, "overdue_findings > 0"},
	}
	for _, b := range bools {
		if b.v != nil {
			q = q.Where("("+b.expr+") = ?", *b.v)
		}
	}
	if f.MinAgeDays != nil {
		q = q.Where("age_days >= ?", *f.MinAgeDays)
	}
	if f.MaxAgeDays != nil {
		q = q.Where("age_days <= ?", *f.MaxAgeDays)
	}
	return q
}

func (s *Service) queueCounts(q *gorm.DB, c *QueueCounts) error {
	err := q.Select(`count(*) AS total,
		count(*) FILTER (WHERE NOT detention_proposed AND open_findings = 0) AS clean,
		count(*) FILTER (WHERE NOT detention_proposed AND open_findings > 0) AS deficiencies,
		count(*) FILTER (WHERE detention_proposed) AS detention_proposed,
		count(*) FILTER (WHERE evidence_incomplete) AS evidence_incomplete,
		count(*) FILTER (WHERE open_conflicts + open_amendments > 0) AS open_issues,
		count(*) FILTER (WHERE changed_after_submission) AS changed_after_submission,
		count(*) FILTER (WHERE overdue_findings > 0) AS overdue,
		count(*) FILTER (WHERE age_days > 7) AS older_than7_days`).Scan(c).Error
	if err != nil {
		return fmt.Errorf("review queue counts: %w", err)
	}
	return nil
}
