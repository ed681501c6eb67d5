package detention

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// EntityDetentionOrder is the change-log type of detention (and release)
// orders, synced to the jurisdiction, the owner and the inspector.
const EntityDetentionOrder = "detention_order"

// FlagDetentionReportDue is raised when an order is issued: the report of
// the circumstances and a copy of the order go to the Registering
// Authority and the Administration within 48 hours (Sch-IX para 1.3). The
// supervisor resolves it (POST /v1/flags/{id}/resolve) once sent.
const FlagDetentionReportDue = "detention_report_due"

// The law's wording of Karnataka 2025, Sch-IX Annex-1 and Annex-2.
const (
	kaPowers = "sections 63 and 85 of the Inland Vessels Act, 2021 (Karnataka 2025, Sch-IX " +
		"para 1.1, para 4; r.64(2))"
	kaReleasePower = "section 85 of the Inland Vessels Act, 2021, and the Karnataka Inland " +
		"Vessels Rules, 2025 (Sch-IX Annex-2)"
	kaAuthority  = "Director Ports & Member (Maritime & IWT Operations)"
	kaAppellate  = "CEO, Karnataka Maritime Board"
	kaAppealRule = "The master has the right of appeal to the CEO, Karnataka Maritime Board, " +
		"within 30 days of receipt of this order (Karnataka 2025, Sch-IX para 6)"
	kaEnclosure          = "Report (Form A and Form B) (Karnataka 2025, Sch-IX)"
	kaReportCitation     = "Karnataka 2025, Sch-IX para 1.3"
	detentionReportAfter = "report and copy of the detention order to the Registering Authority and the Administration"
)

// kaCopies is the copy list of Annex-1 and Annex-2.
var kaCopies = []string{
	"Master (to inform the owners forthwith)",
	kaAuthority,
	"State of Registration",
	"Classification Society",
}

// noDetentionPower says, per regime, why Tindal issues no Sch-IX order.
// Paradip 1967 gives no power to detain by order: r.12(1) bars the use of a
// licensed craft until the repairs the inspecting officer directs are done
// and the Deputy Conservator permits, and r.26 lets licences be cancelled.
// The Kandla 1955 text we hold (s.31(2)) is about manning only.
var noDetentionPower = map[string]string{
	string(rules.RegimeParadip1967): "Paradip 1967 has no detention order: under r.12(1) the craft may not be " +
		"used until the repairs directed by the inspecting officer are executed and " +
		"the Deputy Conservator permits its use (r.26: licences may be cancelled); " +
		"Karnataka 2025 Sch-IX does not apply",
	string(rules.RegimeKandla1955): "Kandla 1955 (s.31(2), the part in force here) gives no detention power; " +
		"Karnataka 2025 Sch-IX does not apply",
}

// DetentionReason is one reason the server proposes detention.
type DetentionReason struct {
	Code      string   `json:"code"`
	Title     string   `json:"title"`
	Action    string   `json:"action"`
	LegalRefs []string `json:"legal_refs"`
}

// DetentionProposal is the server's suggestion on an inspection (any 06 or
// failed Sch-IX criterion; Karnataka 2025, Sch-IX para 2.3): the supervisor
// decides. Orderable is false, with Refusal naming the rule, where the
// regime gives no detention power.
type DetentionProposal struct {
	InspectionID uuid.UUID         `json:"inspection_id"`
	Proposed     bool              `json:"proposed"`
	Citation     string            `json:"citation"`
	Reasons      []DetentionReason `json:"reasons"`
	Orderable    bool              `json:"orderable"`
	Power        string            `json:"power"`
	Refusal      string            `json:"refusal,omitempty"`
	OrderID      *uuid.UUID        `json:"order_id"`
}

