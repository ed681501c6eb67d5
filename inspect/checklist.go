package inspect

import (
	"context"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/storage"
)

// Template returns a template version by id (retired ones included: an
// inspection started with a version keeps it).
func (s *Service) Template(id uuid.UUID) (checklist.Template, bool) {
	t, ok := s.templates[id]
	return t, ok
}

// SeedTemplates writes every built-in template version that the database
// lacks (idempotent) and brings the fit, the retirement and the Kannada
// and Hindi texts of those it has up to date, logging each change as reference data for pull. serve and
// `tindal seed` call it; commands also write a template on first use.
func (s *Service) SeedTemplates(ctx context.Context) (int, error) {
	added := 0
	err := s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		for _, t := range checklist.Templates() {
			n, err := checklist.Insert(ctx, tx, t)
			if err != nil {
				return err
			}
			if n > 0 {
				added++
			} else if n, err = checklist.Refresh(ctx, tx, t); err != nil || n == 0 {
				if err != nil {
					return err
				}
				continue
			}
			tx.Changed(EntityTemplate, t.ID, storage.ScopeReference)
		}
		// The clearance templates are written on first use; those written
		// already take their texts as the others do.
		for _, t := range checklist.ClearanceTemplates() {
			n, err := checklist.Refresh(ctx, tx, t)
			if err != nil {
				return err
			}
			if n > 0 {
				tx.Changed(EntityTemplate, t.ID, storage.ScopeReference)
			}
		}
		return nil
	})
	return added, err
}
