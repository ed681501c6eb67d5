package sync_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	tsync "github.com/tindal/tindal/sync"
)

// offlineDay is one inspector's day: start, 40 answers (30 items, 10 of
// them changed later), 8 findings, 6 photo records (two of them of a
// finding), submit — 56 mutations, one push, as the load generator's day.
func (f *fixture) offlineDay(dev string, id uuid.UUID) []tsync.Mutation {
	return f.offlineDayOn(dev, id, f.vessel)
}

// dayStart is when an offline day's two hours of work start: 8 hours
// ago, or earlier when those hours would cross midnight in India. A day
// captured on two dates checks the inspector's assignment on each (the
// law's date is India's), one round trip more, which
// TestOfflineDayRoundTrips counted as a regression whenever it ran
// between 00:30 and 02:30 UTC.
func dayStart() time.Time {
	at := ago(8 * time.Hour)
	if end := at.Add(2 * time.Hour); rules.DateOf(end) != rules.DateOf(at) {
		at = rules.DateOf(end).Time().Add(-2*time.Hour - 5*time.Minute).UTC()
	}
	return at
}

// offlineDayOn is an offline day on the given vessel.
func (f *fixture) offlineDayOn(dev string, id, vessel uuid.UUID) []tsync.Mutation {
	t, _ := f.insp.Template(form2)
	at := dayStart()
	ms := []tsync.Mutation{f.start(dev, id, vessel, at)}
	for i := 0; i < 40; i++ {
		item := t.Items[i%len(t.Items)].ID
		ans := []string{"yes", "no"}[i%2]
		if i >= len(t.Items) {
			ans = "na"
		}
		ms = append(ms, f.answer(dev, id, item, ans, 1, at.Add(time.Duration(i+1)*time.Minute)))
	}
	codes := []string{"11004", "07003", "10008", "11002", "14001", "20001", "03007", "11006"}
	findings := make([]uuid.UUID, len(codes))
	for i, c := range codes {
		findings[i] = uuid.Must(uuid.NewV7())
		ms = append(ms, f.mut(dev, "finding.record", 1, at.Add(time.Duration(50+i)*time.Minute),
			map[string]any{"id": findings[i], "inspection_id": id, "code": c, "note": "found on board"}))
	}
	for i := 0; i < dayPhotos; i++ {
		args := map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "sha256": randomSHA(), "size": 250000, "content_type": "image/jpeg"}
		if i < 2 {
			args["finding_id"] = findings[i]
		}
		ms = append(ms, f.mut(dev, "photo.attach", 1, at.Add(time.Duration(60+i)*time.Minute), args))
	}
	return append(ms, f.mut(dev, "inspection.submit", 1, at.Add(2*time.Hour), map[string]any{"inspection_id": id}))
}

// dayPhotos is the photo records of an offline day.
const dayPhotos = 6

// randomSHA is a random hex SHA-256, as a photo's would be.
func randomSHA() string {
	u := uuid.New()
	sum := sha256.Sum256(u[:])
	return hex.EncodeToString(sum[:])
}

// fleet registers n vessels, each of its own owner (a state fleet is many
// small owners), in the fixture's jurisdiction.
func (f *fixture) fleet(n int) []uuid.UUID {
	out := make([]uuid.UUID, n)
	for i := range out {
		owner, v := uuid.New(), uuid.New()
		f.exec(`INSERT INTO owners (id, kind, name, jurisdiction_id) VALUES (?, 'person', 'Owner', ?)`, owner, f.jur)
		f.exec(`INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power, power_unit, passengers, use, jurisdiction_id, owner_id)
			VALUES (?, ?, 'Boat', 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20, 'passenger', ?, ?)`, v, fmt.Sprintf("KA-KAR-B%05d", i), f.jur, owner)
		out[i] = v
	}
	return out
}

