package inspect

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// DecideRectificationInput is a supervisor's decision on a rectification.
type DecideRectificationInput struct {
	Decision string // accept or reject
	Reason   string // required to reject
}

// DecideRectification accepts a rectification (the finding is closed:
// rectified, with the action code 01 "Deficiency rectified" recorded,
// Karnataka 2025 Sch-IX after Form B) or rejects it with a reason (the
// finding stays open). Both are audited and the owner is told in their
// language. The same decision again returns the decided rectification;
// another is refused. Errors: not_found (absent or another jurisdiction),
// invalid (decision, missing reason), conflict (decided otherwise).
func (s *Service) DecideRectification(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	in DecideRectificationInput,
) (Rectification, error) {
	if in.Decision != DecisionAccept && in.Decision != DecisionReject {
		return Rectification{}, models.InvalidField("decision", "enum", "must be accept or reject")
	}
	if in.Decision == DecisionReject && strings.TrimSpace(in.Reason) == "" {
		return Rectification{}, models.InvalidField(
			"reason",
			"required",
			"say why the evidence does not show the deficiency put right",
		)
	}
	var out Rectification
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		r, err := s.getRectification(ctx, tx.DB, sc, id)
		if err != nil {
			return err
		}
		row, err := lockInspectionRow(ctx, tx, r.InspectionID)
		if err != nil {
			return err
		}
		if r, err = s.getRectification(
			ctx,
			tx.DB,
			sc,
			id,
		); err != nil { // as of the inspection's lock, which every decision takes
			return err
		}
		if r.Status != RectificationPending {
			out = r
			if (r.Status == RectificationAccepted) == (in.Decision == DecisionAccept) {
				return nil // the same decision again
			}
			return models.Errorf(models.KindConflict, "already_decided", "the rectification was already %s", r.Status)
		}
		out, err = s.decide(ctx, tx, sc, &row, r, in)
		return err
	})
	return out, err
}

func (s *Service) decide(
	ctx context.Context,
	tx *storage.Tx,
	sc models.Scope,
	row *models.Inspection,
	r Rectification,
	in DecideRectificationInput,
) (Rectification, error) {
	now := s.clock().UTC()
	r.Status, r.Reason, r.DecidedAt = RectificationRejected, strings.TrimSpace(in.Reason), &now
	u := sc.UserID
	r.DecidedBy = &u
	if in.Decision == DecisionAccept {
		r.Status, r.ActionCode = RectificationAccepted, string(rules.RectifiedAction)
		if err := closeFinding(ctx, tx, row, r, now); err != nil {
			return r, err
		}
	}
	err := tx.DB.WithContext(ctx).
		Exec(`UPDATE finding_rectifications SET status = ?, reason = ?, decided_at = ?, decided_by = ?,
		action_code = ?, version = version + 1, updated_at = now() WHERE id = ?`,
			r.Status, r.Reason, now, u, r.ActionCode, r.ID).
		Error
	if err != nil {
		return r, fmt.Errorf("decide rectification: %w", err)
	}
	r.Version++
	if err := tx.Audit("rectification."+in.Decision, EntityRectification, r.ID, nil,
		map[string]any{"finding_id": r.FindingID, "reason": r.Reason, "action_code": r.ActionCode}); err != nil {
		return r, err
	}
	return r, s.notifyOwner(ctx, tx, r)
}

// closeFinding marks the finding rectified with code 01, bumping it and
// its inspection so that devices pull the change. The recorded action of
// the inspection stays as the inspector gave it: 01 is what was done since.
func closeFinding(ctx context.Context, tx *storage.Tx, row *models.Inspection, r Rectification, now time.Time) error {
	var f models.Finding
	err := tx.DB.WithContext(ctx).
		Raw(`UPDATE findings SET rectified = true, rectified_at = ?, rectification_note = ?, rectification_action = ?,
		version = version + 1, updated_at = now() WHERE id = ? AND NOT rectified RETURNING *`,
			now, r.Note, string(rules.RectifiedAction), r.FindingID).
		Scan(&f).
		Error
	if err != nil {
		return fmt.Errorf("close finding: %w", err)
	}
	if f.ID == uuid.Nil {
		return models.Errorf(models.KindConflict, "already_rectified", "the finding is closed")
	}
	tx.Changed(EntityFinding, f.ID, findingKeys(row, &f)...)
	if err := tx.Audit(
		"finding.rectified",
		EntityFinding,
		f.ID,
		nil,
		map[string]any{"rectification_id": r.ID, "action_code": rules.RectifiedAction, "note": r.Note},
	); err != nil {
		return err
	}
	// The overdue flag of the finding, if any, is resolved by the decision
	// (jobs.FlagFindingOverdue, document "finding:<id>").
	err = tx.DB.WithContext(ctx).
		Exec(`UPDATE flags SET status = 'resolved', resolved_at = ?, resolved_by = ?, resolution = ?, updated_at = now()
		WHERE kind = 'finding_overdue' AND document = ? AND status = 'open'`,
			now, r.DecidedBy, "rectification accepted", "finding:"+f.ID.String()).
		Error
	if err != nil {
		return fmt.Errorf("resolve overdue flag: %w", err)
	}
	return bumpInspection(ctx, tx, row)
}

