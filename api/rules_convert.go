package api

import (
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/rules"
)

// Conversions between the contract's request types and the inputs of the
// rules package. Answers are rules types themselves (x-go-type in the
// spec); only nil slices are made empty so that they encode as [].

func ruleDate(d *openapi_types.Date) rules.Date {
	if d == nil {
		return rules.Date{}
	}
	return rules.D(d.Year(), d.Month(), d.Day())
}

func dateOut(d rules.Date) openapi_types.Date {
	return openapi_types.Date{Time: time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC)}
}

func dateOutPtr(d rules.Date) *openapi_types.Date {
	if d.IsZero() {
		return nil
	}
	out := dateOut(d)
	return &out
}

func derefSlice[T any](p *[]T) []T {
	if p == nil {
		return nil
	}
	return *p
}

// power splits the contract's engine power into value and unit.
func power(p *openapi.EnginePower) (float64, rules.PowerUnit) {
	if p == nil {
		return 0, ""
	}
	return p.Value, rules.PowerUnit(p.Unit)
}

func inspectionInput(b openapi.EvaluateRequest) rules.InspectionInput {
	in := rules.InspectionInput{
		InspectionID: deref(b.InspectionId),
		Vessel:       inspectedVessel(b.Vessel),
		At:           b.At,
		Checklist:    mapSlice(derefSlice(b.Checklist), checklistItem),
		Answers:      map[string]rules.Answer{},
		Certificates: mapSlice(derefSlice(b.Certificates), vesselCertificate),
		Withdrawn: mapSlice(
			derefSlice(b.Withdrawn),
			func(k openapi.RulesCertificateKind) rules.CertificateKind { return rules.CertificateKind(k) },
		),
		LastPollutionInspection: ruleDate(b.LastPollutionInspection),
		Crew: mapSlice(
			derefSlice(b.Crew),
			crewOnBoard,
		),
		Findings: mapSlice(derefSlice(b.Findings), finding),
	}
	for id, a := range deref(b.Answers) {
		in.Answers[id] = rules.Answer(a)
	}
	return in
}

func inspectedVessel(v openapi.InspectedVesselInput) rules.InspectedVessel {
	p, unit := power(v.EnginePower)
	return rules.InspectedVessel{
		ID:                  deref(v.Id),
		OwnerID:             deref(v.OwnerId),
		Regime:              rules.Regime(deref(v.Regime)),
		Kind:                rules.VesselKind(v.Kind),
		Category:            rules.Category(deref(v.Category)),
		Zone:                rules.Zone(deref(v.Zone)),
		EnginePower:         p,
		PowerUnit:           unit,
		LengthM:             deref(v.LengthM),
		Use:                 rules.Use(deref(v.Use)),
		PassengersCarried:   deref(v.PassengersCarried),
		PassengersCertified: deref(v.PassengersCertified),
		CargoTonnes:         deref(v.CargoTonnes),
		CargoPermitted:      deref(v.CargoPermitted),
		SpecialCategory:     deref(v.SpecialCategory),
		DangerousGoods: deref(
			v.DangerousGoods,
		),
		Towing:       deref(v.Towing),
		LakeOnly:     deref(v.LakeOnly),
		NoPropulsion: deref(v.NoPropulsion),
	}
}

func checklistItem(c openapi.ChecklistItemInput) rules.ChecklistItem {
	return rules.ChecklistItem{ID: c.Id, Code: rules.Code(c.Code), FailWhen: rules.Answer(c.FailWhen)}
}

func vesselCertificate(c openapi.VesselCertificateInput) rules.CertificateRecord {
	return rules.CertificateRecord{Kind: rules.CertificateKind(c.Kind), Number: deref(c.Number),
		IssuedOn: ruleDate(c.IssuedOn), ExpiresOn: ruleDate(c.ExpiresOn)}
}

