package inspect

import (
	"context"

	"github.com/google/uuid"

	"github.com/tindal/tindal/penalty"
)

// Penalties is the penalty service the commands charge through: notices,
// payments and appeals, with the same database, rules, clock and outbox.
func (s *Service) Penalties() *penalty.Service { return s.penalty }

// recomputeParties recomputes the penalty chains of every party the work
// touched: it locks their liable_parties rows in id order, once, after all
// inspection edits (docs/LAW.md §12), and writes penalties and adjustments — the
// only code that does.
func (w *Work) recomputeParties(ctx context.Context) error {
	if len(w.parties) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, 0, len(w.parties))
	for id := range w.parties {
		ids = append(ids, id)
	}
	w.parties = map[uuid.UUID]bool{}
	return penalty.RecomputeParties(ctx, w.tx, w.s.rules, w.s.outbox, ids)
}
