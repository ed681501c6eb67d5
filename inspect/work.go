package inspect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Work is the unit of work of one transaction: a push chunk, a backlog
// drain or one REST call. It caches the aggregates it has locked, keeps
// each aggregate's version in memory (one increment per command that
// changed it, written once at Finish), buffers change-log and audit entries
// until the command's savepoint is released, and collects the inspections
// to recompute and the liable parties whose chains must be recomputed.
type Work struct {
	s       *Service
	tx      *storage.Tx
	aggs    map[uuid.UUID]*agg           // locked and loaded in this transaction
	vers    map[uuid.UUID]int64          // aggregate version including this transaction's increments
	dbVers  map[uuid.UUID]int64          // aggregate version as stored
	bumped  map[uuid.UUID]bool           // aggregates already incremented by the current command
	dirty   map[uuid.UUID]bool           // inspections to recompute at Finish
	parties map[uuid.UUID]bool           // liable parties whose chains to recompute
	created []uuid.UUID                  // aggregates created (their backlog may drain)
	offRead map[uuid.UUID]bool           // inspections whose offences were asked for (NoOffencesYet)
	vessels map[uuid.UUID]*models.Vessel // registry rows read in this transaction, tombstones included
	certs   map[uuid.UUID][]vesselCert   // each read vessel's certificates in force, read with it
	stored  map[uuid.UUID]bool           // inspections whose photo rows this work wrote by SQL
	changes []storage.Change
	audits  []auditEntry
	after   []func()

	deferred bool          // DeferWrites: answers, new findings and photos wait in pend
	pend     pendingWrites // as of now
	undo     []func()      // takes back the changes of pend, the latest last
}

type auditEntry struct {
	action, entity string
	id             uuid.UUID
	after          any
}

// agg is one locked inspection with what the commands have read of it.
type agg struct {
	row      models.Inspection
	answers  map[string]*models.InspectionAnswer // by answerKey; nil until read
	findings map[uuid.UUID]*models.Finding       // live and tombstoned; nil until read
}

// NewWork starts a unit of work inside tx.
func (s *Service) NewWork(tx *storage.Tx) *Work {
	return &Work{
		s:       s,
		tx:      tx,
		aggs:    map[uuid.UUID]*agg{},
		vers:    map[uuid.UUID]int64{},
		dbVers:  map[uuid.UUID]int64{},
		bumped:  map[uuid.UUID]bool{},
		dirty:   map[uuid.UUID]bool{},
		parties: map[uuid.UUID]bool{},
		vessels: map[uuid.UUID]*models.Vessel{},
		certs:   map[uuid.UUID][]vesselCert{},
		stored:  map[uuid.UUID]bool{},
	}
}

// Tx returns the transaction the work runs in.
func (w *Work) Tx() *storage.Tx { return w.tx }

// Mark is the unit of work's memory at the start of one command: the half
// of the command's savepoint that lives in memory. Whoever takes the
// database savepoint takes the mark with it and, when the command fails,
// rolls both back together (the sync engine's savepoint).
type Mark struct {
	vers    map[uuid.UUID]int64
	created int
	changes int
	audits  int
	after   int
	undo    int
}

// Begin marks the start of one command: what Rollback restores.
func (w *Work) Begin() Mark {
	w.bumped = map[uuid.UUID]bool{}
	return Mark{
		vers:    maps.Clone(w.vers),
		created: len(w.created),
		changes: len(w.changes),
		audits:  len(w.audits),
		after:   len(w.after),
		undo:    len(w.undo),
	}
}

// Rollback forgets everything the command did since m; the caller rolls
// back its database savepoint with it. Row locks taken inside the
// savepoint are lost with it, so cached aggregates are dropped and locked
// again on next use.
func (w *Work) Rollback(m Mark) {
	w.vers = m.vers
	w.created = w.created[:m.created]
	w.changes = w.changes[:m.changes]
	w.audits = w.audits[:m.audits]
	w.after = w.after[:m.after]
	w.undoTo(m.undo) // the savepoint took back whatever was settled since
	w.aggs = map[uuid.UUID]*agg{}
}

// Created lists the aggregates created in this unit of work.
func (w *Work) Created() []uuid.UUID { return append([]uuid.UUID(nil), w.created...) }

// AggregateVersion is the current version of a locked aggregate.
func (w *Work) AggregateVersion(id uuid.UUID) int64 { return w.vers[id] }

func (w *Work) changed(entity string, id uuid.UUID, keys ...string) {
	w.changes = append(w.changes, storage.Change{EntityType: entity, EntityID: id, ScopeKeys: keys})
}

func (w *Work) audit(action, entity string, id uuid.UUID, after any) {
	w.audits = append(w.audits, auditEntry{action, entity, id, after})
}

func (w *Work) afterCommit(f func()) { w.after = append(w.after, f) }

