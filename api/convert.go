package api

import (
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/registry"
)

func toDate(t *time.Time) *openapi_types.Date {
	if t == nil {
		return nil
	}
	return &openapi_types.Date{Time: *t}
}

func fromDate(d *openapi_types.Date) *time.Time {
	if d == nil {
		return nil
	}
	t := d.Time
	return &t
}

func strPtr[T ~string](v *T) *string {
	if v == nil {
		return nil
	}
	s := string(*v)
	return &s
}

func enumPtr[T ~string](s *string) *T {
	if s == nil {
		return nil
	}
	v := T(*s)
	return &v
}

func cursorOf(next string) *string {
	if next == "" {
		return nil
	}
	return &next
}

func listOptions(cursor *string, limit *int) registry.ListOptions {
	o := registry.ListOptions{}
	if cursor != nil {
		o.Cursor = *cursor
	}
	if limit != nil {
		o.Limit = *limit
	}
	return o
}

func mapSlice[A, B any](in []A, f func(A) B) []B {
	out := make([]B, len(in))
	for i, a := range in {
		out[i] = f(a)
	}
	return out
}

func jurisdictionOut(j models.Jurisdiction) openapi.Jurisdiction {
	return openapi.Jurisdiction{Id: j.ID, Version: j.Version, CreatedAt: j.CreatedAt, UpdatedAt: j.UpdatedAt,
		Code: j.Code, Name: j.Name, Regime: openapi.Regime(j.Regime), State: j.State,
		Office: &openapi.JurisdictionOffice{Authority: officeTextOut(j.Office.Authority),
			Address: officeTextOut(j.Office.Address), Hours: officeTextOut(j.Office.Hours)},
		UpiPayee: payeeOut(j.UPIPayee)}
}

// payeeOut is a jurisdiction's UPI payee as the contract writes it; nil
// where it has none.
func payeeOut(p models.UPIPayee) *openapi.UpiPayee {
	if !p.Set() {
		return nil
	}
	return &openapi.UpiPayee{Vpa: p.VPA, Name: p.Name}
}

// payeeIn is a UPI payee as a create or patch gives it; nil when not given.
func payeeIn(p *openapi.UpiPayee) *models.UPIPayee {
	if p == nil {
		return nil
	}
	return &models.UPIPayee{VPA: p.Vpa, Name: p.Name}
}

// officeTextOut is a part of a jurisdiction's office as the contract
// writes it; nil where the jurisdiction records none.
func officeTextOut(t models.Texts) *openapi.OfficeText {
	if len(t) == 0 {
		return nil
	}
	opt := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	return &openapi.OfficeText{En: opt(t["en"]), Kn: opt(t["kn"]), Hi: opt(t["hi"])}
}

// officeTextIn is a part of an office as the contract gives it.
func officeTextIn(t *openapi.OfficeText) *models.Texts {
	if t == nil {
		return nil
	}
	out := models.Texts{"en": deref(t.En), "kn": deref(t.Kn), "hi": deref(t.Hi)}
	return &out
}

// officeIn is an office as a create gives it.
func officeIn(o *openapi.JurisdictionOffice) models.Office {
	if o == nil {
		return models.Office{}
	}
	var out models.Office
	for _, p := range []struct {
		dst *models.Texts
		src *openapi.OfficeText
	}{{&out.Authority, o.Authority}, {&out.Address, o.Address}, {&out.Hours, o.Hours}} {
		if t := officeTextIn(p.src); t != nil {
			*p.dst = *t
		}
	}
	return out
}

// officePatchIn is an office as a patch gives it: the parts given.
func officePatchIn(o *openapi.JurisdictionOffice) *registry.OfficePatch {
	if o == nil {
		return nil
	}
	return &registry.OfficePatch{Authority: officeTextIn(o.Authority), Address: officeTextIn(o.Address),
		Hours: officeTextIn(o.Hours)}
}

func ownerOut(o models.Owner) openapi.Owner {
	return openapi.Owner{Id: o.ID, Version: o.Version, CreatedAt: o.CreatedAt, UpdatedAt: o.UpdatedAt,
		Kind: openapi.OwnerKind(o.Kind), Name: o.Name, Email: o.Email, Phone: o.Phone, Mobile: o.Mobile,
		Address:           o.Address,
		PreferredLanguage: openapi.Language(o.PreferredLanguage), JurisdictionId: o.JurisdictionID}
}

func vesselOut(v models.Vessel) openapi.Vessel {
	out := openapi.Vessel{
		Id:                 v.ID,
		Version:            v.Version,
		CreatedAt:          v.CreatedAt,
		UpdatedAt:          v.UpdatedAt,
		RegistrationNumber: v.RegistrationNumber,
		SpecialCategory:    v.SpecialCategory,
		DangerousGoods:     &v.DangerousGoods,
		Name:               v.Name,
		Regime: openapi.Regime(
			v.Regime,
		),
		Kind:              openapi.VesselKind(v.Kind),
		Category:          enumPtr[openapi.VesselCategory](v.Category),
		Zone:              v.Zone,
		LengthM:           v.LengthM,
		BreadthM:          v.BreadthM,
		DepthM:            v.DepthM,
		Grt:               v.GRT,
		Nrt:               v.NRT,
		Passengers:        v.Passengers,
		CargoTonnes:       v.CargoTonnes,
		Use:               openapi.VesselUse(v.Use),
		OwnerId:           v.OwnerID,
		JurisdictionId:    v.JurisdictionID,
		Status:            openapi.VesselStatus(v.Status),
		SurveyAnniversary: toDate(v.SurveyAnniversary),
	}
	if v.EnginePower != nil && v.PowerUnit != nil {
		out.EnginePower = &openapi.EnginePower{Value: *v.EnginePower, Unit: openapi.PowerUnit(*v.PowerUnit)}
	}
	return out
}

func crewMemberOut(c models.CrewMember) openapi.CrewMember {
	return openapi.CrewMember{Id: c.ID, Version: c.Version, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt,
		IndivcNumber: c.IndivcNumber, Name: c.Name, DateOfBirth: toDate(c.DateOfBirth), Email: c.Email, Phone: c.Phone,
		Mobile: c.Mobile, PreferredLanguage: openapi.Language(c.PreferredLanguage), JurisdictionId: c.JurisdictionID}
}

func vesselCrewOut(c models.VesselCrew) openapi.VesselCrew {
	return openapi.VesselCrew{Id: c.ID, Version: c.Version, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt,
		VesselId: c.VesselID, CrewMemberId: c.CrewMemberID, Role: openapi.CrewRole(c.Role),
		SignedOn: openapi_types.Date{Time: c.SignedOn}, SignedOff: toDate(c.SignedOff)}
}

func certificateOut(c models.Certificate) openapi.Certificate {
	return openapi.Certificate{
		Id:           c.ID,
		Version:      c.Version,
		CreatedAt:    c.CreatedAt,
		UpdatedAt:    c.UpdatedAt,
		SubjectType:  openapi.CertificateSubjectType(c.SubjectType),
		VesselId:     c.VesselID,
		CrewMemberId: c.CrewMemberID,
		Kind:         openapi.CertificateKind(c.Kind),
		Grade:        c.Grade,
		Legacy:       c.Legacy,
		Number:       c.Number,
		IssuedOn: openapi_types.Date{
			Time: c.IssuedOn,
		},
		ExpiresOn:      toDate(c.ExpiresOn),
		RevalidatedOn:  toDate(c.RevalidatedOn),
		Issuer:         c.Issuer,
		Status:         openapi.CertificateStatus(c.Status),
		JurisdictionId: c.JurisdictionID,
	}
}
