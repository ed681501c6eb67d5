package sync_test

import (
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
)

// The batched path (answers and new findings written at the end of the
// chunk, their exactly-once records with them) must give the same results
// and rows as the unbatched one, and fall back to it when a deferred write
// is refused.

// A finding id already used by another inspection's finding is refused by
// the finding's primary key only when the deferred rows are written; the
// chunk is rerun unbatched, the one mutation is rejected (id_taken, kept in
// quarantine) and every other mutation of the chunk applies exactly once.
func TestBatchedChunkFallsBackOnTakenFindingID(t *testing.T) {
	f := newFixture(t)
	reg := prometheus.NewRegistry()
	f.eng = tsync.New(f.db, f.insp, nil, tsync.Options{Metrics: reg})
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	first, second := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	taken := uuid.Must(uuid.NewV7())
	tpl, _ := f.insp.Template(form2)
	wantStatuses(t, f.push("d1", f.start("d1", first, f.vessel, ago(3*time.Hour)),
		f.mut("d1", "finding.record", 1, ago(3*time.Hour), map[string]any{"id": taken, "inspection_id": first, "code": "11004"})),
		"applied", "applied")

	ms := []tsync.Mutation{f.start("d1", second, f.vessel, ago(2*time.Hour))}
	for i := 0; i < 5; i++ {
		ms = append(ms, f.answer("d1", second, tpl.Items[i].ID, "yes", 1, ago(2*time.Hour)))
	}
	ms = append(ms, f.mut("d1", "finding.record", 1, ago(time.Hour), map[string]any{"id": taken, "inspection_id": second, "code": "11004"}))
	ms = append(ms, f.answer("d1", second, tpl.Items[5].ID, "no", 1, ago(time.Hour)))
	res := f.push("d1", ms...)
	wantStatuses(t, res, "applied", "applied", "applied", "applied", "applied", "applied", "rejected:id_taken", "applied")

	if got := counter(t, reg, "tindal_push_chunk_reruns_total"); got != 1 {
		t.Fatalf("reruns = %v, want 1 (the batched attempt refused, the unbatched one applied)", got)
	}
	if n := f.count("SELECT count(*) FROM inspection_answers WHERE inspection_id = ?", second); n != 6 {
		t.Fatalf("answers of the second inspection = %d, want 6", n)
	}
	if n := f.count("SELECT count(*) FROM findings WHERE id = ? AND inspection_id = ?", taken, first); n != 1 {
		t.Fatalf("the taken finding moved or vanished")
	}
	if n := f.count("SELECT count(*) FROM applied_mutations WHERE device_id = ?", f.devices["d1"]); n != int64(2+len(ms)) {
		t.Fatalf("applied_mutations rows = %d, want %d (one per mutation, the rejection included)", n, 2+len(ms))
	}
	// Resending the whole push replays every stored result.
	again := f.push("d1", ms...)
	for i, r := range again.Results {
		if r.Status != "replayed" && !(i == 6 && r.Status == "rejected") {
			t.Fatalf("resend %d: %s, want replayed", i, r.Status)
		}
	}
}

func counter(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name {
			return mf.GetMetric()[0].GetCounter().GetValue()
		}
	}
	t.Fatalf("metric %s not registered", name)
	return 0
}

// chunks counts the chunk transactions the engine observed.
func chunks(t *testing.T, reg *prometheus.Registry) uint64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == "tindal_push_chunk_duration_seconds" {
			return mf.GetMetric()[0].GetHistogram().GetSampleCount()
		}
	}
	t.Fatal("no chunk histogram")
	return 0
}

// The same answer mutation pushed at once from ten devices of one user
// (a restored backup, docs/SYNC.md §2): the batched records collide at
// commit, the losers rerun unbatched and replay; the answer is written once.
func TestConcurrentSameAnswerAppliesOnce(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	devs := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	for _, d := range devs {
		f.device(d, "ins")
	}
	insp := uuid.Must(uuid.NewV7())
	wantStatuses(t, f.push("a", f.start("a", insp, f.vessel, ago(2*time.Hour))), "applied")
	tpl, _ := f.insp.Template(form2)
	m := f.answer("a", insp, tpl.Items[0].ID, "no", 1, ago(time.Hour))
	pushOnceFromEach(t, f, devs, m)
	if n := f.count("SELECT count(*) FROM applied_mutations WHERE id = ?", m.ID); n != 1 {
		t.Fatalf("records of the mutation = %d, want 1", n)
	}
	if n := f.count("SELECT version FROM inspection_answers WHERE inspection_id = ?", insp); n != 1 {
		t.Fatalf("answer version = %d, want 1 (written once)", n)
	}
}

