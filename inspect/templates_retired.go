package inspect

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
)

// DefaultRetiredGrace is how long after its retirement a template version
// is still accepted for new inspections (TINDAL_TEMPLATE_GRACE_DAYS): long
// enough for a phone that works offline for weeks to bring back what it
// started with the version it had.
const DefaultRetiredGrace = 30 * 24 * time.Hour

// CodeTemplateRetired is the code of a start refused because it uses a
// template version retired longer than the grace before the start.
const CodeTemplateRetired = "template_retired"

// WithRetiredGrace sets how long after its retirement a template version
// is still accepted for inspections started with it (DefaultRetiredGrace
// without it; 0 refuses every start after the retirement).
func WithRetiredGrace(d time.Duration) Option { return func(s *Service) { s.retiredGrace = d } }

// checkRetired refuses a version retired at retired for an inspection
// started at (the corrected capture time) once the grace after the
// retirement is over. An offline phone that started with the version it
// had keeps its work; one that never pulls stops producing the wrong
// fines of a corrected version (ka-form2-annex v1 fined every
// zone under the Zone-1 r.46 codes).
func (w *Work) checkRetired(ctx context.Context, field string, t checklist.Template, retired, at time.Time) error {
	until := retired.Add(w.s.retiredGrace)
	if at.Before(until) {
		return nil
	}
	use, err := w.successorOf(ctx, t)
	if err != nil {
		return err
	}
	msg := fmt.Sprintf(
		"template %s version %d was retired at %s and is accepted only for "+
			"inspections started before %s; this one started at %s: %s",
		t.Key,
		t.Version,
		retired.UTC().Format(time.RFC3339),
		until.UTC().Format(time.RFC3339),
		at.UTC().Format(time.RFC3339),
		use,
	)
	return models.Refused(field, CodeTemplateRetired, "%s", msg)
}

// successorOf says what to start with instead of a retired version: the
// current version of its key as the database has it (else as this
// server's code has it), or the keys that replaced a retired key.
func (w *Work) successorOf(ctx context.Context, t checklist.Template) (string, error) {
	var current []int
	err := w.tx.DB.WithContext(ctx).Raw(`SELECT template_version FROM checklist_templates
		WHERE key = ? AND retired_at IS NULL AND deleted_at IS NULL
		ORDER BY template_version DESC LIMIT 1`, t.Key).Scan(&current).Error
	if err != nil {
		return "", fmt.Errorf("look up current template: %w", err)
	}
	for _, c := range checklist.Templates() {
		if c.Key == t.Key && !c.Retired {
			current = append(current, c.Version)
		}
	}
	switch {
	case len(current) > 0:
		return fmt.Sprintf("pull and start with %s version %d", t.Key, current[0]), nil
	case len(checklist.ReplacedBy(t.Key)) > 0:
		return fmt.Sprintf(
			"pull and start with %s instead, whichever fits the vessel",
			strings.Join(checklist.ReplacedBy(t.Key), " or "),
		), nil
	}
	return "pull and start with a current template", nil
}
