package inspect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Summary is the current state of an inspection as a push result carries
// it: version, status and every derived value (docs/SYNC.md §3: a replay
// returns the current state, never stale stored derived values).
type Summary struct {
	ID                     uuid.UUID               `json:"id"`
	Version                int64                   `json:"version"`
	Status                 string                  `json:"status"`
	RuleSetID              string                  `json:"rule_set_id"`
	StartedAt              string                  `json:"started_at"`
	TimeFlags              []string                `json:"time_flags"`
	ChangedAfterSubmission bool                    `json:"changed_after_submission"`
	Deficiencies           []DeficiencySummary     `json:"deficiencies"`
	Detention              rules.DetentionProposal `json:"detention"`
	Penalties              []PenaltySummary        `json:"penalties"`
	EvidenceTotal          int                     `json:"evidence_total"`
	EvidenceVerified       int                     `json:"evidence_verified"`
}

// DeficiencySummary is one derived deficiency with its action and due.
type DeficiencySummary struct {
	Code        string   `json:"code"`
	Title       string   `json:"title"`
	Sources     []string `json:"sources"`
	Action      string   `json:"action"`
	DueKind     string   `json:"due_kind"`
	DueDate     string   `json:"due_date,omitempty"`
	Detainable  bool     `json:"detainable"`
	LiableParty string   `json:"liable_party"`
	Rectified   bool     `json:"rectified"`
	PenaltyRow  string   `json:"penalty_row,omitempty"`
}

// PenaltySummary is the computed penalty of one offence of the inspection.
type PenaltySummary struct {
	ID         uuid.UUID `json:"id"`
	OffenceID  uuid.UUID `json:"offence_id"`
	PenaltyRow string    `json:"penalty_row"` // one name with the pulled records

	Level          int    `json:"level"`
	Amount         int64  `json:"amount"`
	ProposedAmount *int64 `json:"proposed_amount,omitempty"`
	OffenceStatus  string `json:"offence_status"` // the offence's status, not a column of the penalty
	Version        int64  `json:"version"`
}

// Summarize reads the current state of an inspection (nil if it does not
// exist).
func (s *Service) Summarize(ctx context.Context, id uuid.UUID) (*Summary, error) {
	all, err := s.Summaries(ctx, []uuid.UUID{id})
	if err != nil {
		return nil, err
	}
	return all[id], nil
}

// Summaries reads the current state of several inspections in one query:
// the columns a Summary shows, the two members of the outcome it reads
// (not its trace, the largest part) and the penalties, aggregated per
// inspection in the order penaltiesOf gives. An inspection that does not
// exist is absent from the map. A push answers the summaries of every
// inspection it touched with it: one round trip after the commit instead
// of two per inspection, and no whole row or outcome to decode.
func (s *Service) Summaries(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]*Summary, error) {
	out := make(map[uuid.UUID]*Summary, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []summaryRow
	if err := s.db.Gorm.WithContext(ctx).Raw(summariesSQL, ids).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load inspections: %w", err)
	}
	return summarizeRows(rows, out)
}

// summarizeRows adds the summary of each of rows to out.
func summarizeRows(rows []summaryRow, out map[uuid.UUID]*Summary) (map[uuid.UUID]*Summary, error) {
	for _, r := range rows {
		pens := []PenaltySummary{}
		if err := json.Unmarshal(r.Penalties, &pens); err != nil {
			return nil, fmt.Errorf("decode penalties of inspection %s: %w", r.ID, err)
		}
		row := models.Inspection{ID: r.ID, Version: r.Version, Status: r.Status, RuleSetID: r.RuleSetID,
			StartedAt: r.StartedAt, TimeFlags: r.TimeFlags, ChangedAfterSubmission: r.ChangedAfterSubmission,
			Outcome: models.JSON(r.Outcome), EvidenceTotal: r.EvidenceTotal, EvidenceVerified: r.EvidenceVerified}
		out[r.ID] = summarize(&row, pens)
	}
	return out, nil
}

// SummariesJSON is the SQL expression of the summaries of the inspections
// whose ids are the uuid[] expression ids, as one JSON array for
// DecodeSummaries: what Summaries reads, for a caller that reads it in a
// statement of its own (a push reads it with the release of its device).
func SummariesJSON(ids string) string {
	return `(SELECT coalesce(json_agg(s), '[]') FROM (` +
		strings.Replace(summariesSQL, "i.id IN ?", "i.id = ANY("+ids+")", 1) + `) s)`
}

