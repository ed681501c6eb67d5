package registry

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
)

// Compliance is the law's reading of a vessel as the registry holds it on
// one date: whether it may ply, and why.
type Compliance struct {
	Vessel  models.Vessel
	On      rules.Date
	RuleSet string
	// FitToPly is false when the vessel is not active, or when a deficiency
	// must be rectified before departure (04) or is detainable (06).
	FitToPly     bool
	Reasons      []Reason
	Certificates []CertificateState
	Crew         []CrewState
	Manning      rules.ManningResult
	// Deficiencies are those the registry and the manning rules show.
	Deficiencies []rules.Deficiency
	// OpenDeficiencies are those recorded at inspections and not rectified,
	// as far as the caller may see them (openDeficiencies).
	OpenDeficiencies []rules.Deficiency
	FeesDue          []FeeDue
	Deadlines        []rules.Deadline
	Notes            []string
	Trace            rules.Trace
}

// Reason is one cause of a vessel not being fit to ply.
type Reason struct {
	Code     string // a deficiency code, or "vessel_status"
	Message  string
	Citation rules.Citation
}

// StatusWithdrawn is the state, beyond those of rules.CertStatus, of a
// certificate suspended, cancelled or surrendered in the registry.
const StatusWithdrawn = "withdrawn"

// CertificateState is a certificate and its state on the date asked.
type CertificateState struct {
	Certificate  models.Certificate
	Status       string     // a rules.CertStatus, or StatusWithdrawn
	ExpiresOn    rules.Date // the last valid day by the law; zero if none
	DaysToExpiry int        // meaningful only when ExpiresOn is set
	Citation     rules.Citation
}

// CrewState is a crew member signed on and their certificates.
type CrewState struct {
	Placement    models.VesselCrew
	Certificates []CertificateState
}

// FeeDue is a fee the vessel will owe, priced by the law.
type FeeDue struct {
	Reason string
	Due    rules.Date // zero if the date cannot be derived
	Quote  rules.FeeQuote
}

// complianceFacts is what the registry holds about a vessel on a date.
type complianceFacts struct {
	vessel  models.Vessel
	certs   []models.Certificate
	onBoard CrewOnBoardFacts
}

// Compliance reads vessel vesselID by the law on date on, under the rule set
// of its regime in force then. The vessel is read in the caller's scope
// (KindNotFound outside it); its certificates, crew and their certificates
// are read because the vessel is, wherever the crew are registered, so that
// the answer does not depend on who asks. KindInvalid (field "on") when no
// rule set of the regime is in force on that date.
func (r *Service) Compliance(
	ctx context.Context,
	s models.Scope,
	vesselID uuid.UUID,
	on rules.Date,
) (Compliance, error) {
	v, err := r.GetVessel(ctx, s, vesselID)
	if err != nil {
		return Compliance{}, err
	}
	rs, err := r.rules.For(rules.Regime(v.Regime), on)
	if errors.Is(err, rules.ErrNoRuleSet) {
		return Compliance{}, models.Invalid(models.FieldError{Field: "on", Code: "no_rule_set",
			Message: fmt.Sprintf("no rule set of %s is in force on %s", v.Regime, on)})
	}
	if err != nil {
		return Compliance{}, err
	}
	f, err := r.complianceFacts(ctx, v, on)
	if err != nil {
		return Compliance{}, err
	}
	c := judge(rs, f, on)
	if c.OpenDeficiencies, err = r.openDeficiencies(ctx, s, v.ID); err != nil {
		return Compliance{}, err
	}
	return c, nil
}

