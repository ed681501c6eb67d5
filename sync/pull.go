package sync

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Pull limits (docs/SYNC.md): change-log or snapshot rows scanned per page.
const (
	DefaultPullLimit = 500
	MaxPullLimit     = 2000
	// readChunk is how many rows one query reads, so that a page cut short
	// by its byte budget wastes little.
	readChunk = 500
)

// ErrResetRequired is returned when a cursor points below the change log's
// retention watermark: the client pushes its queue first, then pulls
// without a cursor. Unsynced work is never discarded.
var ErrResetRequired = models.Errorf(models.KindConflict, "reset_required",
	"your copy is older than the change log keeps: push everything you have queued, then pull again without a cursor")

// AckedSeqFunc reads, inside the pull's snapshot, the highest mutation seq
// of a device whose outcome the server holds.
type AckedSeqFunc func(ctx context.Context, q Querier, deviceID uuid.UUID) (int64, error)

// PullOptions tune the engine; the zero value serves from the primary with
// no minimum app version.
type PullOptions struct {
	// ReadPool is where pulls read: a read replica, or nil for the primary.
	ReadPool *pgxpool.Pool
	// MinAppVersion and LatestAppVersion (semver) gate pulls: an app below
	// the minimum gets 426 with both. Empty: no minimum.
	MinAppVersion, LatestAppVersion string
	// RuleSets are the rule-set versions synced as reference data; nil
	// uses the default deployment settings.
	RuleSets *rules.Registry
	// AckedSeq replaces the default reading of applied_mutations and
	// mutation_backlog (see ackedSeqSQL).
	AckedSeq AckedSeqFunc
	// Logger reports best-effort failures (last_pull_at); nil discards.
	Logger *slog.Logger
	// Clock is the server clock for server_time; nil uses time.Now.
	Clock func() time.Time
}

// PullEngine serves pulls and verifies. It holds no per-device state: all
// of a device's progress is in its signed cursor (the last-pull throttle,
// pullSeen, is only a write saver).
type PullEngine struct {
	db      *storage.DB
	read    *pgxpool.Pool
	key     []byte
	opt     PullOptions
	readers []EntityReader
	byType  map[string]EntityReader
	ref     reference
	minApp  semver
	seen    *pullSeen
}

// NewPullEngine builds the engine. cursorKey signs cursors (HMAC-SHA256);
// it must be at least 32 bytes and the same on every replica. The registry
// entity types are registered; others are added with Register.
func NewPullEngine(db *storage.DB, cursorKey []byte, opt PullOptions) (*PullEngine, error) {
	if len(cursorKey) < 32 {
		return nil, errors.New("sync: the cursor signing key must be at least 32 bytes")
	}
	e := &PullEngine{
		db:     db,
		read:   opt.ReadPool,
		key:    append([]byte(nil), cursorKey...),
		opt:    opt,
		byType: map[string]EntityReader{},
	}
	if e.read == nil {
		e.read = db.Pool
	}
	if e.opt.Clock == nil {
		e.opt.Clock = time.Now
	}
	if e.opt.Logger == nil {
		e.opt.Logger = slog.New(slog.DiscardHandler)
	}
	if db != nil {
		e.seen = newPullSeen(db.Pool, e.opt.Logger)
	}
	if err := e.parseVersions(); err != nil {
		return nil, err
	}
	ref, err := buildReference(e.opt.RuleSets)
	if err != nil {
		return nil, err
	}
	e.ref = ref
	for _, r := range append(RegistryReaders(), InspectReaders()...) {
		e.Register(withRecordShape(r)) // REST-shaped records: record_shape.go
	}
	return e, nil
}

// Register adds an entity type to what pulls and verify serve. Call it at
// start, before serving; a second reader for a type panics. Devices that
// synced before a type was added get a snapshot of it on their next pull.
func (e *PullEngine) Register(r EntityReader) {
	if _, dup := e.byType[r.Type()]; dup {
		panic("sync: entity type registered twice: " + r.Type())
	}
	e.readers = append(e.readers, r)
	e.byType[r.Type()] = r
}

