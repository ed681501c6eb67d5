package auth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// An assignment (models.UserJurisdiction) says that a user works for a
// jurisdiction from a first day to an optional last day, both inclusive,
// in Asia/Kolkata. Assignments are never deleted, only ended: a push is
// authorised against the assignment in force on the capture date of each
// mutation (sync/apply_auth.go), and a request against those in force
// today (Authenticate).

// Assignment is one assignment with the jurisdiction's code and name.
type Assignment struct {
	models.UserJurisdiction
	JurisdictionCode string
	JurisdictionName string
}

// assignable are the roles that work for jurisdictions.
var assignable = map[models.Role]bool{
	models.RoleInspector: true, models.RoleSupervisor: true, models.RoleRegistrar: true,
}

// ListAssignments lists every assignment of a user sc reaches, past,
// present and future, oldest first. Errors: KindNotFound.
func (s *Service) ListAssignments(ctx context.Context, sc models.Scope, userID uuid.UUID) ([]Assignment, error) {
	if _, err := s.GetUser(ctx, sc, userID); err != nil {
		return nil, err
	}
	return listAssignments(s.db.Gorm.WithContext(ctx), userID, nil)
}

func listAssignments(g *gorm.DB, userID uuid.UUID, id *uuid.UUID) ([]Assignment, error) {
	q := g.Table("user_jurisdictions uj").
		Select("uj.*, j.code AS jurisdiction_code, j.name AS jurisdiction_name").
		Joins("JOIN jurisdictions j ON j.id = uj.jurisdiction_id").Where("uj.user_id = ?", userID)
	if id != nil {
		q = q.Where("uj.id = ?", *id)
	}
	out := []Assignment{}
	if err := q.Order("uj.starts_on, uj.created_at, uj.id").Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("list assignments: %w", err)
	}
	return out, nil
}

// NewAssignment assigns a user to a jurisdiction from StartsOn to EndsOn
// (nil: open-ended), dates in Asia/Kolkata.
type NewAssignment struct {
	JurisdictionID uuid.UUID
	StartsOn       time.Time
	EndsOn         *time.Time
}

// Assign adds an assignment to an inspector, a supervisor or a registrar,
// under the user's row lock. The same assignment again (the same
// jurisdiction and dates: a retried request) answers the existing one
// with created false. Errors: KindNotFound (the user), KindInvalid
// ("role_not_assignable", dates, an unknown jurisdiction), KindConflict
// ("assignment_overlaps": another assignment to the jurisdiction covers
// one of the days).
func (s *Service) Assign(
	ctx context.Context,
	actor storage.Actor,
	sc models.Scope,
	userID uuid.UUID,
	a NewAssignment,
) (Assignment, bool, error) {
	if a.EndsOn != nil && a.EndsOn.Before(a.StartsOn) {
		return Assignment{}, false, models.Refused("ends_on", "ends_before_start", "must not be before starts_on")
	}
	var id uuid.UUID
	created := false
	err := s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		u, err := lockUser(tx.DB, sc, userID)
		if err != nil {
			return err
		}
		if !assignable[u.Role] {
			return models.Refused("role", "role_not_assignable",
				"only inspectors, supervisors and registrars are assigned to jurisdictions, not the %s role", u.Role)
		}
		if err := jurisdictionExists(tx.DB, a.JurisdictionID); err != nil {
			return err
		}
		id, created, err = s.insertAssignment(tx, userID, a)
		return err
	})
	if err != nil {
		return Assignment{}, false, err
	}
	got, err := listAssignments(s.db.Gorm.WithContext(ctx), userID, &id)
	if err != nil || len(got) == 0 {
		return Assignment{}, false, errors.Join(err, errors.New("assignment vanished"))
	}
	return got[0], created, nil
}

func jurisdictionExists(g *gorm.DB, id uuid.UUID) error {
	var n int64
	if err := g.Table("jurisdictions").Where("id = ? AND deleted_at IS NULL", id).Count(&n).Error; err != nil {
		return fmt.Errorf("check jurisdiction: %w", err)
	}
	if n == 0 {
		return models.Refused("jurisdiction_id", "not_found", "no such jurisdiction")
	}
	return nil
}

