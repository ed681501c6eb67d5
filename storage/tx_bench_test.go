package storage_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// BenchmarkChangeLogFlush writes the change log of one offline-day push:
// 69 entities under 3 scope keys each (207 rows) in one transaction.
//
//	go test ./storage -run '^$' -bench ChangeLogFlush
func BenchmarkChangeLogFlush(b *testing.B) {
	db := testkit.NewDB(b)
	ids := make([]uuid.UUID, 69)
	for i := range ids {
		ids[i] = uuid.New()
	}
	keys := []string{storage.ScopeJurisdiction(uuid.New()), storage.ScopeOwner(uuid.New()), storage.ScopeUser(uuid.New())}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		err := db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
			for _, id := range ids {
				tx.Changed("inspection_answer", id, keys...)
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