// Changed logs a change of an entity under the scope keys, when the
// current command's savepoint is released (Finish).
func (w *Work) Changed(entity string, id uuid.UUID, keys ...string) { w.changed(entity, id, keys...) }

// Audit records an audit entry, kept or dropped with the current command.
func (w *Work) Audit(action, entity string, id uuid.UUID, after any) {
	w.audit(action, entity, id, after)
}

// AfterCommit runs f after the transaction commits.
func (w *Work) AfterCommit(f func()) { w.afterCommit(f) }

// keys are the scope keys of everything in an inspection's aggregate.
func keys(row *models.Inspection) []string {
	return storage.ScopeKeys(row.JurisdictionID, row.OwnerID, row.InspectorID)
}

// findingKeys are the keys a finding's change is logged under: its
// inspection's, and its own jurisdiction and owner, which differ from the
// inspection's once its vessel moved (registry's moveOpenFindings), so
// that the new jurisdiction's and owner's devices get its later changes.
func findingKeys(row *models.Inspection, f *models.Finding) []string {
	return append(keys(row), storage.ScopeJurisdiction(f.JurisdictionID), storage.ScopeOwner(f.OwnerID))
}

// bump increments the aggregate version once per command and returns it.
func (w *Work) bump(id uuid.UUID) int64 {
	if !w.bumped[id] {
		w.vers[id]++
		w.bumped[id] = true
		w.dirty[id] = true
	}
	return w.vers[id]
}

// lock loads and locks an inspection (SELECT … FOR NO KEY UPDATE: exclusive
// among commands, but not against foreign-key checks of rows referencing
// it, which take FOR KEY SHARE and would otherwise deadlock), once per
// transaction. A missing inspection is an aggregate_missing error.
func (w *Work) lock(ctx context.Context, id uuid.UUID) (*agg, error) {
	if a, ok := w.aggs[id]; ok {
		return a, nil
	}
	var row models.Inspection
	err := w.tx.DB.WithContext(ctx).
		Unscoped().
		Clauses(clause.Locking{Strength: "NO KEY UPDATE"}).
		Where("id = ?", id).
		Take(&row).
		Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, missingAggregate("inspection", id)
	}
	if err != nil {
		return nil, fmt.Errorf("lock inspection %s: %w", id, err)
	}
	if _, ok := w.dbVers[id]; !ok {
		w.dbVers[id] = row.Version
	}
	if v, ok := w.vers[id]; ok && v > row.Version {
		row.Version = v
	} else {
		w.vers[id] = row.Version
	}
	a := &agg{row: row}
	w.aggs[id] = a
	return a, nil
}

// vessel reads a vessel (tombstoned or not) once per transaction: a start
// and the recomputation at the end of the chunk see the same row. The
// same statement reads the vessel's certificates in force, which the
// recomputation's rules read (vesselCertificates): a round trip of their
// own before. Nothing in a unit of work writes certificates. A missing
// vessel is gorm.ErrRecordNotFound.
func (w *Work) vessel(ctx context.Context, id uuid.UUID) (*models.Vessel, error) {
	if v, ok := w.vessels[id]; ok {
		return v, nil
	}
	var row struct {
		models.Vessel
		ValidCertificates models.JSON
	}
	res := w.tx.DB.WithContext(ctx).Raw(vesselSQL, id).Scan(&row)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		return nil, gorm.ErrRecordNotFound
	}
	var certs []vesselCert
	if err := json.Unmarshal(row.ValidCertificates, &certs); err != nil {
		return nil, fmt.Errorf("decode certificates of vessel %s: %w", id, err)
	}
	v := row.Vessel
	w.vessels[id], w.certs[id] = &v, certs
	return &v, nil
}

// certsInForce reads, as one JSON array, the certificates in force (status
// valid, not deleted) of the vessel whose id ends the statement, as
// vesselCertificates reads them.
const certsInForce = `SELECT coalesce(json_agg(json_build_object('kind', c.kind, 'number', c.number,
	'issued_on', c.issued_on, 'expires_on', c.expires_on) ORDER BY c.id), '[]')
	FROM certificates c WHERE c.status = 'valid' AND c.deleted_at IS NULL AND c.vessel_id = `

// vesselSQL reads a vessel with its certificates in force.
const vesselSQL = `SELECT v.*, (` + certsInForce + `v.id) AS valid_certificates FROM vessels v WHERE v.id = ?`

// certificates are a vessel's certificates in force: read with the vessel
// when w.vessel read it, on their own when the vessel came from LockVessel
// (which locks the bare row).
func (w *Work) certificates(ctx context.Context, id uuid.UUID) ([]vesselCert, error) {
	if certs, ok := w.certs[id]; ok {
		return certs, nil
	}
	var raw []byte
	if err := w.tx.DB.WithContext(ctx).Raw(certsInForce+"?", id).Row().Scan(&raw); err != nil {
		return nil, err
	}
	var certs []vesselCert
	if err := json.Unmarshal(raw, &certs); err != nil {
		return nil, fmt.Errorf("decode certificates of vessel %s: %w", id, err)
	}
	w.certs[id] = certs
	return certs, nil
}

