package report

import (
	"context"
	"testing"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// TestEveryChartReadsAnEmptyDatabase: each chart's queries run (for an
// admin and for an official of no jurisdiction) on a migrated database.
func TestEveryChartReadsAnEmptyDatabase(t *testing.T) {
	s := New(testkit.NewDB(t))
	today := rules.D(2026, 3, 15)
	f := Filter{Period: LastMonths(today, 6), Today: today}
	for _, sc := range []models.Scope{{Access: models.AccessAll}, {Access: models.AccessJurisdiction}} {
		for _, k := range Kinds {
			if _, err := s.Chart(context.Background(), sc, k, f, "en"); err != nil {
				t.Errorf("%s: %v", k, err)
			}
		}
	}
}
