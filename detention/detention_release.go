package detention

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// ReleaseInput is a supervisor's release order (Karnataka 2025, Sch-IX
// Annex-2): the conditions (none: "NIL"), where the vessel lies now, and
// the charges billed at actuals (towing) or by count (guard shifts).
type ReleaseInput struct {
	Conditions      []string
	PresentLocation string // defaults to the detention order's
	TowingRupees    int64
	GuardShifts     int
	Reason          string
}

func (in *ReleaseInput) validate() error {
	var fe models.FieldErrors
	if len(in.Conditions) > 20 {
		fe.Add("conditions", "max_items", "at most 20 conditions")
	}
	var cs []string
	for i, c := range in.Conditions {
		if c = trimmed(&fe, fmt.Sprintf("conditions[%d]", i), c, 500, true); c != "" {
			cs = append(cs, c)
		}
	}
	if len(cs) == 0 || (len(cs) == 1 && strings.EqualFold(cs[0], "nil")) {
		cs = []string{"NIL"} // Annex-2: "if no conditions apply, please state NIL"
	}
	in.Conditions = cs
	in.PresentLocation = trimmed(&fe, "present_location", in.PresentLocation, 200, false)
	in.Reason = trimmed(&fe, "reason", in.Reason, 2000, false)
	if in.TowingRupees < 0 || in.TowingRupees > 100_000_000 {
		fe.Add("towing_rupees", "range", "must be between 0 and 100000000")
	}
	if in.GuardShifts < 0 || in.GuardShifts > 10_000 {
		fe.Add("guard_shifts", "range", "must be between 0 and 10000")
	}
	return fe.Err()
}

// ReleaseDetention issues the release order of a detention order after a
// re-inspection linked to it cleared every detainable deficiency, restores
// the vessel's registry status and computes the detention charges
// (Karnataka 2025, Sch-IV detention table). Errors: not_found, conflict
// (already released: 409), invalid (no clearing re-inspection: 422 naming
// the open codes; bad input).
func (s *Service) ReleaseDetention(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	in ReleaseInput,
) (models.DetentionOrder, error) {
	if err := in.validate(); err != nil {
		return models.DetentionOrder{}, err
	}
	return s.inWork(ctx, sc, func(w *inspect.Work) (models.DetentionOrder, error) {
		return release(ctx, w, sc, id, in)
	})
}

func release(
	ctx context.Context,
	w *inspect.Work,
	sc models.Scope,
	id uuid.UUID,
	in ReleaseInput,
) (models.DetentionOrder, error) {
	var o models.DetentionOrder
	err := storage.Scoped(w.Tx().DB.WithContext(ctx), sc, storage.OfficialsByJurisdiction).
		Where("id = ?", id).Take(&o).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return o, models.NotFound("detention order")
	}
	if err != nil {
		return o, fmt.Errorf("load detention order: %w", err)
	}
	v, err := w.LockVessel(ctx, o.VesselID)
	if err != nil {
		return o, err
	}
	if err := w.Tx().
		DB.WithContext(ctx).
		Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("id = ?", id).
		Take(&o).
		Error; err != nil {
		return o, fmt.Errorf("lock detention order: %w", err)
	}
	if o.Status == models.OrderReleased {
		return o, models.Errorf(
			models.KindConflict,
			"already_released",
			"detention order %s was released by release order %s",
			o.Number,
			derefString(o.ReleaseNumber),
		)
	}
	re, err := clearingReinspection(ctx, w, &o)
	if err != nil {
		return o, err
	}
	return issueRelease(ctx, w, sc, &o, v, re, in)
}

// clearingReinspection finds the latest submitted or approved
// re-inspection of the order and checks that it leaves nothing open.
func clearingReinspection(ctx context.Context, w *inspect.Work, o *models.DetentionOrder) (*models.Inspection, error) {
	var row struct{ ID uuid.UUID }
	res := w.Tx().
		DB.WithContext(ctx).
		Raw(`SELECT id FROM inspections WHERE detention_order_id = ? AND kind = ? AND status IN ('submitted', 'approved')
		AND deleted_at IS NULL ORDER BY started_at DESC, id DESC LIMIT 1`, o.ID, inspect.KindReinspection).
		Scan(&row)
	if res.Error != nil {
		return nil, fmt.Errorf("find re-inspection: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, models.Errorf(models.KindInvalid, "no_reinspection",
			"no submitted re-inspection is linked to detention order %s; open: %s "+
				"(Karnataka 2025, Sch-IX Annex-1: the vessel is presented for re-inspection "+
				"before release)", o.Number, strings.Join(o.Codes, ", "))
	}
	re, err := w.LockInspection(ctx, row.ID)
	if err != nil {
		return nil, err
	}
	open, err := w.OpenCodes(ctx, o, re.ID)
	if err != nil {
		return nil, err
	}
	if len(open) > 0 {
		return nil, errOpenCodes(open)
	}
	return re, nil
}

