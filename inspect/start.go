package inspect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
)

// Inspection kinds.
var inspectionKinds = []string{"routine", "spot", "follow_up", "detention", "complaint", KindReinspection}

// StartArgs are the arguments of inspection.start v1. The id is the
// phone's (UUIDv7); the rule set is fixed from the corrected capture time.
type StartArgs struct {
	ID                uuid.UUID `json:"id"`
	VesselID          uuid.UUID `json:"vessel_id"`
	TemplateID        uuid.UUID `json:"template_id"`
	Kind              string    `json:"kind"`
	Lat               *float64  `json:"lat,omitempty"`
	Lon               *float64  `json:"lon,omitempty"`
	Notes             *string   `json:"notes,omitempty"`
	PassengersCarried *int      `json:"passengers_carried,omitempty"`
	CargoTonnes       *float64  `json:"cargo_tonnes,omitempty"`
	// DetentionOrderID links a re-inspection to the order it may lift;
	// required for kind re_inspection and refused for any other kind.
	DetentionOrderID *uuid.UUID `json:"detention_order_id,omitempty"`
}

// Aggregate implements Args.
func (a *StartArgs) Aggregate() uuid.UUID { return a.ID }

// Vessel is the vessel the inspection is of.
func (a *StartArgs) Vessel() uuid.UUID { return a.VesselID }

func (a *StartArgs) validate() error {
	var fe models.FieldErrors
	for f, id := range map[string]uuid.UUID{"id": a.ID, "vessel_id": a.VesselID, "template_id": a.TemplateID} {
		if id == uuid.Nil {
			fe.Add(f, "required", "is required")
		}
	}
	if !slices.Contains(inspectionKinds, a.Kind) {
		fe.Add("kind", "enum", "must be one of %v", inspectionKinds)
	}
	validateHeader(&fe, a.Lat, a.Lon, a.Notes, a.PassengersCarried, a.CargoTonnes)
	validateReinspectionLink(&fe, a.Kind, a.DetentionOrderID)
	return fe.Err()
}

func validateHeader(fe *models.FieldErrors, lat, lon *float64, notes *string, pax *int, cargo *float64) {
	if lat != nil && (*lat < -90 || *lat > 90) {
		fe.Add("lat", "range", "must be between -90 and 90")
	}
	if lon != nil && (*lon < -180 || *lon > 180) {
		fe.Add("lon", "range", "must be between -180 and 180")
	}
	if notes != nil && len(*notes) > 4000 {
		fe.Add("notes", "max_length", "at most 4000 characters")
	}
	if pax != nil && (*pax < 0 || *pax > 100000) {
		fe.Add("passengers_carried", "range", "must be between 0 and 100000")
	}
	if cargo != nil && (*cargo < 0 || *cargo > 1e7) {
		fe.Add("cargo_tonnes", "range", "must be between 0 and 10000000")
	}
}

func (a *StartArgs) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	return w.start(ctx, a, []string{"template_id"}, []uuid.UUID{a.TemplateID}, m)
}

// StartArgsV2 are the arguments of inspection.start v2: the v1 header with
// template_ids, the primary template first and then the extra templates
// the inspection also uses (an equipment inspection with the Schedule-IX
// detention assessment). A new version rather than a new
// optional field, because older servers refuse unknown fields.
type StartArgsV2 struct {
	ID                uuid.UUID   `json:"id"`
	VesselID          uuid.UUID   `json:"vessel_id"`
	TemplateIDs       []uuid.UUID `json:"template_ids"`
	Kind              string      `json:"kind"`
	Lat               *float64    `json:"lat,omitempty"`
	Lon               *float64    `json:"lon,omitempty"`
	Notes             *string     `json:"notes,omitempty"`
	PassengersCarried *int        `json:"passengers_carried,omitempty"`
	CargoTonnes       *float64    `json:"cargo_tonnes,omitempty"`
	DetentionOrderID  *uuid.UUID  `json:"detention_order_id,omitempty"`
}

// maxTemplates bounds the templates of one inspection.
const maxTemplates = 8

// Aggregate implements Args.
func (a *StartArgsV2) Aggregate() uuid.UUID { return a.ID }

