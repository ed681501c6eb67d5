package penalty

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/document"
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
	Challan      Challan
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
	return storage.Scoped(q, sc, storage.ByJurisdiction)
}

// NoticeFilter narrows a list of notices.
type NoticeFilter struct {
	InspectionID *uuid.UUID
	VesselID     *uuid.UUID
}

// noticePager pages notices newest first.
var noticePager = storage.Pager[models.PenaltyNotice]{ID: "id", At: "created_at", Desc: true,
	Key: func(n models.PenaltyNotice) storage.PageKey { return storage.PageKey{At: n.CreatedAt, ID: n.ID} }}

// ListNotices lists notices in scope, newest first, one page after the
// cursor, each read as GetNotice reads it, in a fixed number of queries
// whatever the page size. Errors: invalid (cursor).
func (s *Service) ListNotices(
	ctx context.Context,
	sc models.Scope,
	f NoticeFilter,
	cursor string,
	limit int,
) ([]NoticeView, string, error) {
	var out []NoticeView
	var next string
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		q := noticeScope(tx.DB.WithContext(ctx).Model(&models.PenaltyNotice{}), sc)
		if f.InspectionID != nil {
			q = q.Where("inspection_id = ?", *f.InspectionID)
		}
		if f.VesselID != nil {
			q = q.Where("vessel_id = ?", *f.VesselID)
		}
		ns, n, err := noticePager.Page(q, cursor, limit)
		if err != nil {
			return err
		}
		next = n
		out, err = loadNoticeViews(ctx, tx, ns)
		return err
	})
	return out, next, err
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
	var ns []models.PenaltyNotice
	if err := noticeScope(tx.DB.WithContext(ctx).Where("id = ?", id), sc).Find(&ns).Error; err != nil {
		return NoticeView{}, fmt.Errorf("load notice: %w", err)
	}
	if len(ns) == 0 {
		return NoticeView{}, models.NotFound("penalty notice")
	}
	vs, err := loadNoticeViews(ctx, tx, ns)
	if err != nil {
		return NoticeView{}, err
	}
	return vs[0], nil
}

// loadNoticeViews reads what the notices' views carry, each kind of row
// in one query for all of them.
func loadNoticeViews(ctx context.Context, tx *storage.Tx, ns []models.PenaltyNotice) ([]NoticeView, error) {
	vs := make([]NoticeView, len(ns))
	at := make(map[uuid.UUID]*NoticeView, len(ns))
	ids := make([]uuid.UUID, len(ns))
	for i, n := range ns {
		vs[i].Notice, ids[i] = n, n.ID
		vs[i].Payments, vs[i].Appeals = []models.PenaltyPayment{}, []models.PenaltyAppeal{} // as Find leaves them
		at[n.ID] = &vs[i]
	}
	if len(ns) == 0 {
		return vs, nil
	}
	loaders := []func(context.Context, *storage.Tx, []NoticeView) error{
		loadNoticeParties,
		loadInspectedAt,
		loadVerifyCodes,
	}
	for _, load := range loaders {
		if err := load(ctx, tx, vs); err != nil {
			return nil, err
		}
	}
	if err := loadRevisions(ctx, tx, ids, at); err != nil {
		return nil, err
	}
	if err := loadPaymentsAndAppeals(ctx, tx, ids, at); err != nil {
		return nil, err
	}
	for i := range vs {
		vs[i].tally()
	}
	if err := loadChallans(ctx, tx, vs); err != nil { // after tally: it reads the current lines
		return nil, err
	}
	return vs, nil
}

// loadNoticeParties reads the jurisdiction, vessel and owner of every
// notice (tombstones too: a notice outlives a deleted vessel).
func loadNoticeParties(ctx context.Context, tx *storage.Tx, vs []NoticeView) error {
	db := tx.DB.WithContext(ctx).Unscoped().Session(&gorm.Session{}) // reusable: each query starts afresh
	var js []models.Jurisdiction
	var vessels []models.Vessel
	var owners []models.Owner
	if err := db.Where("id IN ?", column(vs, func(v NoticeView) uuid.UUID { return v.Notice.JurisdictionID })).
		Find(&js).
		Error; err != nil {
		return fmt.Errorf("notice jurisdictions: %w", err)
	}
	if err := db.Where("id IN ?", column(vs, func(v NoticeView) uuid.UUID { return v.Notice.VesselID })).
		Find(&vessels).
		Error; err != nil {
		return fmt.Errorf("notice vessels: %w", err)
	}
	if err := db.Where("id IN ?", column(vs, func(v NoticeView) uuid.UUID { return v.Notice.OwnerID })).
		Find(&owners).
		Error; err != nil {
		return fmt.Errorf("notice owners: %w", err)
	}
	for i := range vs {
		n := vs[i].Notice
		vs[i].Jurisdiction = byID(js, n.JurisdictionID, func(j models.Jurisdiction) uuid.UUID { return j.ID })
		vs[i].Vessel = byID(vessels, n.VesselID, func(v models.Vessel) uuid.UUID { return v.ID })
		vs[i].Owner = byID(owners, n.OwnerID, func(o models.Owner) uuid.UUID { return o.ID })
	}
	return nil
}

