package api

import (
	"bytes"
	"context"

	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/storage"
)

// defaultQRSize is the QR code's width in pixels when none is asked: about
// 4 cm at 300 dpi, readable by a phone from an arm's length.
const defaultQRSize = 512

// GetVesselQR serves a PNG QR code of the vessel's public page for its
// owner to print, to whoever may read the vessel (404 otherwise), and
// audits the issue.
func (h *handlers) GetVesselQR(
	ctx context.Context,
	r openapi.GetVesselQRRequestObject,
) (openapi.GetVesselQRResponseObject, error) {
	s := scopeOf(ctx)
	v, err := h.d.Registry.GetVessel(ctx, s, r.Id)
	if err != nil {
		return nil, err
	}
	url := public.URLOf(h.d.PublicBaseURL, v.RegistrationNumber)
	size := defaultQRSize
	if r.Params.Size != nil {
		size = *r.Params.Size
	}
	png, err := public.QR(url, size)
	if err != nil {
		return nil, err
	}
	if err := h.d.Public.RecordQR(ctx, storage.ActorOf(s), v.ID, url); err != nil {
		return nil, err
	}
	return openapi.GetVesselQR200ImagepngResponse{Body: bytes.NewReader(png), ContentLength: int64(len(png)),
		Headers: openapi.GetVesselQR200ResponseHeaders{XPublicUrl: &url}}, nil
}
