package inspect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// DetentionInput is a supervisor's confirmation of a proposed detention:
// the Annex-1 particulars the inspection does not hold, the inspection
// action codes the officer took beyond those the law implies (11 next port
// informed, 13 registration state consulted), and why.
type DetentionInput struct {
	PresentLocation   string
	PlaceOfInspection string // defaults to the present location
	Port              string // the port/location limits; defaults to the present location
	MasterName        string
	InspectionActions []string
	Reason            string
}

func (in *DetentionInput) validate() error {
	var fe models.FieldErrors
	in.PresentLocation = trimmed(&fe, "present_location", in.PresentLocation, 200, true)
	in.PlaceOfInspection = trimmed(&fe, "place_of_inspection", in.PlaceOfInspection, 200, false)
	in.Port = trimmed(&fe, "port", in.Port, 200, false)
	in.MasterName = trimmed(&fe, "master_name", in.MasterName, 200, true)
	in.Reason = trimmed(&fe, "reason", in.Reason, 2000, false)
	for _, a := range in.InspectionActions {
		if _, ok := rules.InspectionActionTitles[rules.InspectionActionCode(a)]; !ok {
			fe.Add("inspection_actions", "enum", "%q is not an inspection action code (11-15, Karnataka 2025 Sch-IX)", a)
		}
	}
	if in.PlaceOfInspection == "" {
		in.PlaceOfInspection = in.PresentLocation
	}
	if in.Port == "" {
		in.Port = in.PresentLocation
	}
	return fe.Err()
}

// ConfirmDetention issues the detention order of a proposed detention
// (Karnataka 2025, Sch-IX Annex-1) in one transaction: the order numbered
// in the office's series, the vessel detained in the registry, inspection
// action codes recorded on the inspection, the owner's notice in the
// outbox, the 48-hour report flag and its reminder, the verification code
// and the audit entries. Errors: not_found (out of scope), invalid (no
// proposal, no detention power under the regime, bad input), conflict
// (already ordered, vessel under another order, wrong status).
func (s *Service) ConfirmDetention(ctx context.Context, sc models.Scope, inspection uuid.UUID, in DetentionInput) (models.DetentionOrder, error) {
	if err := in.validate(); err != nil {
		return models.DetentionOrder{}, err
	}
	var out models.DetentionOrder
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		w := s.NewWork(tx)
		o, err := w.confirm(ctx, sc, inspection, in)
		if err != nil {
			return err
		}
		out = o
		return w.Finish(ctx)
	})
	return out, err
}

func (w *Work) confirm(ctx context.Context, sc models.Scope, id uuid.UUID, in DetentionInput) (models.DetentionOrder, error) {
	var head models.Inspection
	err := w.tx.DB.WithContext(ctx).Where("id = ?", id).Take(&head).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || (err == nil && !sc.CanJurisdiction(head.JurisdictionID)) {
		return models.DetentionOrder{}, models.NotFound("inspection")
	}
	if err != nil {
		return models.DetentionOrder{}, fmt.Errorf("load inspection: %w", err)
	}
	v, err := w.lockVessel(ctx, head.VesselID)
	if err != nil {
		return models.DetentionOrder{}, err
	}
	ag, err := w.lock(ctx, id)
	if err != nil {
		return models.DetentionOrder{}, err
	}
	p := proposalOf(&ag.row, v.Regime)
	if err := w.confirmable(ctx, &ag.row, v, p); err != nil {
		return models.DetentionOrder{}, err
	}
	return w.issueOrder(ctx, sc, ag, v, p, in)
}