func crewOnBoard(c openapi.CrewOnBoardInput) rules.CrewOnBoard {
	return rules.CrewOnBoard{
		ID:           c.Id,
		Role:         string(deref(c.Role)),
		Certificates: mapSlice(derefSlice(c.Certificates), crewCertificate),
	}
}

func crewCertificate(c openapi.CrewCertificateInput) rules.CrewCertificate {
	return rules.CrewCertificate{
		Grade:         rules.CertificateGrade(c.Grade),
		Legacy:        deref(c.Legacy),
		IssuedOn:      ruleDate(c.IssuedOn),
		ExpiresOn:     ruleDate(c.ExpiresOn),
		RevalidatedOn: ruleDate(c.RevalidatedOn),
	}
}

func finding(f openapi.FindingInput) rules.Finding {
	return rules.Finding{
		Code:      rules.Code(f.Code),
		Action:    rules.ActionCode(deref(f.Action)),
		Note:      deref(f.Note),
		Rectified: deref(f.Rectified),
		Persons:   deref(f.Persons),
		InspectionActions: mapSlice(
			derefSlice(f.InspectionActions),
			func(a openapi.InspectionActionCode) rules.InspectionActionCode {
				return rules.InspectionActionCode(a)
			},
		),
	}
}

func feeRequest(b openapi.FeeQuoteRequest) rules.FeeRequest {
	return rules.FeeRequest{
		Kind:    rules.FeeKind(b.Kind),
		Regime:  rules.Regime(deref(b.Regime)),
		Tonnage: deref(b.Tonnage),
		Quantity: deref(
			b.Quantity,
		),
		CraftClass:      rules.ParadipCraftClass(deref(b.CraftClass)),
		Grade:           rules.CertificateGrade(deref(b.Grade)),
		Actuals:         rules.Rupees(deref(b.Actuals)),
		RunningTestOnly: deref(b.RunningTestOnly),
	}
}

func manningInput(b openapi.ManningCheckRequest, on rules.Date) rules.ManningInput {
	p, unit := power(b.EnginePower)
	return rules.ManningInput{
		Regime:   rules.Regime(b.Regime),
		Kind:     rules.VesselKind(b.Kind),
		Category: rules.Category(deref(b.Category)),
		Zone: rules.Zone(
			deref(b.Zone),
		),
		EnginePower:  p,
		PowerUnit:    unit,
		LengthM:      deref(b.LengthM),
		Use:          rules.Use(deref(b.Use)),
		Towing:       deref(b.Towing),
		LakeOnly:     deref(b.LakeOnly),
		NoPropulsion: deref(b.NoPropulsion),
		Crew:         mapSlice(derefSlice(b.Crew), crewOnBoard),
		On:           on,
	}
}

// orEmpty returns s, or an empty slice for nil, so that it encodes as [].
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// normaliseEvaluation makes the evaluation's required lists non-nil.
func normaliseEvaluation(ev *rules.Evaluation) {
	ev.Deficiencies = orEmpty(ev.Deficiencies)
	for i := range ev.Deficiencies {
		d := &ev.Deficiencies[i]
		d.Sources, d.LegalRefs = orEmpty(d.Sources), orEmpty(d.LegalRefs)
	}
	ev.Offences = orEmpty(ev.Offences)
	for i := range ev.Offences {
		ev.Offences[i].Codes = orEmpty(ev.Offences[i].Codes)
	}
	ev.InspectionActions = orEmpty(ev.InspectionActions)
	ev.Trace.Steps = orEmpty(ev.Trace.Steps)
}

// normaliseManning makes the manning result's required lists non-nil.
func normaliseManning(m *rules.ManningResult) {
	m.Required, m.Assignments, m.Missing = orEmpty(m.Required), orEmpty(m.Assignments), orEmpty(m.Missing)
	for i := range m.Required {
		m.Required[i].Grades = orEmpty(m.Required[i].Grades)
	}
	for i := range m.Missing {
		m.Missing[i].Grades = orEmpty(m.Missing[i].Grades)
	}
	m.Trace.Steps = orEmpty(m.Trace.Steps)
}
