package main

import (
	"context"
	"fmt"
	"io"
	stdsync "sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// verification is what the database and the object store hold of what
// the phones sent.
type verification struct {
	sent, applied, recorded  int // mutations: sent, recorded as applied, recorded at all
	duplicates               int // records and rows beyond what was sent
	days, inspections        int
	photos, verified, thumbs int // photos attached, verified, with thumbnails made
	objects                  int // stored originals that hash to the photo's SHA-256
	problems                 []string
	verifiedIDs              map[uuid.UUID]bool // the photos whose objects are checked
}

func (v *verification) problem(format string, args ...any) {
	v.problems = append(v.problems, fmt.Sprintf(format, args...))
}

// verify checks the database, then the stored objects, and prints it all.
func (s *soak) verify(ctx context.Context, out io.Writer) verification {
	devices := make([]string, len(s.push.phones))
	for i, cl := range s.push.phones {
		devices[i] = cl.device
	}
	v := verifyDays(ctx, s.pool, s.days, devices, s.c.soak.thumbWait)
	s.verifyObjects(ctx, &v)
	v.report(out)
	return v
}

// verifyDays checks, against the database, that every mutation of days is
// recorded once as applied and nothing else was recorded for devices; that
// each day is one submitted inspection with its answers, its findings and
// its photos and nothing more; and that every photo is verified with its
// thumbnails made, waiting up to thumbWait for the worker.
func verifyDays(
	ctx context.Context,
	pool *pgxpool.Pool,
	days []dayRecord,
	devices []string,
	thumbWait time.Duration,
) verification {
	var v verification
	v.days = len(days)
	for _, step := range []func(context.Context, *pgxpool.Pool, []dayRecord, []string, *verification) error{
		verifyMutations, verifyInspections, verifyFindings,
	} {
		if err := step(ctx, pool, days, devices, &v); err != nil {
			v.problem("verifier: %v", err)
		}
	}
	if err := verifyPhotos(ctx, pool, days, thumbWait, &v); err != nil {
		v.problem("verifier: %v", err)
	}
	return v
}

func verifyMutations(
	ctx context.Context,
	pool *pgxpool.Pool,
	days []dayRecord,
	devices []string,
	v *verification,
) error {
	var ids []uuid.UUID
	for _, d := range days {
		ids = append(ids, d.mutations...)
	}
	v.sent = len(ids)
	rows, err := pool.Query(ctx, "SELECT id, status FROM applied_mutations WHERE id = ANY($1)", ids)
	if err != nil {
		return fmt.Errorf("applied mutations: %w", err)
	}
	status := map[uuid.UUID]string{}
	var id uuid.UUID
	var st string
	if _, err := pgx.ForEachRow(rows, []any{&id, &st}, func() error { status[id] = st; return nil }); err != nil {
		return fmt.Errorf("applied mutations: %w", err)
	}
	v.recorded = len(status)
	for _, id := range ids {
		switch st, ok := status[id]; {
		case !ok:
			v.problem("mutation %s: sent, never recorded (lost)", id)
		case st != "applied":
			v.problem("mutation %s: recorded %s, not applied", id, st)
		default:
			v.applied++
		}
	}
	var all int
	err = pool.QueryRow(ctx, "SELECT count(*) FROM applied_mutations WHERE device_id::text = ANY($1)", devices).Scan(&all)
	if err != nil {
		return fmt.Errorf("the phones' records: %w", err)
	}
	if extra := all - len(status); extra > 0 {
		v.duplicates += extra
		v.problem("%d mutations recorded for the phones' devices that they never sent", extra)
	}
	return nil
}

func verifyInspections(ctx context.Context, pool *pgxpool.Pool, days []dayRecord, _ []string, v *verification) error {
	ids, perVessel := make([]uuid.UUID, len(days)), map[string]int{}
	for i, d := range days {
		ids[i] = d.inspection
		perVessel[d.vessel]++
	}
	rows, err := pool.Query(ctx, `SELECT i.id, i.status, (SELECT count(*) FROM inspection_answers a
		WHERE a.inspection_id = i.id) FROM inspections i WHERE i.id = ANY($1)`, ids)
	if err != nil {
		return fmt.Errorf("inspections: %w", err)
	}
	type got struct {
		status  string
		answers int
	}
	found := map[uuid.UUID]got{}
	var id uuid.UUID
	var g got
	if _, err := pgx.ForEachRow(
		rows,
		[]any{&id, &g.status, &g.answers},
		func() error { found[id] = g; return nil },
	); err != nil {
		return fmt.Errorf("inspections: %w", err)
	}
	v.inspections = len(found)
	for _, d := range days {
		switch g, ok := found[d.inspection]; {
		case !ok:
			v.problem("inspection %s: pushed, not in the database", d.inspection)
		case g.status != "submitted":
			v.problem("inspection %s: %s, not submitted", d.inspection, g.status)
		case g.answers != d.answers:
			v.problem("inspection %s: %d answers, %d items answered", d.inspection, g.answers, d.answers)
		}
	}
	vessels := make([]string, 0, len(perVessel))
	for k := range perVessel {
		vessels = append(vessels, k)
	}
	rows, err = pool.Query(ctx, "SELECT vessel_id::text, count(*) FROM inspections WHERE vessel_id::text = ANY($1) "+
		"GROUP BY 1", vessels)
	if err != nil {
		return fmt.Errorf("inspections per vessel: %w", err)
	}
	var vessel string
	var n int
	_, err = pgx.ForEachRow(rows, []any{&vessel, &n}, func() error {
		if n > perVessel[vessel] {
			v.duplicates += n - perVessel[vessel]
			v.problem("vessel %s: %d inspections, %d days pushed", vessel, n, perVessel[vessel])
		}
		return nil
	})
	return err
}

func verifyFindings(ctx context.Context, pool *pgxpool.Pool, days []dayRecord, _ []string, v *verification) error {
	var ids, inspections []uuid.UUID
	for _, d := range days {
		ids = append(ids, d.findings...)
		inspections = append(inspections, d.inspection)
	}
	rows, err := pool.Query(ctx, "SELECT id FROM findings WHERE id = ANY($1)", ids)
	if err != nil {
		return fmt.Errorf("findings: %w", err)
	}
	have, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return fmt.Errorf("findings: %w", err)
	}
	found := map[uuid.UUID]bool{}
	for _, id := range have {
		found[id] = true
	}
	for _, d := range days {
		for _, f := range d.findings {
			if !found[f] {
				v.problem("finding %s of inspection %s: pushed, not in the database", f, d.inspection)
			}
		}
	}
	rows, err = pool.Query(ctx, `SELECT inspection_id, code, count(*) FROM findings WHERE inspection_id = ANY($1)
		AND source = 'inspector' GROUP BY 1, 2 HAVING count(*) > 1`, inspections)
	if err != nil {
		return fmt.Errorf("duplicate findings: %w", err)
	}
	var insp uuid.UUID
	var code string
	var n int
	_, err = pgx.ForEachRow(rows, []any{&insp, &code, &n}, func() error {
		v.duplicates += n - 1
		v.problem("inspection %s: finding %s recorded %d times", insp, code, n)
		return nil
	})
	return err
}

