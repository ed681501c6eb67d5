package sync

import (
	"context"
	"errors"
	"log/slog"
	"sort"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Options tunes the engine; zero values take the defaults of docs/SYNC.md.
type Options struct {
	Budget    time.Duration // stop starting chunks after this (2 s)
	ChunkSize int           // mutations per transaction (50)
	Logger    *slog.Logger
	Metrics   prometheus.Registerer // nil: no metrics
}

// Engine applies pushes. It holds no state beyond its dependencies and the
// queue of aggregates whose backlog may drain.
type Engine struct {
	db    *storage.DB
	insp  *inspect.Service
	clock func() time.Time
	opt   Options
	queue chan uuid.UUID
	m     *metrics
}

// New builds the push engine.
func New(db *storage.DB, insp *inspect.Service, clock func() time.Time, opt Options) *Engine {
	if clock == nil {
		clock = time.Now
	}
	if opt.Budget <= 0 {
		opt.Budget = 2 * time.Second
	}
	if opt.ChunkSize <= 0 || opt.ChunkSize > ChunkSize {
		opt.ChunkSize = ChunkSize
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	return &Engine{
		db:    db,
		insp:  insp,
		clock: clock,
		opt:   opt,
		queue: make(chan uuid.UUID, 1024),
		m:     newMetrics(opt.Metrics, db),
	}
}

// device is what a push needs of the device row.
type device struct {
	ID           uuid.UUID
	UserID       uuid.UUID
	RegisteredAt time.Time
}

// Push applies one push from the caller's device (docs/SYNC.md §2): it
// takes the device (a session advisory lock on a connection of its own,
// see deviceLock: a second concurrent push gets a conflict with
// Retry-After), applies the mutations in seq order in chunks of at most
// BatchedChunkSize (see chunkEnd), one transaction each with a savepoint
// per mutation, stops starting chunks after the time budget, records the
// clock skew and the push on the device, and answers one result per
// mutation plus the current state of every inspection concerned, in the
// epoch the database serves. An epoch sent that is not the current one
// answers *EpochChangedError and applies nothing: its ack_seq counts seqs
// of another history (docs/SYNC.md §6.10). Errors: conflict
// "push_in_progress", *EpochChangedError, too_large, invalid, unavailable.
func (e *Engine) Push(ctx context.Context, sc models.Scope, req PushRequest) (PushResponse, error) {
	start := time.Now()
	received := e.clock().UTC().Truncate(time.Microsecond)
	if len(req.Mutations) > MaxMutations {
		return PushResponse{}, models.Errorf(
			models.KindTooLarge,
			"too_many_mutations",
			"at most %d mutations per push; send the rest in the next",
			MaxMutations,
		)
	}
	lock, epoch, err := e.holdDevice(ctx, sc.DeviceID, func(epoch string) error { return checkEpoch(req.Epoch, epoch) })
	if err != nil {
		return PushResponse{}, err
	}
	defer lock.release()
	st := newState(sc, device{ID: sc.DeviceID, UserID: sc.UserID}, received, req.DeviceTime)
	st.req, st.db = &req, lock.db
	results, err := e.applyAll(ctx, st, orderBySeq(req.Mutations), start)
	if err != nil {
		return PushResponse{}, err
	}
	if !st.released {
		if err := e.releaseDevice(ctx, st); err != nil {
			return PushResponse{}, err
		}
	}
	// The device is given back (before the drains it queues, which take
	// it too) with the response's summaries read in the same statement.
	out, err := respond(received, req, results, lock.releaseReading)
	e.enqueue(st.created...)
	out.Epoch = epoch
	return out, err
}

// CheckAppVersion refuses an X-App-Version that is present but not a
// semantic version (ErrInvalidAppVersion, 400 on push and pull alike).
// Leaving the header out is allowed. A push from an app below the minimum
// version is always accepted: only its pulls answer 426.
func CheckAppVersion(v string) error {
	if v == "" {
		return nil
	}
	if _, ok := parseSemver(v); !ok {
		return ErrInvalidAppVersion
	}
	return nil
}

// orderBySeq returns the mutations in seq order (stable), remembering their
// position in the request.
func orderBySeq(ms []Mutation) []indexed {
	out := make([]indexed, len(ms))
	for i, m := range ms {
		out[i] = indexed{i, m}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].m.Seq < out[j].m.Seq })
	return out
}