// confirmable checks that the law lets this inspection end in an order now.
func (w *Work) confirmable(ctx context.Context, row *models.Inspection, v *models.Vessel, p DetentionProposal) error {
	if p.Refusal != "" {
		return models.Errorf(models.KindInvalid, "no_detention_power", "%s", p.Refusal)
	}
	if row.Status != models.StatusSubmitted && row.Status != models.StatusApproved {
		return models.Errorf(models.KindConflict, "not_submitted", "only a submitted or approved inspection can lead to detention (it is %s)", row.Status)
	}
	if !p.Proposed {
		return models.Errorf(models.KindInvalid, "no_detention_proposed", "the inspection shows no detainable deficiency (06) and no failed criterion of Karnataka 2025 Sch-IX para 2")
	}
	var existing struct {
		ID           uuid.UUID
		InspectionID uuid.UUID
	}
	res := w.tx.DB.WithContext(ctx).Raw(`SELECT id, inspection_id FROM detention_orders WHERE deleted_at IS NULL AND (inspection_id = ? OR (vessel_id = ? AND status = 'in_force')) LIMIT 1`, row.ID, v.ID).Scan(&existing)
	if res.Error != nil {
		return fmt.Errorf("find orders: %w", res.Error)
	}
	if res.RowsAffected > 0 && existing.InspectionID == row.ID {
		return models.Errorf(models.KindConflict, "already_ordered", "detention order %s was already issued for this inspection", existing.ID)
	}
	if res.RowsAffected > 0 {
		return models.Errorf(models.KindConflict, "vessel_detained", "the vessel is already detained under order %s", existing.ID)
	}
	return nil
}

// issueOrder writes the order and everything that follows from it.
func (w *Work) issueOrder(ctx context.Context, sc models.Scope, ag *agg, v *models.Vessel, p DetentionProposal, in DetentionInput) (models.DetentionOrder, error) {
	now := truncate(w.s.clock())
	db := w.tx.DB
	office, err := officeOf(ctx, db, ag.row.JurisdictionID)
	if err != nil {
		return models.DetentionOrder{}, err
	}
	registry, err := officeOf(ctx, db, v.JurisdictionID)
	if err != nil {
		return models.DetentionOrder{}, err
	}
	seq, err := nextNumber(ctx, db, office.ID, "detention", indiaYear(now))
	if err != nil {
		return models.DetentionOrder{}, err
	}
	actions := orderActions(derivedOf(&ag.row), in.InspectionActions)
	o := models.DetentionOrder{ID: uuid.Must(uuid.NewV7()), Number: fmt.Sprintf("%s/DO/%d/%04d", office.Code, indiaYear(now), seq), Seq: seq,
		InspectionID: ag.row.ID, VesselID: v.ID, JurisdictionID: ag.row.JurisdictionID, OwnerID: ag.row.OwnerID, InspectorID: ag.row.InspectorID,
		Regime: v.Regime, Status: models.OrderInForce, OrderedAt: now, OrderedBy: sc.UserID, Reason: in.Reason, VesselStatusBefore: v.Status,
		ReportDueAt: rules.DetentionReportDue(now), InspectionActions: actions, VerifyCode: document.NewCode()}
	for _, r := range p.Reasons {
		o.Codes = append(o.Codes, r.Code)
	}
	doc := document.DetentionOrder{ReportingOffice: office.Name, HeadOffice: kaAuthority, Number: o.Number, Date: now,
		VesselName: v.Name, RegistrationNumber: v.RegistrationNumber, PlaceOfRegistry: registry.Name, PresentLocation: in.PresentLocation,
		MasterName: in.MasterName, InspectionDate: rules.DateOf(ag.row.StartedAt).String(), PlaceOfInspection: in.PlaceOfInspection, Port: in.Port,
		Powers: kaPowers, ReportDueAt: o.ReportDueAt, DetentionAuthority: kaAuthority, AppellateAuthority: kaAppellate, AppealRule: kaAppealRule,
		Copies: kaCopies, Enclosure: kaEnclosure, OrderedBy: userName(ctx, db, sc.UserID), VerifyCode: o.VerifyCode}
	for _, r := range p.Reasons {
		doc.Findings = append(doc.Findings, document.Finding{Code: r.Code, Title: r.Title, Action: r.Action, LegalRefs: r.LegalRefs})
	}
	for _, a := range actions {
		doc.InspectionActions = append(doc.InspectionActions, document.Action{Code: a, Title: rules.InspectionActionTitles[rules.InspectionActionCode(a)]})
	}
	o.Particulars, _ = json.Marshal(doc)
	o.Version = 1
	if err := db.WithContext(ctx).Create(&o).Error; err != nil {
		return o, fmt.Errorf("insert detention order: %w", err)
	}
	if err := document.Issue(ctx, db, document.Record{Code: o.VerifyCode, Kind: document.KindDetentionOrder, RefID: o.ID, Number: o.Number,
		JurisdictionID: o.JurisdictionID, Status: document.StatusValid, IssuedAt: now}); err != nil {
		return o, err
	}
	if err := w.setVesselStatus(ctx, v, "detained", "detention order "+o.Number); err != nil {
		return o, err
	}
	if err := w.recordActions(ctx, ag, actions); err != nil {
		return o, err
	}
	w.changed(EntityDetentionOrder, o.ID, orderKeys(&o)...)
	w.audit("detention.order", EntityDetentionOrder, o.ID, map[string]any{"number": o.Number, "inspection_id": o.InspectionID,
		"codes": o.Codes, "inspection_actions": actions, "reason": in.Reason, "report_due_at": o.ReportDueAt})
	return o, w.tellDetained(ctx, &o, v, doc)
}

