package detention

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/inspect"
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
func (s *Service) ConfirmDetention(
	ctx context.Context,
	sc models.Scope,
	inspection uuid.UUID,
	in DetentionInput,
) (models.DetentionOrder, error) {
	if err := in.validate(); err != nil {
		return models.DetentionOrder{}, err
	}
	return s.inWork(ctx, sc, func(w *inspect.Work) (models.DetentionOrder, error) {
		return confirm(ctx, w, sc, inspection, in)
	})
}

// inWork runs an order's command in one transaction of inspection work,
// finished (recompute, change log, outbox) before it commits.
func (s *Service) inWork(
	ctx context.Context,
	sc models.Scope,
	cmd func(w *inspect.Work) (models.DetentionOrder, error),
) (models.DetentionOrder, error) {
	var out models.DetentionOrder
	err := s.insp.DB().InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		w := s.insp.NewWork(tx)
		o, err := cmd(w)
		if err != nil {
			return err
		}
		out = o
		return w.Finish(ctx)
	})
	return out, err
}

func confirm(
	ctx context.Context,
	w *inspect.Work,
	sc models.Scope,
	id uuid.UUID,
	in DetentionInput,
) (models.DetentionOrder, error) {
	var head models.Inspection
	err := storage.Scoped(w.Tx().DB.WithContext(ctx), sc, storage.OfficialsByJurisdiction).
		Where("id = ?", id).Take(&head).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return models.DetentionOrder{}, models.NotFound("inspection")
	}
	if err != nil {
		return models.DetentionOrder{}, fmt.Errorf("load inspection: %w", err)
	}
	v, err := w.LockVessel(ctx, head.VesselID)
	if err != nil {
		return models.DetentionOrder{}, err
	}
	row, err := w.LockInspection(ctx, id)
	if err != nil {
		return models.DetentionOrder{}, err
	}
	p := proposalOf(row, v.Regime)
	if err := confirmable(ctx, w, row, v, p); err != nil {
		return models.DetentionOrder{}, err
	}
	return issueOrder(ctx, w, sc, row, v, p, in)
}

// confirmable checks that the law lets this inspection end in an order now.
func confirmable(
	ctx context.Context,
	w *inspect.Work,
	row *models.Inspection,
	v *models.Vessel,
	p DetentionProposal,
) error {
	if p.Refusal != "" {
		return models.Errorf(models.KindInvalid, "no_detention_power", "%s", p.Refusal)
	}
	if row.Status != models.StatusSubmitted && row.Status != models.StatusApproved {
		return models.Errorf(
			models.KindConflict,
			"not_submitted",
			"only a submitted or approved inspection can lead to detention (it is %s)",
			row.Status,
		)
	}
	if !p.Proposed {
		return models.Errorf(
			models.KindInvalid,
			"no_detention_proposed",
			"the inspection shows no detainable deficiency (06) and no failed criterion of Karnataka 2025 Sch-IX para 2",
		)
	}
	var existing struct {
		ID           uuid.UUID
		InspectionID uuid.UUID
	}
	res := w.Tx().
		DB.WithContext(ctx).
		Raw(`SELECT id, inspection_id FROM detention_orders WHERE deleted_at IS NULL AND (inspection_id = ? OR
			(vessel_id = ? AND status = 'in_force')) LIMIT 1`, row.ID, v.ID).
		Scan(&existing)
	if res.Error != nil {
		return fmt.Errorf("find orders: %w", res.Error)
	}
	if res.RowsAffected > 0 && existing.InspectionID == row.ID {
		return models.Errorf(
			models.KindConflict,
			"already_ordered",
			"detention order %s was already issued for this inspection",
			existing.ID,
		)
	}
	if res.RowsAffected > 0 {
		return models.Errorf(
			models.KindConflict,
			"vessel_detained",
			"the vessel is already detained under order %s",
			existing.ID,
		)
	}
	return nil
}

// issueOrder writes the order and everything that follows from it: it
// reads the order's heading (taking its number), builds the order and its
// paper (buildOrder), and persists and notifies (persistOrder).
func issueOrder(
	ctx context.Context,
	w *inspect.Work,
	sc models.Scope,
	row *models.Inspection,
	v *models.Vessel,
	p DetentionProposal,
	in DetentionInput,
) (models.DetentionOrder, error) {
	now := truncate(w.Now())
	h, err := orderHeadingOf(ctx, w.Tx().DB, sc, row, v, now)
	if err != nil {
		return models.DetentionOrder{}, err
	}
	o, doc := buildOrder(h, sc, row, v, p, in, now)
	if o.Particulars, err = json.Marshal(doc); err != nil {
		return o, fmt.Errorf("detention order particulars: %w", err)
	}
	err = persistOrder(ctx, w, row, v, &o, doc, in.Reason, now)
	return o, err
}

// orderHeading is what an order names besides its inspection: the office
// that issues it, the office of registry, the signatory and its number.
type orderHeading struct {
	office, registry models.Jurisdiction
	signedBy         string
	seq              int
	number           string
}

// orderHeadingOf reads an order's heading and takes the office's next
// detention number of the year.
func orderHeadingOf(
	ctx context.Context,
	db *gorm.DB,
	sc models.Scope,
	row *models.Inspection,
	v *models.Vessel,
	now time.Time,
) (orderHeading, error) {
	var h orderHeading
	var err error
	if h.office, err = officeOf(ctx, db, row.JurisdictionID); err != nil {
		return h, err
	}
	if h.registry, err = officeOf(ctx, db, v.JurisdictionID); err != nil {
		return h, err
	}
	if h.signedBy, err = signatory(ctx, db, sc.UserID); err != nil {
		return h, err
	}
	if h.seq, err = nextNumber(ctx, db, h.office.ID, "detention", indiaYear(now)); err != nil {
		return h, err
	}
	h.number, err = storage.LegalNumber(ctx, db, fmt.Sprintf("%s/DO/%d/%04d", h.office.Code, indiaYear(now), h.seq))
	return h, err
}

