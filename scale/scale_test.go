package scale_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/storage"
	tsync "github.com/tindal/tindal/sync"
)

// minRows is the size from which a table counts as grown: every table the
// history fills is far above it, every fixed table far below.
const minRows = 20_000

// TestNoSequentialScanAtStateScale runs the real push, pull, review queue,
// notices and jobs over a year of a state's history and fails on any
// sequential scan of a table that grew with it (issue 23: the push's
// penalty summary scanned every penalty, 92–95 ms at 1,000,000 instead of
// 0.15 ms).
func TestNoSequentialScanAtStateScale(t *testing.T) {
	if os.Getenv("TINDAL_SCALE") != "1" {
		t.Skip("writes a year of history: make test-scale (part of make test) sets TINDAL_SCALE=1")
	}
	log := &planLog{}
	db := autoExplainDB(t, log)
	ctx := context.Background()
	w := newWorld(t, db)
	history(t, db, w.jur, w.tpl)
	sizes := tableSizes(t, db)

	day := uuid.Must(uuid.NewV7())
	seen, allowed := map[string]bool{}, map[string]bool{}
	next := func(path string) { // reports the path that ended, as it ends
		log.mu.Lock()
		plans := log.plans
		log.mu.Unlock()
		for _, s := range seqScans(plans, sizes, minRows) {
			if k := s.path + s.table + s.query; !seen[k] {
				seen[k] = true
				served, err := indexServes(ctx, db, s)
				why := wholeRegister[s.path]
				switch {
				case err != nil:
					t.Errorf("%s (planned again without sequential scans: %v)", s, err)
				case served:
					t.Logf("the planner's choice at this size (an index serves it when scans are off): %s", s)
				case why != "":
					allowed[s.path] = true
					t.Logf("allowed, %s: %s", why, s)
				default:
					t.Errorf("%s", s)
				}
			}
		}
		log.record(path)
	}
	next("push")
	w.push(t, day)
	next("pull")
	w.pull(t)
	next("review queue")
	q, err := w.insp.ReviewQueue(ctx, w.supervisor, inspect.QueueFilter{}, "", 50)
	if err != nil || len(q.Items) == 0 {
		t.Fatalf("review queue: %v (%d items)", err, len(q.Items))
	}
	next("review")
	if _, err := w.insp.Reviewer(ctx, w.supervisor, day); err != nil {
		t.Fatalf("reviewer view: %v", err)
	}
	if _, err := w.insp.Review(ctx, w.supervisor, day, inspect.ReviewInput{Decision: "approve", OverrideReason: "scale test"}); err != nil {
		t.Fatalf("approve: %v", err)
	}
	next("notices")
	notices, _, err := w.insp.Penalties().ListNotices(ctx, w.supervisor, penalty.NoticeFilter{}, "", 50)
	if err != nil {
		t.Fatalf("notices: %v", err)
	}
	for _, n := range notices[:min(len(notices), 3)] {
		if _, err := w.insp.Penalties().GetNotice(ctx, w.supervisor, n.Notice.ID); err != nil {
			t.Fatalf("notice: %v", err)
		}
	}
	w.jobs(t, next)
	next("")
	for k := range wholeRegister {
		if !allowed[k] {
			t.Errorf("wholeRegister[%q] allowed scans that no longer happen: take it off", k)
		}
	}
	byPath := map[string]int{}
	for _, p := range log.plans {
		byPath[p.path]++
	}
	t.Logf("plans captured per path: %v", byPath)
	for _, path := range []string{"push", "pull", "review queue", "review", "notices", "jobs " + jobs.JobCertificateExpiry} {
		if byPath[path] == 0 {
			t.Errorf("no plan captured for %s: is auto_explain loaded?", path)
		}
	}
}