// issueRelease writes the release order and what follows from it: it
// reads the release's heading (taking its number), builds its paper
// (buildRelease), and persists and notifies (persistRelease).
func issueRelease(
	ctx context.Context,
	w *inspect.Work,
	sc models.Scope,
	o *models.DetentionOrder,
	v *models.Vessel,
	re *models.Inspection,
	in ReleaseInput,
) (models.DetentionOrder, error) {
	now := truncate(w.Now())
	var det document.DetentionOrder
	if err := json.Unmarshal(o.Particulars, &det); err != nil {
		return *o, fmt.Errorf("read the detention order's particulars: %w", err)
	}
	h, err := releaseHeadingOf(ctx, w, sc, o, in, now)
	if err != nil {
		return *o, err
	}
	doc := buildRelease(h, o, &det, re, in, now)
	particulars, err := json.Marshal(doc)
	if err != nil {
		return *o, fmt.Errorf("release order particulars: %w", err)
	}
	err = persistRelease(ctx, w, sc, o, v, re, in, doc, h.seq, particulars, now)
	return *o, err
}

// releaseHeading is what a release names besides its order: the
// signatory, the detention charges, the office and its number.
type releaseHeading struct {
	signedBy string
	charges  []document.Charge
	total    int64
	office   models.Jurisdiction
	seq      int
	number   string
}

// releaseHeadingOf reads a release's heading and takes the office's next
// release number of the year.
func releaseHeadingOf(
	ctx context.Context,
	w *inspect.Work,
	sc models.Scope,
	o *models.DetentionOrder,
	in ReleaseInput,
	now time.Time,
) (releaseHeading, error) {
	var h releaseHeading
	db := w.Tx().DB
	var err error
	if h.signedBy, err = signatory(ctx, db, sc.UserID); err != nil {
		return h, err
	}
	visits, err := officialVisits(ctx, w, o)
	if err != nil {
		return h, err
	}
	if h.charges, h.total, err = detentionCharges(o, now, visits, in); err != nil {
		return h, err
	}
	if h.office, err = officeOf(ctx, db, o.JurisdictionID); err != nil {
		return h, err
	}
	if h.seq, err = nextNumber(ctx, db, h.office.ID, "release", indiaYear(now)); err != nil {
		return h, err
	}
	h.number, err = storage.LegalNumber(ctx, db, fmt.Sprintf("%s/RO/%d/%04d", h.office.Code, indiaYear(now), h.seq))
	return h, err
}

// buildRelease is the release order's paper (Karnataka 2025, Sch-IX
// Annex-2) from the detention order's, the re-inspection and the officer's
// input; it reads and writes nothing.
func buildRelease(
	h releaseHeading,
	o *models.DetentionOrder,
	det *document.DetentionOrder,
	re *models.Inspection,
	in ReleaseInput,
	now time.Time,
) document.ReleaseOrder {
	location := in.PresentLocation
	if location == "" {
		location = det.PresentLocation
	}
	return document.ReleaseOrder{
		ReportingOffice:    h.office.Name,
		HeadOffice:         kaAuthority,
		Number:             h.number,
		Date:               now,
		DetentionNumber:    o.Number,
		DetentionDate:      o.OrderedAt,
		VesselName:         det.VesselName,
		RegistrationNumber: det.RegistrationNumber,
		PlaceOfRegistry:    det.PlaceOfRegistry,
		PresentLocation:    location,
		MasterName:         det.MasterName,
		ReinspectionDate:   rules.DateOf(re.StartedAt).String(),
		ReleaseDate:        rules.DateOf(now).String(),
		Power:              kaReleasePower,
		Conditions:         in.Conditions,
		Findings:           det.Findings,
		Charges:            h.charges,
		ChargesTotal:       h.total,
		ReleasingAuthority: kaAuthority,
		AppellateAuthority: kaAppellate,
		Copies:             kaCopies,
		ReleasedBy:         h.signedBy,
		VerifyCode:         document.NewCode(),
	}
}