// BenchmarkPushOfflineDay applies one offline day per iteration through the
// whole push path (device lease, savepoints, stamps, recompute, chains,
// change log), each day on a boat of its own owner, so the cost of an
// iteration does not grow with b.N. Compare with the BenchmarkRawBaseline*:
//
//	go test ./sync -run '^$' -bench 'OfflineDay|RawBaseline' -benchtime 50x
func BenchmarkPushOfflineDay(b *testing.B) {
	f := newFixture(b)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	boats := f.fleet(b.N)
	days := make([][]tsync.Mutation, b.N)
	for i := range days {
		days[i] = f.offlineDayOn("d1", uuid.Must(uuid.NewV7()), boats[i])
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pushDay(b, f, days[i])
	}
	b.StopTimer()
	wantDays(b, f, b.N)
}

// BenchmarkPushOfflineDayOwnerHistory is the same day for an owner who has
// already been charged for every earlier day: the owner's penalty chain is
// recomputed from its whole history at each push (docs/LAW.md §12), so this one
// grows with the owner's record; -benchtime 200x means 200 days of one
// boat.
func BenchmarkPushOfflineDayOwnerHistory(b *testing.B) {
	f := newFixture(b)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	days := make([][]tsync.Mutation, b.N)
	for i := range days {
		days[i] = f.offlineDay("d1", uuid.Must(uuid.NewV7()))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pushDay(b, f, days[i])
	}
	b.StopTimer()
	wantDays(b, f, b.N)
}

func pushDay(b *testing.B, f *fixture, day []tsync.Mutation) {
	res := f.push("d1", day...)
	if last := res.Results[len(res.Results)-1]; last.Status != "applied" {
		b.Fatalf("push: %+v", last)
	}
}

// BenchmarkRawBaseline writes the same domain rows with pgx directly, one
// statement each, in one transaction: the floor the push is measured
// against. BenchmarkRawBaselineBatched sends them as one pgx.Batch, and
// BenchmarkRawBaselineAllRows also writes what the push must write besides
// the domain rows (an exactly-once record per mutation with its outcome,
// the change log and the audit log), batched: the floor of a hand-written
// writer with the same guarantees.
func BenchmarkRawBaseline(b *testing.B) { rawBaseline(b, rawOneByOne) }

// BenchmarkRawBaselineBatched: the domain rows in one pgx.Batch.
func BenchmarkRawBaselineBatched(b *testing.B) { rawBaseline(b, rawBatched) }

// BenchmarkRawBaselineAllRows: every row the push writes, in one pgx.Batch.
func BenchmarkRawBaselineAllRows(b *testing.B) { rawBaseline(b, rawAllRows) }

type rawMode int

const (
	rawOneByOne rawMode = iota
	rawBatched
	rawAllRows
)

func rawBaseline(b *testing.B, mode rawMode) {
	f := newFixture(b)
	uid := f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	dev := f.device("d1", "ins")
	if _, err := f.insp.SeedTemplates(context.Background()); err != nil {
		b.Fatal(err)
	}
	t, _ := f.insp.Template(form2)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rawTx(b, f, rawDay(f, t, uid, dev, mode), mode)
	}
	b.StopTimer()
	wantDays(b, f, b.N)
}

// wantDays fails the benchmark unless it wrote n submitted inspections
// with their answers and findings: a benchmark whose writes silently went
// nowhere (a statement that no longer matches the schema, a batch never
// sent) must not print a figure (make bench-smoke relies on it).
func wantDays(b *testing.B, f *fixture, n int) {
	b.Helper()
	var got struct{ Days, Answers, Findings int }
	must(b, f.db.Gorm.Raw(`SELECT (SELECT count(*) FROM inspections WHERE status = 'submitted') AS days,
		(SELECT count(DISTINCT inspection_id) FROM inspection_answers) AS answers,
		(SELECT count(DISTINCT inspection_id) FROM findings) AS findings`).Scan(&got).Error)
	if got.Days != n || got.Answers != n || got.Findings != n {
		b.Fatalf("wrote %+v inspections (submitted, with answers, with findings), want %d of each", got, n)
	}
}