func loadInspectedAt(ctx context.Context, tx *storage.Tx, vs []NoticeView) error {
	var rows []struct {
		ID        uuid.UUID
		StartedAt time.Time
	}
	ids := column(vs, func(v NoticeView) uuid.UUID { return v.Notice.InspectionID })
	if err := tx.DB.WithContext(ctx).
		Raw("SELECT id, started_at FROM inspections WHERE id IN ?", ids).
		Scan(&rows).
		Error; err != nil {
		return fmt.Errorf("notice inspections: %w", err)
	}
	for i := range vs {
		for _, r := range rows {
			if r.ID == vs[i].Notice.InspectionID {
				vs[i].InspectedAt = r.StartedAt
			}
		}
	}
	return nil
}

// loadVerifyCodes reads the verification code of every notice's current
// revision (GET /v/{code}).
func loadVerifyCodes(ctx context.Context, tx *storage.Tx, vs []NoticeView) error {
	refs := column(vs, func(v NoticeView) uuid.UUID { return revisionRef(v.Notice.ID, v.Notice.Revision) })
	var rows []struct {
		RefID uuid.UUID
		Code  string
	}
	err := tx.DB.WithContext(ctx).
		Raw(`SELECT ref_id, code FROM documents WHERE kind = ? AND ref_id IN ?`, document.KindPenaltyNotice, refs).
		Scan(&rows).
		Error
	if err != nil {
		return fmt.Errorf("notice codes: %w", err)
	}
	for i := range vs {
		for _, r := range rows {
			if r.RefID == refs[i] {
				vs[i].VerifyCode = r.Code
			}
		}
	}
	return nil
}

func loadRevisions(ctx context.Context, tx *storage.Tx, ids []uuid.UUID, at map[uuid.UUID]*NoticeView) error {
	var rows []models.PenaltyNoticeRevision
	if err := tx.DB.WithContext(ctx).
		Where("notice_id IN ?", ids).
		Order("notice_id, revision").
		Find(&rows).
		Error; err != nil {
		return fmt.Errorf("load revisions: %w", err)
	}
	for _, r := range rows {
		rv := RevisionView{
			Revision:  r.Revision,
			Previous:  r.Previous,
			Reason:    r.Reason,
			Total:     r.Total,
			CreatedAt: r.CreatedAt,
		}
		if err := json.Unmarshal(r.Lines, &rv.Lines); err != nil {
			return fmt.Errorf("decode notice lines: %w", err)
		}
		at[r.NoticeID].Revisions = append(at[r.NoticeID].Revisions, rv)
	}
	return nil
}

func loadPaymentsAndAppeals(ctx context.Context, tx *storage.Tx, ids []uuid.UUID, at map[uuid.UUID]*NoticeView) error {
	db := tx.DB.WithContext(ctx).Session(&gorm.Session{})
	var ps []models.PenaltyPayment
	var as []models.PenaltyAppeal
	if err := db.Where("notice_id IN ?", ids).Order("created_at, id").Find(&ps).Error; err != nil {
		return fmt.Errorf("load payments: %w", err)
	}
	if err := db.Where("notice_id IN ?", ids).Order("created_at, id").Find(&as).Error; err != nil {
		return fmt.Errorf("load appeals: %w", err)
	}
	if err := loadAppealPhotos(ctx, db, as); err != nil {
		return err
	}
	for _, p := range ps {
		at[p.NoticeID].Payments = append(at[p.NoticeID].Payments, p)
	}
	for _, a := range as {
		at[a.NoticeID].Appeals = append(at[a.NoticeID].Appeals, a)
	}
	return nil
}

// column is one uuid of every view.
func column(vs []NoticeView, f func(NoticeView) uuid.UUID) []uuid.UUID {
	out := make([]uuid.UUID, len(vs))
	for i, v := range vs {
		out[i] = f(v)
	}
	return out
}

// byID finds the row with id among rows (the zero row if none).
func byID[T any](rows []T, id uuid.UUID, idOf func(T) uuid.UUID) T {
	for _, r := range rows {
		if idOf(r) == id {
			return r
		}
	}
	var zero T
	return zero
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
			v.Lines = append(
				v.Lines,
				NoticeLineView{
					NoticeLine:  l,
					Paid:        paid[l.PenaltyID],
					Due:         l.Amount - paid[l.PenaltyID],
					AppealState: appeal[l.PenaltyID],
				},
			)
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