// persistRelease writes the release onto the order, issues its code,
// restores the vessel, closes what the re-inspection cleared, logs and
// audits it, and tells the owner.
func persistRelease(
	ctx context.Context,
	w *inspect.Work,
	sc models.Scope,
	o *models.DetentionOrder,
	v *models.Vessel,
	re *models.Inspection,
	in ReleaseInput,
	doc document.ReleaseOrder,
	seq int,
	particulars []byte,
	now time.Time,
) error {
	number, code := doc.Number, doc.VerifyCode
	conditions, by, rid := strings.Join(in.Conditions, "\n"), sc.UserID, re.ID
	o.Status, o.ReleaseNumber, o.ReleaseSeq, o.ReleasedAt, o.ReleasedBy = models.OrderReleased, &number, &seq, &now, &by
	o.ReinspectionID, o.ReleaseConditions, o.ReleaseParticulars = &rid, &conditions, particulars
	o.ReleaseVerifyCode, o.Version = &code, o.Version+1
	err := w.Tx().DB.WithContext(ctx).
		Exec(`UPDATE detention_orders SET status = ?, release_number = ?, release_seq = ?, released_at = ?, released_by = ?,
		reinspection_id = ?, release_conditions = ?, release_particulars = ?, release_verify_code = ?, version = ?,
		updated_at = now() WHERE id = ?`,
			o.Status, number, seq, now, by, rid, conditions, string(particulars), code, o.Version, o.ID).
		Error
	if err != nil {
		return fmt.Errorf("release order: %w", err)
	}
	if err := releaseDocuments(ctx, w, o, number, code, now); err != nil {
		return err
	}
	if err := restoreVessel(ctx, w, o, v); err != nil {
		return err
	}
	// What the re-inspection answered cleared is rectified by this release.
	if err := w.CloseCleared(ctx, o, re.ID, "cleared at re-inspection; release order "+number); err != nil {
		return err
	}
	w.Changed(EntityDetentionOrder, o.ID, orderKeys(o)...)
	w.Audit(
		"detention.release",
		EntityDetentionOrder,
		o.ID,
		map[string]any{"release_number": number, "reinspection_id": rid,
			"conditions": in.Conditions, "charges_total": doc.ChargesTotal, "reason": in.Reason},
	)
	return tellReleased(ctx, w, o, v, doc)
}

// releaseDocuments issues the release order's code and marks the
// detention order's code released.
func releaseDocuments(
	ctx context.Context,
	w *inspect.Work,
	o *models.DetentionOrder,
	number, code string,
	now time.Time,
) error {
	if err := document.Issue(
		ctx,
		w.Tx().DB,
		document.Record{Code: code, Kind: document.KindReleaseOrder, RefID: o.ID, Number: number,
			JurisdictionID: o.JurisdictionID, VesselID: o.VesselID, Status: document.StatusValid, IssuedAt: now},
	); err != nil {
		return err
	}
	return document.SetStatus(ctx, w.Tx().DB, document.KindDetentionOrder, o.ID, document.StatusReleased, now)
}

// restoreVessel gives the vessel back the status it had before detention,
// if nothing else changed it meanwhile.
func restoreVessel(ctx context.Context, w *inspect.Work, o *models.DetentionOrder, v *models.Vessel) error {
	if v.Status != "detained" {
		return nil
	}
	return setVesselStatus(ctx, w, v, o.VesselStatusBefore, "release order "+derefString(o.ReleaseNumber))
}

// officialVisits counts the official visits of a detention: the detention
// itself and every re-inspection made under the order (submitted or
// approved), each charged per visit (Karnataka 2025, Sch-IV detention
// table item 1).
func officialVisits(ctx context.Context, w *inspect.Work, o *models.DetentionOrder) (int, error) {
	var n int64
	err := w.Tx().DB.WithContext(ctx).Raw(`SELECT count(*) FROM inspections WHERE detention_order_id = ? AND kind = ?
		AND status IN ('submitted', 'approved') AND deleted_at IS NULL`, o.ID, inspect.KindReinspection).Scan(&n).Error
	if err != nil {
		return 0, fmt.Errorf("count re-inspections: %w", err)
	}
	return 1 + int(n), nil
}

// detentionCharges are the Karnataka 2025 Sch-IV detention charges (IV Act
// s.85(2)): the detention fee per official visit (officialVisits), the
// holding place per day of detention (calendar days in India, at least
// one) with towing at actuals, and guard shifts if any.
func detentionCharges(
	o *models.DetentionOrder,
	released time.Time,
	visits int,
	in ReleaseInput,
) ([]document.Charge, int64, error) {
	days := daysBetween(rules.DateOf(o.OrderedAt), rules.DateOf(released))
	reqs := []rules.FeeRequest{{Kind: rules.FeeKADetentionVisit, Quantity: visits},
		{Kind: rules.FeeKADetentionHolding, Quantity: max(days, 1), Actuals: rules.Rupees(in.TowingRupees)}}
	if in.GuardShifts > 0 {
		reqs = append(reqs, rules.FeeRequest{Kind: rules.FeeKADetentionGuard, Quantity: in.GuardShifts})
	}
	var out []document.Charge
	var total int64
	for _, r := range reqs {
		q, err := rules.QuoteFee(r)
		if err != nil {
			return nil, 0, models.Errorf(models.KindInvalid, "charges", "detention charges: %v", err)
		}
		for _, l := range q.Lines {
			out = append(out, document.Charge{Description: l.Description, Amount: int64(l.Amount), Citation: string(l.Citation)})
			total += int64(l.Amount)
		}
	}
	return out, total, nil
}

// daysBetween counts calendar days from a to b.
func daysBetween(a, b rules.Date) int {
	return int(b.Time().Sub(a.Time()).Hours()+12) / 24
}

func derefString(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
