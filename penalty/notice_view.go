package penalty

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// paymentDays is the time Form-18 gives to pay: "Pay the penalties and
// rectify the said defect within 15 days" (Karnataka 2025, Sch-I Form-18).
const paymentDays = 15

// NoticeView is a penalty notice as its readers see it: the current
// revision's lines with what was paid and what is due on each, every
// revision, the payments and the appeals.
type NoticeView struct {
	Notice       models.PenaltyNotice
	Jurisdiction models.Jurisdiction
	Vessel       models.Vessel
	Owner        models.Owner
	InspectedAt  time.Time
	Lines        []NoticeLineView
	Revisions    []RevisionView
	Payments     []models.PenaltyPayment
	Appeals      []models.PenaltyAppeal
	Total        int64
	Paid         int64
	Due          int64 // negative: a refund is due
	PayBy        rules.Date
	Appeal       *rules.AppealRoute
	AppealBy     rules.Date
	VerifyCode   string // the current revision's (GET /v/{code})
}

// NoticeLineView is a current line with its payments and appeal.
type NoticeLineView struct {
	NoticeLine
	Paid        int64  `json:"paid"`
	Due         int64  `json:"due"`
	AppealState string `json:"appeal_state,omitempty"`
}

// RevisionView is one revision of a notice.
type RevisionView struct {
	Revision  int          `json:"revision"`
	Previous  *int         `json:"previous"`
	Reason    string       `json:"reason"`
	Total     int64        `json:"total"`
	CreatedAt time.Time    `json:"created_at"`
	Lines     []NoticeLine `json:"lines"`
}

// Status of the notice as a whole.
func (v NoticeView) Status() string {
	cancelled := len(v.Lines) > 0
	for _, l := range v.Lines {
		cancelled = cancelled && l.Status == LineCancelled
	}
	switch {
	case cancelled:
		return LineCancelled // the inspection was withdrawn: no offence is recorded any more
	case v.Total == 0:
		return "set_aside"
	case v.Due <= 0:
		return "paid"
	}
	return "open"
}

// noticeScope filters penalty_notices (or a table with the same scope
// columns) by the caller: officials by jurisdiction, owners their own.
func noticeScope(q *gorm.DB, sc models.Scope) *gorm.DB {
	switch sc.Access {
	case models.AccessAll:
		return q
	case models.AccessJurisdiction:
		return q.Where("jurisdiction_id IN ?", nonEmpty(sc.Jurisdictions))
	case models.AccessOwn:
		if sc.OwnerID != nil {
			return q.Where("owner_id = ?", *sc.OwnerID)
		}
	}
	return q.Where("false")
}

// NoticeFilter narrows a list of notices. Cursor is the next_cursor of
// the previous page ("" for the first).
type NoticeFilter struct {
	InspectionID *uuid.UUID
	VesselID     *uuid.UUID
	Cursor       string
}

// ListNotices lists notices in scope, newest first, at most limit, and the
// cursor of the next page ("" on the last). Errors: invalid (a cursor this
// server did not issue).
func (s *Service) ListNotices(ctx context.Context, sc models.Scope, f NoticeFilter, limit int) ([]NoticeView, string, error) {
	if limit <= 0 || limit > 500 {
		limit = 50
	}
	after, err := storage.DecodeKeyCursor(f.Cursor)
	if err != nil {
		return nil, "", err
	}
	q := noticeScope(s.db.Gorm.WithContext(ctx).Model(&models.PenaltyNotice{}), sc)
	if f.InspectionID != nil {
		q = q.Where("inspection_id = ?", *f.InspectionID)
	}
	if f.VesselID != nil {
		q = q.Where("vessel_id = ?", *f.VesselID)
	}
	if after != nil {
		q = q.Where("(created_at, id) < (?, ?)", after.At, after.ID)
	}
	var keys []struct {
		ID        uuid.UUID
		CreatedAt time.Time
	}
	if err := q.Select("id, created_at").Order("created_at DESC, id DESC").Limit(limit + 1).Scan(&keys).Error; err != nil {
		return nil, "", fmt.Errorf("list notices: %w", err)
	}
	next := ""
	if len(keys) > limit {
		keys = keys[:limit]
		last := keys[limit-1]
		next = storage.KeyCursor{At: last.CreatedAt, ID: last.ID}.Encode()
	}
	out := make([]NoticeView, 0, len(keys))
	for _, k := range keys {
		v, err := s.GetNotice(ctx, sc, k.ID)
		if err != nil {
			return nil, "", err
		}
		out = append(out, v)
	}
	return out, next, nil
}

// GetNotice returns one notice in scope. Errors: not_found (absent or out
// of scope).
func (s *Service) GetNotice(ctx context.Context, sc models.Scope, id uuid.UUID) (NoticeView, error) {
	var v NoticeView
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		var err error
		v, err = loadNotice(ctx, tx, sc, id)
		return err
	})
	return v, err
}