// rawTx runs one day's batch in a transaction. The deferred rollback
// matters: a failed statement ends the benchmark with b.Fatal, and an open
// transaction would then hold its pooled connection forever, so the
// database's cleanup (which closes the pool) would wait for ever; a
// benchmark is not bounded by -test.timeout's panic in every phase.
func rawTx(b *testing.B, f *fixture, batch *pgx.Batch, mode rawMode) {
	ctx := context.Background()
	tx, err := f.db.Pool.Begin(ctx)
	must(b, err)
	defer func() { _ = tx.Rollback(ctx) }() // a no-op after Commit
	if mode == rawOneByOne {
		for _, q := range batch.QueuedQueries {
			_, err = tx.Exec(ctx, q.SQL, q.Arguments...)
			must(b, err)
		}
	} else {
		must(b, tx.SendBatch(ctx, batch).Close())
	}
	must(b, tx.Commit(ctx))
}

// rawDay queues one offline day's rows: the inspection, 40 answers (30
// items, 10 answered again), 8 findings, 6 photos, the submit; with rawAllRows also
// 56 applied_mutations rows with an outcome, 3 change-log rows (jurisdiction,
// owner, inspector scopes) per entity and an audit row per entity, and
// the rows the rules derive (13 findings, a liable party, 5 offences and 5
// penalties, the inspection's outcome) and the device's last push.
func rawDay(f *fixture, t checklist.Template, uid, dev uuid.UUID, mode rawMode) *pgx.Batch {
	batch := &pgx.Batch{}
	id := uuid.Must(uuid.NewV7())
	now := time.Now()
	entities := []uuid.UUID{id}
	batch.Queue(`INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id, rule_set_id, kind, started_at)
		VALUES ($1, $2, $3, $4, $5, $6, 'KA-IV-2025-draft.1', 'routine', $7)`, id, f.vessel, uid, f.jur, f.owner, form2, now)
	for j := 0; j < 40; j++ {
		item := t.Items[j%len(t.Items)].ID
		aid := inspect.AnswerID(id, item)
		batch.Queue(`INSERT INTO inspection_answers (id, inspection_id, template_id, item_id, answer, stamp_version, stamp_time, jurisdiction_id, owner_id, inspector_id)
			VALUES ($1, $2, $3, $4, 'no', 1, $5, $6, $7, $8) ON CONFLICT (inspection_id, template_id, item_id) WHERE deleted_at IS NULL DO UPDATE SET answer = 'na'`,
			aid, id, form2, item, now, f.jur, f.owner, uid)
		if j < len(t.Items) {
			entities = append(entities, aid)
		}
	}
	var findings []uuid.UUID
	for j := 0; j < 8; j++ {
		fid := uuid.Must(uuid.NewV7())
		batch.Queue(`INSERT INTO findings (id, inspection_id, code, source, jurisdiction_id, owner_id, inspector_id) VALUES ($1, $2, '11004', 'inspector', $3, $4, $5)`,
			fid, id, f.jur, f.owner, uid)
		entities = append(entities, fid)
		findings = append(findings, fid)
	}
	for j := 0; j < dayPhotos; j++ {
		pid := uuid.Must(uuid.NewV7())
		var fid *uuid.UUID
		if j < 2 {
			fid = &findings[j]
		}
		batch.Queue(`INSERT INTO photos (id, inspection_id, finding_id, sha256, size, content_type, state, uploaded_by, stamps, jurisdiction_id, owner_id, inspector_id)
			VALUES ($1, $2, $3, $4, 250000, 'image/jpeg', 'pending_upload', $5, '{}', $6, $7, $5)`, pid, id, fid, randomSHA(), uid, f.jur, f.owner)
		entities = append(entities, pid)
	}
	batch.Queue(`UPDATE inspections SET status = 'submitted', submitted_at = now() WHERE id = $1`, id)
	if mode != rawAllRows {
		return batch
	}
	// What the rules derive from the day: findings from the checklist
	// answers, the owner as liable party, its offences and penalties, the
	// inspection's outcome (the push computes these; the baseline only
	// writes rows of the same shape and number).
	for j := 0; j < 13; j++ {
		fid := uuid.Must(uuid.NewV7())
		batch.Queue(`INSERT INTO findings (id, inspection_id, code, source, sources, action, due_kind, jurisdiction_id, owner_id, inspector_id)
			VALUES ($1, $2, '07003', 'checklist', '["checklist"]', '17', 'before_sailing', $3, $4, $5)`, fid, id, f.jur, f.owner, uid)
		entities = append(entities, fid)
	}
	party := uuid.NewSHA1(uuid.NameSpaceOID, f.owner[:])
	batch.Queue(`INSERT INTO liable_parties (id, kind, ref, owner_id) VALUES ($1, 'owner', $2, $3) ON CONFLICT (kind, ref) DO NOTHING`, party, f.owner.String(), f.owner)
	for j := 0; j < 5; j++ {
		oid, pid := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
		batch.Queue(`INSERT INTO offences (id, party_id, penalty_row, inspection_id, vessel_id, occurred_at, rule_set_id, jurisdiction_id, owner_id, inspector_id)
			VALUES ($1, (SELECT id FROM liable_parties WHERE kind = 'owner' AND ref = $2), 'KA-F01', $3, $4, $5, 'KA-IV-2025-draft.1', $6, $7, $8)`,
			oid, f.owner.String(), id, f.vessel, now, f.jur, f.owner, uid)
		batch.Queue(`INSERT INTO penalties (id, offence_id, party_id, inspection_id, penalty_row, level, unit_amount, amount, rule_set_id, jurisdiction_id, owner_id, inspector_id)
			SELECT $1, $2, party_id, $3, 'KA-F01', 1, 5000, 5000, 'KA-IV-2025-draft.1', $4, $5, $6 FROM offences WHERE id = $2`, pid, oid, id, f.jur, f.owner, uid)
		entities = append(entities, oid, pid)
	}
	batch.Queue(`UPDATE inspections SET detention_proposed = true, evidence_total = 6, outcome = $2 WHERE id = $1`, id,
		`{"rule_set":"KA-IV-2025-draft.1","deficiencies":13,"detention":{"proposed":true,"codes":["07003"]},"penalties":[{"row":"KA-F01","amount":5000}]}`)
	batch.Queue(`UPDATE devices SET last_push_at = now(), last_seen_at = now(), last_push_seq = $2 WHERE id = $1`, dev, 50+dayPhotos)
	outcome := fmt.Sprintf(`{"status":"applied","aggregate":{"type":"inspection","id":%q,"version":12},"captured_at":%q,"written":[{"type":"inspection_answer","id":%q,"version":1}]}`,
		id, now.Format(time.RFC3339Nano), uuid.New())
	for j := 0; j < 50+dayPhotos; j++ {
		batch.Queue(`INSERT INTO applied_mutations (id, device_id, user_id, seq, name, aggregate_id, request_hash, status, outcome)
			VALUES ($1, $2, $3, $4, 'inspection.answer', $5, $6, 'applied', $7)`, uuid.Must(uuid.NewV7()), dev, uid, j+1, id, make([]byte, 32), outcome)
	}
	for _, e := range entities {
		batch.Queue(`INSERT INTO audit_log (actor_id, device_id, action, entity_type, entity_id, after) VALUES ($1, $2, 'inspection.answer', 'inspection_answer', $3, '{"answer":"no","note":""}')`,
			uid, dev, e)
	}
	keys := []string{"j:" + f.jur.String(), "o:" + f.owner.String(), "u:" + uid.String()}
	for _, e := range entities {
		for _, k := range keys {
			batch.Queue(`INSERT INTO change_log (entity_type, entity_id, scope_key) VALUES ('inspection_answer', $1, $2)`, e, k)
		}
	}
	return batch
}

func must(b *testing.B, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}
