package inspect

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// namespaceDerived names derived finding rows by inspection and code.
var namespaceDerived = uuid.MustParse("9d1f7e2a-3b4c-4e5f-8a6b-7c8d9e0f1a03")

// Derived is the stored reading of an inspection by the law: everything
// here is server-owned and recomputed, never taken from a client.
type Derived struct {
	RuleSet           string                       `json:"rule_set"`
	Date              string                       `json:"date"`
	Deficiencies      []rules.Deficiency           `json:"deficiencies"`
	Offences          []rules.ProposedOffence      `json:"offences"`
	Detention         rules.DetentionProposal      `json:"detention"`
	InspectionActions []rules.InspectionActionCode `json:"inspection_actions"`
	Trace             rules.Trace                  `json:"trace"`
}

// recompute re-reads one inspection by the rule set stored on it and writes
// what changed: the outcome, derived findings, offences, evidence counts
// and the aggregate version (docs/LAW.md §12: deficiencies are recomputed, not
// trusted).
func (w *Work) recompute(ctx context.Context, id uuid.UUID) error {
	ag, err := w.lock(ctx, id)
	if IsMissingAggregate(err) {
		return nil // its start was rolled back
	}
	if err != nil {
		return err
	}
	w.bumped = map[uuid.UUID]bool{}
	ev, err := w.evaluate(ctx, ag)
	if err != nil {
		return err
	}
	if err := w.syncFindings(ctx, ag, ev); err != nil {
		return err
	}
	if err := w.s.penalty.SyncOffences(ctx, w, &ag.row, ag.findings, ev); err != nil {
		return err
	}
	return w.writeDerived(ctx, ag, ev)
}

// evaluate builds the rules input from the aggregate and the registry as of
// the inspection's corrected start, and evaluates it.
func (w *Work) evaluate(ctx context.Context, ag *agg) (rules.Evaluation, error) {
	rs, err := w.s.rules.ByID(ag.row.RuleSetID)
	if err != nil {
		return rules.Evaluation{}, fmt.Errorf("rule set of inspection %s: %w", ag.row.ID, err)
	}
	in, err := w.input(ctx, ag)
	if err != nil {
		return rules.Evaluation{}, err
	}
	return withoutReoffence(rules.Evaluate(rs, in)), nil
}

// input is the rules' view of one inspection.
func (w *Work) input(ctx context.Context, ag *agg) (rules.InspectionInput, error) {
	if err := w.loadAnswers(ctx, ag); err != nil {
		return rules.InspectionInput{}, err
	}
	if err := w.loadFindings(ctx, ag); err != nil {
		return rules.InspectionInput{}, err
	}
	vp, err := w.vessel(ctx, ag.row.VesselID)
	if err != nil {
		return rules.InspectionInput{}, fmt.Errorf("load vessel: %w", err)
	}
	v := *vp
	in := rules.InspectionInput{
		InspectionID: ag.row.ID.String(),
		Vessel:       inspectedVessel(v, &ag.row),
		At:           ag.row.StartedAt,
		Answers:      map[string]rules.Answer{},
	}
	// Each answer is read against the template it belongs to: the primary's
	// items keep their ids, an extra template's are named key@version/item
	// so that two templates may share an item id.
	names := map[uuid.UUID]string{}
	for _, id := range ag.templateIDs() {
		t, _ := w.s.Template(id)
		prefix := ""
		if id != ag.row.TemplateID {
			prefix = fmt.Sprintf("%s@%d/", t.Key, t.Version)
		}
		names[id] = prefix
		items, err := w.checklistOf(ctx, ag, t, in.Vessel) // items that apply to this vessel
		if err != nil {
			return in, err
		}
		for _, it := range items {
			it.ID = prefix + it.ID
			in.Checklist = append(in.Checklist, it)
		}
	}
	for _, a := range ag.answers {
		if prefix, ok := names[a.TemplateID]; ok {
			in.Answers[prefix+a.ItemID] = rules.Answer(a.Answer)
		}
	}
	for _, f := range ag.findings {
		if f.Source == string(rules.SourceInspector) && !f.DeletedAt.Valid {
			in.Findings = append(
				in.Findings,
				rules.Finding{Code: rules.Code(f.Code), Action: rules.ActionCode(f.RequestedAction),
					Note: f.Note, Rectified: f.Rectified, Persons: f.Persons},
			)
		}
	}
	on := rules.DateOf(ag.row.StartedAt)
	if in.Certificates, err = w.vesselCertificates(ctx, v, on); err != nil {
		return in, err
	}
	in.Crew, err = registry.CrewOnBoard(ctx, w.tx.DB, v.ID, on) // the one reading of who is qualified for what
	return in, err
}