// openDeficiencies are the open findings recorded at the vessel's live
// inspections that the caller may see (their jurisdiction's or, for an
// owner, their own: the scope is in the query, as for sync), one per code,
// the earliest recorded first. A vessel that moved carries its open
// findings with it (moveOpenFindings), so the new jurisdiction sees them.
func (r *Service) openDeficiencies(
	ctx context.Context,
	s models.Scope,
	vesselID uuid.UUID,
) ([]rules.Deficiency, error) {
	var fs []models.Finding
	q := r.db.Gorm.WithContext(ctx).Where(`deleted_at IS NULL AND NOT rectified
		AND inspection_id IN (SELECT id FROM inspections WHERE vessel_id = ? AND deleted_at IS NULL)`, vesselID)
	if err := jurisdictionScope(s, "owner_id = ?")(q).Order("code, created_at, id").Find(&fs).Error; err != nil {
		return nil, fmt.Errorf("open findings: %w", err)
	}
	out := []rules.Deficiency{}
	for i, f := range fs {
		if i > 0 && fs[i-1].Code == f.Code {
			continue
		}
		d := rules.Deficiency{
			Code:       rules.Code(f.Code),
			Action:     rules.ActionCode(f.Action),
			Detainable: f.Detainable,
			LiableParty: rules.Party(
				f.LiableParty,
			),
			Persons:   f.Persons,
			Sources:   []rules.Source{},
			LegalRefs: []rules.Citation{},
			Due:       rules.Due{Kind: rules.DueKind(f.DueKind)},
		}
		for _, src := range f.Sources {
			d.Sources = append(d.Sources, rules.Source(src))
		}
		if f.DueDate != nil {
			d.Due.Date = rules.D(f.DueDate.Year(), f.DueDate.Month(), f.DueDate.Day())
		}
		if e, ok := rules.Lookup(d.Code); ok {
			d.Known, d.Title, d.Area, d.LegalRefs = true, e.Title["en"], e.Area, e.LegalRefs
		}
		out = append(out, d)
	}
	return out, nil
}

// complianceFacts loads the vessel's live certificates, the crew signed on
// on date on and their certificates.
func (r *Service) complianceFacts(ctx context.Context, v models.Vessel, on rules.Date) (complianceFacts, error) {
	f := complianceFacts{vessel: v}
	db := r.db.Gorm.WithContext(ctx)
	if err := db.Where("vessel_id = ?", v.ID).Order("kind, issued_on, id").Find(&f.certs).Error; err != nil {
		return f, fmt.Errorf("vessel certificates: %w", err)
	}
	var err error
	f.onBoard, err = LoadCrewOnBoard(ctx, r.db.Gorm, v.ID, on)
	return f, err
}

// judge applies the law to the facts: the registry and manning deficiencies
// come from rules.Evaluate with no checklist and no findings.
func judge(rs *rules.RuleSet, f complianceFacts, on rules.Date) Compliance {
	regime := rules.Regime(f.vessel.Regime)
	records, withdrawn := vesselRecords(f.vessel, f.certs)
	crew := f.onBoard.Crew()
	iv := InspectedVessel(f.vessel)
	ev := rules.Evaluate(rs, rules.InspectionInput{InspectionID: "compliance:" + f.vessel.ID.String(), Vessel: iv,
		At: on.Time(), Certificates: records, Withdrawn: withdrawn, Crew: crew})
	c := Compliance{Vessel: f.vessel, On: on, RuleSet: rs.ID, Deficiencies: ev.Deficiencies,
		OpenDeficiencies: []rules.Deficiency{}, Trace: ev.Trace}
	c.Manning = rules.CheckManning(rules.ManningInputFor(rs, iv, crew, on))
	c.Certificates = certificateStates(unreplaced(f.certs, on), f.vessel.Kind, regime, on, rs.LegacyCoCDeadline)
	for _, p := range f.onBoard.Posts {
		c.Crew = append(
			c.Crew,
			CrewState{
				Placement:    p,
				Certificates: certificateStates(f.onBoard.Certs[p.CrewMemberID], f.vessel.Kind, regime, on, rs.LegacyCoCDeadline),
			},
		)
	}
	c.Deadlines = rules.Deadlines(rules.VesselParticulars{ID: f.vessel.ID.String(), Regime: regime, Kind: iv.Kind,
		Certificates: records, FirstSurvey: dateOf(f.vessel.SurveyAnniversary)}, crew, on, rs.LegacyCoCDeadline)
	var notes []string
	c.FeesDue, notes = feesDue(f.vessel, records, on)
	c.Notes = append(c.Notes, notes...)
	c.Reasons = fitReasons(f.vessel, ev.Deficiencies)
	c.FitToPly = len(c.Reasons) == 0
	c.Trace.Add(
		"compliance.fit_to_ply",
		"Karnataka 2025, Sch-IX action codes 04, 06",
		"vessel %s, %d deficiencies, %d barring departure → fit to ply: %t",
		f.vessel.Status,
		len(ev.Deficiencies),
		len(c.Reasons),
		c.FitToPly,
	)
	return c
}

