package sync

import (
	"context"
	"log/slog"
	stdsync "sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// pullSeenEvery is how often a device's last pull is written at most: the
// column feeds the "not synced for a day" gauge and the devices list, so a
// minute is precise enough, and polling costs no commit.
const pullSeenEvery = time.Minute

// pullSeen records devices.last_pull_at off the pull's path. A pull only
// notes its device in memory; one goroutine, alive while there is
// something to write, writes every noted device in one UPDATE. Before,
// each pull waited for a pool connection and a row lock to write its own
// row (for up to 2 s, then gave up): under load (docs/SYNC.md §10.1) those
// writes queued behind the pushes for the same connections, slowed every
// pull and were lost when they timed out. Now a pull never waits for it,
// and a write that fails is retried with the next batch rather than lost.
//
// The in-memory throttle is only an optimisation: the UPDATE's own
// condition keeps a write at most once a minute per device across
// replicas.
type pullSeen struct {
	pool *pgxpool.Pool
	log  *slog.Logger

	mu       stdsync.Mutex
	pending  map[uuid.UUID]bool
	written  map[uuid.UUID]time.Time // last write asked, for the throttle
	flushing bool
	failures int // consecutive failed writes
}

// pullSeenTries is how many writes in a row may fail before the noted
// devices are dropped (logged): a database away for longer, or a pool
// closed at shutdown, must not keep a goroutine retrying forever. The
// next pull of each device notes it again.
const pullSeenTries = 5

func newPullSeen(pool *pgxpool.Pool, log *slog.Logger) *pullSeen {
	return &pullSeen{pool: pool, log: log, pending: map[uuid.UUID]bool{}, written: map[uuid.UUID]time.Time{}}
}

// note records that device pulled now; it never blocks on the database.
func (s *pullSeen) note(device uuid.UUID, now time.Time) {
	if s == nil || device == uuid.Nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if last, ok := s.written[device]; ok && now.Sub(last) < pullSeenEvery {
		return
	}
	s.written[device] = now
	s.pending[device] = true
	if !s.flushing {
		s.flushing = true
		go s.flush()
	}
}

// flush writes the noted devices until none is left, then ends.
func (s *pullSeen) flush() {
	for {
		s.mu.Lock()
		if len(s.pending) == 0 {
			s.flushing = false
			s.prune(time.Now())
			s.mu.Unlock()
			return
		}
		batch := make([]uuid.UUID, 0, len(s.pending))
		for d := range s.pending {
			batch = append(batch, d)
		}
		clear(s.pending)
		s.mu.Unlock()
		err := s.write(batch)
		s.mu.Lock()
		switch {
		case err == nil:
			s.failures = 0
		case s.failures+1 >= pullSeenTries:
			s.log.Warn("record last pull: dropped", "devices", len(batch), "err", err)
			s.failures = 0
			for _, d := range batch {
				delete(s.written, d) // so the next pull notes it again
			}
		default:
			s.log.Warn("record last pull", "devices", len(batch), "err", err)
			s.failures++
			for _, d := range batch {
				s.pending[d] = true
			}
		}
		retry := err != nil && s.failures > 0
		s.mu.Unlock()
		if retry {
			time.Sleep(time.Second) // the database is away: try again, without spinning
		}
	}
}

// write sets last_pull_at of the devices in one statement. The timeout is
// long because nothing waits for it; a device row locked by its own push
// is written when the push commits.
func (s *pullSeen) write(devices []uuid.UUID) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := s.pool.Exec(ctx, `UPDATE devices SET last_pull_at = now()
		WHERE id = ANY($1) AND (last_pull_at IS NULL OR last_pull_at < now() - interval '1 minute')`, devices)
	return err
}

// prune forgets throttle entries older than the throttle, so the map holds
// at most the devices that pulled in the last minute. Called with mu held.
func (s *pullSeen) prune(now time.Time) {
	for d, at := range s.written {
		if now.Sub(at) >= pullSeenEvery {
			delete(s.written, d)
		}
	}
}
