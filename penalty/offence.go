package penalty

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

var (
	namespaceParty   = uuid.MustParse("2f3e4d5c-6b7a-4890-9a1b-2c3d4e5f6a04")
	namespaceOffence = uuid.MustParse("7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c05")
	namespacePenalty = uuid.MustParse("4c5d6e7f-8091-4a2b-9c3d-4e5f60718206")
)

// Time flags that hold an inspection's offences out of other people's
// chains until a supervisor confirms the time (docs/SYNC.md, Time).
const (
	FlagBeforeRegistration = "before_registration"
	FlagStale              = "stale"
)

// PartyID is the id of the liable-party row of kind and ref.
func PartyID(kind, ref string) uuid.UUID {
	return uuid.NewSHA1(namespaceParty, []byte(kind+"\x00"+ref))
}

// held reports whether the inspection's offences may not yet change anyone
// else's penalty.
func held(r *models.Inspection) bool {
	flagged := slices.Contains(r.TimeFlags, FlagBeforeRegistration) || slices.Contains(r.TimeFlags, FlagStale)
	return flagged && r.TimeConfirmedBy == nil
}

// SyncOffences turns the evaluation's offences into offence rows of their
// liable parties, and marks every party whose chain changed.
func (s *Service) SyncOffences(
	ctx context.Context,
	w Unit,
	row *models.Inspection,
	findings map[uuid.UUID]*models.Finding,
	ev rules.Evaluation,
) error {
	want, err := s.wantedOffences(ctx, w, row, findings, ev)
	if err != nil {
		return err
	}
	var have []models.Offence
	if fresh, ok := w.(interface{ NoOffencesYet(uuid.UUID) bool }); !ok || !fresh.NoOffencesYet(row.ID) {
		if err := w.Tx().DB.WithContext(ctx).Unscoped().Where("inspection_id = ?", row.ID).Find(&have).Error; err != nil {
			return fmt.Errorf("load offences: %w", err)
		}
	}
	for i := range have {
		o := &have[i]
		n, ok := want[o.ID]
		delete(want, o.ID)
		if err := reconcileOffence(ctx, w, row, o, n, ok); err != nil {
			return err
		}
	}
	fresh := make([]models.Offence, 0, len(want))
	for _, id := range sortedKeys(want) {
		o := want[id]
		fresh = append(fresh, o)
		w.TouchParty(o.PartyID)
		w.Changed(EntityOffence, o.ID, inspectionKeys(row)...)
	}
	if len(fresh) == 0 {
		return nil
	}
	if err := w.Tx().DB.WithContext(ctx).Create(&fresh).Error; err != nil {
		return fmt.Errorf("insert offences: %w", err)
	}
	return nil
}