// DecodeSummaries reads SummariesJSON's array into what Summaries returns.
func DecodeSummaries(raw []byte) (map[uuid.UUID]*Summary, error) {
	var rows []summaryRow
	if err := json.Unmarshal(raw, &rows); err != nil {
		return nil, fmt.Errorf("load inspections: %w", err)
	}
	return summarizeRows(rows, make(map[uuid.UUID]*Summary, len(rows)))
}

// summaryRow is one row of summariesSQL, read by GORM (Summaries) or from
// the JSON array of SummariesJSON (DecodeSummaries).
type summaryRow struct {
	ID                     uuid.UUID       `json:"id"`
	Version                int64           `json:"version"`
	Status                 string          `json:"status"`
	RuleSetID              string          `json:"rule_set_id"`
	StartedAt              time.Time       `json:"started_at"`
	TimeFlags              models.Strings  `json:"time_flags"`
	ChangedAfterSubmission bool            `json:"changed_after_submission"`
	Outcome                json.RawMessage `json:"outcome"` // detention and deficiencies only
	EvidenceTotal          int             `json:"evidence_total"`
	EvidenceVerified       int             `json:"evidence_verified"`
	Penalties              json.RawMessage `json:"penalties"` // a JSON array of PenaltySummary
}

// summariesSQL reads what summarize needs of the inspections $1 (deleted
// ones included, as Summarize always did), penalties as penaltiesOf
// reads them.
var summariesSQL = `SELECT i.id, i.version, i.status, i.rule_set_id, i.started_at, i.time_flags,
	i.changed_after_submission, i.evidence_total, i.evidence_verified,
	jsonb_build_object('detention', i.outcome->'detention', 'deficiencies', i.outcome->'deficiencies') AS outcome,
	` + penaltiesJSON("i.id") + ` AS penalties
	FROM inspections i WHERE i.id IN ?`

// penaltiesJSON is the SQL expression of the live penalties of the
// inspection whose id is the expression inspection, as a JSON array of
// PenaltySummary in penalty-row order: the one reading of them that a
// push's summaries and a reviewer's view share.
func penaltiesJSON(inspection string) string {
	return `coalesce((SELECT json_agg(json_build_object('id', p.id, 'offence_id', p.offence_id,
		'penalty_row', p.penalty_row, 'level', p.level, 'amount', p.amount, 'proposed_amount', p.proposed_amount,
		'offence_status', o.status, 'version', p.version) ORDER BY p.penalty_row, p.id)
		FROM penalties p JOIN offences o ON o.id = p.offence_id
		WHERE p.inspection_id = ` + inspection + ` AND p.deleted_at IS NULL), '[]')`
}

// summarize builds a Summary from a row and its penalties.
func summarize(row *models.Inspection, pens []PenaltySummary) *Summary {
	var d Derived
	_ = json.Unmarshal(row.Outcome, &d) //nolint:errcheck // a read: shown as far as it decodes
	out := &Summary{
		ID:                     row.ID,
		Version:                row.Version,
		Status:                 row.Status,
		RuleSetID:              row.RuleSetID,
		StartedAt:              row.StartedAt.UTC().Format("2006-01-02T15:04:05.000Z07:00"),
		TimeFlags:              nonNil(row.TimeFlags),
		ChangedAfterSubmission: row.ChangedAfterSubmission,
		Detention:              d.Detention,
		Deficiencies:           make([]DeficiencySummary, 0, len(d.Deficiencies)),
		Penalties:              pens,
		EvidenceTotal:          row.EvidenceTotal,
		EvidenceVerified:       row.EvidenceVerified,
	}
	for _, x := range d.Deficiencies {
		ds := DeficiencySummary{Code: string(x.Code), Title: x.Title, Action: string(x.Action), DueKind: string(x.Due.Kind),
			Detainable: x.Detainable, LiableParty: string(x.LiableParty), Rectified: x.Rectified}
		for _, s := range x.Sources {
			ds.Sources = append(ds.Sources, string(s))
		}
		if !x.Due.Date.IsZero() {
			ds.DueDate = x.Due.Date.String()
		}
		if x.Penalty != nil {
			ds.PenaltyRow = string(x.Penalty.Row)
		}
		out.Deficiencies = append(out.Deficiencies, ds)
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// penaltiesOf lists the live penalties of an inspection's offences.
func (s *Service) penaltiesOf(ctx context.Context, id uuid.UUID) ([]PenaltySummary, error) {
	var raw []byte
	if err := s.db.Gorm.WithContext(ctx).Raw("SELECT "+penaltiesJSON("?"), id).Row().Scan(&raw); err != nil {
		return nil, fmt.Errorf("load penalties: %w", err)
	}
	out := []PenaltySummary{}
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("decode penalties of inspection %s: %w", id, err)
	}
	return out, nil
}

// View is an inspection with everything a reviewer sees.
type View struct {
	Inspection    models.Inspection
	Summary       Summary
	Answers       []models.InspectionAnswer
	Findings      []models.Finding
	OpenConflicts int64
	Amendments    int64
}

// Get returns one inspection in the caller's scope (404 otherwise).
func (s *Service) Get(ctx context.Context, sc models.Scope, id uuid.UUID) (View, error) {
	var v View
	err := storage.Scoped(s.db.Gorm.WithContext(ctx).Where("id = ?", id), sc, InspectionByID).Take(&v.Inspection).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return v, models.NotFound("inspection")
	}
	if err != nil {
		return v, fmt.Errorf("load inspection: %w", err)
	}
	pens, err := s.penaltiesOf(ctx, id)
	if err != nil {
		return v, err
	}
	v.Summary = *summarize(&v.Inspection, pens)
	db := s.db.Gorm.WithContext(ctx)
	if err := db.Where("inspection_id = ?", id).Order("item_id").Find(&v.Answers).Error; err != nil {
		return v, fmt.Errorf("load answers: %w", err)
	}
	if err := db.Where("inspection_id = ?", id).Order("code, id").Find(&v.Findings).Error; err != nil {
		return v, fmt.Errorf("load findings: %w", err)
	}
	if err := db.Model(&models.Conflict{}).
		Where("inspection_id = ? AND resolved_at IS NULL", id).
		Count(&v.OpenConflicts).
		Error; err != nil {
		return v, fmt.Errorf("count conflicts: %w", err)
	}
	err = db.Model(&models.AmendmentRequest{}).
		Where("inspection_id = ? AND status = 'open'", id).
		Count(&v.Amendments).
		Error
	return v, err
}

