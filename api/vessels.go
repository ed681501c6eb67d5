package api

import (
	"context"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/registry"
)

// ListVessels lists vessels in scope.
func (h *handlers) ListVessels(
	ctx context.Context,
	r openapi.ListVesselsRequestObject,
) (openapi.ListVesselsResponseObject, error) {
	q := r.Params
	f := registry.VesselFilter{JurisdictionID: q.JurisdictionId, OwnerID: q.OwnerId, Kind: string(deref(q.Kind)),
		Status: string(deref(q.Status)), SpecialCategory: q.SpecialCategory, Query: deref(q.Q)}
	p, err := h.d.Registry.ListVessels(ctx, scopeOf(ctx), f, listOptions(q.Cursor, q.Limit))
	if err != nil {
		return nil, err
	}
	return openapi.ListVessels200JSONResponse{Items: mapSlice(p.Items, vesselOut), NextCursor: cursorOf(p.NextCursor)}, nil
}

// GetVessel returns one vessel in scope.
func (h *handlers) GetVessel(
	ctx context.Context,
	r openapi.GetVesselRequestObject,
) (openapi.GetVesselResponseObject, error) {
	v, err := h.d.Registry.GetVessel(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.GetVessel200JSONResponse(vesselOut(v)), nil
}

// CreateVessel registers a vessel.
func (h *handlers) CreateVessel(
	ctx context.Context,
	r openapi.CreateVesselRequestObject,
) (openapi.CreateVesselResponseObject, error) {
	b := r.Body
	in := models.Vessel{
		RegistrationNumber: b.RegistrationNumber,
		SpecialCategory:    deref(b.SpecialCategory),
		DangerousGoods:     deref(b.DangerousGoods),
		Name:               b.Name,
		Kind:               string(b.Kind),
		Category:           strPtr(b.Category),
		Zone:               b.Zone,
		LengthM:            b.LengthM,
		BreadthM:           b.BreadthM,
		DepthM:             b.DepthM,
		GRT:                b.Grt,
		NRT:                b.Nrt,
		Passengers:         b.Passengers,
		CargoTonnes:        b.CargoTonnes,
		Use:                string(b.Use),
		OwnerID:            b.OwnerId,
		JurisdictionID:     b.JurisdictionId,
		SurveyAnniversary:  fromDate(b.SurveyAnniversary),
	}
	if b.Id != nil {
		in.ID = *b.Id
	}
	if b.EnginePower != nil {
		unit := string(b.EnginePower.Unit)
		in.EnginePower, in.PowerUnit = &b.EnginePower.Value, &unit
	}
	v, created, err := h.d.Registry.CreateVessel(ctx, scopeOf(ctx), in)
	if err != nil {
		return nil, err
	}
	if !created {
		return openapi.CreateVessel200JSONResponse(vesselOut(v)), nil
	}
	return openapi.CreateVessel201JSONResponse(vesselOut(v)), nil
}

// UpdateVessel changes a vessel's particulars.
func (h *handlers) UpdateVessel(
	ctx context.Context,
	r openapi.UpdateVesselRequestObject,
) (openapi.UpdateVesselResponseObject, error) {
	ver, err := registry.ParseIfMatch(r.Params.IfMatch)
	if err != nil {
		return nil, err
	}
	b := r.Body
	p := registry.VesselPatch{
		RegistrationNumber: b.RegistrationNumber,
		SpecialCategory:    b.SpecialCategory,
		DangerousGoods:     b.DangerousGoods,
		Name:               b.Name,
		Category:           strPtr(b.Category),
		Zone:               b.Zone,
		LengthM:            b.LengthM,
		BreadthM:           b.BreadthM,
		DepthM:             b.DepthM,
		GRT:                b.Grt,
		NRT:                b.Nrt,
		Passengers:         b.Passengers,
		CargoTonnes:        b.CargoTonnes,
		Use:                strPtr(b.Use),
		OwnerID:            b.OwnerId,
		JurisdictionID:     b.JurisdictionId,
		Status:             strPtr(b.Status),
		SurveyAnniversary:  fromDate(b.SurveyAnniversary),
	}
	if b.EnginePower != nil {
		unit := string(b.EnginePower.Unit)
		p.EnginePower, p.PowerUnit = &b.EnginePower.Value, &unit
	}
	v, err := h.d.Registry.UpdateVessel(ctx, scopeOf(ctx), r.Id, ver, p)
	if err != nil {
		return nil, err
	}
	return openapi.UpdateVessel200JSONResponse(vesselOut(v)), nil
}

// DeleteVessel tombstones a vessel.
func (h *handlers) DeleteVessel(
	ctx context.Context,
	r openapi.DeleteVesselRequestObject,
) (openapi.DeleteVesselResponseObject, error) {
	ver, err := registry.ParseIfMatch(r.Params.IfMatch)
	if err != nil {
		return nil, err
	}
	if err := h.d.Registry.DeleteVessel(ctx, scopeOf(ctx), r.Id, ver); err != nil {
		return nil, err
	}
	return openapi.DeleteVessel204Response{}, nil
}

// ListVesselCrew lists who is signed on to a vessel.
func (h *handlers) ListVesselCrew(
	ctx context.Context,
	r openapi.ListVesselCrewRequestObject,
) (openapi.ListVesselCrewResponseObject, error) {
	rows, err := h.d.Registry.ListVesselCrew(ctx, scopeOf(ctx), r.Id, deref(r.Params.IncludeSignedOff))
	if err != nil {
		return nil, err
	}
	return openapi.ListVesselCrew200JSONResponse{Items: mapSlice(rows, vesselCrewOut)}, nil
}

// AddVesselCrew signs a crew member on to a vessel.
func (h *handlers) AddVesselCrew(
	ctx context.Context,
	r openapi.AddVesselCrewRequestObject,
) (openapi.AddVesselCrewResponseObject, error) {
	b := r.Body
	in := models.VesselCrew{VesselID: r.Id, CrewMemberID: b.CrewMemberId, Role: string(b.Role), SignedOn: b.SignedOn.Time}
	if b.Id != nil {
		in.ID = *b.Id
	}
	c, created, err := h.d.Registry.AddVesselCrew(ctx, scopeOf(ctx), in)
	if err != nil {
		return nil, err
	}
	if !created {
		return openapi.AddVesselCrew200JSONResponse(vesselCrewOut(c)), nil
	}
	return openapi.AddVesselCrew201JSONResponse(vesselCrewOut(c)), nil
}

// UpdateVesselCrew changes a role or signs a crew member off.
func (h *handlers) UpdateVesselCrew(
	ctx context.Context,
	r openapi.UpdateVesselCrewRequestObject,
) (openapi.UpdateVesselCrewResponseObject, error) {
	ver, err := registry.ParseIfMatch(r.Params.IfMatch)
	if err != nil {
		return nil, err
	}
	c, err := h.d.Registry.UpdateVesselCrew(
		ctx,
		scopeOf(ctx),
		r.Id,
		ver,
		registry.VesselCrewPatch{Role: strPtr(r.Body.Role), SignedOff: fromDate(r.Body.SignedOff)},
	)
	if err != nil {
		return nil, err
	}
	return openapi.UpdateVesselCrew200JSONResponse(vesselCrewOut(c)), nil
}

// DeleteVesselCrew tombstones a crew placement.
func (h *handlers) DeleteVesselCrew(
	ctx context.Context,
	r openapi.DeleteVesselCrewRequestObject,
) (openapi.DeleteVesselCrewResponseObject, error) {
	ver, err := registry.ParseIfMatch(r.Params.IfMatch)
	if err != nil {
		return nil, err
	}
	if err := h.d.Registry.DeleteVesselCrew(ctx, scopeOf(ctx), r.Id, ver); err != nil {
		return nil, err
	}
	return openapi.DeleteVesselCrew204Response{}, nil
}