type indexed struct {
	pos int
	m   Mutation
}

// applyAll runs the chunks within the time budget; the rest is retry. The
// first chunk takes the device (an error here fails the whole push: busy
// or not the caller's device); the last one gives it back. A batched chunk
// too large to rerun unbatched in one transaction is rerun as unbatched
// chunks of at most ChunkSize.
func (e *Engine) applyAll(ctx context.Context, st *state, ms []indexed, start time.Time) ([]Result, error) {
	results := make([]Result, len(ms))
	for lo := 0; lo < len(ms); {
		hi := e.chunkEnd(st, ms, lo)
		chunk := ms[lo:hi]
		if st.retrying || time.Since(start) > e.opt.Budget {
			for _, x := range chunk {
				results[x.pos] = retryResult(x.m, CodeTimeBudget)
			}
			st.retrying = true
			lo = hi
			continue
		}
		rs, err := e.applyChunk(ctx, st, chunk, hi == len(ms), lo >= st.unbatchedTo)
		if errors.Is(err, errSplit) {
			st.unbatchedTo = hi // the same mutations again, in unbatched chunks
			continue
		}
		if err != nil {
			return nil, err
		}
		for i, r := range rs {
			results[chunk[i].pos] = r
		}
		lo = hi
	}
	return results, nil
}

// BatchedChunkSize bounds a batched chunk: answers, new findings and photo records take
// no savepoint there (their rows and records are written at the end of
// the chunk), so a chunk holds up to this many mutations as long as at
// most ChunkSize of them are commands that do. Even if every one of them
// took a savepoint after all (an edit of a finding through finding.record,
// an answer that records a conflict), a chunk never has more than the 64
// subtransactions PostgreSQL caches per transaction (docs/SYNC.md
// §2). An offline day of 56 mutations is one transaction.
const BatchedChunkSize = 64

// chunkEnd is where the chunk starting at lo ends: ChunkSize mutations in
// an unbatched stretch, else up to BatchedChunkSize of which at most
// ChunkSize may take a savepoint.
func (e *Engine) chunkEnd(st *state, ms []indexed, lo int) int {
	if lo < st.unbatchedTo {
		return min(lo+e.opt.ChunkSize, st.unbatchedTo)
	}
	hi, savepoints := lo, 0
	for hi < len(ms) && hi-lo < BatchedChunkSize {
		if c, ok := inspect.LookupCommand(ms[hi].m.Name, ms[hi].m.Version); !ok || !c.Deferrable() {
			if savepoints == e.opt.ChunkSize {
				break
			}
			savepoints++
		}
		hi++
	}
	return hi
}

func retryResult(m Mutation, code string) Result {
	return Result{
		ID:      m.ID,
		Seq:     m.Seq,
		Status:  StatusRetry,
		Code:    code,
		Message: "send this mutation again in a later push",
	}
}

// respond adds the current state of every inspection the results name,
// in the order they are first named, read in one query (read).
func respond(
	now time.Time,
	req PushRequest,
	results []Result,
	read func([]uuid.UUID) (map[uuid.UUID]*inspect.Summary, error),
) (PushResponse, error) {
	out := PushResponse{ServerTime: now, AckSeq: req.AckSeq, Results: results, Inspections: []inspect.Summary{}}
	seen := map[uuid.UUID]bool{}
	var ids []uuid.UUID
	for _, r := range results {
		a := r.Aggregate
		if r.Outcome != nil && a == nil {
			a = r.Outcome.Aggregate
		}
		if a == nil || a.Type != inspect.EntityInspection || seen[a.ID] {
			continue
		}
		seen[a.ID] = true
		ids = append(ids, a.ID)
	}
	all, err := read(ids)
	if err != nil {
		return out, err
	}
	for _, id := range ids {
		if s := all[id]; s != nil {
			out.Inspections = append(out.Inspections, *s)
		}
	}
	return out, nil
}