// orderActions are the inspection action codes recorded with an order:
// those the evaluation derives (14 Surveying Authority informed, Sch-IX
// para 1.3; 15 for pollution), 12 because Annex-1 is copied to the State
// of Registration, and any the officer adds; sorted, without repeats.
func orderActions(d Derived, extra []string) models.Strings {
	out := []string{string(rules.Inspection12), string(rules.Inspection14)}
	for _, a := range d.InspectionActions {
		out = append(out, string(a))
	}
	out = append(out, extra...)
	sort.Strings(out)
	return slices.Compact(out)
}

// recordActions writes the action codes on the inspection (a new version,
// synced as any change of the inspection).
func (w *Work) recordActions(ctx context.Context, ag *agg, actions models.Strings) error {
	merged := append(append(models.Strings{}, ag.row.InspectionActions...), actions...)
	sort.Strings(merged)
	merged = slices.Compact(merged)
	ag.row.InspectionActions = merged
	w.bump(ag.row.ID)
	return w.updateInspection(ctx, ag, map[string]any{"inspection_actions": merged})
}

// openCodes are the detainable codes a re-inspection leaves open: those it
// finds detainable (06 or a failed Sch-IX criterion) and those of the
// order it did not examine (no item of the code answered as passing and no
// rectified finding of it), so that a re-inspection on another checklist
// cannot lift an order by silence.
func (w *Work) openCodes(ctx context.Context, order *models.DetentionOrder, re *agg) ([]string, error) {
	if err := w.loadAnswers(ctx, re); err != nil {
		return nil, err
	}
	if err := w.loadFindings(ctx, re); err != nil {
		return nil, err
	}
	examined := map[string]bool{}
	for _, id := range re.templateIDs() { // every template the re-inspection used
		t, ok := w.s.Template(id)
		if !ok {
			continue
		}
		for _, it := range t.Items {
			if a, ok := re.answers[re.answerKey(id, it.ID)]; ok && a.Answer != "" && a.Answer != "na" && a.Answer != string(it.FailWhen) {
				examined[string(it.Code)] = true
			}
		}
	}
	for _, f := range re.findings {
		if f.Rectified && !f.DeletedAt.Valid {
			examined[f.Code] = true
		}
	}
	var open []string
	for _, c := range derivedOf(&re.row).Detention.Codes {
		open = append(open, string(c))
	}
	for _, c := range order.Codes {
		if !examined[c] {
			open = append(open, c)
		}
	}
	sort.Strings(open)
	return slices.Compact(open), nil
}

// errOpenCodes is the refusal of a release while detainable codes are open.
func errOpenCodes(codes []string) error {
	return models.Errorf(models.KindInvalid, "detainable_open",
		"the re-inspection does not clear every detainable deficiency: %s still open (Karnataka 2025, Sch-IX Annex-2 follows a clearing re-inspection)", strings.Join(codes, ", "))
}