// vesselCert is what the rules read of a certificate in force; dates are
// a date column's JSON text, YYYY-MM-DD.
type vesselCert struct {
	Kind      string  `json:"kind"`
	Number    string  `json:"number"`
	IssuedOn  string  `json:"issued_on"`
	ExpiresOn *string `json:"expires_on"`
}

// VesselJurisdiction is the home jurisdiction of a vessel, read through the
// same per-transaction cache the commands use (so a start and the check
// before it see one row); ok is false for an unknown vessel.
func (w *Work) VesselJurisdiction(ctx context.Context, id uuid.UUID) (uuid.UUID, bool, error) {
	v, err := w.vessel(ctx, id)
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return uuid.Nil, false, nil
	}
	if err != nil {
		return uuid.Nil, false, fmt.Errorf("find jurisdiction: %w", err)
	}
	return v.JurisdictionID, true, nil
}

// loadAnswers reads an inspection's answers once per transaction.
func (w *Work) loadAnswers(ctx context.Context, a *agg) error {
	if a.answers != nil {
		return nil
	}
	var rows []models.InspectionAnswer
	if err := w.tx.DB.WithContext(ctx).
		Where("inspection_id = ? AND deleted_at IS NULL", a.row.ID).
		Find(&rows).
		Error; err != nil {
		return fmt.Errorf("load answers: %w", err)
	}
	a.answers = make(map[string]*models.InspectionAnswer, len(rows))
	for i := range rows {
		a.answers[a.answerKey(rows[i].TemplateID, rows[i].ItemID)] = &rows[i]
	}
	w.overlayAnswers(a)
	return nil
}

// loadFindings reads an inspection's findings, tombstones included.
func (w *Work) loadFindings(ctx context.Context, a *agg) error {
	if a.findings != nil {
		return nil
	}
	var rows []models.Finding
	if err := w.tx.DB.WithContext(ctx).Unscoped().Where("inspection_id = ?", a.row.ID).Find(&rows).Error; err != nil {
		return fmt.Errorf("load findings: %w", err)
	}
	a.findings = make(map[uuid.UUID]*models.Finding, len(rows))
	for i := range rows {
		a.findings[rows[i].ID] = &rows[i]
	}
	w.overlayFindings(a)
	return nil
}

// Finish recomputes every inspection the commands touched, then the penalty
// chains of every liable party touched, under their locks in id order, and
// hands the buffered change-log and audit entries to the transaction. Call
// it once, last, before the transaction commits.
func (w *Work) Finish(ctx context.Context) error {
	ids := make([]uuid.UUID, 0, len(w.dirty))
	for id := range w.dirty {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i].String() < ids[j].String() })
	for _, id := range ids {
		if err := w.recompute(ctx, id); err != nil {
			return err
		}
	}
	// Pending rows are written after the recomputation, with the derived
	// values it gave them: nothing in it reads answers or findings from
	// the database, and the penalty chains read offences only.
	if err := w.settle(ctx); err != nil {
		return err
	}
	if err := w.recomputeParties(ctx); err != nil {
		return err
	}
	return w.flush()
}

// flush moves the buffered entries into the transaction.
func (w *Work) flush() error {
	for _, c := range w.changes {
		w.tx.Changed(c.EntityType, c.EntityID, c.ScopeKeys...)
	}
	for _, a := range w.audits {
		if err := w.tx.Audit(a.action, a.entity, a.id, nil, a.after); err != nil {
			return err
		}
	}
	for _, f := range w.after {
		w.tx.AfterCommit(f)
	}
	w.changes, w.audits, w.after = nil, nil, nil
	return nil
}

// NoOffencesYet reports that the inspection id was created in this unit
// of work and its offences are asked for the first time: none can exist
// (an offence references its inspection, whose row this transaction
// inserted), so penalty.SyncOffences need not read them. Any later
// question about the same inspection answers false and the offences are
// read, since the first sync may have written some.
func (w *Work) NoOffencesYet(id uuid.UUID) bool {
	if w.offRead == nil {
		w.offRead = map[uuid.UUID]bool{}
	}
	if w.offRead[id] {
		return false
	}
	w.offRead[id] = true
	return slices.Contains(w.created, id)
}

// TouchParty asks Finish to recompute a liable party's chains.
func (w *Work) TouchParty(id uuid.UUID) { w.parties[id] = true }

// MarkDirty asks Finish to recompute an inspection.
func (w *Work) MarkDirty(id uuid.UUID) { w.dirty[id] = true }

func errorAs(err error, target any) bool { return errors.As(err, target) }
