package jobs

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

var lockUpdate = clause.Locking{Strength: "UPDATE"}

// FlagRow is a stored flag.
type FlagRow struct {
	ID             uuid.UUID
	Kind           string
	SubjectType    string
	SubjectID      uuid.UUID
	Document       string
	DueOn          time.Time
	JurisdictionID uuid.UUID
	OwnerID        *uuid.UUID
	VesselID       *uuid.UUID
	CertificateID  *uuid.UUID
	Citation       string
	Detail         string
	RaisedBy       string
	RaisedOn       time.Time
	Status         string
	ResolvedAt     *time.Time
	ResolvedBy     *uuid.UUID
	Resolution     string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// TableName maps FlagRow to flags.
func (FlagRow) TableName() string { return "flags" }

// FlagFilter narrows a flag list.
type FlagFilter struct {
	Kind           string
	Status         string
	JurisdictionID *uuid.UUID
	VesselID       *uuid.UUID
	DueFrom, DueTo *time.Time
}

// flagScope filters flags like the registry: jurisdictions for officials,
// the owner's own for owners, everything for admins.
func flagScope(s models.Scope, q *gorm.DB) *gorm.DB {
	return storage.Scoped(q, s, storage.ByJurisdiction)
}

// ListFlags lists the flags in the caller's scope, by id, after cursor.
func (s *Service) ListFlags(
	ctx context.Context,
	sc models.Scope,
	f FlagFilter,
	cursor string,
	limit int,
) ([]FlagRow, string, error) {
	q := flagScope(sc, s.d.DB.Gorm.WithContext(ctx).Model(&FlagRow{}))
	if f.Kind != "" {
		q = q.Where("kind = ?", f.Kind)
	}
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if f.JurisdictionID != nil {
		q = q.Where("jurisdiction_id = ?", *f.JurisdictionID)
	}
	if f.VesselID != nil {
		q = q.Where("vessel_id = ?", *f.VesselID)
	}
	if f.DueFrom != nil {
		q = q.Where("due_on >= ?", *f.DueFrom)
	}
	if f.DueTo != nil {
		q = q.Where("due_on <= ?", *f.DueTo)
	}
	return storage.ByID(func(f FlagRow) uuid.UUID { return f.ID }).Page(q, cursor, limit)
}

// ResolveFlag resolves an open flag in the caller's scope with a reason.
// Resolving a resolved flag is a conflict; one out of scope is not found.
func (s *Service) ResolveFlag(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	reason string,
	now time.Time,
) (FlagRow, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return FlagRow{}, models.Invalid(
			models.FieldError{Field: "reason", Code: "required", Message: "say why the flag is resolved"},
		)
	}
	var out FlagRow
	err := s.d.DB.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		var f FlagRow
		err := flagScope(sc, tx.DB.WithContext(ctx).Model(&FlagRow{})).Clauses(lockUpdate).Where("id = ?", id).Take(&f).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return models.NotFound("flag")
		}
		if err != nil {
			return fmt.Errorf("load flag: %w", err)
		}
		if f.Status != "open" {
			return models.Errorf(models.KindConflict, "flag_resolved", "the flag was already resolved: %s", f.Resolution)
		}
		before := f
		f.Status, f.ResolvedAt, f.Resolution, f.UpdatedAt = "resolved", &now, reason, now
		if sc.UserID != uuid.Nil {
			u := sc.UserID
			f.ResolvedBy = &u
		}
		err = tx.DB.Model(&FlagRow{}).Where("id = ?", id).Updates(map[string]any{"status": f.Status, "resolved_at": now,
			"resolution": reason, "resolved_by": f.ResolvedBy, "updated_at": now}).Error
		if err != nil {
			return fmt.Errorf("resolve flag: %w", err)
		}
		out = f
		return tx.Audit("resolve", "flag", id, before, f)
	})
	return out, err
}