// An answer edited twice and a finding recorded then edited in one chunk,
// then a photo record (batched too) and a rejected
// mutation in between whose savepoint rollback must not take the pending
// rows with it: the stored rows are the in-memory ones.
func TestBatchedChunkPendingRowsSurviveARollback(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	insp, fid := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	tpl, _ := f.insp.Template(form2)
	item := tpl.Items[0].ID
	at := ago(3 * time.Hour)
	note := "rust on the hull"
	res := f.push("d1",
		f.start("d1", insp, f.vessel, at),
		f.answer("d1", insp, item, "yes", 1, at.Add(time.Minute)),
		f.mut("d1", "finding.record", 1, at.Add(2*time.Minute), map[string]any{"id": fid, "inspection_id": insp, "code": "11004"}),
		// a photo record, pending like the rows before it, is refused
		// (no such finding): its rollback must keep the earlier pending
		// rows.
		f.mut("d1", "photo.attach", 1, at.Add(3*time.Minute), map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": insp,
			"finding_id": uuid.New(), "sha256": strings.Repeat("ab", 32), "size": 1000, "content_type": "image/jpeg"}),
		f.answer("d1", insp, item, "no", 1, at.Add(4*time.Minute)),
		f.mut("d1", "finding.record", 1, at.Add(5*time.Minute), map[string]any{"id": fid, "inspection_id": insp, "code": "11004", "note": note}),
	)
	wantStatuses(t, res, "applied", "applied", "applied", "rejected:validation_failed", "applied", "applied")
	var ans struct {
		Answer  string
		Version int64
	}
	if err := f.db.Gorm.Raw("SELECT answer, version FROM inspection_answers WHERE inspection_id = ? AND item_id = ?", insp, item).Scan(&ans).Error; err != nil {
		t.Fatal(err)
	}
	if ans.Answer != "no" || ans.Version != 2 {
		t.Fatalf("answer = %+v, want no at version 2", ans)
	}
	var gotNote string
	if err := f.db.Gorm.Raw("SELECT note FROM findings WHERE id = ?", fid).Scan(&gotNote).Error; err != nil {
		t.Fatal(err)
	}
	if gotNote != note {
		t.Fatalf("finding note = %q, want %q", gotNote, note)
	}
	if n := f.count("SELECT count(*) FROM applied_mutations WHERE device_id = ?", f.devices["d1"]); n != 6 {
		t.Fatalf("records = %d, want 6", n)
	}
}

// A batched chunk holds a whole offline day (up to BatchedChunkSize
// mutations, at most ChunkSize of them taking a savepoint); when a
// deferred write of one larger than ChunkSize is refused, the push reruns
// those mutations as unbatched chunks of at most ChunkSize, in order.
func TestLargeBatchedChunkSplitsWhenRerun(t *testing.T) {
	f := newFixture(t)
	reg := prometheus.NewRegistry()
	f.eng = tsync.New(f.db, f.insp, nil, tsync.Options{Metrics: reg})
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	first, second, taken := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	tpl, _ := f.insp.Template(form2)
	wantStatuses(t, f.push("d1", f.start("d1", first, f.vessel, ago(3*time.Hour)),
		f.mut("d1", "finding.record", 1, ago(3*time.Hour), map[string]any{"id": taken, "inspection_id": first, "code": "11004"})),
		"applied", "applied")
	at := ago(2 * time.Hour)
	ms := []tsync.Mutation{f.start("d1", second, f.vessel, at)}
	want := []string{"applied"}
	for i := 0; i < 60; i++ {
		ms = append(ms, f.answer("d1", second, tpl.Items[i%len(tpl.Items)].ID, []string{"yes", "no"}[i%2], 1, at.Add(time.Duration(i+1)*time.Second)))
		want = append(want, "applied")
	}
	ms = append(ms, f.mut("d1", "finding.record", 1, at.Add(time.Minute*2), map[string]any{"id": taken, "inspection_id": second, "code": "11004"}),
		f.mut("d1", "inspection.submit", 1, at.Add(time.Hour), map[string]any{"inspection_id": second}))
	want = append(want, "rejected:id_taken", "applied")
	wantStatuses(t, f.push("d1", ms...), want...)
	if got := counter(t, reg, "tindal_push_chunk_reruns_total"); got != 1 {
		t.Fatalf("reruns = %v, want 1", got)
	}
	// Chunks: the first push's one, then the batched attempt over all 63,
	// then the unbatched 50 and 13.
	if got := chunks(t, reg); got != 4 {
		t.Fatalf("chunk transactions observed = %d, want 4", got)
	}
	var ans []struct {
		ItemID string
		Answer string
	}
	if err := f.db.Gorm.Raw("SELECT item_id, answer FROM inspection_answers WHERE inspection_id = ? ORDER BY item_id", second).Scan(&ans).Error; err != nil {
		t.Fatal(err)
	}
	if len(ans) != min(60, len(tpl.Items)) {
		t.Fatalf("answers = %d, want %d", len(ans), min(60, len(tpl.Items)))
	}
	last := map[string]string{} // the answer of each item's latest mutation
	for i := 0; i < 60; i++ {
		last[tpl.Items[i%len(tpl.Items)].ID] = []string{"yes", "no"}[i%2]
	}
	for _, a := range ans {
		if a.Answer != last[a.ItemID] {
			t.Fatalf("item %s = %q, want %q (seq order kept across the split)", a.ItemID, a.Answer, last[a.ItemID])
		}
	}
	if n := f.count("SELECT count(*) FROM applied_mutations WHERE device_id = ?", f.devices["d1"]); n != int64(2+len(ms)) {
		t.Fatalf("records = %d, want %d", n, 2+len(ms))
	}
}