// typeNames lists the registered entity types in registration order.
func (e *PullEngine) typeNames() []string {
	out := make([]string, len(e.readers))
	for i, r := range e.readers {
		out[i] = r.Type()
	}
	return out
}

// PullRequest is one pull as the client sent it.
type PullRequest struct {
	Cursor     string // "" for a first sync
	Limit      int    // 0 for the default
	Gzip       bool   // the client accepts gzip
	AppVersion string // X-App-Version; "" when not sent
}

// PullPage is one encoded page.
type PullPage struct {
	Body    []byte // the JSON page, gzip-compressed when Gzip
	Gzip    bool
	Items   int
	HasMore bool
	Cursor  string
	Phase   string
}

// Pull serves one page to v. Errors: ErrInvalidCursor, ErrResetRequired,
// *UpgradeRequiredError, ErrInvalidAppVersion.
func (e *PullEngine) Pull(ctx context.Context, v Viewer, req PullRequest) (*PullPage, error) {
	if err := e.checkApp(req.AppVersion); err != nil {
		return nil, err
	}
	var cur *pullCursor
	if req.Cursor != "" {
		c, err := decodeCursor(e.key, req.Cursor, v.UserID)
		if err != nil {
			return nil, err
		}
		cur = c
	}
	run := &pullRun{
		e:     e,
		v:     v,
		cur:   cur,
		limit: clampLimit(req.Limit),
		page:  newPageWriter(req.Gzip),
		sent:  map[entityKey]bool{},
	}
	err := pgx.BeginTxFunc(
		ctx,
		e.read,
		pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly},
		func(tx pgx.Tx) error {
			run.tx = tx
			return run.serve(ctx)
		},
	)
	if err != nil {
		run.page.release()
		return nil, err
	}
	out, err := run.finish()
	if err != nil {
		return nil, err
	}
	e.touchDevice(v.DeviceID)
	return out, nil
}

func clampLimit(n int) int {
	if n <= 0 {
		return DefaultPullLimit
	}
	return min(n, MaxPullLimit)
}

// touchDevice records the pull on the primary, best effort and off the
// pull's path (pullSeen); a replica is never written.
func (e *PullEngine) touchDevice(device uuid.UUID) {
	e.seen.note(device, time.Now())
}

// ackedSeqSQL reads the highest seq of the device up to which the server
// holds a final outcome of every mutation, from the lowest seq the device
// ever pushed (devices.first_seq): the end of the first gap in
// applied_mutations, not its maximum, so that after a restore from a
// backup that lost seqs 1..8 a resend of seq 9 does not claim them
// (docs/SYNC.md §6.7). A seq answered replayed from another device's
// record is held under that device: the highest such seq
// (devices.replayed_seq) counts as held with all below it, as before, so
// the gaps are looked for above it. The whole is capped below the
// device's lowest deferred mutation (mutation_backlog), so that a deferred
// mutation's optimistic copy is never dropped because a later one was
// applied.
const ackedSeqSQL = `WITH floor AS (
		SELECT GREATEST(coalesce(d.first_seq, 1), coalesce(d.replayed_seq, 0) + 1) AS f
		FROM (SELECT) one LEFT JOIN devices d ON d.id = $1
	), held AS (
		SELECT seq FROM applied_mutations WHERE device_id = $1 AND seq >= (SELECT f FROM floor)
		UNION SELECT f - 1 FROM floor
	)
	SELECT LEAST(
		(SELECT min(h.seq) FROM held h
			WHERE NOT EXISTS (SELECT 1 FROM applied_mutations a WHERE a.device_id = $1 AND a.seq = h.seq + 1)),
		(SELECT coalesce(min(seq) - 1, 9223372036854775807) FROM mutation_backlog WHERE device_id = $1))`