// Vessel is the vessel the inspection is of.
func (a *StartArgsV2) Vessel() uuid.UUID { return a.VesselID }

// v1 is the single-template header the start shares with v1.
func (a *StartArgsV2) v1() *StartArgs {
	s := &StartArgs{ID: a.ID, VesselID: a.VesselID, Kind: a.Kind, Lat: a.Lat, Lon: a.Lon, Notes: a.Notes,
		PassengersCarried: a.PassengersCarried, CargoTonnes: a.CargoTonnes, DetentionOrderID: a.DetentionOrderID}
	if len(a.TemplateIDs) > 0 {
		s.TemplateID = a.TemplateIDs[0]
	}
	return s
}

func (a *StartArgsV2) validate() error {
	var fe models.FieldErrors
	for f, id := range map[string]uuid.UUID{"id": a.ID, "vessel_id": a.VesselID} {
		if id == uuid.Nil {
			fe.Add(f, "required", "is required")
		}
	}
	if len(a.TemplateIDs) == 0 || len(a.TemplateIDs) > maxTemplates {
		fe.Add("template_ids", "required", "between 1 and %d templates, the primary first", maxTemplates)
	}
	seen := map[uuid.UUID]bool{}
	for i, id := range a.TemplateIDs {
		switch {
		case id == uuid.Nil:
			fe.Add(fmt.Sprintf("template_ids.%d", i), "required", "is required")
		case seen[id]:
			fe.Add(fmt.Sprintf("template_ids.%d", i), "duplicate", "template %s is listed twice", id)
		}
		seen[id] = true
	}
	if !slices.Contains(inspectionKinds, a.Kind) {
		fe.Add("kind", "enum", "must be one of %v", inspectionKinds)
	}
	validateHeader(&fe, a.Lat, a.Lon, a.Notes, a.PassengersCarried, a.CargoTonnes)
	validateReinspectionLink(&fe, a.Kind, a.DetentionOrderID)
	return fe.Err()
}

func (a *StartArgsV2) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	fields := make([]string, len(a.TemplateIDs))
	for i := range fields {
		fields[i] = fmt.Sprintf("template_ids.%d", i)
	}
	return w.start(ctx, a.v1(), fields, a.TemplateIDs, m)
}

// startTemplate checks one template of a start against the vessel, naming
// the field it came from; a retired version only while its grace lasts at
// the start's capture time (retired: when the database says it was
// retired, zero if it is not).
func (w *Work) startTemplate(
	ctx context.Context,
	field string,
	id uuid.UUID,
	v models.Vessel,
	retired, at time.Time,
) (checklist.Template, error) {
	t, ok := w.s.Template(id)
	if !ok {
		return checklist.Template{}, models.InvalidField(field, "unknown_template", "no checklist template with this id")
	}
	if string(t.Regime) != v.Regime {
		return checklist.Template{}, models.InvalidField(
			field,
			"regime_mismatch",
			"template %s is for %s, the vessel is under %s",
			t.Key,
			t.Regime,
			v.Regime,
		)
	}
	// A template applies to the vessel kinds, categories and zones its law
	// does (templates_fits.go); any other would fine without basis.
	if err := t.Fit.Check(checklist.FactsOf(v)); err != nil {
		return checklist.Template{}, models.Refused(
			field,
			"template_not_applicable",
			"template %s (version %d) %v",
			t.Key,
			t.Version,
			err,
		)
	}
	if !retired.IsZero() {
		return t, w.checkRetired(ctx, field, t, retired, at)
	}
	return t, nil
}

