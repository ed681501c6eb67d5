package api

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/sync"
)

// ListSyncBacklog lists deferred mutations waiting for a supervisor,
// by default those older than docs/SYNC.md's 7 days.
func (h *handlers) ListSyncBacklog(ctx context.Context, r openapi.ListSyncBacklogRequestObject) (openapi.ListSyncBacklogResponseObject, error) {
	p := r.Params
	olderThan := sync.BacklogReviewAge
	if p.OlderThan != nil {
		olderThan = time.Duration(*p.OlderThan) * 24 * time.Hour
	}
	rows, next, err := h.d.Push.ListBacklog(ctx, scopeOf(ctx), olderThan, deref(p.Cursor), deref(p.Limit))
	if err != nil {
		return nil, err
	}
	return jsonResponse{listOf(rows, next)}, nil
}

// DecideSyncBacklog discards a deferred mutation or applies it now.
func (h *handlers) DecideSyncBacklog(ctx context.Context, r openapi.DecideSyncBacklogRequestObject) (openapi.DecideSyncBacklogResponseObject, error) {
	d, err := h.d.Push.DecideBacklog(ctx, scopeOf(ctx), r.MutationId, string(r.Body.Decision), r.Body.Reason)
	if err != nil {
		return nil, err
	}
	return jsonResponse{d}, nil
}

// VisitListSyncBacklogResponse implements the generated interface.
func (j jsonResponse) VisitListSyncBacklogResponse(c *fiber.Ctx) error { return j.visit(c) }

// VisitDecideSyncBacklogResponse implements the generated interface.
func (j jsonResponse) VisitDecideSyncBacklogResponse(c *fiber.Ctx) error { return j.visit(c) }
