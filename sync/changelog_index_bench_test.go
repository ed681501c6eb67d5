package sync_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// BenchmarkChangeLogFlush measures what migration 00009's change_log
// (entity_id, position) index costs a push: one transaction writing 200
// change rows (about an offline day's) through storage.InTx, with the
// index and, as the baseline in the same run, without it.
func BenchmarkChangeLogFlush(b *testing.B) {
	for _, c := range []struct {
		name  string
		index bool
	}{{"with-entity-index", true}, {"baseline-without", false}} {
		b.Run(c.name, func(b *testing.B) {
			db := testkit.NewDB(b)
			ctx := context.Background()
			if !c.index {
				if _, err := db.Pool.Exec(ctx, "DROP INDEX change_log_entity"); err != nil {
					b.Fatal(err)
				}
			}
			ids := make([]uuid.UUID, 100)
			for i := range ids {
				ids[i] = uuid.New()
			}
			b.ResetTimer()
			for range b.N {
				err := db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
					for _, id := range ids {
						tx.Changed("inspection_answer", id, "j:"+ids[0].String(), "u:"+ids[1].String())
					}
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
