package main

import (
	"context"
	"strings"
	"testing"
)

// TestCheckDaysFailsWhenADayIsNotThereOnceWhole: the load generator's
// check after a push run passes on a database holding exactly the days,
// and fails, naming them, when a mutation was not recorded, an answer is
// missing, or a day's inspection is not there; the total of applied
// mutations (checkApplied) cannot see a lost day made up by another one
// twice.
func TestCheckDaysFailsWhenADayIsNotThereOnceWhole(t *testing.T) {
	f := newSoakFixture(t)
	ctx := context.Background()
	l := &dayLedger{days: f.days}
	if err := checkDays(ctx, f.db.Pool, l); err != nil {
		t.Fatalf("on a database holding exactly the days: %v", err)
	}
	d := f.days[1]
	f.exec(t, "DELETE FROM applied_mutations WHERE id = $1", d.mutations[9])
	f.exec(t, "UPDATE inspection_answers SET deleted_at = now() WHERE id = (SELECT id FROM inspection_answers "+
		"WHERE inspection_id = $1 LIMIT 1)", d.inspection)
	err := checkDays(ctx, f.db.Pool, l)
	if err == nil {
		t.Fatal("a lost mutation and a lost answer passed")
	}
	for _, want := range []string{"mutation " + d.mutations[9].String() + ": sent, never recorded (lost)",
		"inspection " + d.inspection.String() + ": submitted, 29 answers"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q: %v", want, err)
		}
	}
	f.exec(t, "UPDATE inspections SET status = 'draft' WHERE id = $1", f.days[2].inspection)
	if err := checkDays(ctx, f.db.Pool, &dayLedger{days: f.days[2:]}); err == nil ||
		!strings.Contains(err.Error(), "draft") {
		t.Errorf("a day left in draft: %v", err)
	}
}