// proposalOf builds the proposal from a row's outcome and its regime.
func proposalOf(row *models.Inspection, regime string) DetentionProposal {
	d := inspect.DerivedOf(row)
	p := DetentionProposal{
		InspectionID: row.ID,
		Proposed:     d.Detention.Proposed,
		Citation:     string(d.Detention.Citation),
		Reasons:      []DetentionReason{},
	}
	for _, x := range d.Deficiencies {
		if slices.Contains(d.Detention.Codes, x.Code) {
			p.Reasons = append(p.Reasons, reasonOf(x))
		}
	}
	if refusal, ok := noDetentionPower[regime]; ok {
		p.Refusal = refusal
	} else {
		p.Orderable, p.Power = p.Proposed, kaPowers
	}
	return p
}

func reasonOf(x rules.Deficiency) DetentionReason {
	r := DetentionReason{Code: string(x.Code), Title: x.Title, Action: string(x.Action), LegalRefs: []string{}}
	for _, c := range x.LegalRefs {
		r.LegalRefs = append(r.LegalRefs, string(c))
	}
	return r
}

// Proposal returns the detention proposal of an inspection in scope.
func (s *Service) Proposal(ctx context.Context, sc models.Scope, id uuid.UUID) (DetentionProposal, error) {
	var row models.Inspection
	q := s.insp.DB().Gorm.WithContext(ctx).Where("id = ?", id)
	err := storage.Scoped(q, sc, inspect.InspectionByID).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return DetentionProposal{}, models.NotFound("inspection")
	}
	if err != nil {
		return DetentionProposal{}, fmt.Errorf("load inspection: %w", err)
	}
	var v models.Vessel
	if err := s.insp.DB().
		Gorm.WithContext(ctx).
		Unscoped().
		Select("regime").
		Where("id = ?", row.VesselID).
		Take(&v).
		Error; err != nil {
		return DetentionProposal{}, fmt.Errorf("load vessel: %w", err)
	}
	p := proposalOf(&row, v.Regime)
	var found struct{ ID uuid.UUID }
	res := s.insp.DB().
		Gorm.WithContext(ctx).
		Raw("SELECT id FROM detention_orders WHERE inspection_id = ? AND deleted_at IS NULL", id).
		Scan(&found)
	if res.Error != nil {
		return p, fmt.Errorf("find order: %w", res.Error)
	}
	if res.RowsAffected > 0 {
		p.OrderID = &found.ID
	}
	return p, nil
}

// setVesselStatus writes the registry status of a locked vessel with its
// version, change log and audit, as a registry edit would.
func setVesselStatus(ctx context.Context, w *inspect.Work, v *models.Vessel, status, why string) error {
	if v.Status == status {
		return nil
	}
	before := v.Status
	err := w.Tx().
		DB.WithContext(ctx).
		Exec(`UPDATE vessels SET status = ?, version = version + 1, updated_at = now() WHERE id = ?`, status, v.ID).
		Error
	if err != nil {
		return fmt.Errorf("vessel status: %w", err)
	}
	v.Status = status
	v.Version++
	w.Changed("vessel", v.ID, storage.ScopeJurisdiction(v.JurisdictionID), storage.ScopeOwner(v.OwnerID))
	w.Audit("vessel.status", "vessel", v.ID, map[string]any{"from": before, "to": status, "why": why})
	return nil
}

