package sync

import (
	"maps"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// state is what one push (or one drain, or one supervisor's reapply) knows
// across its chunks. What one attempt at a chunk learns lives in its
// chunkTx and dies with it; what an attempt changes here is taken back by
// runChunk when its transaction fails (snapshot).
type state struct {
	sc       models.Scope
	dev      device
	received time.Time
	skew     *time.Duration
	req      *PushRequest
	db       *storage.DB // a push's: bound to the connection that holds its device (nil: the engine's)
	drain    bool        // a backlog drain or a reapply: no push lock, stored capture times

	retrying  bool                     // a mutation was answered retry: every later one is too
	loaded    bool                     // backlog and quarantine read
	backlog   map[uuid.UUID]backlogRow // this device's backlog by mutation id
	held      map[uuid.UUID]heldRow    // this device's mutations waiting in quarantine
	blocked   map[uuid.UUID]bool       // aggregates with a deferred or retried mutation in this push
	jur       map[uuid.UUID]uuid.UUID  // aggregate → jurisdiction
	inspector map[uuid.UUID]uuid.UUID  // aggregate → its inspector (the only user who changes it)
	assigned  map[string]bool          // jurisdiction|date → the user was assigned
	created   []uuid.UUID              // aggregates created: their backlog may drain

	leased   bool // this push's first chunk took the device row
	released bool // and gave it back
	// unbatchedTo: mutations before this position (in the push's seq
	// order) are applied unbatched, after a batched chunk over them failed.
	unbatchedTo int
	replayed    int64 // highest seq answered replayed from another device's record
}

func newState(sc models.Scope, dev device, received time.Time, deviceTime *time.Time) *state {
	st := &state{
		sc:        sc,
		dev:       dev,
		received:  received,
		blocked:   map[uuid.UUID]bool{},
		held:      map[uuid.UUID]heldRow{},
		backlog:   map[uuid.UUID]backlogRow{},
		jur:       map[uuid.UUID]uuid.UUID{},
		inspector: map[uuid.UUID]uuid.UUID{},
		assigned:  map[string]bool{},
	}
	if deviceTime != nil {
		d := deviceTime.Sub(received)
		st.skew = &d
	}
	return st
}

// snapshot is what a chunk attempt changes in the state, so that a rolled
// back attempt can be rerun from where it started.
type snapshot struct {
	blocked          map[uuid.UUID]bool
	held             map[uuid.UUID]heldRow
	backlog          map[uuid.UUID]backlogRow
	jur              map[uuid.UUID]uuid.UUID
	inspector        map[uuid.UUID]uuid.UUID
	assigned         map[string]bool
	created          int
	retrying, loaded bool
}

func (st *state) save() snapshot {
	return snapshot{
		maps.Clone(st.blocked),
		maps.Clone(st.held),
		maps.Clone(st.backlog),
		maps.Clone(st.jur),
		maps.Clone(st.inspector),
		maps.Clone(st.assigned),
		len(st.created),
		st.retrying,
		st.loaded,
	}
}

func (st *state) restore(s snapshot) {
	st.blocked, st.held, st.backlog = s.blocked, s.held, s.backlog
	st.jur, st.inspector, st.assigned = s.jur, s.inspector, s.assigned
	st.created, st.retrying, st.loaded = st.created[:s.created], s.retrying, s.loaded
}

// dbOf is the database the state's transactions run on.
func (st *state) dbOf(e *Engine) *storage.DB {
	if st.db != nil {
		return st.db
	}
	return e.db
}

func actor(st *state) storage.Actor {
	u, d := st.sc.UserID, st.dev.ID
	return storage.Actor{UserID: &u, DeviceID: &d, RequestID: st.sc.RequestID}
}

// newerThanServer reports whether a mutation this server does not know
// may come from an app newer than the server (docs/SYNC.md §9): the
// push speaks a later protocol, or the name is known in an earlier version
// only. During a rolling deploy such a mutation is answered retry until a
// server that knows it takes the push. Anything else the server should
// know and cannot translate: it is rejected and stored whole in quarantine
// for an administrator, never retried forever.
func (st *state) newerThanServer(m Mutation) bool {
	if st.req != nil && st.req.ProtocolVersion > ProtocolVersion {
		return true
	}
	for _, c := range inspect.Commands() {
		if c.Name == m.Name && c.Version < m.Version {
			return true
		}
	}
	return false
}

// captureOf corrects the mutation's time, or takes the time stored when it
// was first deferred.
func (st *state) captureOf(m Mutation) (Capture, error) {
	if b, ok := st.backlog[m.ID]; ok {
		return Capture{At: b.CapturedAt, Flags: b.TimeFlags}, nil
	}
	return CorrectTime(m, st.received, st.skew, st.dev.RegisteredAt)
}

// meta is the command metadata of a mutation.
func (st *state) meta(m Mutation, c Capture) inspect.Meta {
	md := inspect.Meta{
		UserID:   st.sc.UserID,
		DeviceID: st.dev.ID,
		Role:     st.sc.Role,
		Mutation: m.ID,
		Seq:      m.Seq,
		At:       c.At,
		Raw:      c.Raw,
		Flags:    c.Flags,
		Name:     m.Name,
		Args:     m.Args,
	}
	if m.BaseVersion != nil {
		md.Base = *m.BaseVersion
	}
	return md
}
