package api

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/sync"
)

// ListSyncBacklog lists deferred mutations waiting for a supervisor,
// by default those older than docs/SYNC.md's 7 days.
func (h *handlers) ListSyncBacklog(
	ctx context.Context,
	r openapi.ListSyncBacklogRequestObject,
) (openapi.ListSyncBacklogResponseObject, error) {
	p := r.Params
	olderThan := sync.BacklogReviewAge
	if p.OlderThan != nil {
		olderThan = time.Duration(*p.OlderThan) * 24 * time.Hour
	}
	rows, next, err := h.d.Push.ListBacklog(ctx, scopeOf(ctx), olderThan, deref(p.Cursor), deref(p.Limit))
	if err != nil {
		return nil, err
	}
	return openapi.ListSyncBacklog200JSONResponse{Items: mapSlice(rows, backlogOut), NextCursor: cursorOf(next)}, nil
}

func backlogOut(b sync.BacklogItem) openapi.BacklogEntry {
	payload := map[string]any{}
	_ = json.Unmarshal(b.Payload, &payload) //nolint:errcheck // a read: a held payload may not decode
	flags := []string(b.TimeFlags)
	return openapi.BacklogEntry{
		MutationId:      b.MutationID,
		DeviceId:        b.DeviceID,
		DeviceName:      &b.DeviceName,
		UserId:          b.UserID,
		UserEmail:       &b.UserEmail,
		Name:            b.Name,
		Seq:             b.Seq,
		AggregateId:     b.AggregateID,
		AggregateExists: b.AggregateExists,
		JurisdictionId:  b.JurisdictionID,
		Code:            openapi.BacklogEntryCode(b.Code),
		CapturedAt:      b.CapturedAt,
		TimeFlags:       &flags,
		FirstSeen:       b.FirstSeen,
		LastSeen:        b.LastSeen,
		Payload:         payload,
	}
}

// DecideSyncBacklog discards a deferred mutation or applies it now.
func (h *handlers) DecideSyncBacklog(
	ctx context.Context,
	r openapi.DecideSyncBacklogRequestObject,
) (openapi.DecideSyncBacklogResponseObject, error) {
	d, err := h.d.Push.DecideBacklog(ctx, scopeOf(ctx), r.MutationId, string(r.Body.Decision), r.Body.Reason)
	if err != nil {
		return nil, err
	}
	out := valueAs[openapi.BacklogDecision](d) // sync.BacklogDecision writes BacklogDecision's JSON form
	if out == nil {
		return nil, fmt.Errorf("backlog decision %s: not a BacklogDecision", r.MutationId)
	}
	return openapi.DecideSyncBacklog200JSONResponse(*out), nil
}
