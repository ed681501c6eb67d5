package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/sync"
)

// SyncPush applies one push from the caller's device (docs/SYNC.md
// §2). X-Device-Id must be the device in the access token.
func (h *handlers) SyncPush(
	ctx context.Context,
	r openapi.SyncPushRequestObject,
) (openapi.SyncPushResponseObject, error) {
	sc := scopeOf(ctx)
	if r.Params.XDeviceId != sc.DeviceID {
		return nil, models.Errorf(
			models.KindForbidden,
			"device_mismatch",
			"X-Device-Id is not the device this access token was issued to",
		)
	}
	req := sync.PushRequest{DeviceTime: r.Params.XDeviceTime, AppVersion: deref(r.Params.XAppVersion), ProtocolVersion: 1}
	if err := sync.CheckAppVersion(req.AppVersion); err != nil {
		// 400 as on the pull (docs/SYNC.md §1): nothing of the push is applied.
		var e *models.Error
		errors.As(err, &e)
		return pushProblem{problemOf(http.StatusBadRequest, e)}, nil
	}
	if r.Params.XProtocolVersion != nil {
		req.ProtocolVersion = *r.Params.XProtocolVersion
	}
	if r.Body != nil {
		req.AckSeq = deref(r.Body.AckSeq)
		req.Epoch = deref(r.Body.Epoch)
		req.Mutations = make([]sync.Mutation, len(r.Body.Mutations))
		for i, m := range r.Body.Mutations {
			req.Mutations[i] = pushMutation(m)
		}
	}
	res, err := h.d.Push.Push(ctx, sc, req)
	var changed *sync.EpochChangedError
	if errors.As(err, &changed) {
		return epochChanged(changed), nil
	}
	if err != nil {
		return nil, err
	}
	return pushResponse{res}, nil
}

// pushMutation converts a contract mutation. The contract's mutation is a
// union on name whose args the engine checks one mutation at a time
// (sync.ValidateArgs), so the envelope is read from the raw JSON here: a
// name this server does not know still gets its own result. Times are
// carried as their UTC RFC 3339 form, which is also what the request hash
// covers.
func pushMutation(u openapi.PushMutation) sync.Mutation {
	raw, _ := u.MarshalJSON() //nolint:errcheck // decoded from JSON: re-encodes
	var m struct {
		ID          uuid.UUID       `json:"id"`
		Seq         int64           `json:"seq"`
		Name        string          `json:"name"`
		Version     int             `json:"version"`
		Args        json.RawMessage `json:"args"`
		BaseVersion *int64          `json:"base_version"`
		CapturedAt  *time.Time      `json:"captured_at"`
		CapturedRaw *time.Time      `json:"captured_raw"`
		AnchorAgeMs *int64          `json:"anchor_age_ms"`
	}
	_ = json.Unmarshal(raw, &m) //nolint:errcheck // the contract middleware validated the envelope
	out := sync.Mutation{
		ID:          m.ID,
		Seq:         m.Seq,
		Name:        m.Name,
		Version:     m.Version,
		Args:        m.Args,
		BaseVersion: m.BaseVersion,
		AnchorAgeMs: m.AnchorAgeMs,
	}
	out.CapturedAt, out.CapturedRaw = timeString(m.CapturedAt), timeString(m.CapturedRaw)
	return out
}

func timeString(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := t.UTC().Format(time.RFC3339Nano)
	return &s
}

// pushProblem is a problem the push answers with a status the error kinds
// do not map to (400 for an unreadable X-App-Version).
type pushProblem struct{ Problem }

// VisitSyncPushResponse implements openapi.SyncPushResponseObject.
func (p pushProblem) VisitSyncPushResponse(c *fiber.Ctx) error {
	p.Instance = requestID(c)
	c.Status(p.Status)
	return c.JSON(p.Problem, "application/problem+json")
}

// pushResponse writes the engine's answer as it is.
type pushResponse struct{ sync.PushResponse }

// VisitSyncPushResponse implements openapi.SyncPushResponseObject.
func (p pushResponse) VisitSyncPushResponse(c *fiber.Ctx) error {
	c.Status(fiber.StatusOK)
	return c.JSON(p.PushResponse)
}

// pushBodyMiddleware inflates a gzip push body before the contract
// validates it, refusing more than 1 MiB decompressed with a clear 413
// (the compressed body is held to 1 MiB by bodyLimitMiddleware).
func pushBodyMiddleware(c *fiber.Ctx) error {
	if c.Path() != "/v1/sync/push" || c.Method() != fiber.MethodPost {
		return c.Next()
	}
	raw := c.Request().Body() // not c.Body(), which would inflate without a limit
	if len(raw) > sync.MaxBodyBytes {
		return pushTooLarge()
	}
	if c.Get(fiber.HeaderContentEncoding) != "gzip" {
		return c.Next()
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return models.Errorf(models.KindInvalid, "malformed_gzip", "Content-Encoding is gzip but the body is not gzip")
	}
	body, err := io.ReadAll(io.LimitReader(zr, sync.MaxBodyBytes+1))
	if err != nil {
		return models.Errorf(models.KindInvalid, "malformed_gzip", "the gzip body could not be read")
	}
	if len(body) > sync.MaxBodyBytes {
		return pushTooLarge()
	}
	c.Request().SetBodyRaw(body)
	c.Request().Header.Del(fiber.HeaderContentEncoding)
	return c.Next()
}

func pushTooLarge() error {
	return models.Errorf(models.KindTooLarge, "push_too_large",
		"a push may carry at most 1 MiB of JSON (decompressed) and 500 mutations: send fewer mutations per push")
}
