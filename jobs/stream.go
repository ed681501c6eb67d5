package jobs

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/rules"
)

// streamed names what a streaming scan reads, for its counter and errors.
type streamed struct {
	what    string // plural: "vessels"
	one     string // singular: "vessel"
	counter string // the run's count of rows read ("vessels_scanned")
}

// streamChunks runs query and hands its rows, read by scan, to handle in
// chunks of chunkRows, each in handle's own transaction; the last chunk
// may be short or empty (handle is always called once more at the end).
// The scan streams: memory holds one chunk, whatever the register's size.
func streamChunks[T any](
	ctx context.Context,
	s *Service,
	r *Run,
	n streamed,
	query string,
	args []any,
	scan func(pgx.Rows, *T) error,
	handle func([]T) error,
) error {
	rows, err := s.d.DB.Pool.Query(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("select %s: %w", n.what, err)
	}
	defer rows.Close()
	var chunk []T
	for rows.Next() {
		var v T
		if err := scan(rows, &v); err != nil {
			return fmt.Errorf("read %s: %w", n.one, err)
		}
		r.Add(n.counter, 1)
		if chunk = append(chunk, v); len(chunk) == chunkRows {
			if err := handle(chunk); err != nil {
				return err
			}
			chunk = chunk[:0]
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("stream %s: %w", n.what, err)
	}
	return handle(chunk)
}

// recheckOpenFlags checks every vessel of candidates (vessel → the first
// day of the condition) and every vessel with an open flag of kind (from
// today, unless it is a candidate), telling check whether the vessel is
// flagged already: the one loop of the jobs that raise a flag while a
// condition holds and resolve it once it no longer does.
func (s *Service) recheckOpenFlags(
	ctx context.Context,
	r *Run,
	kind, what string,
	candidates map[uuid.UUID]rules.Date,
	check func(ctx context.Context, r *Run, vessel uuid.UUID, from rules.Date, flagged bool) error,
) error {
	var open []uuid.UUID
	err := s.d.DB.Gorm.WithContext(ctx).
		Raw(`SELECT DISTINCT subject_id FROM flags WHERE kind = ? AND status = 'open'`, kind).
		Scan(&open).
		Error
	if err != nil {
		return fmt.Errorf("open %s flags: %w", what, err)
	}
	flagged := map[uuid.UUID]bool{}
	for _, id := range open {
		flagged[id] = true
		if _, ok := candidates[id]; !ok {
			candidates[id] = r.Today
		}
	}
	for id, from := range candidates {
		if err := check(ctx, r, id, from, flagged[id]); err != nil {
			return err
		}
	}
	return nil
}