// fitReasons lists why the vessel may not ply: a status other than active,
// and every deficiency to be rectified before departure or detainable.
func fitReasons(v models.Vessel, ds []rules.Deficiency) []Reason {
	out := []Reason{}
	if v.Status != "active" {
		out = append(out, Reason{Code: "vessel_status", Message: "the vessel is " + v.Status})
	}
	for _, d := range ds {
		if d.Action != rules.Action04 && d.Action != rules.Action06 {
			continue
		}
		r := Reason{Code: string(d.Code), Message: d.Title}
		if len(d.Details) > 0 {
			r.Message += ": " + d.Details[0]
		}
		if len(d.LegalRefs) > 0 {
			r.Citation = d.LegalRefs[0]
		}
		out = append(out, r)
	}
	return out
}

// ruleKind is the law's kind of a registry certificate, which depends on
// the vessel's kind for a survey and on the regime for a licence.
func ruleKind(c models.Certificate, vesselKind string) rules.CertificateKind {
	switch {
	case c.Kind == "survey" && vesselKind == string(rules.KindNonMechanised):
		return rules.CertNonMechSurvey
	case c.Kind == "licence":
		return rules.CertParadipLicence
	}
	return rules.CertificateKind(c.Kind)
}

// vesselRecords are the certificates in force in the registry, as the law
// reads them; a kind held only by withdrawn certificates is withdrawn.
func vesselRecords(v models.Vessel, certs []models.Certificate) ([]rules.CertificateRecord, []rules.CertificateKind) {
	records := []rules.CertificateRecord{}
	live, pulled := map[rules.CertificateKind]bool{}, map[rules.CertificateKind]bool{}
	for _, c := range certs {
		k := ruleKind(c, v.Kind)
		if c.Status != "valid" {
			pulled[k] = true
			continue
		}
		live[k] = true
		records = append(
			records,
			rules.CertificateRecord{Kind: k, Number: c.Number, IssuedOn: dateOf(&c.IssuedOn), ExpiresOn: dateOf(c.ExpiresOn)},
		)
	}
	var withdrawn []rules.CertificateKind
	for k := range pulled {
		if !live[k] {
			withdrawn = append(withdrawn, k)
		}
	}
	return records, withdrawn
}

// unreplaced drops the certificates a later one of the same kind, issued
// by date on, replaced: a renewed certificate of survey is history, not a
// certificate to renew (the plan reads the latest of each kind the same
// way). The law still reads them all for the days they covered.
func unreplaced(certs []models.Certificate, on rules.Date) []models.Certificate {
	latest := map[string]time.Time{}
	for _, c := range certs {
		if c.Status == "valid" && !dateOf(&c.IssuedOn).After(on) && c.IssuedOn.After(latest[c.Kind]) {
			latest[c.Kind] = c.IssuedOn
		}
	}
	out := make([]models.Certificate, 0, len(certs))
	for _, c := range certs {
		if c.Status != "valid" || !c.IssuedOn.Before(latest[c.Kind]) {
			out = append(out, c)
		}
	}
	return out
}

