package api

import (
	"context"
	"encoding/json"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/sync"
)

// ListConflicts lists same-field conflicts in scope.
func (h *handlers) ListConflicts(
	ctx context.Context,
	r openapi.ListConflictsRequestObject,
) (openapi.ListConflictsResponseObject, error) {
	p := r.Params
	f := sync.ConflictFilter{OpenOnly: p.Open == nil || *p.Open, InspectionID: p.InspectionId}
	rows, next, err := h.d.Push.ListConflicts(ctx, scopeOf(ctx), f, deref(p.Cursor), deref(p.Limit))
	if err != nil {
		return nil, err
	}
	return openapi.ListConflicts200JSONResponse{Items: mapSlice(rows, conflictOut), NextCursor: cursorOf(next)}, nil
}

// ResolveConflict keeps the winner or reverts to the losing value.
func (h *handlers) ResolveConflict(
	ctx context.Context,
	r openapi.ResolveConflictRequestObject,
) (openapi.ResolveConflictResponseObject, error) {
	c, err := h.d.Inspect.ResolveConflict(ctx, scopeOf(ctx), r.Id, string(r.Body.Resolution))
	if err != nil {
		return nil, err
	}
	return openapi.ResolveConflict200JSONResponse(conflictOut(c)), nil
}

// ListQuarantine lists rejected and unauthorised work kept for supervisors.
func (h *handlers) ListQuarantine(
	ctx context.Context,
	r openapi.ListQuarantineRequestObject,
) (openapi.ListQuarantineResponseObject, error) {
	p := r.Params
	rows, next, err := h.d.Push.ListQuarantine(ctx, scopeOf(ctx), string(deref(p.State)), deref(p.Cursor), deref(p.Limit))
	if err != nil {
		return nil, err
	}
	return openapi.ListQuarantine200JSONResponse{Items: mapSlice(rows, quarantineOut), NextCursor: cursorOf(next)}, nil
}

// DecideQuarantine re-applies or discards a quarantined mutation.
func (h *handlers) DecideQuarantine(
	ctx context.Context,
	r openapi.DecideQuarantineRequestObject,
) (openapi.DecideQuarantineResponseObject, error) {
	var args json.RawMessage
	if r.Body.Args != nil {
		args, _ = json.Marshal(*r.Body.Args) //nolint:errcheck // decoded from JSON: re-encodes
	}
	q, res, err := h.d.Push.DecideQuarantine(ctx, scopeOf(ctx), r.Id, string(r.Body.Decision), r.Body.Reason, args)
	if err != nil {
		return nil, err
	}
	out := quarantineOut(q)
	if res != nil {
		out.Result = valueAs[openapi.PushResult](res)
	}
	return openapi.DecideQuarantine200JSONResponse(out), nil
}

func conflictOut(x models.Conflict) openapi.Conflict {
	return openapi.Conflict{
		Id:           x.ID,
		EntityType:   x.EntityType,
		EntityId:     x.EntityID,
		InspectionId: x.InspectionID,
		Field:        x.Field,
		BaseVersion:  x.BaseVersion,
		BaseValue:    jsonAny(x.BaseValue),
		ServerValue:  jsonAny(x.ServerValue),
		ClientValue:  jsonAny(x.ClientValue),
		ServerAuthor: storedAs[openapi.ConflictAuthor](
			x.ServerAuthor,
		),
		ClientAuthor: storedAs[openapi.ConflictAuthor](x.ClientAuthor),
		Policy:       x.Policy,
		Winner: openapi.ConflictWinner(
			x.Winner,
		),
		Resolution: nonEmptyPtr(x.Resolution),
		ResolvedBy: x.ResolvedBy,
		ResolvedAt: x.ResolvedAt,
		CreatedAt:  x.CreatedAt,
	}
}

func quarantineOut(x models.QuarantineEntry) openapi.QuarantineEntry {
	payload := map[string]any{}
	_ = json.Unmarshal(x.Payload, &payload) //nolint:errcheck // a read: a held payload may not decode
	return openapi.QuarantineEntry{
		Id:             x.ID,
		MutationId:     x.MutationID,
		DeviceId:       x.DeviceID,
		UserId:         x.UserID,
		Payload:        payload,
		Reason:         x.Reason,
		Detail:         storedAs[openapi.PushResult](x.Detail),
		CapturedAt:     x.CapturedAt,
		JurisdictionId: x.JurisdictionID,
		State: openapi.QuarantineEntryState(
			x.State,
		),
		DecidedBy:      x.DecidedBy,
		DecisionReason: nonEmptyPtr(x.DecisionReason),
		CreatedAt:      x.CreatedAt,
	}
}

// jsonAny is a stored JSON value as the generated types carry it (nil for
// SQL NULL or JSON null).
func jsonAny(j models.JSON) any {
	var v any
	if len(j) > 0 {
		_ = json.Unmarshal(j, &v) //nolint:errcheck // a read: shown as far as it decodes
	}
	return v
}

// storedAs reads a stored JSON document into the generated type that
// declares it (nil for SQL NULL or JSON null).
func storedAs[T any](j []byte) *T {
	if len(j) == 0 || string(j) == "null" {
		return nil
	}
	var t T
	if err := json.Unmarshal(j, &t); err != nil {
		return nil
	}
	return &t
}

// valueAs is a domain value as the generated type that declares its JSON
// form, or nil.
func valueAs[T any](v any) *T {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return storedAs[T](b)
}
