package api

import (
	"context"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/registry"
)

// ListJurisdictions lists jurisdictions.
func (h *handlers) ListJurisdictions(
	ctx context.Context,
	r openapi.ListJurisdictionsRequestObject,
) (openapi.ListJurisdictionsResponseObject, error) {
	p, err := h.d.Registry.ListJurisdictions(ctx, listOptions(r.Params.Cursor, r.Params.Limit))
	if err != nil {
		return nil, err
	}
	return openapi.ListJurisdictions200JSONResponse{
		Items:      mapSlice(p.Items, jurisdictionOut),
		NextCursor: cursorOf(p.NextCursor),
	}, nil
}

// GetJurisdiction returns one jurisdiction.
func (h *handlers) GetJurisdiction(
	ctx context.Context,
	r openapi.GetJurisdictionRequestObject,
) (openapi.GetJurisdictionResponseObject, error) {
	j, err := h.d.Registry.GetJurisdiction(ctx, r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.GetJurisdiction200JSONResponse(jurisdictionOut(j)), nil
}

// CreateJurisdiction adds a jurisdiction.
func (h *handlers) CreateJurisdiction(
	ctx context.Context,
	r openapi.CreateJurisdictionRequestObject,
) (openapi.CreateJurisdictionResponseObject, error) {
	b := r.Body
	in := models.Jurisdiction{Code: b.Code, Name: b.Name, Regime: string(b.Regime), Office: officeIn(b.Office),
		UPIPayee: deref(payeeIn(b.UpiPayee))}
	if b.Id != nil {
		in.ID = *b.Id
	}
	if b.State != nil {
		in.State = *b.State
	}
	j, created, err := h.d.Registry.CreateJurisdiction(ctx, scopeOf(ctx), in)
	if err != nil {
		return nil, err
	}
	if !created {
		return openapi.CreateJurisdiction200JSONResponse(jurisdictionOut(j)), nil
	}
	return openapi.CreateJurisdiction201JSONResponse(jurisdictionOut(j)), nil
}

// UpdateJurisdiction renames a jurisdiction.
func (h *handlers) UpdateJurisdiction(
	ctx context.Context,
	r openapi.UpdateJurisdictionRequestObject,
) (openapi.UpdateJurisdictionResponseObject, error) {
	v, err := registry.ParseIfMatch(r.Params.IfMatch)
	if err != nil {
		return nil, err
	}
	j, err := h.d.Registry.UpdateJurisdiction(
		ctx,
		scopeOf(ctx),
		r.Id,
		v,
		registry.JurisdictionPatch{Name: r.Body.Name, State: r.Body.State, Office: officePatchIn(r.Body.Office),
			UPIPayee: payeeIn(r.Body.UpiPayee)},
	)
	if err != nil {
		return nil, err
	}
	return openapi.UpdateJurisdiction200JSONResponse(jurisdictionOut(j)), nil
}

// ListOwners lists owners in scope.
func (h *handlers) ListOwners(
	ctx context.Context,
	r openapi.ListOwnersRequestObject,
) (openapi.ListOwnersResponseObject, error) {
	p, err := h.d.Registry.ListOwners(
		ctx,
		scopeOf(ctx),
		r.Params.JurisdictionId,
		deref(r.Params.Q),
		listOptions(r.Params.Cursor, r.Params.Limit),
	)
	if err != nil {
		return nil, err
	}
	return openapi.ListOwners200JSONResponse{Items: mapSlice(p.Items, ownerOut), NextCursor: cursorOf(p.NextCursor)}, nil
}

// GetOwner returns one owner in scope.
func (h *handlers) GetOwner(
	ctx context.Context,
	r openapi.GetOwnerRequestObject,
) (openapi.GetOwnerResponseObject, error) {
	o, err := h.d.Registry.GetOwner(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.GetOwner200JSONResponse(ownerOut(o)), nil
}

// CreateOwner registers an owner.
func (h *handlers) CreateOwner(
	ctx context.Context,
	r openapi.CreateOwnerRequestObject,
) (openapi.CreateOwnerResponseObject, error) {
	b := r.Body
	in := models.Owner{Kind: string(b.Kind), Name: b.Name, Email: deref(b.Email), Phone: deref(b.Phone),
		Mobile: deref(b.Mobile), Address: deref(b.Address), PreferredLanguage: string(deref(b.PreferredLanguage)),
		JurisdictionID: b.JurisdictionId}
	if b.Id != nil {
		in.ID = *b.Id
	}
	o, created, err := h.d.Registry.CreateOwner(ctx, scopeOf(ctx), in)
	if err != nil {
		return nil, err
	}
	if !created {
		return openapi.CreateOwner200JSONResponse(ownerOut(o)), nil
	}
	return openapi.CreateOwner201JSONResponse(ownerOut(o)), nil
}

// UpdateOwner changes an owner's particulars.
func (h *handlers) UpdateOwner(
	ctx context.Context,
	r openapi.UpdateOwnerRequestObject,
) (openapi.UpdateOwnerResponseObject, error) {
	v, err := registry.ParseIfMatch(r.Params.IfMatch)
	if err != nil {
		return nil, err
	}
	b := r.Body
	o, err := h.d.Registry.UpdateOwner(ctx, scopeOf(ctx), r.Id, v, registry.OwnerPatch{Name: b.Name, Email: b.Email,
		Phone: b.Phone, Mobile: b.Mobile, Address: b.Address, PreferredLanguage: strPtr(b.PreferredLanguage),
		JurisdictionID: b.JurisdictionId})
	if err != nil {
		return nil, err
	}
	return openapi.UpdateOwner200JSONResponse(ownerOut(o)), nil
}

// DeleteOwner tombstones an owner.
func (h *handlers) DeleteOwner(
	ctx context.Context,
	r openapi.DeleteOwnerRequestObject,
) (openapi.DeleteOwnerResponseObject, error) {
	v, err := registry.ParseIfMatch(r.Params.IfMatch)
	if err != nil {
		return nil, err
	}
	if err := h.d.Registry.DeleteOwner(ctx, scopeOf(ctx), r.Id, v); err != nil {
		return nil, err
	}
	return openapi.DeleteOwner204Response{}, nil
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
