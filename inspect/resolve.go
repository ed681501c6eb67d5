package inspect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Conflict resolutions.
const (
	ResolutionKept     = "kept"
	ResolutionReverted = "reverted"
)

// ResolveConflict closes a conflict: "kept" leaves the winner; "reverted"
// applies the losing value as the supervisor's own edit (through the same
// commands, so an approved inspection gets an amendment request instead).
// Errors: not_found (out of scope), conflict (already resolved).
func (s *Service) ResolveConflict(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	resolution string,
) (models.Conflict, error) {
	var c models.Conflict
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		err := storage.Scoped(tx.DB.WithContext(ctx), sc, storage.OfficialsByJurisdiction).
			Where("id = ?", id).Take(&c).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return models.NotFound("conflict")
		}
		if err != nil {
			return err
		}
		if c.ResolvedAt != nil {
			return models.Errorf(models.KindConflict, "already_resolved", "the conflict was resolved already")
		}
		w := s.NewWork(tx)
		if resolution == ResolutionReverted {
			if err := w.revert(ctx, sc, c); err != nil {
				return err
			}
		}
		now := s.clock().UTC()
		u := sc.UserID
		c.Resolution, c.ResolvedBy, c.ResolvedAt, c.Version = resolution, &u, &now, c.Version+1
		if err := tx.DB.WithContext(ctx).Model(&models.Conflict{}).Where("id = ?", c.ID).
			Updates(map[string]any{
				"resolution": resolution, "resolved_by": u, "resolved_at": now, "version": c.Version, "updated_at": now,
			}).Error; err != nil {
			return err
		}
		w.changed(
			EntityConflict,
			c.ID,
			storage.ScopeJurisdiction(c.JurisdictionID),
			storage.ScopeOwner(c.OwnerID),
			storage.ScopeUser(c.InspectorID),
		)
		return w.Finish(ctx)
	})
	return c, err
}

// revert applies the loser of a conflict as a supervisor edit.
func (w *Work) revert(ctx context.Context, sc models.Scope, c models.Conflict) error {
	loser := c.ClientValue
	if c.Winner == "client" {
		loser = c.ServerValue
	}
	if c.InspectionID == nil {
		return models.InvalidField("resolution", "not_revertible", "this conflict cannot be reverted")
	}
	m := Meta{
		UserID:   sc.UserID,
		DeviceID: sc.DeviceID,
		Role:     sc.Role,
		At:       w.s.clock(),
		Base:     math.MaxInt64,
		Name:     "conflict.revert",
		Args:     json.RawMessage(loser),
	}
	args, err := revertArgs(ctx, w, *c.InspectionID, c, loser)
	if err != nil {
		return err
	}
	_, err = w.Run(ctx, m, args)
	return err
}

// revertArgs builds the command that writes a losing value back.
func revertArgs(ctx context.Context, w *Work, insp uuid.UUID, c models.Conflict, loser []byte) (Args, error) {
	switch c.EntityType {
	case EntityInspection:
		raw, err := json.Marshal(map[string]json.RawMessage{"inspection_id": mustRaw(insp), c.Field: loser})
		if err != nil {
			return nil, fmt.Errorf("conflict %s: the losing value: %w", c.ID, err)
		}
		return decodeAs[EditArgs](raw)
	case EntityAnswer:
		var v answerValue
		var row struct {
			ItemID     string
			TemplateID uuid.UUID
		}
		if err := json.Unmarshal(loser, &v); err != nil {
			return nil, err
		}
		if err := w.tx.DB.WithContext(ctx).
			Raw("SELECT item_id, template_id FROM inspection_answers WHERE id = ?", c.EntityID).
			Scan(&row).
			Error; err != nil {
			return nil, err
		}
		// The answer's own template: an extra template's item may share
		// its id with one of the primary's. The record is part of the
		// losing value: one it did not have is cleared (an empty record).
		record := map[string]string{}
		maps.Copy(record, v.Record)
		return &AnswerArgsV3{
			InspectionID: insp,
			TemplateID:   row.TemplateID,
			ItemID:       row.ItemID,
			Answer:       v.Answer,
			Note:         &v.Note,
			Record:       record,
		}, nil
	case EntityFinding:
		field := c.Field
		if field == "requested_action" {
			field = "action"
		}
		raw, err := json.Marshal(
			map[string]json.RawMessage{"inspection_id": mustRaw(insp), "finding_id": mustRaw(c.EntityID), field: loser},
		)
		if err != nil {
			return nil, fmt.Errorf("conflict %s: the losing value: %w", c.ID, err)
		}
		return decodeAs[UpdateFindingArgs](raw)
	}
	return nil, models.InvalidField("resolution", "not_revertible", "conflicts on %s cannot be reverted", c.EntityType)
}

func mustRaw(v any) json.RawMessage {
	b, _ := json.Marshal(v) //nolint:errcheck // ids and strings
	return b
}
