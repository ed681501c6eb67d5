package sync

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/tindal/tindal/storage"
)

// pending is an applied mutation whose stored outcome is written at the end
// of the chunk, in one statement; record is set when the applied_mutations
// row itself was deferred to then (a batched answer or finding).
type pending struct {
	id     uuid.UUID
	status string
	body   []byte
	record *record
}

// record is an applied_mutations row not yet inserted.
type record struct {
	device, user, agg uuid.UUID
	seq               int64
	name              string
	hash              []byte
}

// writeOutcomes stores the outcomes of a chunk's applied mutations: the
// deferred records in one INSERT, the outcomes of the records already
// inserted in one UPDATE.
func writeOutcomes(ctx context.Context, tx *storage.Tx, outs []pending) error {
	var ins, upd []pending
	for _, p := range outs {
		if p.record != nil {
			ins = append(ins, p)
		} else {
			upd = append(upd, p)
		}
	}
	if err := insertRecords(ctx, tx, ins); err != nil {
		return fmt.Errorf("record mutations: %w", err)
	}
	if len(upd) == 0 {
		return nil
	}
	args := make([]any, 0, 3*len(upd))
	for _, p := range upd {
		args = append(args, p.id, p.status, string(p.body))
	}
	q := "UPDATE applied_mutations AS a SET status = v.status, outcome = v.outcome::jsonb FROM (VALUES " +
		storage.Tuples(len(upd), "(?::uuid, ?, ?)") + ") AS v (id, status, outcome) WHERE a.id = v.id"
	if err := tx.DB.WithContext(ctx).Exec(q, args...).Error; err != nil {
		return fmt.Errorf("store outcomes: %w", err)
	}
	return nil
}

// insertRecords inserts deferred applied_mutations rows with their
// outcomes. A concurrent push that recorded one of the ids makes this fail
// with a unique violation, and the chunk is rerun unbatched.
func insertRecords(ctx context.Context, tx *storage.Tx, ins []pending) error {
	if len(ins) == 0 {
		return nil
	}
	args := make([]any, 0, 9*len(ins))
	for _, p := range ins {
		r := p.record
		args = append(args, p.id, r.device, r.user, r.seq, r.name, r.agg, r.hash, p.status, string(p.body))
	}
	q := "INSERT INTO applied_mutations (id, device_id, user_id, seq, name, aggregate_id, request_hash, status, " +
		"outcome) VALUES " +
		storage.Tuples(
			len(ins),
			"(?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)",
		)
	return tx.DB.WithContext(ctx).Exec(q, args...).Error
}