// insertAssignment writes the assignment unless the same one exists, and
// refuses one that overlaps another assignment to the jurisdiction.
func (s *Service) insertAssignment(tx *storage.Tx, userID uuid.UUID, a NewAssignment) (uuid.UUID, bool, error) {
	start := a.StartsOn.Format(time.DateOnly)
	var same []models.UserJurisdiction
	// Overlap of [start, end] with [starts_on, ends_on], open ends infinite.
	q := tx.DB.Where("user_id = ? AND jurisdiction_id = ? AND (ends_on IS NULL OR ends_on >= ?::date)",
		userID, a.JurisdictionID, start)
	if a.EndsOn != nil {
		q = q.Where("starts_on <= ?::date", a.EndsOn.Format(time.DateOnly))
	}
	if err := q.Find(&same).Error; err != nil {
		return uuid.Nil, false, fmt.Errorf("find overlapping assignments: %w", err)
	}
	if len(same) == 1 && sameDates(same[0], a) {
		return same[0].ID, false, nil
	}
	if len(same) > 0 {
		return uuid.Nil, false, models.Errorf(models.KindConflict, "assignment_overlaps",
			"the user is already assigned to this jurisdiction on some of these days (from %s): end that "+
				"assignment first or choose other dates", same[0].StartsOn.Format(time.DateOnly))
	}
	row := models.UserJurisdiction{ID: uuid.New(), UserID: userID, JurisdictionID: a.JurisdictionID,
		StartsOn: a.StartsOn, EndsOn: a.EndsOn, CreatedAt: s.now()}
	if err := tx.DB.Create(&row).Error; err != nil {
		return uuid.Nil, false, fmt.Errorf("insert assignment: %w", err)
	}
	return row.ID, true, tx.Audit("assign", "user_jurisdiction", row.ID, nil, assignmentImage(row))
}

func sameDates(r models.UserJurisdiction, a NewAssignment) bool {
	if !sameDay(r.StartsOn, a.StartsOn) {
		return false
	}
	if r.EndsOn == nil || a.EndsOn == nil {
		return r.EndsOn == nil && a.EndsOn == nil
	}
	return sameDay(*r.EndsOn, *a.EndsOn)
}

func sameDay(a, b time.Time) bool { return a.Format(time.DateOnly) == b.Format(time.DateOnly) }

func assignmentImage(r models.UserJurisdiction) map[string]any {
	img := map[string]any{"user_id": r.UserID, "jurisdiction_id": r.JurisdictionID,
		"starts_on": r.StartsOn.Format(time.DateOnly), "ends_on": nil}
	if r.EndsOn != nil {
		img["ends_on"] = r.EndsOn.Format(time.DateOnly)
	}
	return img
}

// EndAssignment ends an assignment on its last day (inclusive). Ending it
// again on the same day answers it unchanged; an assignment already ended
// on another day is a conflict (assignments are history: add a new one).
// Errors: KindNotFound, KindInvalid ("ends_before_start"), KindConflict
// ("assignment_ended").
func (s *Service) EndAssignment(
	ctx context.Context,
	actor storage.Actor,
	sc models.Scope,
	userID, id uuid.UUID,
	endsOn time.Time,
) (Assignment, error) {
	err := s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		if _, err := lockUser(tx.DB, sc, userID); err != nil {
			return err
		}
		var r models.UserJurisdiction
		err := tx.DB.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ? AND user_id = ?", id, userID).Take(&r).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return models.NotFound("assignment")
		}
		if err != nil {
			return fmt.Errorf("lock assignment: %w", err)
		}
		return endAssignment(tx, r, endsOn)
	})
	if err != nil {
		return Assignment{}, err
	}
	got, err := listAssignments(s.db.Gorm.WithContext(ctx), userID, &id)
	if err != nil || len(got) == 0 {
		return Assignment{}, errors.Join(err, errors.New("assignment vanished"))
	}
	return got[0], nil
}

func endAssignment(tx *storage.Tx, r models.UserJurisdiction, endsOn time.Time) error {
	switch {
	case r.EndsOn != nil && sameDay(*r.EndsOn, endsOn):
		return nil
	case r.EndsOn != nil:
		return models.Errorf(models.KindConflict, "assignment_ended",
			"the assignment already ended on %s", r.EndsOn.Format(time.DateOnly))
	case endsOn.Before(r.StartsOn):
		return models.Refused("ends_on", "ends_before_start", "must not be before the assignment's first day %s",
			r.StartsOn.Format(time.DateOnly))
	}
	before := assignmentImage(r)
	if err := tx.DB.Model(&r).Update("ends_on", endsOn.Format(time.DateOnly)).Error; err != nil {
		return fmt.Errorf("end assignment: %w", err)
	}
	r.EndsOn = &endsOn
	return tx.Audit("end_assignment", "user_jurisdiction", r.ID, before, assignmentImage(r))
}