// inspectedVessel is the vessel as found: registry particulars with the
// persons and cargo the inspector counted on board.
func inspectedVessel(v models.Vessel, r *models.Inspection) rules.InspectedVessel {
	iv := registry.InspectedVessel(v)
	if r.PassengersCarried != nil {
		iv.PassengersCarried = *r.PassengersCarried
	}
	if r.CargoTonnes != nil {
		iv.CargoTonnes = *r.CargoTonnes
	}
	return iv
}

// certKinds maps registry certificate kinds to the rules' kinds.
func certKind(kind, vesselKind string) (rules.CertificateKind, bool) {
	switch kind {
	case "registration":
		return rules.CertRegistration, true
	case "survey":
		if vesselKind == string(rules.KindNonMechanised) {
			return rules.CertNonMechSurvey, true
		}
		return rules.CertSurvey, true
	case "provisional_survey":
		return rules.CertProvisionalSurvey, true
	case "insurance":
		return rules.CertInsurance, true
	case "pollution":
		return rules.CertPollution, true
	case "fitness":
		return rules.CertFitness, true
	case "licence":
		return rules.CertParadipLicence, true
	}
	return "", false
}

func dateOf(t time.Time) rules.Date { return rules.D(t.Year(), t.Month(), t.Day()) }

// vesselCertificates are the vessel's certificates in force in the
// registry (suspended, cancelled and surrendered ones do not count), as
// read with the vessel (Work.vessel) or on their own (Work.certificates).
func (w *Work) vesselCertificates(
	ctx context.Context,
	v models.Vessel,
	on rules.Date,
) ([]rules.CertificateRecord, error) {
	certs, err := w.certificates(ctx, v.ID)
	if err != nil {
		return nil, fmt.Errorf("load certificates: %w", err)
	}
	out := []rules.CertificateRecord{}
	for _, c := range certs {
		k, ok := certKind(c.Kind, v.Kind)
		if !ok {
			continue
		}
		issued, err := parseDay(c.IssuedOn)
		if err != nil {
			return nil, fmt.Errorf("certificate %s: %w", c.Number, err)
		}
		r := rules.CertificateRecord{Kind: k, Number: c.Number, IssuedOn: issued}
		if c.ExpiresOn != nil {
			if r.ExpiresOn, err = parseDay(*c.ExpiresOn); err != nil {
				return nil, fmt.Errorf("certificate %s: %w", c.Number, err)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// parseDay reads a date column's JSON text (YYYY-MM-DD).
func parseDay(s string) (rules.Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return rules.Date{}, err
	}
	return dateOf(t), nil
}

// derivedCols are the server-owned columns of a finding for a deficiency.
func derivedCols(d rules.Deficiency) map[string]any {
	srcs := make(models.Strings, len(d.Sources))
	for i, s := range d.Sources {
		srcs[i] = string(s)
	}
	var due *time.Time
	if d.Due.Kind == rules.DueDate {
		t := time.Date(d.Due.Date.Year, d.Due.Date.Month, d.Due.Date.Day, 0, 0, 0, 0, time.UTC)
		due = &t
	}
	row := ""
	if d.Penalty != nil {
		row = string(d.Penalty.Row)
	}
	return map[string]any{
		"action":       string(d.Action),
		"due_kind":     string(d.Due.Kind),
		"due_date":     due,
		"detainable":   d.Detainable,
		"liable_party": string(d.LiableParty),
		"sources":      srcs,
		"penalty_row":  row,
	}
}

// sameDerived reports whether a finding already carries the derived columns.
func sameDerived(f *models.Finding, c map[string]any) bool {
	due, _ := c["due_date"].(*time.Time)
	sameDue := (due == nil && f.DueDate == nil) || (due != nil && f.DueDate != nil && due.Equal(f.DueDate.UTC()))
	return f.Action == c["action"] && f.DueKind == c["due_kind"] && sameDue && f.Detainable == c["detainable"] &&
		f.LiableParty == c["liable_party"] && slices.Equal(f.Sources, c["sources"].(models.Strings)) &&
		f.PenaltyRow == c["penalty_row"]
}

// syncFindings writes the merged deficiencies onto the findings: derived
// values on every finding of a code, a derived row for a code no inspector
// finding holds, and a tombstone for derived rows no longer raised.
func (w *Work) syncFindings(ctx context.Context, ag *agg, ev rules.Evaluation) error {
	byCode := map[string]rules.Deficiency{}
	for _, d := range ev.Deficiencies {
		byCode[string(d.Code)] = d
	}
	held := map[string]bool{}
	for _, f := range ag.findings {
		if f.Source == string(rules.SourceInspector) && !f.DeletedAt.Valid {
			held[f.Code] = true
		}
	}
	var batch []*models.Finding
	for _, f := range sortedFindings(ag.findings) {
		changed, err := w.syncFinding(ctx, ag, f, byCode, held)
		if err != nil {
			return err
		}
		if changed {
			batch = append(batch, f)
		}
	}
	if err := w.writeDerivedBatch(ctx, ag, batch); err != nil {
		return err
	}
	return w.addDerived(ctx, ag, ev, held)
}

// addDerived inserts a derived row for each deficiency whose code no
// inspector finding holds and that has no row yet.
func (w *Work) addDerived(ctx context.Context, ag *agg, ev rules.Evaluation, held map[string]bool) error {
	var fresh []*models.Finding
	for _, d := range ev.Deficiencies {
		if !held[string(d.Code)] {
			f, err := w.ensureDerived(ctx, ag, d)
			if err != nil {
				return err
			}
			if f != nil {
				fresh = append(fresh, f)
			}
		}
	}
	if len(fresh) == 0 {
		return nil
	}
	if err := w.putFindings(ctx, fresh); err != nil {
		return fmt.Errorf("insert derived findings: %w", err)
	}
	for _, f := range fresh {
		ag.findings[f.ID] = f
		w.changed(EntityFinding, f.ID, findingKeys(&ag.row, f)...)
	}
	w.bump(ag.row.ID)
	return nil
}

func sortedFindings(m map[uuid.UUID]*models.Finding) []*models.Finding {
	out := make([]*models.Finding, 0, len(m))
	for _, f := range m {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b *models.Finding) int { return bytes.Compare(a.ID[:], b.ID[:]) })
	return out
}

// syncFinding brings one existing finding up to date: a derived row no
// longer raised is tombstoned at once; changed derived values are applied
// to f and reported, for one batched write.
func (w *Work) syncFinding(
	ctx context.Context,
	ag *agg,
	f *models.Finding,
	byCode map[string]rules.Deficiency,
	held map[string]bool,
) (bool, error) {
	d, raised := byCode[f.Code]
	inspector := f.Source == string(rules.SourceInspector)
	switch {
	case f.DeletedAt.Valid:
		return false, nil
	case !inspector && (!raised || held[f.Code]):
		now := time.Now().UTC()
		f.DeletedAt = gorm.DeletedAt{Time: now, Valid: true}
		f.Version++
		return false, w.writeDerivedFinding(ctx, ag, f, map[string]any{"deleted_at": now})
	case !raised:
		return false, nil
	}
	cols := derivedCols(d)
	if sameDerived(f, cols) {
		return false, nil
	}
	applyDerived(f, cols)
	f.Version++
	return true, nil
}

// writeDerivedBatch writes the derived columns of several findings in one
// statement.
func (w *Work) writeDerivedBatch(ctx context.Context, ag *agg, all []*models.Finding) error {
	if len(all) == 0 {
		return nil
	}
	var fs []*models.Finding
	for _, f := range all {
		if !w.keepPending(f) { // a pending finding is inserted with its derived values
			fs = append(fs, f)
		}
	}
	w.bump(ag.row.ID)
	for _, f := range all {
		w.changed(EntityFinding, f.ID, findingKeys(&ag.row, f)...)
	}
	if len(fs) == 0 {
		return nil
	}
	args := make([]any, 0, 9*len(fs))
	for _, f := range fs {
		srcs, err := f.Sources.Value()
		if err != nil {
			return fmt.Errorf("finding %s sources: %w", f.ID, err)
		}
		args = append(args, f.ID, f.Action, f.DueKind, f.DueDate, f.Detainable, f.LiableParty, srcs, f.PenaltyRow, f.Version)
	}
	q := `UPDATE findings AS f SET action = v.action, due_kind = v.due_kind, due_date = v.due_date, detainable =
		v.detainable,
		liable_party = v.liable_party, sources = v.sources, penalty_row = v.penalty_row, version = v.version,
		updated_at = now() FROM (VALUES ` +
		storage.Tuples(len(fs), "(?::uuid, ?::text, ?::text, ?::date, ?::boolean, ?::text, ?::jsonb, ?::text, ?::bigint)") +
		") AS v (id, action, due_kind, due_date, detainable, liable_party, sources, penalty_row, version) WHERE f.id = v.id"
	if err := w.tx.DB.WithContext(ctx).Exec(q, args...).Error; err != nil {
		return fmt.Errorf("update derived values: %w", err)
	}
	return nil
}

func applyDerived(f *models.Finding, c map[string]any) {
	f.Action, f.DueKind, f.Detainable = c["action"].(string), c["due_kind"].(string), c["detainable"].(bool)
	f.DueDate, _ = c["due_date"].(*time.Time)
	f.LiableParty, f.Sources = c["liable_party"].(string), c["sources"].(models.Strings)
	f.PenaltyRow = c["penalty_row"].(string)
}

// ensureDerived revives the derived row of a deficiency, or returns a new
// one for the caller to insert with the others in one statement.
func (w *Work) ensureDerived(ctx context.Context, ag *agg, d rules.Deficiency) (*models.Finding, error) {
	id := uuid.NewSHA1(namespaceDerived, append(ag.row.ID[:], d.Code...))
	cols := derivedCols(d)
	src := string(d.Sources[0])
	if f, ok := ag.findings[id]; ok {
		if !f.DeletedAt.Valid && sameDerived(f, cols) {
			return nil, nil
		}
		applyDerived(f, cols)
		f.DeletedAt, f.Source = gorm.DeletedAt{}, src
		f.Version++
		cols["deleted_at"], cols["source"] = nil, src
		return nil, w.writeDerivedFinding(ctx, ag, f, cols)
	}
	f := &models.Finding{ID: id, InspectionID: ag.row.ID, Code: string(d.Code), Source: src, Stamps: models.Stamps{},
		JurisdictionID: ag.row.JurisdictionID, OwnerID: ag.row.OwnerID, InspectorID: ag.row.InspectorID}
	applyDerived(f, cols)
	first, err := w.tx.FirstVersion(ctx)
	f.Version = first
	return f, err
}

func (w *Work) writeDerivedFinding(ctx context.Context, ag *agg, f *models.Finding, cols map[string]any) error {
	cols["version"], cols["updated_at"] = f.Version, time.Now().UTC()
	if err := w.tx.DB.WithContext(ctx).
		Model(&models.Finding{}).
		Unscoped().
		Where("id = ?", f.ID).
		Updates(cols).
		Error; err != nil {
		return fmt.Errorf("update derived finding: %w", err)
	}
	w.bump(ag.row.ID)
	w.changed(EntityFinding, f.ID, findingKeys(&ag.row, f)...)
	return nil
}

// writeDerived stores the outcome, detention proposal and evidence counts,
// and the aggregate version, in one statement when anything changed.
func (w *Work) writeDerived(ctx context.Context, ag *agg, ev rules.Evaluation) error {
	out, err := json.Marshal(
		Derived{RuleSet: ev.RuleSet, Date: ev.Date.String(), Deficiencies: ev.Deficiencies, Offences: ev.Offences,
			Detention: ev.Detention, InspectionActions: ev.InspectionActions, Trace: ev.Trace},
	)
	if err != nil {
		return fmt.Errorf("encode outcome: %w", err)
	}
	total, verified, err := w.evidence(ctx, ag.row.ID)
	if err != nil {
		return err
	}
	cols := map[string]any{}
	if !jsonEqual(ag.row.Outcome, out) {
		cols["outcome"], ag.row.Outcome = string(out), models.JSON(out)
	}
	if ag.row.DetentionProposed != ev.Detention.Proposed {
		cols["detention_proposed"], ag.row.DetentionProposed = ev.Detention.Proposed, ev.Detention.Proposed
	}
	if ag.row.EvidenceTotal != total || ag.row.EvidenceVerified != verified {
		cols["evidence_total"], cols["evidence_verified"] = total, verified
		ag.row.EvidenceTotal, ag.row.EvidenceVerified = total, verified
	}
	if len(cols) > 0 {
		w.bump(ag.row.ID)
	}
	if w.vers[ag.row.ID] == w.dbVers[ag.row.ID] && len(cols) == 0 {
		return nil
	}
	cols["version"], cols["updated_at"] = w.vers[ag.row.ID], time.Now().UTC()
	if err := w.tx.DB.WithContext(ctx).
		Model(&models.Inspection{}).
		Unscoped().
		Where("id = ?", ag.row.ID).
		Updates(cols).
		Error; err != nil {
		return fmt.Errorf("write outcome: %w", err)
	}
	ag.row.Version, w.dbVers[ag.row.ID] = w.vers[ag.row.ID], w.vers[ag.row.ID]
	w.changed(EntityInspection, ag.row.ID, keys(&ag.row)...)
	return nil
}

// jsonEqual compares two JSON documents by value (jsonb reorders keys).
// The same bytes, and an empty object against anything, are decided
// without decoding: a new inspection's outcome is {} until its first
// recomputation, and decoding and re-encoding a whole outcome to learn
// that it differs from {} cost about as much as writing it.
func jsonEqual(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	if emptyObject(a) || emptyObject(b) {
		return emptyObject(a) && emptyObject(b)
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return storage.EqualJSON(x, y)
}

// emptyObject reports whether b is the JSON document {}, spaces allowed.
func emptyObject(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) >= 2 && b[0] == '{' && b[len(b)-1] == '}' && len(bytes.TrimSpace(b[1:len(b)-1])) == 0
}

// evidence counts an inspection's live photos and the verified ones
// (photo.EvidenceCounts, in the work's transaction), the photo records
// not yet written included. An inspection created in this transaction has
// no photos but this work's: while none of them is written, they are
// counted from memory (none is verified yet).
func (w *Work) evidence(ctx context.Context, id uuid.UUID) (total, verified int, err error) {
	if !w.stored[id] && slices.Contains(w.created, id) {
		return w.pendingEvidence(id), 0, nil
	}
	e, err := photo.EvidenceCounts(ctx, w.tx.DB, id)
	return e.Total + w.pendingEvidence(id), e.Verified, err
}
