package inspect

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
)

// ReviewerView is an inspection with everything a reviewer needs in one
// call (docs/REVIEW.md): the View, the open and resolved conflicts, the
// amendment requests, the owners' rectifications, per finding how it may
// close and whether it is overdue, and the history of decisions.
type ReviewerView struct {
	View
	Today          time.Time
	Conflicts      []models.Conflict
	AmendmentRows  []models.AmendmentRequest
	Rectifications []Rectification
	Closure        map[uuid.UUID]rules.ClosureRule
	Actions        map[uuid.UUID]string // rectification action code recorded (01), by finding
	History        []HistoryEntry
}

// Overdue reports whether a finding's due date has passed unrectified
// (India's calendar day).
func (v ReviewerView) Overdue(f models.Finding) bool {
	return !f.Rectified && !f.DeletedAt.Valid && f.DueDate != nil && f.DueDate.Before(v.Today)
}

// HistoryEntry is one decision or change in the audit log: who, when,
// what, why, and from which device.
type HistoryEntry struct {
	ID         int64
	At         time.Time
	Action     string
	EntityType string
	EntityID   uuid.UUID
	ActorID    *uuid.UUID
	ActorName  string
	ActorRole  string
	DeviceID   *uuid.UUID
	RequestID  string
	After      []byte
	Reason     string `gorm:"-"`
}

// historySQL reads the audit entries of the inspection and of every row
// of its aggregate that a decision is taken on.
const historySQL = `SELECT a.id, a.at, a.action, a.entity_type, a.entity_id, a.actor_id, coalesce(u.name, '')
	AS actor_name,
	coalesce(u.role, '') AS actor_role, a.device_id, a.request_id, a.after
FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
WHERE (a.entity_type = 'inspection' AND a.entity_id = @id)
   OR (a.entity_type = 'finding' AND a.entity_id IN (SELECT id FROM findings WHERE inspection_id = @id))
   OR (a.entity_type = 'amendment_request' AND a.entity_id IN (SELECT id FROM amendment_requests WHERE
   inspection_id = @id))
   OR (a.entity_type = 'finding_rectification' AND a.entity_id IN (SELECT id FROM finding_rectifications WHERE
   inspection_id = @id))
   OR (a.entity_type = 'conflict' AND a.entity_id IN (SELECT id FROM conflicts WHERE inspection_id = @id))
   OR (a.entity_type = 'photo' AND a.entity_id IN (SELECT id FROM photos WHERE inspection_id = @id))
ORDER BY a.id`

// reasonKeys are where decisions keep their why, in order of preference.
var reasonKeys = []string{"comment", "reason", "override_reason", "decision_reason", "resolution"}

// Reviewer returns the reviewer's view of one inspection in scope (404
// otherwise).
func (s *Service) Reviewer(ctx context.Context, sc models.Scope, id uuid.UUID) (ReviewerView, error) {
	v, err := s.Get(ctx, sc, id)
	if err != nil {
		return ReviewerView{}, err
	}
	rv := ReviewerView{
		View:    v,
		Today:   s.today(),
		Closure: map[uuid.UUID]rules.ClosureRule{},
		Actions: map[uuid.UUID]string{},
	}
	db := s.db.Gorm.WithContext(ctx)
	if err := db.Where("inspection_id = ?", id).Order("id").Find(&rv.Conflicts).Error; err != nil {
		return rv, fmt.Errorf("load conflicts: %w", err)
	}
	if err := db.Where("inspection_id = ?", id).Order("id").Find(&rv.AmendmentRows).Error; err != nil {
		return rv, fmt.Errorf("load amendment requests: %w", err)
	}
	q := db.Table("finding_rectifications").Select(rectificationColumns).Where("inspection_id = ?", id).Order("id")
	if rv.Rectifications, err = scanRectifications(q); err != nil {
		return rv, err
	}
	for _, f := range v.Findings {
		rv.Closure[f.ID] = rules.ClosureFor(rules.Code(f.Code), rules.ActionCode(f.Action))
	}
	var acts []struct {
		ID                  uuid.UUID
		RectificationAction string
	}
	q = db.Table("findings").Select("id, rectification_action").
		Where("inspection_id = ? AND rectification_action <> ''", id)
	if err := q.Scan(&acts).Error; err != nil {
		return rv, fmt.Errorf("load rectification actions: %w", err)
	}
	for _, a := range acts {
		rv.Actions[a.ID] = a.RectificationAction
	}
	rv.History, err = s.history(ctx, id)
	return rv, err
}

func (s *Service) history(ctx context.Context, id uuid.UUID) ([]HistoryEntry, error) {
	var out []HistoryEntry
	if err := s.db.Gorm.WithContext(ctx).Raw(historySQL, map[string]any{"id": id}).Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("load history: %w", err)
	}
	for i := range out {
		var after map[string]any
		if json.Unmarshal(out[i].After, &after) != nil {
			continue
		}
		for _, k := range reasonKeys {
			if r, ok := after[k].(string); ok && r != "" {
				out[i].Reason = r
				break
			}
		}
	}
	return out, nil
}
