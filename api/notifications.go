package api

import (
	"context"
	"encoding/json"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/openapi"
)

// viewer is the caller as a reader of the in-app feed.
func viewer(s models.Scope) notify.Viewer { return notify.Viewer{UserID: s.UserID, OwnerID: s.OwnerID} }

// ListMyNotifications lists the caller's in-app feed, newest first.
func (h *handlers) ListMyNotifications(
	ctx context.Context,
	r openapi.ListMyNotificationsRequestObject,
) (openapi.ListMyNotificationsResponseObject, error) {
	q := r.Params
	items, next, err := h.d.Feed.List(
		ctx,
		viewer(scopeOf(ctx)),
		deref(q.UnreadOnly),
		deref(q.Cursor),
		limitOr(q.Limit, 50),
	)
	if err != nil {
		return nil, err
	}
	return openapi.ListMyNotifications200JSONResponse{
		Items:      mapSlice(items, notificationOut),
		NextCursor: cursorOf(next),
	}, nil
}

// MarkNotificationRead marks one of the caller's feed entries read.
func (h *handlers) MarkNotificationRead(
	ctx context.Context,
	r openapi.MarkNotificationReadRequestObject,
) (openapi.MarkNotificationReadResponseObject, error) {
	e, err := h.d.Feed.MarkRead(ctx, viewer(scopeOf(ctx)), r.Id, h.d.Clock())
	if err != nil {
		return nil, err
	}
	return openapi.MarkNotificationRead200JSONResponse(notificationOut(e)), nil
}

func notificationOut(e notify.Entry) openapi.Notification {
	var payload openapi.NotificationPayload // notify.Data as stored; TestNotificationPayloadIsInTheContract keeps them one
	_ = json.Unmarshal(e.Payload, &payload) //nolint:errcheck // a read: shown as far as it decodes
	var read = e.ReadAt
	if read != nil {
		t := read.UTC()
		read = &t
	}
	return openapi.Notification{
		Id:        e.ID,
		Template:  e.Template,
		Locale:    openapi.NotificationLocale(e.Locale),
		Subject:   e.Subject,
		Body:      e.Body,
		Payload:   payload,
		CreatedAt: e.CreatedAt.UTC(),
		ReadAt:    read,
	}
}
