package api

import (
	"context"

	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/sync"
)

// ListDevices shows admins every device's sync health.
func (h *handlers) ListDevices(
	ctx context.Context,
	r openapi.ListDevicesRequestObject,
) (openapi.ListDevicesResponseObject, error) {
	rows, next, err := h.d.Push.Devices(ctx, sync.DeviceFilter{UserID: r.Params.UserId, StaleSince: r.Params.StaleSince},
		deref(r.Params.Cursor), deref(r.Params.Limit))
	if err != nil {
		return nil, err
	}
	out := openapi.ListDevices200JSONResponse{Items: []openapi.DeviceStatus{}, NextCursor: cursorOf(next)}
	for _, d := range rows {
		out.Items = append(out.Items, openapi.DeviceStatus{
			Id:                   d.ID,
			UserId:               d.UserID,
			UserEmail:            d.UserEmail,
			InstallationId:       d.InstallationID,
			Name:                 d.Name,
			AppVersion:           d.AppVersion,
			RegisteredAt:         d.RegisteredAt,
			LastSeenAt:           d.LastSeenAt,
			LastPushAt:           d.LastPushAt,
			LastPullAt:           d.LastPullAt,
			LastPushSeq:          d.LastPushSeq,
			ClockSkewMs:          d.ClockSkewMs,
			RevokedAt:            d.RevokedAt,
			WaitingMutations:     d.Waiting,
			OldestWaitingSince:   d.OldestWaiting,
			QuarantinedMutations: d.Quarantined,
		})
	}
	return out, nil
}
