package api

import (
	"context"
	"encoding/json"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/sync"
)

// ListConflicts lists same-field conflicts in scope.
func (h *handlers) ListConflicts(ctx context.Context, r openapi.ListConflictsRequestObject) (openapi.ListConflictsResponseObject, error) {
	if h.d.Push == nil {
		return nil, errSyncUnavailable()
	}
	p := r.Params
	f := sync.ConflictFilter{OpenOnly: p.Open == nil || *p.Open, InspectionID: p.InspectionId}
	rows, next, err := h.d.Push.ListConflicts(ctx, scopeOf(ctx), f, deref(p.Cursor), deref(p.Limit))
	if err != nil {
		return nil, err
	}
	return jsonResponse{listOf(mapSlice(rows, conflictOut), next)}, nil
}

// ResolveConflict keeps the winner or reverts to the losing value.
func (h *handlers) ResolveConflict(ctx context.Context, r openapi.ResolveConflictRequestObject) (openapi.ResolveConflictResponseObject, error) {
	if h.d.Inspect == nil {
		return nil, errSyncUnavailable()
	}
	c, err := h.d.Inspect.ResolveConflict(ctx, scopeOf(ctx), r.Id, string(r.Body.Resolution))
	if err != nil {
		return nil, err
	}
	return jsonResponse{conflictOut(c)}, nil
}

// ListQuarantine lists rejected and unauthorised work kept for supervisors.
func (h *handlers) ListQuarantine(ctx context.Context, r openapi.ListQuarantineRequestObject) (openapi.ListQuarantineResponseObject, error) {
	if h.d.Push == nil {
		return nil, errSyncUnavailable()
	}
	p := r.Params
	rows, next, err := h.d.Push.ListQuarantine(ctx, scopeOf(ctx), string(deref(p.State)), deref(p.Cursor), deref(p.Limit))
	if err != nil {
		return nil, err
	}
	return jsonResponse{listOf(mapSlice(rows, quarantineOut), next)}, nil
}

// DecideQuarantine re-applies or discards a quarantined mutation.
func (h *handlers) DecideQuarantine(ctx context.Context, r openapi.DecideQuarantineRequestObject) (openapi.DecideQuarantineResponseObject, error) {
	if h.d.Push == nil {
		return nil, errSyncUnavailable()
	}
	var args json.RawMessage
	if r.Body.Args != nil {
		args, _ = json.Marshal(*r.Body.Args)
	}
	q, res, err := h.d.Push.DecideQuarantine(ctx, scopeOf(ctx), r.Id, string(r.Body.Decision), r.Body.Reason, args)
	if err != nil {
		return nil, err
	}
	out := quarantineOut(q)
	out.Result = res
	return jsonResponse{out}, nil
}

type conflictJSON struct {
	models.Conflict
}

// MarshalJSON writes a conflict in the contract's snake_case shape.
func (c conflictJSON) MarshalJSON() ([]byte, error) {
	x := c.Conflict
	return json.Marshal(map[string]any{"id": x.ID, "entity_type": x.EntityType, "entity_id": x.EntityID, "inspection_id": x.InspectionID,
		"field": x.Field, "base_version": x.BaseVersion, "base_value": x.BaseValue, "server_value": x.ServerValue, "client_value": x.ClientValue,
		"server_author": x.ServerAuthor, "client_author": x.ClientAuthor, "policy": x.Policy, "winner": x.Winner, "resolution": x.Resolution,
		"resolved_by": x.ResolvedBy, "resolved_at": x.ResolvedAt, "created_at": x.CreatedAt})
}

func conflictOut(c models.Conflict) conflictJSON { return conflictJSON{c} }

type quarantineJSON struct {
	q      models.QuarantineEntry
	Result *sync.Result
}

// MarshalJSON writes a quarantine entry in the contract's shape.
func (j quarantineJSON) MarshalJSON() ([]byte, error) {
	x := j.q
	m := map[string]any{"id": x.ID, "mutation_id": x.MutationID, "device_id": x.DeviceID, "user_id": x.UserID, "payload": x.Payload,
		"reason": x.Reason, "detail": x.Detail, "captured_at": x.CapturedAt, "jurisdiction_id": x.JurisdictionID, "state": x.State,
		"decided_by": x.DecidedBy, "decision_reason": x.DecisionReason, "created_at": x.CreatedAt}
	if j.Result != nil {
		m["result"] = j.Result
	}
	return json.Marshal(m)
}

func quarantineOut(q models.QuarantineEntry) quarantineJSON { return quarantineJSON{q: q} }