// start applies inspection.start of either version: ids are the
// inspection's templates, the primary first, each named by its field.
func (w *Work) start(ctx context.Context, a *StartArgs, fields []string, ids []uuid.UUID, m Meta) (Outcome, error) {
	owner, retired, err := w.startReads(ctx, a.ID, ids)
	if err != nil {
		return Outcome{}, err
	}
	if out, done, err := w.existingStart(ctx, owner, a.ID, m); done || err != nil {
		return out, err
	}
	v, err := w.liveVessel(ctx, a.VesselID)
	if err != nil {
		return Outcome{}, err
	}
	ts := make([]checklist.Template, len(ids))
	byKey := map[string]string{}
	for i, id := range ids {
		if ts[i], err = w.startTemplate(ctx, fields[i], id, v, retired[id], m.At); err != nil {
			return Outcome{}, err
		}
		if ts[i].IsClearance() && a.Kind != KindReinspection {
			return Outcome{}, errClearanceNotReinspection(fields[i])
		}
		// Two versions of one template would ask every question twice.
		if f, dup := byKey[ts[i].Key]; dup {
			return Outcome{}, models.InvalidField(
				fields[i],
				"duplicate_template",
				"template %s is already used as %s",
				ts[i].Key,
				f,
			)
		}
		byKey[ts[i].Key] = fields[i]
	}
	rs, err := w.s.rules.For(rules.Regime(v.Regime), rules.DateOf(m.At))
	if err != nil {
		return Outcome{}, models.InvalidField(
			"captured_at",
			"no_rule_set",
			"no rule set of %s is in force on %s",
			v.Regime,
			rules.DateOf(m.At),
		)
	}
	if err := w.checkReinspection(ctx, a, v); err != nil {
		return Outcome{}, err
	}
	return w.insertInspection(ctx, a, m, v, ts, rs.ID)
}

// insertInspection writes a started inspection with templates ts (the
// primary first) and makes it an aggregate of the Work.
func (w *Work) insertInspection(
	ctx context.Context,
	a *StartArgs,
	m Meta,
	v models.Vessel,
	ts []checklist.Template,
	ruleSet string,
) (Outcome, error) {
	all := make(models.Strings, len(ts))
	for i, x := range ts {
		if err := w.s.ensureTemplate(ctx, w, x); err != nil {
			return Outcome{}, err
		}
		all[i] = x.ID.String()
	}
	first, err := w.tx.FirstVersion(ctx)
	if err != nil {
		return Outcome{}, err
	}
	row := w.newInspection(a, m, v, ts[0].ID, ruleSet, first)
	row.TemplateIDs = all
	if err := w.tx.DB.WithContext(ctx).Create(&row).Error; err != nil {
		return Outcome{}, fmt.Errorf("insert inspection: %w", err)
	}
	w.vers[row.ID], w.dbVers[row.ID] = first, first
	w.bumped[row.ID], w.dirty[row.ID] = true, true
	w.aggs[row.ID] = &agg{
		row:      row,
		answers:  map[string]*models.InspectionAnswer{},
		findings: map[uuid.UUID]*models.Finding{},
	}
	w.created = append(w.created, row.ID)
	w.changed(EntityInspection, row.ID, keys(&row)...)
	w.audit("inspection.start", EntityInspection, row.ID, row)
	return applied(&row, RowRef{EntityInspection, row.ID, first}), nil
}

// newInspection builds the row of a started inspection at version first
// (storage.Tx.FirstVersion), stamping the client-editable fields it sets.
func (w *Work) newInspection(
	a *StartArgs,
	m Meta,
	v models.Vessel,
	templateID uuid.UUID,
	ruleSet string,
	first int64,
) models.Inspection {
	dev := m.DeviceID
	row := models.Inspection{
		ID:                a.ID,
		VesselID:          v.ID,
		InspectorID:       m.UserID,
		JurisdictionID:    v.JurisdictionID,
		OwnerID:           v.OwnerID,
		TemplateID:        templateID,
		RuleSetID:         ruleSet,
		Kind:              a.Kind,
		StartedAt:         m.At,
		StartedRaw:        m.Raw,
		TimeFlags:         models.Strings(m.Flags),
		Lat:               a.Lat,
		Lon:               a.Lon,
		PassengersCarried: a.PassengersCarried,
		CargoTonnes:       a.CargoTonnes,
		Status:            models.StatusDraft,
		Outcome: models.JSON(
			"{}",
		),
		Stamps:            models.Stamps{},
		DetentionOrderID:  a.DetentionOrderID,
		InspectionActions: models.Strings{},
	}
	if m.DeviceID != uuid.Nil {
		row.DeviceID = &dev
	}
	if a.Notes != nil {
		row.Notes = *a.Notes
	}
	set := map[string]bool{
		"lat":                a.Lat != nil,
		"lon":                a.Lon != nil,
		"notes":              a.Notes != nil,
		"passengers_carried": a.PassengersCarried != nil,
		"cargo_tonnes":       a.CargoTonnes != nil,
		"status":             true,
	}
	for f, ok := range set {
		if ok {
			row.Stamps[f] = stampOf(m, first, nil)
		}
	}
	row.Version = first
	return row
}