// pushOnceFromEach pushes the same mutation from every device at once: it
// is applied exactly once, and every other push replays it or is told to
// retry.
func pushOnceFromEach(t *testing.T, f *fixture, devs []string, m tsync.Mutation) {
	t.Helper()
	var wg stdsync.WaitGroup
	var mu stdsync.Mutex
	counts := map[string]int{}
	for _, d := range devs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := f.pushErr(d, nil, m)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Errorf("push from %s: %v", d, err)
				return
			}
			counts[res.Results[0].Status]++
		}()
	}
	wg.Wait()
	if counts["applied"] != 1 || counts["applied"]+counts["replayed"]+counts["retry"] != len(devs) {
		t.Fatalf("results %v: want exactly one applied, the rest replayed or retry", counts)
	}
}

// Photo records are batched like answers and findings: in one chunk they
// take no round trip of their own, and a bad one fails alone. One names
// a finding the inspection does not have (refused in memory: rejected,
// the others apply in the same batched attempt); one reuses the id of
// another inspection's photo (refused by the primary key when the
// pending rows are written: the chunk is rerun unbatched and that one
// alone is rejected id_taken). Each applied photo is written once,
// counted as evidence, and its finding link kept.
func TestBatchedPhotoAttachFailsAlone(t *testing.T) {
	f := newFixture(t)
	reg := prometheus.NewRegistry()
	f.eng = tsync.New(f.db, f.insp, nil, tsync.Options{Metrics: reg})
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	first, second := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	taken := uuid.Must(uuid.NewV7())
	attach := func(insp, id uuid.UUID, finding *uuid.UUID, at time.Time) tsync.Mutation {
		args := map[string]any{"id": id, "inspection_id": insp, "sha256": randomSHA(), "size": 1000, "content_type": "image/jpeg"}
		if finding != nil {
			args["finding_id"] = *finding
		}
		return f.mut("d1", "photo.attach", 1, at, args)
	}
	wantStatuses(t, f.push("d1", f.start("d1", first, f.vessel, ago(3*time.Hour)), attach(first, taken, nil, ago(3*time.Hour))),
		"applied", "applied")

	at := ago(2 * time.Hour)
	fid, unknown := uuid.Must(uuid.NewV7()), uuid.New()
	ms := []tsync.Mutation{
		f.start("d1", second, f.vessel, at),
		f.mut("d1", "finding.record", 1, at, map[string]any{"id": fid, "inspection_id": second, "code": "11004"}),
		attach(second, uuid.Must(uuid.NewV7()), &fid, at.Add(time.Minute)),
		attach(second, uuid.Must(uuid.NewV7()), &unknown, at.Add(2*time.Minute)),
		attach(second, uuid.Must(uuid.NewV7()), nil, at.Add(3*time.Minute)),
	}
	res := f.push("d1", ms...)
	wantStatuses(t, res, "applied", "applied", "applied", "rejected:validation_failed", "applied")
	if got := counter(t, reg, "tindal_push_chunk_reruns_total"); got != 0 {
		t.Fatalf("reruns = %v, want 0 (a photo refused in memory fails alone in the batch)", got)
	}
	if n := f.count("SELECT count(*) FROM photos WHERE inspection_id = ? AND finding_id = ?", second, fid); n != 1 {
		t.Fatalf("photos of the finding = %d, want 1", n)
	}
	if n := f.count("SELECT count(*) FROM photos WHERE inspection_id = ?", second); n != 2 {
		t.Fatalf("photos = %d, want 2", n)
	}
	if n := f.count("SELECT evidence_total FROM inspections WHERE id = ?", second); n != 2 {
		t.Fatalf("evidence_total = %d, want 2 (the batched photos counted)", n)
	}

	ms = []tsync.Mutation{
		attach(second, uuid.Must(uuid.NewV7()), nil, at.Add(4*time.Minute)),
		attach(second, taken, nil, at.Add(5*time.Minute)),
		attach(second, uuid.Must(uuid.NewV7()), &fid, at.Add(6*time.Minute)),
	}
	wantStatuses(t, f.push("d1", ms...), "applied", "rejected:id_taken", "applied")
	if got := counter(t, reg, "tindal_push_chunk_reruns_total"); got != 1 {
		t.Fatalf("reruns = %v, want 1 (the taken photo id refused when written)", got)
	}
	if n := f.count("SELECT count(*) FROM photos WHERE id = ? AND inspection_id = ?", taken, first); n != 1 {
		t.Fatalf("the taken photo moved or vanished")
	}
	if n := f.count("SELECT evidence_total FROM inspections WHERE id = ?", second); n != 4 {
		t.Fatalf("evidence_total = %d, want 4", n)
	}
	if n := f.count("SELECT count(*) FROM applied_mutations WHERE device_id = ?", f.devices["d1"]); n != 10 {
		t.Fatalf("records = %d, want 10 (one per mutation, the rejections included)", n)
	}
	again := f.push("d1", ms...)
	for i, r := range again.Results {
		if r.Status != "replayed" && !(i == 1 && r.Status == "rejected") {
			t.Fatalf("resend %d: %s, want replayed", i, r.Status)
		}
	}
}