// world is the test's jurisdiction, with an inspector and a device, a
// supervisor and a vessel, and the services the paths run through.
type world struct {
	db         *storage.DB
	insp       *inspect.Service
	push_      *tsync.Engine
	jur, tpl   uuid.UUID
	vessel     uuid.UUID
	inspector  models.Scope
	supervisor models.Scope
	seq        int64
}

func newWorld(t *testing.T, db *storage.DB) *world {
	ctx := context.Background()
	w := &world{db: db, jur: uuid.New(), vessel: uuid.New()}
	w.insp = inspect.New(db, nil, nil)
	w.push_ = tsync.New(db, w.insp, nil, tsync.Options{})
	if _, err := w.insp.SeedTemplates(ctx); err != nil {
		t.Fatal(err)
	}
	w.tpl = checklist.TemplateID("ka-form2-annex", 1)
	owner, ins, sup, dev := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO jurisdictions (id, code, name, regime) VALUES (?, 'KARWAR', 'Karwar', 'KA-IV-2025')`, []any{w.jur}},
		{`INSERT INTO owners (id, kind, name, jurisdiction_id) VALUES (?, 'person', 'Owner', ?)`, []any{owner, w.jur}},
		{`INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power, power_unit, passengers, use, jurisdiction_id, owner_id)
			VALUES (?, 'KA-KAR-0001', 'Boat', 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20, 'passenger', ?, ?)`, []any{w.vessel, w.jur, owner}},
		{`INSERT INTO users (id, email, name, role, password_hash) VALUES (?, 'ins@scale.tindal', 'Ins', 'inspector', 'x'), (?, 'sup@scale.tindal', 'Sup', 'supervisor', 'x')`, []any{ins, sup}},
		{`INSERT INTO user_jurisdictions (id, user_id, jurisdiction_id, starts_on) VALUES (?, ?, ?, current_date - 400), (?, ?, ?, current_date - 400)`,
			[]any{uuid.New(), ins, w.jur, uuid.New(), sup, w.jur}},
		{`INSERT INTO devices (id, user_id, installation_id, registered_at) VALUES (?, ?, 'phone', now() - interval '365 days')`, []any{dev, ins}},
	} {
		if err := db.Gorm.Exec(q.sql, q.args...).Error; err != nil {
			t.Fatalf("%s: %v", q.sql, err)
		}
	}
	w.inspector = models.Scope{UserID: ins, DeviceID: dev, Role: models.RoleInspector, Access: models.AccessJurisdiction, Jurisdictions: []uuid.UUID{w.jur}}
	w.supervisor = models.Scope{UserID: sup, Role: models.RoleSupervisor, Access: models.AccessJurisdiction, Jurisdictions: []uuid.UUID{w.jur}}
	return w
}

func (w *world) mut(name string, base int64, at time.Time, args any) tsync.Mutation {
	w.seq++
	raw, _ := json.Marshal(args)
	ts := at.UTC().Format(time.RFC3339Nano)
	return tsync.Mutation{ID: uuid.Must(uuid.NewV7()), Seq: w.seq, Name: name, Version: 1, Args: raw, BaseVersion: &base, CapturedAt: &ts}
}

// push sends one offline day: start, every item answered, two findings,
// submit.
func (w *world) push(t *testing.T, id uuid.UUID) {
	tpl, ok := w.insp.Template(w.tpl)
	if !ok {
		t.Fatal("no template")
	}
	at := time.Now().Add(-4 * time.Hour)
	ms := []tsync.Mutation{w.mut("inspection.start", 0, at, map[string]any{"id": id, "vessel_id": w.vessel, "template_id": w.tpl, "kind": "routine"})}
	for i, it := range tpl.Items {
		ms = append(ms, w.mut("inspection.answer", 1, at.Add(time.Duration(i+1)*time.Second), map[string]any{"inspection_id": id, "item_id": it.ID, "answer": "no"}))
	}
	for _, c := range []string{"11004", "07003"} {
		ms = append(ms, w.mut("finding.record", 1, at.Add(time.Hour), map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "code": c, "note": "found"}))
	}
	ms = append(ms, w.mut("inspection.submit", 1, at.Add(2*time.Hour), map[string]any{"inspection_id": id}))
	res, err := w.push_.Push(context.Background(), w.inspector, tsync.PushRequest{AppVersion: "1.0.0", ProtocolVersion: 1, Mutations: ms})
	if err != nil {
		t.Fatalf("push: %v", err)
	}
	if last := res.Results[len(res.Results)-1]; last.Status != "applied" {
		t.Fatalf("push: %+v", last)
	}
}

// pull runs a first sync of the inspector to its end, then an
// incremental one.
func (w *world) pull(t *testing.T) {
	e, err := tsync.NewPullEngine(w.db, []byte("scale-test-cursor-key-of-32-bytes!!"), tsync.PullOptions{})
	if err != nil {
		t.Fatal(err)
	}
	v := tsync.Viewer{UserID: w.inspector.UserID, DeviceID: w.inspector.DeviceID, Role: models.RoleInspector, Jurisdictions: w.inspector.Jurisdictions,
		Access: func(op string) models.Access { a, _ := api.AccessFor(op, models.RoleInspector); return a }}
	cursor := ""
	for range 2 { // the first sync to its end, then an incremental pull
		for {
			p, err := e.Pull(context.Background(), v, tsync.PullRequest{Cursor: cursor, Limit: tsync.MaxPullLimit})
			if err != nil {
				t.Fatalf("pull: %v", err)
			}
			cursor = p.Cursor
			if !p.HasMore {
				break
			}
		}
	}
}

// wholeRegister are the jobs whose law makes them read the whole
// register every day, with the reason: the annual inspection is due for
// every vessel each year (Karnataka 2025, r.102(1)(n), r.109(2); Paradip
// 1967, r.11), so the job reads the fleet with each vessel's last
// inspection and owner in one pass, which no index can narrow. Which of
// the joined tables the planner reads whole may change with the
// statistics, so the list names the job; every other path and job must
// read grown tables through an index condition.
var wholeRegister = map[string]string{
	"jobs " + jobs.JobInspectionOverdue: "the annual inspection is due for every vessel of the fleet each year: " +
		"the job reads the fleet with each vessel's last inspection and its owner",
}

// jobs runs every scheduled job once, as the scheduler would today,
// each job recorded as a path of its own.
func (w *world) jobs(t *testing.T, next func(string)) {
	svc := jobs.New(jobs.Deps{DB: w.db, Outbox: notify.Outbox{Email: true}})
	// Not repeat-offences: the history's penalties are all first offences,
	// where the law doubles a repeat within a year, so it would rewrite a
	// million penalties (real work, not a query plan; its own benchmark is
	// left to do).
	names := []string{jobs.JobCertificateExpiry, jobs.JobInspectionOverdue, jobs.JobCoC2027,
		jobs.JobNotifyDispatch, jobs.JobHousekeeping, jobs.JobDetentionReport, jobs.JobFindingOverdue}
	for _, n := range names {
		next("jobs " + n)
		rec, err := svc.RunNow(context.Background(), n, time.Now())
		if err != nil {
			t.Fatalf("job %s: %v", n, err)
		}
		if rec.Outcome != "succeeded" {
			t.Errorf("job %s: %+v", n, rec)
		}
	}
}

// tableSizes reads every table's estimated rows after ANALYZE.
func tableSizes(t *testing.T, db *storage.DB) map[string]float64 {
	rows, err := db.Pool.Query(context.Background(), `SELECT relname, reltuples FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]float64{}
	var big []string
	for rows.Next() {
		var name string
		var n float32
		if err := rows.Scan(&name, &n); err != nil {
			t.Fatal(err)
		}
		out[name] = float64(n)
		if n >= minRows {
			big = append(big, fmt.Sprintf("%s %.0f", name, n))
		}
	}
	sort.Strings(big)
	t.Logf("grown tables: %v", big)
	return out
}