// ListFilter narrows an inspection list.
type ListFilter struct {
	JurisdictionID *uuid.UUID
	VesselID       *uuid.UUID
	Status         string
}

// Page is one page of inspections.
type Page struct {
	Items      []models.Inspection
	NextCursor string
}

// List lists inspections in scope: inspectors their own, supervisors and
// registrars their jurisdictions', owners their vessels', admins all.
func (s *Service) List(ctx context.Context, sc models.Scope, f ListFilter, cursor string, limit int) (Page, error) {
	q := s.db.Gorm.WithContext(ctx).Model(&models.Inspection{})
	q = scopeQuery(q, sc)
	if f.JurisdictionID != nil {
		q = q.Where("jurisdiction_id = ?", *f.JurisdictionID)
	}
	if f.VesselID != nil {
		q = q.Where("vessel_id = ?", *f.VesselID)
	}
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	return pageOf(q, cursor, limit)
}

// InspectionScoping is the scope of tables with inspection scope columns
// (inspections, amendment requests, conflicts): inspectors their own,
// other officials their jurisdictions', owners their vessels'.
var InspectionScoping = storage.Scoping{Jurisdiction: "jurisdiction_id IN ?", Owner: "owner_id = ?",
	Maker: "inspector_id", Makers: storage.InspectorsOnlyMade}

// InspectionByID is the rule of a read of one inspection by id, and of
// what hangs off it (its detention proposal): the list's rule
// (InspectionScoping), except that an inspector also reads a colleague's
// inspection of a jurisdiction they are assigned to, as their supervisor
// does (docs/ARCHITECTURE.md, "Reads by id").
var InspectionByID = storage.Scoping{Jurisdiction: "jurisdiction_id IN ?", Owner: "owner_id = ?",
	Maker: "inspector_id", Makers: storage.InspectorsAlsoMade}

// scopeQuery filters a table with inspection scope columns by the caller.
func scopeQuery(q *gorm.DB, sc models.Scope) *gorm.DB {
	return storage.Scoped(q, sc, InspectionScoping)
}

// ScopeQuery is scopeQuery for the sync package's conflict list and the
// pull's inspection readers.
func ScopeQuery(q *gorm.DB, sc models.Scope) *gorm.DB { return scopeQuery(q, sc) }

// pageOf pages inspections by id after an opaque cursor.
func pageOf(q *gorm.DB, cursor string, limit int) (Page, error) {
	rows, next, err := storage.ByID(func(i models.Inspection) uuid.UUID { return i.ID }).Page(q, cursor, limit)
	if err != nil {
		return Page{}, err
	}
	return Page{Items: rows, NextCursor: next}, nil
}