func sortedKeys(m map[uuid.UUID]models.Offence) []uuid.UUID {
	out := make([]uuid.UUID, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// reconcileOffence updates or tombstones an existing offence row.
func reconcileOffence(
	ctx context.Context,
	w Unit,
	row *models.Inspection,
	o *models.Offence,
	n models.Offence,
	wanted bool,
) error {
	cols := map[string]any{}
	switch {
	case !wanted && !o.DeletedAt.Valid:
		cols["deleted_at"] = time.Now().UTC()
	case !wanted:
		return nil
	default:
		if o.Status == string(rules.OffenceSetAside) {
			n.Status = o.Status // set aside on appeal stays set aside (notice_appeal.go)
		}
		if o.DeletedAt.Valid {
			cols["deleted_at"] = nil
		}
		if !o.OccurredAt.Equal(n.OccurredAt) {
			cols["occurred_at"] = n.OccurredAt
		}
		if o.Persons != n.Persons {
			cols["persons"] = n.Persons
		}
		if !slices.Equal(o.Codes, n.Codes) {
			cols["codes"] = n.Codes
		}
		if o.Status != n.Status {
			cols["status"] = n.Status
		}
		if o.Held != n.Held {
			cols["held"] = n.Held
		}
	}
	if len(cols) == 0 {
		return nil
	}
	cols["version"], cols["updated_at"] = o.Version+1, time.Now().UTC()
	if err := w.Tx().
		DB.WithContext(ctx).
		Model(&models.Offence{}).
		Unscoped().
		Where("id = ?", o.ID).
		Updates(cols).
		Error; err != nil {
		return fmt.Errorf("update offence: %w", err)
	}
	w.TouchParty(o.PartyID)
	w.Changed(EntityOffence, o.ID, inspectionKeys(row)...)
	return nil
}

// wantedOffences are the offence rows the evaluation supports: none for a
// withdrawn or discarded inspection; charged once it is approved.
func (s *Service) wantedOffences(
	ctx context.Context,
	w Unit,
	row *models.Inspection,
	findings map[uuid.UUID]*models.Finding,
	ev rules.Evaluation,
) (map[uuid.UUID]models.Offence, error) {
	out := map[uuid.UUID]models.Offence{}
	r := row
	if r.Status == models.StatusWithdrawn || r.Status == models.StatusDiscarded {
		return out, nil
	}
	first, err := w.Tx().FirstVersion(ctx) // offence ids derive from the inspection's
	if err != nil {
		return nil, err
	}
	status := string(rules.OffencePending)
	if r.Status == models.StatusApproved {
		status = string(rules.OffenceCharged)
	}
	var parties []models.LiableParty
	for _, po := range ev.Offences {
		codes := make(models.Strings, len(po.Codes))
		for i, c := range po.Codes {
			codes[i] = string(c)
		}
		for _, l := range partiesFor(r, findings, po) {
			pid := PartyID(l.kind, l.ref)
			lp := models.LiableParty{ID: pid, Kind: l.kind, Ref: l.ref, CreatedAt: s.clock().UTC()}
			if l.kind == string(rules.PartyOwner) {
				owner := r.OwnerID
				lp.OwnerID = &owner
			}
			parties = append(parties, lp)
			id := uuid.NewSHA1(namespaceOffence, append(append(r.ID[:], po.Row...), pid[:]...))
			o := models.Offence{
				ID:             id,
				PartyID:        pid,
				PenaltyRow:     string(po.Row),
				InspectionID:   r.ID,
				VesselID:       r.VesselID,
				OccurredAt:     r.StartedAt,
				Persons:        l.persons,
				Codes:          codes,
				Status:         status,
				Held:           held(r),
				RuleSetID:      r.RuleSetID,
				JurisdictionID: r.JurisdictionID,
				OwnerID:        r.OwnerID,
				InspectorID:    r.InspectorID,
			}
			o.Version = first
			out[id] = o
		}
	}
	return out, ensureParties(ctx, w.Tx(), parties)
}

// liable is one person liable for an offence, and the persons the offence
// counts for them.
type liable struct {
	kind, ref string
	persons   int
}

// partiesFor names who is liable for an offence. An owner offence is the
// vessel's owner's. A per-person row (Karnataka 2025, Sch-IV row 7 "per
// crew", row 10 "per pax") is one offence per person a finding of its codes
// names, each that person's own (their own repeat chain, docs/LAW.md §5.2,
// Q34), plus one offence for the persons counted but not named, whose
// party is unidentified and never escalates (docs/LAW.md §5.2).
func partiesFor(row *models.Inspection, findings map[uuid.UUID]*models.Finding, po rules.ProposedOffence) []liable {
	if po.LiableParty == rules.PartyOwner {
		return []liable{{string(rules.PartyOwner), row.OwnerID.String(), po.Persons}}
	}
	kind := string(po.LiableParty)
	named := map[string]bool{}
	identified := 0 // of the persons counted, those a finding names
	for _, f := range findings {
		if f.PartyRef != "" && !f.DeletedAt.Valid && slices.Contains(po.Codes, rules.Code(f.Code)) {
			named[f.PartyRef] = true
			identified += min(f.Persons, 1) // a named finding is about one person; its other persons are unnamed
		}
	}
	refs := make([]string, 0, len(named))
	for ref := range named {
		refs = append(refs, ref)
	}
	slices.Sort(refs)
	out := make([]liable, 0, len(refs)+1)
	for _, ref := range refs {
		out = append(out, liable{kind, ref, 1})
	}
	if rest := po.Persons - identified; rest > 0 || len(out) == 0 {
		out = append(out, liable{kind, fmt.Sprintf("anon:%s:%s", row.ID, po.Row), max(rest, 0)})
	}
	return out
}

// ensureParties creates the liable-party rows that do not exist yet, in one
// statement (no lock is taken: the chain function locks them later).
func ensureParties(ctx context.Context, tx *storage.Tx, ps []models.LiableParty) error {
	if len(ps) == 0 {
		return nil
	}
	err := tx.DB.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&ps).Error
	if err != nil {
		return fmt.Errorf("ensure liable parties: %w", err)
	}
	return nil
}

// anonymous reports whether a party ref is an unidentified person.
func anonymous(ref string) bool { return len(ref) > 5 && ref[:5] == "anon:" }

// offenceOf is the rules' view of an offence row.
func offenceOf(o models.Offence) rules.Offence {
	return rules.Offence{ID: o.ID.String(), Row: rules.PenaltyRowID(o.PenaltyRow), InspectionID: o.InspectionID.String(),
		VesselID: o.VesselID.String(), OccurredAt: o.OccurredAt, Persons: o.Persons, Status: rules.OffenceStatus(o.Status)}
}