// certificateStates gives each certificate its state on date on.
func certificateStates(
	certs []models.Certificate,
	vesselKind string,
	regime rules.Regime,
	on, legacy rules.Date,
) []CertificateState {
	out := []CertificateState{}
	for _, c := range certs {
		st := CertificateState{Certificate: c}
		var ok bool
		if c.SubjectType == "crew_member" {
			cc, _ := CrewCertificate(c)
			st.ExpiresOn, st.Citation, ok = rules.CrewCertificateEnd(cc, regime, legacy)
			status, days := rules.CrewCertificateStatus(cc, regime, on, legacy)
			st.Status, st.DaysToExpiry = string(status), days
		} else {
			rec := rules.CertificateRecord{
				Kind:      ruleKind(c, vesselKind),
				Number:    c.Number,
				IssuedOn:  dateOf(&c.IssuedOn),
				ExpiresOn: dateOf(c.ExpiresOn),
			}
			st.ExpiresOn, st.Citation, ok = rules.CertificateExpiry(rec)
			status, days := rules.CertificateStatus(rec, on)
			st.Status, st.DaysToExpiry = string(status), days
		}
		if !ok {
			st.ExpiresOn = rules.Date{}
		}
		if c.Status != "valid" {
			st.Status = StatusWithdrawn
		}
		out = append(out, st)
	}
	return out
}

// feesDue prices the periodic fee of the vessel's regime where the registry
// holds what it needs, and says why not otherwise.
func feesDue(v models.Vessel, records []rules.CertificateRecord, on rules.Date) ([]FeeDue, []string) {
	req, reason, due, note := feeRequestFor(v, records, on)
	if note != "" {
		return []FeeDue{}, []string{note}
	}
	q, err := rules.QuoteFee(req)
	if err != nil {
		return []FeeDue{}, []string{"fees: " + err.Error()}
	}
	return []FeeDue{{Reason: reason, Due: due, Quote: q}}, nil
}

// feeRequestFor is the periodic fee of the vessel: the renewal survey in
// Karnataka (by GRT), the harbour craft annual inspection, the Paradip
// licence renewing on 31 March.
func feeRequestFor(
	v models.Vessel,
	records []rules.CertificateRecord,
	on rules.Date,
) (rules.FeeRequest, string, rules.Date, string) {
	grt := val(v.GRT)
	switch {
	case v.Regime == string(rules.RegimeKarnataka2025) && grt <= 0:
		return rules.FeeRequest{}, "", rules.Date{}, "fees: no gross tonnage recorded, so the survey fee cannot be priced"
	case v.Regime == string(rules.RegimeKarnataka2025) && v.Kind == string(rules.KindHarbourCraft):
		return rules.FeeRequest{
			Kind:    rules.FeeKAHCAnnualInspection,
			Tonnage: grt,
		}, "annual inspection and renewal of licence", rules.Date{}, ""
	case v.Regime == string(rules.RegimeKarnataka2025):
		kind := rules.CertSurvey
		if v.Kind == string(rules.KindNonMechanised) {
			kind = rules.CertNonMechSurvey
		}
		return rules.FeeRequest{Kind: rules.FeeKASurvey, Tonnage: grt}, "renewal survey", latestExpiry(records, kind), ""
	case v.Regime == string(rules.RegimeParadip1967) &&
		(v.Kind == string(rules.KindMotor) || v.Kind == string(rules.KindSteam)):
		return rules.FeeRequest{Kind: rules.FeeParadipLicence, CraftClass: rules.CraftPowerDriven},
			"licence for the year from 1 April", rules.LicenceYearEnd(on), ""
	case v.Regime == string(rules.RegimeParadip1967):
		return rules.FeeRequest{}, "", rules.Date{}, "fees: the Paradip r.28 craft class (boat, canoe, catamaran) " +
			"is not recorded for this craft"
	}
	return rules.FeeRequest{}, "", rules.Date{}, "fees: the sources of " + v.Regime + " state no fees"
}

// latestExpiry is the latest derivable expiry among records of kind.
func latestExpiry(records []rules.CertificateRecord, kind rules.CertificateKind) rules.Date {
	var out rules.Date
	for _, r := range records {
		if exp, _, ok := rules.CertificateExpiry(r); r.Kind == kind && ok && exp.After(out) {
			out = exp
		}
	}
	return out
}

// dateOf reads a date column (midnight UTC standing for a civil date).
func dateOf(t *time.Time) rules.Date {
	if t == nil || t.IsZero() {
		return rules.Date{}
	}
	return rules.D(t.Year(), t.Month(), t.Day())
}

func val[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
