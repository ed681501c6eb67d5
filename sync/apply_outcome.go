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
	n := len(ins)
	if n == 0 {
		return nil
	}
	ids, devices, users, aggs := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	seqs, names, hashes := make([]int64, n), make([]string, n), make([][]byte, n)
	statuses, bodies := make([]string, n), make([]string, n)
	for i, p := range ins {
		r := p.record
		ids[i], devices[i], users[i], aggs[i] = p.id.String(), r.device.String(), r.user.String(), r.agg.String()
		seqs[i], names[i], hashes[i], statuses[i], bodies[i] = r.seq, r.name, r.hash, p.status, string(p.body)
	}
	// Nine array parameters, not nine per row (see storage's change log).
	q := "INSERT INTO applied_mutations (id, device_id, user_id, seq, name, aggregate_id, request_hash, status, " +
		"outcome) " +
		"SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::bigint[], $5::text[], $6::uuid[], $7::bytea[], " +
		"$8::text[], $9::jsonb[])"
	return tx.DB.WithContext(ctx).Exec(q, ids, devices, users, seqs, names, aggs, hashes, statuses, bodies).Error
}
