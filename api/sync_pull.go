package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/sync"
)

// SyncPull serves one page of the pull (docs/SYNC.md).
func (h *handlers) SyncPull(
	ctx context.Context,
	r openapi.SyncPullRequestObject,
) (openapi.SyncPullResponseObject, error) {
	p := r.Params
	req := sync.PullRequest{Cursor: deref(p.Cursor), Limit: deref(p.Limit), Gzip: acceptsGzip(deref(p.AcceptEncoding)),
		AppVersion: deref(p.XAppVersion)}
	page, err := h.d.Pull.Pull(ctx, viewerOf(scopeOf(ctx)), req)
	var upgrade *sync.UpgradeRequiredError
	var changed *sync.EpochChangedError
	switch {
	case errors.Is(err, sync.ErrInvalidCursor), errors.Is(err, sync.ErrInvalidAppVersion):
		var e *models.Error
		errors.As(err, &e)
		return syncProblem{Problem: problemOf(http.StatusBadRequest, e)}, nil
	case errors.Is(err, sync.ErrResetRequired):
		return syncProblem{Problem: problemOf(http.StatusGone, sync.ErrResetRequired), Reason: sync.ReasonRetention}, nil
	case errors.As(err, &changed):
		return epochChanged(changed), nil
	case errors.As(err, &upgrade):
		e := models.Errorf(
			models.KindInvalid,
			"upgrade_required",
			"this app version is no longer served: update to %s or later (latest %s); your queued work is still accepted",
			upgrade.Minimum,
			upgrade.Latest,
		)
		return syncProblem{
			Problem:        problemOf(http.StatusUpgradeRequired, e),
			MinimumVersion: upgrade.Minimum,
			LatestVersion:  upgrade.Latest,
		}, nil
	case err != nil:
		return nil, err
	}
	return pullPage{page}, nil
}

// SyncVerify says for each id whether it exists, was deleted, or is out of
// the caller's scope.
func (h *handlers) SyncVerify(
	ctx context.Context,
	r openapi.SyncVerifyRequestObject,
) (openapi.SyncVerifyResponseObject, error) {
	res, epoch, err := h.d.Pull.Verify(ctx, viewerOf(scopeOf(ctx)), r.Body.Ids, deref(r.Body.Epoch))
	var changed *sync.EpochChangedError
	if errors.As(err, &changed) {
		return epochChanged(changed), nil
	}
	if err != nil {
		return nil, err
	}
	out := openapi.SyncVerify200JSONResponse{Epoch: epoch, Results: make([]struct {
		Id      uuid.UUID                            `json:"id"`
		State   openapi.SyncVerifyResultResultsState `json:"state"`
		Type    *string                              `json:"type,omitempty"`
		Version *int64                               `json:"version,omitempty"`
	}, len(res))}
	for i, x := range res {
		o := &out.Results[i]
		o.Id, o.State = x.ID, openapi.SyncVerifyResultResultsState(x.State)
		if x.State != sync.VerifyOutOfScope {
			o.Type, o.Version = &x.Type, &x.Version
		}
	}
	return out, nil
}

// viewerOf is the caller as the sync engine sees them, with the
// authorization table deciding what each entity type shows them.
func viewerOf(s models.Scope) sync.Viewer {
	role := s.Role
	return sync.Viewer{
		UserID:        s.UserID,
		DeviceID:      s.DeviceID,
		Role:          role,
		Jurisdictions: s.Jurisdictions,
		OwnerID:       s.OwnerID,
		Access: func(op string) models.Access {
			a, _ := AccessFor(op, role)
			return a
		},
	}
}

// acceptsGzip reads Accept-Encoding (RFC 9110 §12.5.3): gzip, x-gzip or *
// with a non-zero weight.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "x-gzip" && coding != "*" {
			continue
		}
		if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if w, err := strconv.ParseFloat(q, 64); err == nil && w == 0 {
				continue
			}
		}
		return true
	}
	return false
}

// pullPage writes an encoded page as the engine built it.
type pullPage struct{ page *sync.PullPage }

func (p pullPage) VisitSyncPullResponse(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	c.Set(fiber.HeaderVary, fiber.HeaderAcceptEncoding)
	c.Set(fiber.HeaderCacheControl, "no-store")
	if p.page.Gzip {
		c.Set(fiber.HeaderContentEncoding, "gzip")
	}
	c.Status(http.StatusOK)
	return c.Send(p.page.Body)
}

// syncProblem is a problem the pull answers with a status the error kinds
// do not map to (400 for a cursor or app version, 410, 426); push and
// verify answer their 410 with it too.
type syncProblem struct {
	Problem
	MinimumVersion string `json:"minimum_version,omitempty"`
	LatestVersion  string `json:"latest_version,omitempty"`
	// Reason and Epoch are the 410's (docs/SYNC.md §6.10).
	Reason string `json:"reason,omitempty"`
	Epoch  string `json:"epoch,omitempty"`
}

func (p syncProblem) VisitSyncPullResponse(c *fiber.Ctx) error {
	p.Instance = requestID(c)
	c.Status(p.Status)
	return c.JSON(p, "application/problem+json")
}

// VisitSyncPushResponse implements openapi.SyncPushResponseObject.
func (p syncProblem) VisitSyncPushResponse(c *fiber.Ctx) error { return p.VisitSyncPullResponse(c) }

// VisitSyncVerifyResponse implements openapi.SyncVerifyResponseObject.
func (p syncProblem) VisitSyncVerifyResponse(c *fiber.Ctx) error { return p.VisitSyncPullResponse(c) }

// epochChanged is the 410 of a cursor, acknowledgement or verify from
// another epoch, naming the current one.
func epochChanged(e *sync.EpochChangedError) syncProblem {
	return syncProblem{
		Problem: problemOf(http.StatusGone, sync.ErrEpochChanged),
		Reason:  sync.ReasonEpochChanged,
		Epoch:   e.Epoch,
	}
}

func problemOf(status int, e *models.Error) Problem {
	return Problem{Type: "about:blank", Title: http.StatusText(status), Status: status, Detail: e.Message, Code: e.Code}
}