// verifyPhotos waits (up to thumbWait) until no verified photo of the
// days is waiting for its thumbnails, then checks each is verified with
// thumbnails made, and that the inspections hold no other photos.
func verifyPhotos(
	ctx context.Context,
	pool *pgxpool.Pool,
	days []dayRecord,
	thumbWait time.Duration,
	v *verification,
) error {
	var ids, inspections []uuid.UUID
	for _, d := range days {
		inspections = append(inspections, d.inspection)
		for _, p := range d.photos {
			ids = append(ids, p.id)
		}
	}
	v.photos, v.verifiedIDs = len(ids), map[uuid.UUID]bool{}
	deadline := time.Now().Add(thumbWait)
	for {
		var waiting int
		err := pool.QueryRow(ctx, `SELECT count(*) FROM photos WHERE id = ANY($1) AND state = 'verified'
			AND thumb_state IN ('none', 'pending')`, ids).Scan(&waiting)
		if err != nil {
			return fmt.Errorf("photos waiting for thumbnails: %w", err)
		}
		if waiting == 0 || time.Now().After(deadline) {
			break
		}
		sleepUntil(ctx, time.Now().Add(2*time.Second))
	}
	rows, err := pool.Query(ctx, "SELECT id, state, thumb_state FROM photos WHERE id = ANY($1)", ids)
	if err != nil {
		return fmt.Errorf("photos: %w", err)
	}
	type got struct{ state, thumbs string }
	found := map[uuid.UUID]got{}
	var id uuid.UUID
	var g got
	if _, err := pgx.ForEachRow(
		rows,
		[]any{&id, &g.state, &g.thumbs},
		func() error { found[id] = g; return nil },
	); err != nil {
		return fmt.Errorf("photos: %w", err)
	}
	for _, id := range ids {
		switch g, ok := found[id]; {
		case !ok:
			v.problem("photo %s: attached, not in the database", id)
		case g.state != "verified":
			v.problem("photo %s: %s, not verified", id, g.state)
		case g.thumbs != "done":
			v.verified++
			v.verifiedIDs[id] = true
			v.problem("photo %s: verified, thumbnails %s after waiting %s", id, g.thumbs, thumbWait)
		default:
			v.verified++
			v.thumbs++
			v.verifiedIDs[id] = true
		}
	}
	var all int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM photos WHERE inspection_id = ANY($1)", inspections).
		Scan(&all); err != nil {
		return fmt.Errorf("photos of the inspections: %w", err)
	}
	if extra := all - len(found); extra > 0 {
		v.duplicates += extra
		v.problem("%d photos on the soak's inspections that no phone attached", extra)
	}
	return nil
}

