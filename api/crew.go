package api

import (
	"context"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/registry"
)

// ListCrewMembers lists crew members in scope.
func (h *handlers) ListCrewMembers(
	ctx context.Context,
	r openapi.ListCrewMembersRequestObject,
) (openapi.ListCrewMembersResponseObject, error) {
	p, err := h.d.Registry.ListCrewMembers(
		ctx,
		scopeOf(ctx),
		r.Params.JurisdictionId,
		deref(r.Params.Q),
		listOptions(r.Params.Cursor, r.Params.Limit),
	)
	if err != nil {
		return nil, err
	}
	return openapi.ListCrewMembers200JSONResponse{
		Items:      mapSlice(p.Items, crewMemberOut),
		NextCursor: cursorOf(p.NextCursor),
	}, nil
}

// GetCrewMember returns one crew member in scope.
func (h *handlers) GetCrewMember(
	ctx context.Context,
	r openapi.GetCrewMemberRequestObject,
) (openapi.GetCrewMemberResponseObject, error) {
	c, err := h.d.Registry.GetCrewMember(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.GetCrewMember200JSONResponse(crewMemberOut(c)), nil
}

// CreateCrewMember registers a crew member.
func (h *handlers) CreateCrewMember(
	ctx context.Context,
	r openapi.CreateCrewMemberRequestObject,
) (openapi.CreateCrewMemberResponseObject, error) {
	b := r.Body
	in := models.CrewMember{
		IndivcNumber: b.IndivcNumber,
		Name:         b.Name,
		DateOfBirth:  fromDate(b.DateOfBirth),
		Email: deref(
			b.Email,
		),
		Phone:             deref(b.Phone),
		Mobile:            deref(b.Mobile),
		PreferredLanguage: string(deref(b.PreferredLanguage)),
		JurisdictionID:    b.JurisdictionId,
	}
	if b.Id != nil {
		in.ID = *b.Id
	}
	c, created, err := h.d.Registry.CreateCrewMember(ctx, scopeOf(ctx), in)
	if err != nil {
		return nil, err
	}
	if !created {
		return openapi.CreateCrewMember200JSONResponse(crewMemberOut(c)), nil
	}
	return openapi.CreateCrewMember201JSONResponse(crewMemberOut(c)), nil
}

// UpdateCrewMember changes a crew member's particulars.
func (h *handlers) UpdateCrewMember(
	ctx context.Context,
	r openapi.UpdateCrewMemberRequestObject,
) (openapi.UpdateCrewMemberResponseObject, error) {
	ver, err := registry.ParseIfMatch(r.Params.IfMatch)
	if err != nil {
		return nil, err
	}
	b := r.Body
	c, err := h.d.Registry.UpdateCrewMember(
		ctx,
		scopeOf(ctx),
		r.Id,
		ver,
		registry.CrewMemberPatch{
			Name:              b.Name,
			Email:             b.Email,
			Phone:             b.Phone,
			Mobile:            b.Mobile,
			PreferredLanguage: strPtr(b.PreferredLanguage),
			DateOfBirth:       fromDate(b.DateOfBirth),
			JurisdictionID:    b.JurisdictionId,
		},
	)
	if err != nil {
		return nil, err
	}
	return openapi.UpdateCrewMember200JSONResponse(crewMemberOut(c)), nil
}

// DeleteCrewMember tombstones a crew member.
func (h *handlers) DeleteCrewMember(
	ctx context.Context,
	r openapi.DeleteCrewMemberRequestObject,
) (openapi.DeleteCrewMemberResponseObject, error) {
	ver, err := registry.ParseIfMatch(r.Params.IfMatch)
	if err != nil {
		return nil, err
	}
	if err := h.d.Registry.DeleteCrewMember(ctx, scopeOf(ctx), r.Id, ver); err != nil {
		return nil, err
	}
	return openapi.DeleteCrewMember204Response{}, nil
}

// ListCertificates lists certificates in scope.
func (h *handlers) ListCertificates(
	ctx context.Context,
	r openapi.ListCertificatesRequestObject,
) (openapi.ListCertificatesResponseObject, error) {
	q := r.Params
	f := registry.CertificateFilter{
		VesselID:      q.VesselId,
		CrewMemberID:  q.CrewMemberId,
		Kind:          string(deref(q.Kind)),
		ExpiresBefore: fromDate(q.ExpiresBefore),
	}
	p, err := h.d.Registry.ListCertificates(ctx, scopeOf(ctx), f, listOptions(q.Cursor, q.Limit))
	if err != nil {
		return nil, err
	}
	return openapi.ListCertificates200JSONResponse{
		Items:      mapSlice(p.Items, certificateOut),
		NextCursor: cursorOf(p.NextCursor),
	}, nil
}

// GetCertificate returns one certificate in scope.
func (h *handlers) GetCertificate(
	ctx context.Context,
	r openapi.GetCertificateRequestObject,
) (openapi.GetCertificateResponseObject, error) {
	c, err := h.d.Registry.GetCertificate(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.GetCertificate200JSONResponse(certificateOut(c)), nil
}

// CreateCertificate records a certificate.
func (h *handlers) CreateCertificate(
	ctx context.Context,
	r openapi.CreateCertificateRequestObject,
) (openapi.CreateCertificateResponseObject, error) {
	b := r.Body
	in := models.Certificate{
		VesselID:      b.VesselId,
		CrewMemberID:  b.CrewMemberId,
		Kind:          string(b.Kind),
		Grade:         deref(b.Grade),
		Legacy:        deref(b.Legacy),
		Number:        b.Number,
		IssuedOn:      b.IssuedOn.Time,
		ExpiresOn:     fromDate(b.ExpiresOn),
		RevalidatedOn: fromDate(b.RevalidatedOn),
		Issuer:        deref(b.Issuer),
	}
	if b.Id != nil {
		in.ID = *b.Id
	}
	c, created, err := h.d.Registry.CreateCertificate(ctx, scopeOf(ctx), in)
	if err != nil {
		return nil, err
	}
	if !created {
		return openapi.CreateCertificate200JSONResponse(certificateOut(c)), nil
	}
	return openapi.CreateCertificate201JSONResponse(certificateOut(c)), nil
}

// UpdateCertificate changes a certificate.
func (h *handlers) UpdateCertificate(
	ctx context.Context,
	r openapi.UpdateCertificateRequestObject,
) (openapi.UpdateCertificateResponseObject, error) {
	ver, err := registry.ParseIfMatch(r.Params.IfMatch)
	if err != nil {
		return nil, err
	}
	b := r.Body
	c, err := h.d.Registry.UpdateCertificate(
		ctx,
		scopeOf(ctx),
		r.Id,
		ver,
		registry.CertificatePatch{
			Grade:         b.Grade,
			Number:        b.Number,
			Issuer:        b.Issuer,
			Status:        strPtr(b.Status),
			IssuedOn:      fromDate(b.IssuedOn),
			ExpiresOn:     fromDate(b.ExpiresOn),
			RevalidatedOn: fromDate(b.RevalidatedOn),
		},
	)
	if err != nil {
		return nil, err
	}
	return openapi.UpdateCertificate200JSONResponse(certificateOut(c)), nil
}

// DeleteCertificate tombstones a certificate.
func (h *handlers) DeleteCertificate(
	ctx context.Context,
	r openapi.DeleteCertificateRequestObject,
) (openapi.DeleteCertificateResponseObject, error) {
	ver, err := registry.ParseIfMatch(r.Params.IfMatch)
	if err != nil {
		return nil, err
	}
	if err := h.d.Registry.DeleteCertificate(ctx, scopeOf(ctx), r.Id, ver); err != nil {
		return nil, err
	}
	return openapi.DeleteCertificate204Response{}, nil
}