// nextNumber takes the next number of an office's series for a year: the
// counter row is locked FOR UPDATE in the caller's transaction, so numbers
// are unique and, since a rollback returns the number, without gaps.
func nextNumber(ctx context.Context, tx *gorm.DB, jurisdiction uuid.UUID, series string, year int) (int, error) {
	db := tx.WithContext(ctx)
	if err := db.Exec(
		`INSERT INTO order_counters (jurisdiction_id, series, year) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
		jurisdiction,
		series,
		year,
	).Error; err != nil {
		return 0, fmt.Errorf("order counter: %w", err)
	}
	var last int
	if err := db.Raw(`SELECT last_no FROM order_counters WHERE jurisdiction_id = ? AND series = ? AND year = ?
		FOR UPDATE`, jurisdiction, series, year).Scan(&last).Error; err != nil {
		return 0, fmt.Errorf("lock order counter: %w", err)
	}
	next := last + 1
	if err := db.Exec(
		`UPDATE order_counters SET last_no = ? WHERE jurisdiction_id = ? AND series = ? AND year = ?`,
		next,
		jurisdiction,
		series,
		year,
	).Error; err != nil {
		return 0, fmt.Errorf("order counter: %w", err)
	}
	return next, nil
}

// officeOf reads a jurisdiction's code and name.
func officeOf(ctx context.Context, tx *gorm.DB, id uuid.UUID) (models.Jurisdiction, error) {
	var j models.Jurisdiction
	if err := tx.WithContext(ctx).Unscoped().Where("id = ?", id).Take(&j).Error; err != nil {
		return j, fmt.Errorf("load jurisdiction: %w", err)
	}
	return j, nil
}

// signatory is the name an order prints as signed by: the official's.
// An order never prints an empty signatory, so a failed read, or an
// official without a name, fails the order's transaction.
func signatory(ctx context.Context, tx *gorm.DB, id uuid.UUID) (string, error) {
	var name string
	res := tx.WithContext(ctx).Raw("SELECT name FROM users WHERE id = ?", id).Scan(&name)
	if res.Error != nil {
		return "", fmt.Errorf("read the signatory's name: %w", res.Error)
	}
	if res.RowsAffected == 0 || strings.TrimSpace(name) == "" {
		return "", models.Errorf(models.KindConflict, "no_signatory", "the signing official has no name on record")
	}
	return name, nil
}

// orderKeys are the scope keys of an order: its office, owner and inspector.
func orderKeys(o *models.DetentionOrder) []string {
	return storage.ScopeKeys(o.JurisdictionID, o.OwnerID, o.InspectorID)
}

// GetOrder returns one detention order in the caller's scope (404 otherwise).
func (s *Service) GetOrder(ctx context.Context, sc models.Scope, id uuid.UUID) (models.DetentionOrder, error) {
	var o models.DetentionOrder
	err := storage.Scoped(s.insp.DB().Gorm.WithContext(ctx).Where("id = ?", id), sc, orderScoping).Take(&o).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return o, models.NotFound("detention order")
	}
	if err != nil {
		return o, fmt.Errorf("load detention order: %w", err)
	}
	return o, nil
}

// orderScoping: officials their jurisdictions' orders, inspectors also
// the ones they proposed, owners their vessels'.
var orderScoping = storage.Scoping{Jurisdiction: "jurisdiction_id IN ?", Owner: "owner_id = ?",
	Maker: "inspector_id", Makers: storage.InspectorsAlsoMade}

// orderPager pages orders newest first.
var orderPager = storage.Pager[models.DetentionOrder]{ID: "id", At: "ordered_at", Desc: true,
	Key: func(o models.DetentionOrder) storage.PageKey { return storage.PageKey{At: o.OrderedAt, ID: o.ID} }}

// ListOrders lists the orders in the caller's scope, newest first, one
// page after cursor, optionally of one vessel or status. Errors: invalid
// (cursor).
func (s *Service) ListOrders(
	ctx context.Context,
	sc models.Scope,
	vessel *uuid.UUID,
	status, cursor string,
	limit int,
) ([]models.DetentionOrder, string, error) {
	q := storage.Scoped(s.insp.DB().Gorm.WithContext(ctx).Model(&models.DetentionOrder{}), sc, orderScoping)
	if vessel != nil {
		q = q.Where("vessel_id = ?", *vessel)
	}
	if status != "" {
		q = q.Where("status = ?", status)
	}
	return orderPager.Page(q, cursor, limit)
}

// indiaYear is the calendar year of t in India, the year of an order's number.
func indiaYear(t time.Time) int { return rules.DateOf(t).Year }

// trimmed validates a free-text field: trimmed, at most n characters, no NUL.
func trimmed(fe *models.FieldErrors, field, s string, n int, required bool) string {
	s = strings.TrimSpace(s)
	switch {
	case required && s == "":
		fe.Add(field, "required", "is required")
	case len([]rune(s)) > n:
		fe.Add(field, "max_length", "at most %d characters", n)
	case strings.ContainsRune(s, 0):
		fe.Add(field, "invalid", "contains a NUL character")
	}
	return s
}