func loadNotice(ctx context.Context, tx *storage.Tx, sc models.Scope, id uuid.UUID) (NoticeView, error) {
	var v NoticeView
	db := tx.DB.WithContext(ctx)
	var ns []models.PenaltyNotice
	if err := noticeScope(db.Where("id = ?", id), sc).Find(&ns).Error; err != nil {
		return v, fmt.Errorf("load notice: %w", err)
	}
	if len(ns) == 0 {
		return v, models.NotFound("penalty notice")
	}
	v.Notice = ns[0]
	if err := loadNoticeParties(ctx, tx, &v); err != nil {
		return v, err
	}
	if err := loadRevisions(ctx, tx, &v); err != nil {
		return v, err
	}
	if err := db.Where("notice_id = ?", id).Order("created_at, id").Find(&v.Payments).Error; err != nil {
		return v, fmt.Errorf("load payments: %w", err)
	}
	if err := db.Where("notice_id = ?", id).Order("created_at, id").Find(&v.Appeals).Error; err != nil {
		return v, fmt.Errorf("load appeals: %w", err)
	}
	v.tally()
	var err error
	v.VerifyCode, err = verifyCode(ctx, tx, id, v.Notice.Revision)
	return v, err
}

func loadNoticeParties(ctx context.Context, tx *storage.Tx, v *NoticeView) error {
	db := tx.DB.WithContext(ctx).Unscoped().Session(&gorm.Session{}) // reusable: each query starts afresh
	if err := db.Where("id = ?", v.Notice.JurisdictionID).Take(&v.Jurisdiction).Error; err != nil {
		return fmt.Errorf("notice jurisdiction: %w", err)
	}
	if err := db.Where("id = ?", v.Notice.VesselID).Take(&v.Vessel).Error; err != nil {
		return fmt.Errorf("notice vessel: %w", err)
	}
	if err := db.Where("id = ?", v.Notice.OwnerID).Take(&v.Owner).Error; err != nil {
		return fmt.Errorf("notice owner: %w", err)
	}
	return db.Raw("SELECT started_at FROM inspections WHERE id = ?", v.Notice.InspectionID).Scan(&v.InspectedAt).Error
}

func loadRevisions(ctx context.Context, tx *storage.Tx, v *NoticeView) error {
	var rows []models.PenaltyNoticeRevision
	if err := tx.DB.WithContext(ctx).Where("notice_id = ?", v.Notice.ID).Order("revision").Find(&rows).Error; err != nil {
		return fmt.Errorf("load revisions: %w", err)
	}
	for _, r := range rows {
		rv := RevisionView{Revision: r.Revision, Previous: r.Previous, Reason: r.Reason, Total: r.Total, CreatedAt: r.CreatedAt}
		if err := json.Unmarshal(r.Lines, &rv.Lines); err != nil {
			return fmt.Errorf("decode notice lines: %w", err)
		}
		v.Revisions = append(v.Revisions, rv)
	}
	return nil
}

// tally puts payments and appeals on the current lines and sums the notice.
func (v *NoticeView) tally() {
	paid := map[uuid.UUID]int64{}
	for _, p := range v.Payments {
		paid[p.PenaltyID] += p.Amount
		v.Paid += p.Amount
	}
	appeal := map[uuid.UUID]string{}
	for _, a := range v.Appeals {
		appeal[a.PenaltyID] = a.State
	}
	if len(v.Revisions) > 0 {
		for _, l := range v.Revisions[len(v.Revisions)-1].Lines {
			v.Lines = append(v.Lines, NoticeLineView{NoticeLine: l, Paid: paid[l.PenaltyID], Due: l.Amount - paid[l.PenaltyID], AppealState: appeal[l.PenaltyID]})
			v.Total += l.Amount
		}
	}
	v.Due = v.Total - v.Paid
	served := servedDate(v.Notice)
	v.PayBy = served.AddDays(paymentDays)
	if r, ok := rules.AppealRouteFor(rules.Regime(v.Notice.Regime)); ok {
		v.Appeal, v.AppealBy = &r, r.ClosesOn(served)
	}
}

// servedDate is the civil date a notice was served on.
func servedDate(n models.PenaltyNotice) rules.Date {
	return rules.D(n.ServedOn.Year(), n.ServedOn.Month(), n.ServedOn.Day())
}

// lineOfNotice finds a penalty's current line on a notice.
func (v NoticeView) lineOf(penalty uuid.UUID) (NoticeLineView, bool) {
	for _, l := range v.Lines {
		if l.PenaltyID == penalty {
			return l, true
		}
	}
	return NoticeLineView{}, false
}