// buildOrder is the order and its paper (Karnataka 2025, Sch-IX Annex-1)
// from the inspection, the proposal and the officer's input; it reads and
// writes nothing.
func buildOrder(
	h orderHeading,
	sc models.Scope,
	row *models.Inspection,
	v *models.Vessel,
	p DetentionProposal,
	in DetentionInput,
	now time.Time,
) (models.DetentionOrder, document.DetentionOrder) {
	actions := orderActions(inspect.DerivedOf(row), in.InspectionActions)
	o := models.DetentionOrder{
		ID:                 uuid.Must(uuid.NewV7()),
		Number:             h.number,
		Seq:                h.seq,
		InspectionID:       row.ID,
		VesselID:           v.ID,
		JurisdictionID:     row.JurisdictionID,
		OwnerID:            row.OwnerID,
		InspectorID:        row.InspectorID,
		Regime:             v.Regime,
		Status:             models.OrderInForce,
		OrderedAt:          now,
		OrderedBy:          sc.UserID,
		Reason:             in.Reason,
		VesselStatusBefore: v.Status,
		ReportDueAt:        rules.DetentionReportDue(now),
		InspectionActions:  actions,
		VerifyCode:         document.NewCode(),
		Version:            1,
	}
	for _, r := range p.Reasons {
		o.Codes = append(o.Codes, r.Code)
	}
	doc := document.DetentionOrder{
		ReportingOffice:    h.office.Name,
		HeadOffice:         kaAuthority,
		Number:             o.Number,
		Date:               now,
		VesselName:         v.Name,
		RegistrationNumber: v.RegistrationNumber,
		PlaceOfRegistry:    h.registry.Name,
		PresentLocation:    in.PresentLocation,
		MasterName:         in.MasterName,
		InspectionDate:     rules.DateOf(row.StartedAt).String(),
		PlaceOfInspection:  in.PlaceOfInspection,
		Port:               in.Port,
		Powers:             kaPowers,
		ReportDueAt:        o.ReportDueAt,
		DetentionAuthority: kaAuthority,
		AppellateAuthority: kaAppellate,
		AppealRule:         kaAppealRule,
		Copies:             kaCopies,
		Enclosure:          kaEnclosure,
		OrderedBy:          h.signedBy,
		VerifyCode:         o.VerifyCode,
	}
	for _, r := range p.Reasons {
		doc.Findings = append(
			doc.Findings,
			document.Finding{Code: r.Code, Title: r.Title, Action: r.Action, LegalRefs: r.LegalRefs},
		)
	}
	for _, a := range actions {
		doc.InspectionActions = append(
			doc.InspectionActions,
			document.Action{Code: a, Title: rules.InspectionActionTitles[rules.InspectionActionCode(a)]},
		)
	}
	return o, doc
}

// persistOrder writes a built order, its verification code, the vessel's
// detained status and the inspection's actions, logs and audits it, and
// tells the owner.
func persistOrder(
	ctx context.Context,
	w *inspect.Work,
	row *models.Inspection,
	v *models.Vessel,
	o *models.DetentionOrder,
	doc document.DetentionOrder,
	reason string,
	now time.Time,
) error {
	db := w.Tx().DB
	if err := db.WithContext(ctx).Create(o).Error; err != nil {
		return fmt.Errorf("insert detention order: %w", err)
	}
	if err := document.Issue(
		ctx,
		db,
		document.Record{Code: o.VerifyCode, Kind: document.KindDetentionOrder, RefID: o.ID, Number: o.Number,
			JurisdictionID: o.JurisdictionID, VesselID: o.VesselID, Status: document.StatusValid, IssuedAt: now},
	); err != nil {
		return err
	}
	if err := setVesselStatus(ctx, w, v, "detained", "detention order "+o.Number); err != nil {
		return err
	}
	if err := w.AddInspectionActions(ctx, row.ID, o.InspectionActions); err != nil {
		return err
	}
	w.Changed(EntityDetentionOrder, o.ID, orderKeys(o)...)
	w.Audit(
		"detention.order",
		EntityDetentionOrder,
		o.ID,
		map[string]any{"number": o.Number, "inspection_id": o.InspectionID,
			"codes": o.Codes, "inspection_actions": o.InspectionActions, "reason": reason, "report_due_at": o.ReportDueAt},
	)
	return tellDetained(ctx, w, o, v, doc)
}

// orderActions are the inspection action codes recorded with an order:
// those the evaluation derives (14 Surveying Authority informed, Sch-IX
// para 1.3; 15 for pollution), 12 because Annex-1 is copied to the State
// of Registration, and any the officer adds; sorted, without repeats.
func orderActions(d inspect.Derived, extra []string) models.Strings {
	out := []string{string(rules.Inspection12), string(rules.Inspection14)}
	for _, a := range d.InspectionActions {
		out = append(out, string(a))
	}
	out = append(out, extra...)
	sort.Strings(out)
	return slices.Compact(out)
}

// errOpenCodes is the refusal of a release while detainable codes are open.
func errOpenCodes(codes []string) error {
	return models.Errorf(models.KindInvalid, "detainable_open",
		"the re-inspection does not clear every detainable deficiency: %s still open "+
			"(Karnataka 2025, Sch-IX Annex-2 follows a clearing re-inspection)", strings.Join(codes, ", "))
}
