package sync_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
)

// offlineDay is one inspector's day: start, 40 answers (30 items, 10 of
// them changed later), 8 findings, submit — 50 mutations, one push.
func (f *fixture) offlineDay(dev string, id uuid.UUID) []tsync.Mutation {
	t, _ := f.insp.Template(form2)
	at := ago(8 * time.Hour)
	ms := []tsync.Mutation{f.start(dev, id, f.vessel, at)}
	for i := 0; i < 40; i++ {
		item := t.Items[i%len(t.Items)].ID
		ans := []string{"yes", "no"}[i%2]
		if i >= len(t.Items) {
			ans = "na"
		}
		ms = append(ms, f.answer(dev, id, item, ans, 1, at.Add(time.Duration(i+1)*time.Minute)))
	}
	codes := []string{"11004", "07003", "10008", "11002", "14001", "20001", "03007", "11006"}
	for i, c := range codes {
		ms = append(ms, f.mut(dev, "finding.record", 1, at.Add(time.Duration(50+i)*time.Minute),
			map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "code": c, "note": "found on board"}))
	}
	return append(ms, f.mut(dev, "inspection.submit", 1, at.Add(2*time.Hour), map[string]any{"inspection_id": id}))
}

// BenchmarkPushOfflineDay applies one offline day per iteration through the
// whole push path (device lease, savepoints, stamps, recompute, chains,
// change log). Compare with BenchmarkRawBaseline:
//
//	go test ./sync -run '^$' -bench 'OfflineDay|RawBaseline' -benchtime 50x
func BenchmarkPushOfflineDay(b *testing.B) {
	f := newFixture(b)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	days := make([][]tsync.Mutation, b.N)
	for i := range days {
		days[i] = f.offlineDay("d1", uuid.Must(uuid.NewV7()))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res := f.push("d1", days[i]...)
		if res.Results[len(res.Results)-1].Status != "applied" {
			b.Fatalf("push: %+v", res.Results[len(res.Results)-1])
		}
	}
}

// BenchmarkRawBaseline writes the same rows with pgx directly, in one
// transaction: the floor the push is measured against.
func BenchmarkRawBaseline(b *testing.B) {
	f := newFixture(b)
	uid := f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	if _, err := f.insp.SeedTemplates(context.Background()); err != nil {
		b.Fatal(err)
	}
	t, _ := f.insp.Template(form2)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tx, err := f.db.Pool.Begin(ctx)
		if err != nil {
			b.Fatal(err)
		}
		id := uuid.Must(uuid.NewV7())
		now := time.Now()
		_, err = tx.Exec(ctx, `INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id, rule_set_id, kind, started_at)
			VALUES ($1, $2, $3, $4, $5, $6, 'KA-IV-2025-draft.1', 'routine', $7)`, id, f.vessel, uid, f.jur, f.owner, form2, now)
		must(b, err)
		for j := 0; j < 40; j++ {
			item := t.Items[j%len(t.Items)].ID
			_, err = tx.Exec(ctx, `INSERT INTO inspection_answers (id, inspection_id, item_id, answer, stamp_version, stamp_time, jurisdiction_id, owner_id, inspector_id)
				VALUES ($1, $2, $3, 'no', 1, $4, $5, $6, $7) ON CONFLICT (inspection_id, item_id) WHERE deleted_at IS NULL DO UPDATE SET answer = 'na'`,
				inspect.AnswerID(id, item), id, item, now, f.jur, f.owner, uid)
			must(b, err)
		}
		for j := 0; j < 8; j++ {
			_, err = tx.Exec(ctx, `INSERT INTO findings (id, inspection_id, code, source, jurisdiction_id, owner_id, inspector_id) VALUES ($1, $2, '11004', 'inspector', $3, $4, $5)`,
				uuid.Must(uuid.NewV7()), id, f.jur, f.owner, uid)
			must(b, err)
		}
		_, err = tx.Exec(ctx, `UPDATE inspections SET status = 'submitted', submitted_at = now() WHERE id = $1`, id)
		must(b, err)
		must(b, tx.Commit(ctx))
	}
}

func must(b *testing.B, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}