// notifyOwner tells the owner of the decision, in their language.
func (s *Service) notifyOwner(ctx context.Context, tx *storage.Tx, r Rectification) error {
	var o struct {
		Name, Email, PreferredLanguage, Vessel, Code string
	}
	err := tx.DB.WithContext(ctx).
		Raw(`SELECT o.name, o.email, o.preferred_language, v.name || ' (' || v.registration_number || ')' AS vessel, f.code
		FROM findings f JOIN inspections i ON i.id = f.inspection_id JOIN vessels v ON v.id = i.vessel_id JOIN owners
		o ON o.id = ?
		WHERE f.id = ?`, r.OwnerID, r.FindingID).
		Scan(&o).
		Error
	if err != nil {
		return fmt.Errorf("load owner: %w", err)
	}
	tpl := notify.TplRectificationAccepted
	if r.Status == RectificationRejected {
		tpl = notify.TplRectificationRejected
	}
	n := notify.Notice{
		Template:  tpl,
		DedupeKey: "rectification:" + r.ID.String() + ":" + r.Status,
		Recipient: notify.Owner(r.OwnerID, o.Name, o.Email, o.PreferredLanguage),
		Data: notify.Data{
			Vessel:   o.Vessel,
			Doc:      o.Code,
			Detail:   r.Reason,
			Due:      dayOf(*r.DecidedAt),
			Citation: "Karnataka 2025, Sch-IX Form B",
		},
	}
	_, err = s.outbox.Enqueue(ctx, tx.DB, []notify.Notice{n})
	return err
}

func dayOf(t time.Time) time.Time {
	t = t.In(india)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

var india = time.FixedZone("IST", 5*3600+1800)

// getRectification reads one rectification in the caller's scope.
func (s *Service) getRectification(
	ctx context.Context,
	db *gorm.DB,
	sc models.Scope,
	id uuid.UUID,
) (Rectification, error) {
	q := db.WithContext(ctx).Table("finding_rectifications").Select(rectificationColumns).Where("id = ?", id)
	rows, err := scanRectifications(rectificationScope(q, sc))
	if err != nil {
		return Rectification{}, err
	}
	if len(rows) == 0 {
		return Rectification{}, errNoRectification
	}
	return rows[0], nil
}

// GetRectification reads one rectification in scope (a page naming the
// finding and vessel it refers to). Errors: not_found.
func (s *Service) GetRectification(ctx context.Context, sc models.Scope, id uuid.UUID) (Rectification, error) {
	return s.getRectification(ctx, s.db.Gorm, sc, id)
}

func rectificationScope(q *gorm.DB, sc models.Scope) *gorm.DB {
	return storage.Scoped(q, sc, storage.ByJurisdiction)
}

// RectificationFilter narrows a list of rectifications.
type RectificationFilter struct {
	Status    string
	FindingID *uuid.UUID
}

// ListRectifications lists rectifications in scope, oldest first, paged by
// id (UUIDv7, so in submission order): a supervisor's pending ones, an
// owner's own.
func (s *Service) ListRectifications(
	ctx context.Context,
	sc models.Scope,
	f RectificationFilter,
	cursor string,
	limit int,
) ([]Rectification, string, error) {
	q := rectificationScope(s.db.Gorm.WithContext(ctx).Table("finding_rectifications").Select(rectificationColumns), sc)
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if f.FindingID != nil {
		q = q.Where("finding_id = ?", *f.FindingID)
	}
	pager := storage.ByID(func(r Rectification) uuid.UUID { return r.ID })
	pager.Fetch = func(q *gorm.DB, rows *[]Rectification) (err error) {
		*rows, err = scanRectifications(q)
		return err
	}
	return pager.Page(q, cursor, limit)
}

// RectificationSubject is what a rectification is about, as people name
// it: its finding's deficiency code and the vessel.
type RectificationSubject struct {
	ID       uuid.UUID
	Code     string
	VesselID uuid.UUID
}

// RectificationSubjects reads, in the caller's scope, the finding's code
// and the vessel of each rectification of ids, in one query: a list names
// every card without reading each inspection.
func (s *Service) RectificationSubjects(
	ctx context.Context,
	sc models.Scope,
	ids []uuid.UUID,
) (map[uuid.UUID]RectificationSubject, error) {
	out := make(map[uuid.UUID]RectificationSubject, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	db := s.db.Gorm.WithContext(ctx)
	in := rectificationScope(db.Table("finding_rectifications").Select("id, finding_id").
		Where("id IN ?", ids), sc)
	var rows []RectificationSubject
	if err := db.Table("(?) r", in).Select("r.id, f.code, f.vessel_id").
		Joins("JOIN findings f ON f.id = r.finding_id").Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load rectifications' findings: %w", err)
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}
