package api

import (
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
)

func complianceOut(c registry.Compliance) openapi.VesselCompliance {
	ev := rules.Evaluation{Deficiencies: c.Deficiencies, Trace: c.Trace}
	normaliseEvaluation(&ev)
	normaliseManning(&c.Manning)
	out := openapi.VesselCompliance{VesselId: c.Vessel.ID, RegistrationNumber: c.Vessel.RegistrationNumber,
		Regime: openapi.Regime(c.Vessel.Regime), Status: openapi.VesselStatus(c.Vessel.Status), On: dateOut(c.On),
		RuleSet: c.RuleSet, FitToPly: c.FitToPly, Reasons: mapSlice(c.Reasons, reasonOut),
		Certificates: mapSlice(c.Certificates, certificateStateOut), Crew: mapSlice(c.Crew, crewStateOut),
		Manning: c.Manning, Deficiencies: ev.Deficiencies, OpenDeficiencies: orEmpty(c.OpenDeficiencies),
		FeesDue: mapSlice(c.FeesDue, feeDueOut), Deadlines: orEmpty(c.Deadlines), Notes: orEmpty(c.Notes), Trace: ev.Trace}
	return out
}

func reasonOut(r registry.Reason) openapi.ComplianceReason {
	return openapi.ComplianceReason{Code: r.Code, Message: r.Message, Citation: nonEmptyPtr(string(r.Citation))}
}

func certificateStateOut(s registry.CertificateState) openapi.CertificateCompliance {
	c := s.Certificate
	out := openapi.CertificateCompliance{Id: c.ID, Kind: openapi.CertificateKind(c.Kind), Grade: nonEmptyPtr(c.Grade),
		Number: c.Number, IssuedOn: dateOut(rules.D(c.IssuedOn.Year(), c.IssuedOn.Month(), c.IssuedOn.Day())),
		RegistryStatus: openapi.CertificateStatus(c.Status), Status: openapi.CertificateComplianceStatus(s.Status),
		ExpiresOn: dateOutPtr(s.ExpiresOn), Citation: nonEmptyPtr(string(s.Citation))}
	if !s.ExpiresOn.IsZero() {
		days := s.DaysToExpiry
		out.DaysToExpiry = &days
	}
	return out
}

func crewStateOut(s registry.CrewState) openapi.CrewCompliance {
	p := s.Placement
	return openapi.CrewCompliance{CrewMemberId: p.CrewMemberID, Role: openapi.CrewRole(p.Role),
		SignedOn:     dateOut(rules.D(p.SignedOn.Year(), p.SignedOn.Month(), p.SignedOn.Day())),
		Certificates: mapSlice(s.Certificates, certificateStateOut)}
}

func feeDueOut(f registry.FeeDue) openapi.FeeDue {
	f.Quote.Lines, f.Quote.Trace.Steps = orEmpty(f.Quote.Lines), orEmpty(f.Quote.Trace.Steps)
	return openapi.FeeDue{Reason: f.Reason, Due: dateOutPtr(f.Due), Quote: f.Quote}
}
