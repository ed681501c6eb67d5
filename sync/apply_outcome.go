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

// writeOutcomes stores the outcomes of a chunk's applied mutations in one
// statement: the deferred records are inserted with their outcomes, and
// the records already inserted (in front of their commands, see prelude)
// get theirs, the INSERT in a data-modifying WITH in front of the UPDATE.
// The two touch different rows: the UPDATE's rows were inserted by
// earlier statements of the transaction, so its snapshot sees them, and
// the rows the INSERT adds are not among them. Twelve array parameters
// whatever the chunk (see storage's change log): the statement is parsed
// and planned once per connection. A concurrent push that recorded one
// of the deferred ids makes it fail with a unique violation, and the
// chunk is rerun unbatched (rerunUnbatched).
func writeOutcomes(ctx context.Context, tx *storage.Tx, outs []pending) error {
	if len(outs) == 0 {
		return nil
	}
	var c outcomeCols
	for _, p := range outs {
		if p.record != nil {
			c.addRecord(p)
		} else {
			c.updID = append(c.updID, p.id.String())
			c.updStatus = append(c.updStatus, p.status)
			c.updBody = append(c.updBody, string(p.body))
		}
	}
	if err := tx.DB.WithContext(ctx).Exec(writeOutcomesSQL, c.ids, c.devices, c.users, c.seqs, c.names, c.aggs,
		c.hashes, c.statuses, c.bodies, c.updID, c.updStatus, c.updBody).Error; err != nil {
		return fmt.Errorf("record mutations and their outcomes: %w", err)
	}
	return nil
}

// writeOutcomesSQL inserts the deferred records ($1–$9) and stores the
// outcomes of the records already inserted ($10–$12). The outcomes go as
// text[] and are cast to jsonb row by row: pgx has no binary encoding of
// a Go string as jsonb, so a jsonb[] parameter was sent as a quoted and
// escaped text array after a failed binary attempt, several copies of
// every outcome.
const writeOutcomesSQL = `WITH ins AS (
	INSERT INTO applied_mutations (id, device_id, user_id, seq, name, aggregate_id, request_hash, status, outcome)
	SELECT u.id, u.device_id, u.user_id, u.seq, u.name, u.aggregate_id, u.request_hash, u.status, u.outcome::jsonb
	FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::bigint[], $5::text[], $6::uuid[], $7::bytea[],
		$8::text[], $9::text[]) AS u (id, device_id, user_id, seq, name, aggregate_id, request_hash, status, outcome))
	UPDATE applied_mutations AS a SET status = v.status, outcome = v.outcome::jsonb
	FROM unnest($10::uuid[], $11::text[], $12::text[]) AS v (id, status, outcome) WHERE a.id = v.id`

// outcomeCols are writeOutcomes' rows column by column: the deferred
// records, and the outcomes of the records already inserted. A column
// left empty goes as NULL, of which unnest gives no rows.
type outcomeCols struct {
	ids, devices, users, aggs []string
	seqs                      []int64
	names, statuses, bodies   []string
	hashes                    [][]byte
	updID, updStatus, updBody []string
}

// addRecord adds a deferred record with its outcome.
func (c *outcomeCols) addRecord(p pending) {
	r := p.record
	c.ids, c.devices = append(c.ids, p.id.String()), append(c.devices, r.device.String())
	c.users, c.aggs = append(c.users, r.user.String()), append(c.aggs, r.agg.String())
	c.seqs, c.names, c.hashes = append(c.seqs, r.seq), append(c.names, r.name), append(c.hashes, r.hash)
	c.statuses, c.bodies = append(c.statuses, p.status), append(c.bodies, string(p.body))
}