// A discard of the inspection after photo records of the same chunk
// discards them too: the pending photos are written before it.
func TestBatchedPhotosDiscardedWithTheirInspection(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	insp := uuid.Must(uuid.NewV7())
	at := ago(2 * time.Hour)
	res := f.push("d1",
		f.start("d1", insp, f.vessel, at),
		f.mut("d1", "photo.attach", 1, at.Add(time.Minute), map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": insp,
			"sha256": randomSHA(), "size": 1000, "content_type": "image/jpeg"}),
		f.mut("d1", "inspection.discard", 1, at.Add(2*time.Minute), map[string]any{"inspection_id": insp}),
	)
	wantStatuses(t, res, "applied", "applied", "applied")
	if n := f.count("SELECT count(*) FROM photos WHERE inspection_id = ? AND deleted_at IS NOT NULL", insp); n != 1 {
		t.Fatalf("discarded photos = %d, want 1", n)
	}
}

// TestPushSentAgainReplaysEveryChunk: a push of more mutations than one
// chunk holds, sent again whole (the app lost the answer), replays every
// mutation: the first chunk's records are read with the device row
// (takeIn), the later chunks' on their own (recorded), and both must find
// them. Nothing is applied or recorded twice (docs/SYNC.md §2).
func TestPushSentAgainReplaysEveryChunk(t *testing.T) {
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	id := uuid.Must(uuid.NewV7())
	tpl, _ := f.insp.Template(form2)
	at := ago(2 * time.Hour)
	ms := []tsync.Mutation{f.start("d1", id, f.vessel, at)}
	for i := 0; i < tsync.BatchedChunkSize+10; i++ {
		ms = append(ms, f.answer("d1", id, tpl.Items[i%len(tpl.Items)].ID, []string{"yes", "no"}[i%2], 1,
			at.Add(time.Duration(i+1)*time.Second)))
	}
	applied, replayed := make([]string, len(ms)), make([]string, len(ms))
	for i := range ms {
		applied[i], replayed[i] = "applied", "replayed"
	}
	wantStatuses(t, f.push("d1", ms...), applied...)
	records := f.count("SELECT count(*) FROM applied_mutations WHERE device_id = ?", f.devices["d1"])
	answers := f.count("SELECT count(*) FROM inspection_answers WHERE inspection_id = ?", id)
	wantStatuses(t, f.push("d1", ms...), replayed...)
	if n := f.count("SELECT count(*) FROM applied_mutations WHERE device_id = ?", f.devices["d1"]); n != records ||
		n != int64(len(ms)) {
		t.Errorf("records %d after the second push, %d after the first, want %d", n, records, len(ms))
	}
	if n := f.count("SELECT count(*) FROM inspection_answers WHERE inspection_id = ?", id); n != answers {
		t.Errorf("answers %d after the second push, %d after the first", n, answers)
	}
}
