package inspect

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
)

// What the commands of other packages (detention orders) do inside a Work:
// they lock and read the inspection aggregate and the vessel through it,
// and change the inspection only through the methods here, so that its
// version, change log and recompute stay this package's.

// Now is the service clock's time.
func (w *Work) Now() time.Time { return w.s.clock() }

// Outbox is where the service writes owners' and officers' notices.
func (w *Work) Outbox() notify.Outbox { return w.s.outbox }

// Template returns a template version by id (Service.Template).
func (w *Work) Template(id uuid.UUID) (checklist.Template, bool) { return w.s.Template(id) }

// LockInspection locks an inspection once per transaction (as the commands
// do) and returns its row, which the work keeps; a missing inspection is an
// aggregate_missing error.
func (w *Work) LockInspection(ctx context.Context, id uuid.UUID) (*models.Inspection, error) {
	ag, err := w.lock(ctx, id)
	if err != nil {
		return nil, err
	}
	return &ag.row, nil
}

// AddInspectionActions records inspection action codes on a locked
// inspection (recordActions).
func (w *Work) AddInspectionActions(ctx context.Context, id uuid.UUID, actions models.Strings) error {
	ag, err := w.lock(ctx, id)
	if err != nil {
		return err
	}
	return w.recordActions(ctx, ag, actions)
}

// OpenCodes are the detainable codes of order that the re-inspection id
// leaves open (openCodes).
func (w *Work) OpenCodes(ctx context.Context, order *models.DetentionOrder, id uuid.UUID) ([]string, error) {
	re, err := w.lock(ctx, id)
	if err != nil {
		return nil, err
	}
	return w.openCodes(ctx, order, re)
}

// LockVessel locks a live vessel row FOR UPDATE (vessels come first in
// the lock order, docs/ARCHITECTURE.md, invariants) and caches it for the work.
func (w *Work) LockVessel(ctx context.Context, id uuid.UUID) (*models.Vessel, error) {
	var v models.Vessel
	err := w.tx.DB.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&v).Error
	if err != nil {
		return nil, fmt.Errorf("lock vessel %s: %w", id, err)
	}
	w.vessels[id] = &v
	return &v, nil
}

// DerivedOf decodes an inspection's stored outcome.
func DerivedOf(row *models.Inspection) Derived {
	var d Derived
	_ = json.Unmarshal(row.Outcome, &d) //nolint:errcheck // a read: shown as far as it decodes
	return d
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
	examined := w.passedCodes(re)
	for _, f := range re.findings {
		if f.Rectified && !f.DeletedAt.Valid {
			examined[f.Code] = true
		}
	}
	var open []string
	for _, c := range DerivedOf(&re.row).Detention.Codes {
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

// passedCodes are the codes of the items a re-inspection answered as
// passing, on every template it used.
func (w *Work) passedCodes(re *agg) map[string]bool {
	examined := map[string]bool{}
	for _, id := range re.templateIDs() {
		t, ok := w.s.Template(id)
		if !ok {
			continue
		}
		for _, it := range t.Items {
			if a, ok := re.answers[re.answerKey(id, it.ID)]; ok && a.Answer != "" && a.Answer != "na" &&
				a.Answer != string(it.FailWhen) {
				examined[string(it.Code)] = true
			}
		}
	}
	return examined
}
