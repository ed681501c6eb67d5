package sync

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/gorm"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/storage"
)

// PushLockNamespace is the fixed first key of the two-key advisory lock a
// push holds on its device (docs/ARCHITECTURE.md, lock order: the change log uses 1,
// job runs 2); the second key is hashtext of the device id.
const PushLockNamespace = 3

// deviceLock is a push's ownership of its device: a session advisory lock
// held on a connection taken from the pool for the push's whole duration,
// on which every chunk's transaction runs. It dies with its holder: if
// the server process is killed mid-push, its TCP connection closes,
// PostgreSQL ends the session and the lock with it, and the phone's next
// push is accepted at once (the lease it replaces, a
// timestamp on the device row, held the device for 30 s after a crash).
// Replicas share it through the database, so a second push of the device
// on any replica gets 409 push_in_progress.
type deviceLock struct {
	conn *sql.Conn
	db   *storage.DB // the engine's database, with GORM bound to conn
	dev  uuid.UUID
	log  *slog.Logger
}

// holdDevice takes the device for a push without waiting: busy (409) when
// another push, a backlog drain or a supervisor's decision holds it. The
// same statement reads the epoch the database serves (epochSQL), which
// check judges first: a push in another epoch is answered that, busy or
// not, as when the epoch was read on its own before (a round trip less).
func (e *Engine) holdDevice(
	ctx context.Context,
	dev uuid.UUID,
	check func(epoch string) error,
) (*deviceLock, string, error) {
	conn, err := e.db.SQL.Conn(ctx)
	if err != nil {
		return nil, "", fmt.Errorf("connection for the push: %w", err)
	}
	var got bool
	var epoch sql.NullString
	if err := conn.QueryRowContext(ctx, "SELECT pg_try_advisory_lock($1, hashtext($2)), ("+epochSQL+")",
		PushLockNamespace, dev.String()).Scan(&got, &epoch); err != nil {
		discardConn(conn)
		return nil, "", fmt.Errorf("take device: %w", err)
	}
	g := e.db.Gorm.Session(&gorm.Session{Context: ctx}) // a statement of its own: the shared handle is untouched
	g.Statement.ConnPool = conn
	l := &deviceLock{
		conn: conn,
		db:   &storage.DB{Gorm: g, Pool: e.db.Pool, SQL: e.db.SQL},
		dev:  dev,
		log:  e.opt.Logger,
	}
	err = check(epoch.String)
	if !epoch.Valid {
		err = errors.New("read sync epoch: no sync_epoch row")
	}
	switch {
	case err != nil && got:
		l.release()
		return nil, "", err
	case err != nil:
		_ = conn.Close()
		return nil, "", err
	case !got:
		_ = conn.Close()
		return nil, "", busy()
	}
	return l, epoch.String, nil
}

// release gives the device back and the connection to the pool. It runs
// even when the request was cancelled; a connection whose lock could not
// be released is closed instead, so the lock can never leak into the pool
// (session locks through a pool leak with the connection).
func (l *deviceLock) release() {
	if l == nil || l.conn == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var released bool
	err := l.conn.QueryRowContext(ctx, "SELECT pg_advisory_unlock($1, hashtext($2))", PushLockNamespace, l.dev.String()).
		Scan(&released)
	l.giveBack(released, err)
}

// releaseReading gives the device back as release does and, in the same
// statement, reads the summaries of the inspections ids for the push's
// response (inspect.SummariesJSON; they were read on their own after the
// release before, a round trip more). The push's last transaction has
// committed on this connection, so the summaries are what it wrote.
func (l *deviceLock) releaseReading(ids []uuid.UUID) (map[uuid.UUID]*inspect.Summary, error) {
	if l == nil || l.conn == nil {
		return nil, errors.New("push lock already released")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // as release: even for a cancelled request
	defer cancel()
	strs := make([]string, len(ids))
	for i, id := range ids {
		strs[i] = id.String()
	}
	// The unlock is a materialized CTE: evaluated once, before the
	// summaries, whatever the ids.
	var released bool
	var raw []byte
	err := l.conn.QueryRowContext(ctx, `WITH u AS MATERIALIZED (SELECT pg_advisory_unlock($1, hashtext($2)) AS released)
		SELECT u.released, `+inspect.SummariesJSON("$3::uuid[]")+` FROM u`,
		PushLockNamespace, l.dev.String(), strs).Scan(&released, &raw)
	l.giveBack(released, err)
	if err != nil {
		return nil, fmt.Errorf("load inspections: %w", err)
	}
	return inspect.DecodeSummaries(raw)
}

// giveBack returns the connection to the pool after its unlock, or closes
// its session when the unlock failed or found no lock, so that a lock can
// never leak into the pool.
func (l *deviceLock) giveBack(released bool, err error) {
	if err != nil || !released {
		l.log.Warn("push lock not released on its connection; closing it", "device", l.dev, "err", err)
		discardConn(l.conn)
	} else {
		_ = l.conn.Close()
	}
	l.conn = nil
}

// discardConn closes the connection's PostgreSQL session rather than
// returning it to the pool.
func discardConn(conn *sql.Conn) {
	_ = conn.Raw(func(dc any) error { //nolint:errcheck // closing a broken conn
		if c, ok := dc.(*stdlib.Conn); ok {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			_ = c.Conn().Close(ctx)
		}
		return driver.ErrBadConn
	})
	_ = conn.Close()
}

// deviceBusy reports, in tx, whether a push holds the device. A drain or a
// supervisor's decision takes the same lock, shared, for its transaction:
// none of them interleaves with a push of that device (which is busy
// while they run, as they are while it runs), and among themselves they
// queue on the device row lock instead of refusing each other.
func deviceBusy(ctx context.Context, tx *storage.Tx, dev uuid.UUID) (bool, error) {
	var free bool
	if err := tx.DB.WithContext(ctx).
		Raw("SELECT pg_try_advisory_xact_lock_shared(?, hashtext(?))", PushLockNamespace, dev.String()).
		Scan(&free).
		Error; err != nil {
		return false, fmt.Errorf("check device: %w", err)
	}
	return !free, nil
}