// verifyObjects fetches every verified photo's original through the API
// (GET /v1/photos/{id}, then its signed URL) as the freshly logged-in
// admin (the phones' inspectors may be many, and their tokens old), and
// checks its SHA-256.
func (s *soak) verifyObjects(ctx context.Context, v *verification) {
	cl, err := s.admin(ctx)
	if err != nil {
		v.problem("objects: %v", err)
		return
	}
	work := make(chan photoRef)
	var mu stdsync.Mutex
	var wg stdsync.WaitGroup
	for range max(1, s.c.soak.objectWorkers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				err := cl.stored(ctx, p.id, p.sha)
				mu.Lock()
				if err != nil {
					v.problem("object: %v", err)
				} else {
					v.objects++
				}
				mu.Unlock()
			}
		}()
	}
	for _, d := range s.days {
		for _, p := range d.photos {
			if v.verifiedIDs[p.id] {
				work <- p
			}
		}
	}
	close(work)
	wg.Wait()
}

// report prints the counts and, when anything is wrong, the problems
// (the first 200, then how many more).
func (v verification) report(out io.Writer) {
	fmt.Fprintf(out, "## Verification (against the database and, through the API, the object store)\n\n")
	fmt.Fprintf(out, "| | count |\n|---|---|\n")
	for _, r := range []struct {
		name string
		n    int
	}{
		{"mutations sent", v.sent}, {"mutations recorded (applied_mutations)", v.recorded},
		{"mutations applied", v.applied}, {"duplicates (records or rows beyond what was sent)", v.duplicates},
		{"days pushed", v.days}, {"inspections in the database", v.inspections},
		{"photos attached", v.photos}, {"photos verified", v.verified},
		{"photos with thumbnails made", v.thumbs},
		{"originals of verified photos in the object store, hash checked", v.objects},
	} {
		fmt.Fprintf(out, "| %s | %d |\n", r.name, r.n)
	}
	fmt.Fprintf(out, "\n%d problems\n\n", len(v.problems))
	for i, p := range v.problems {
		if i == 200 {
			fmt.Fprintf(out, "- … and %d more\n", len(v.problems)-200)
			break
		}
		fmt.Fprintf(out, "- %s\n", p)
	}
	if len(v.problems) > 0 {
		fmt.Fprintln(out)
	}
}