// startReads reads, in one query, what a start decides on before it
// writes: the inspector of an inspection with its id (uuid.Nil for none,
// see existingStart), and when each of its templates was retired, as the
// database stamped it: the first server that seeded a newer version
// stamped the moment phones could first pull it (SeedTemplates), and
// every replica judges by that one stamp, whatever its own code says. A
// template not retired, or not written yet (ensureTemplate stamps it
// now), is absent from the map. The two used to be a round trip each.
func (w *Work) startReads(
	ctx context.Context,
	id uuid.UUID,
	ids []uuid.UUID,
) (uuid.UUID, map[uuid.UUID]time.Time, error) {
	var row struct {
		InspectorID *uuid.UUID
		Retired     models.JSON
	}
	err := w.tx.DB.WithContext(ctx).
		Raw(`SELECT (SELECT inspector_id FROM inspections WHERE id = ?) AS inspector_id,
		coalesce((SELECT json_agg(json_build_object('id', id, 'retired_at', retired_at)) FROM checklist_templates
		WHERE id IN ? AND retired_at IS NOT NULL), '[]') AS retired`, id, ids).
		Scan(&row).
		Error
	if err != nil {
		return uuid.Nil, nil, fmt.Errorf("look up inspection and template retirement: %w", err)
	}
	var rows []struct {
		ID        uuid.UUID `json:"id"`
		RetiredAt time.Time `json:"retired_at"`
	}
	if err := json.Unmarshal(row.Retired, &rows); err != nil {
		return uuid.Nil, nil, fmt.Errorf("decode template retirement: %w", err)
	}
	retired := make(map[uuid.UUID]time.Time, len(rows))
	for _, r := range rows {
		retired[r.ID] = r.RetiredAt
	}
	owner := uuid.Nil
	if row.InspectorID != nil {
		owner = *row.InspectorID
	}
	return owner, retired, nil
}

// existingStart answers a start whose id exists (owner is its inspector,
// uuid.Nil when it does not): the current state for the same user, a
// conflict for another (docs/SYNC.md §2).
func (w *Work) existingStart(ctx context.Context, owner, id uuid.UUID, m Meta) (Outcome, bool, error) {
	if owner == uuid.Nil {
		return Outcome{}, false, nil
	}
	if owner != m.UserID {
		return Outcome{}, true, models.Errorf(models.KindConflict, "id_taken", "another user's inspection has this id")
	}
	a, err := w.lock(ctx, id)
	if err != nil {
		return Outcome{}, true, err
	}
	out := applied(&a.row)
	out.Code = "already_exists"
	return out, true, nil
}

// liveVessel reads a live vessel.
func (w *Work) liveVessel(ctx context.Context, id uuid.UUID) (models.Vessel, error) {
	v, err := w.vessel(ctx, id)
	if errors.Is(err, gorm.ErrRecordNotFound) || (err == nil && v.DeletedAt.Valid) {
		return models.Vessel{}, models.InvalidField("vessel_id", "unknown_vessel", "no such vessel")
	}
	if err != nil {
		return models.Vessel{}, fmt.Errorf("load vessel: %w", err)
	}
	return *v, nil
}

// applied is the outcome of a command that applied, naming what it wrote.
func applied(row *models.Inspection, written ...RowRef) Outcome {
	return Outcome{Status: ResultApplied, Written: written, Aggregate: RowRef{EntityInspection, row.ID, row.Version}}
}

// truncate keeps a capture time at PostgreSQL's microsecond precision, so
// that stamps compare equal after a round trip.
func truncate(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }
