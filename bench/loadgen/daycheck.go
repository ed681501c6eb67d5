package main

import (
	"context"
	"fmt"
	"strings"
	stdsync "sync"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// dayLedger is the days the phones pushed, to be found in the database
// afterwards.
type dayLedger struct {
	mu   stdsync.Mutex
	days []dayRecord
}

func (l *dayLedger) add(d day) {
	r := record(d)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.days = append(l.days, r)
}

// checkDays fails unless every day pushed is in the database exactly
// once, whole: each of its mutations recorded once, as applied
// (verifyMutations), its findings there and none twice (verifyFindings),
// and its inspection submitted with one live answer per item answered,
// its findings and its 6 photo records, and nothing more. The applied
// count alone (checkApplied) adds up over all days, so a day missing and
// another applied twice would cancel out there. Unlike the soak's
// verifyDays it does not count per vessel or per device (two runs on one
// database reuse both) and wants no photo bytes (the push alone sends
// none).
func checkDays(ctx context.Context, pool *pgxpool.Pool, l *dayLedger) error {
	if pool == nil {
		return nil
	}
	v := verification{days: len(l.days)}
	for _, step := range []func(context.Context, *pgxpool.Pool, []dayRecord, []string, *verification) error{
		verifyMutations, verifyFindings, verifyWhole,
	} {
		if err := step(ctx, pool, l.days, nil, &v); err != nil {
			return fmt.Errorf("check the days in the database: %w", err)
		}
	}
	if len(v.problems) > 0 {
		return fmt.Errorf("%d problems with the %d days pushed, in the database (first %d: %s): "+
			"the figures above count work that did not happen",
			len(v.problems), len(l.days), min(5, len(v.problems)), strings.Join(v.problems[:min(5, len(v.problems))], "; "))
	}
	return nil
}

// verifyWhole checks each day's inspection: submitted, its live answers
// one per item answered, its inspector findings and photo records as many
// as pushed.
func verifyWhole(ctx context.Context, pool *pgxpool.Pool, days []dayRecord, _ []string, v *verification) error {
	want := make(map[uuid.UUID]dayRecord, len(days))
	ids := make([]uuid.UUID, len(days))
	for i, d := range days {
		want[d.inspection], ids[i] = d, d.inspection
	}
	rows, err := pool.Query(ctx, `SELECT i.id, i.status,
			(SELECT count(*) FROM inspection_answers a WHERE a.inspection_id = i.id AND a.deleted_at IS NULL),
			(SELECT count(*) FROM findings f WHERE f.inspection_id = i.id AND f.source = 'inspector'),
			(SELECT count(*) FROM photos p WHERE p.inspection_id = i.id)
		FROM inspections i WHERE i.id = ANY($1)`, ids)
	if err != nil {
		return fmt.Errorf("inspections: %w", err)
	}
	var id uuid.UUID
	var status string
	var answers, findings, photos int
	found := 0
	_, err = pgx.ForEachRow(rows, []any{&id, &status, &answers, &findings, &photos}, func() error {
		found++
		d := want[id]
		if status != "submitted" || answers != d.answers || findings != len(d.findings) || photos != len(d.photos) {
			v.problem("inspection %s: %s, %d answers, %d findings, %d photos; pushed: submitted, %d, %d, %d",
				id, status, answers, findings, photos, d.answers, len(d.findings), len(d.photos))
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("inspections: %w", err)
	}
	v.inspections = found
	if found != len(days) {
		v.problem("%d of %d days' inspections are not in the database", len(days)-found, len(days))
	}
	return nil
}
