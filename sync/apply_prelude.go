package sync

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"

	"github.com/tindal/tindal/storage"
)

// prelude sits between a chunk attempt's GORM handle and its transaction
// and saves a round trip per mutation: the mutation's savepoint and its
// applied_mutations record (the "prelude", armed by chunkTx.savepoint)
// are sent in front of the command's first statement, whatever that is,
// so they still come first inside the savepoint and a duplicate is caught
// before any effect (docs/SYNC.md §2). A first statement that is a write
// travels with the prelude in one simple-protocol message (pgx
// interpolates its arguments client-side); a read is preceded by the
// prelude on its own. A command that sends no statement at all gets its
// record sent after it (savepoint.close); in a batched attempt, where the
// record is deferred, such a command takes no savepoint at all.
//
// chunkTxWith installs it once, for the whole attempt: every statement of
// the transaction, the unit of work's included, goes through it. One
// offline day of 50 mutations cost 38 round trips with it and 87 with a
// savepoint sent on its own per mutation (TestOfflineDayRoundTrips counts
// the day with its 6 photos: 35 now).
type prelude struct {
	inner gorm.ConnPool
	sql   string // armed and not yet sent
	sent  bool   // the armed prelude went to the server (its savepoint may exist)
	err   error  // the error of the statement that carried it
}

// wrapPrelude points the transaction's handle at a new prelude: tx.DB is
// replaced by a clone whose statements go through it.
func wrapPrelude(ctx context.Context, tx *storage.Tx) *prelude {
	g := tx.DB.WithContext(ctx) // a clone of the statement: the original handle is untouched
	p := &prelude{inner: g.Statement.ConnPool}
	g.Statement.ConnPool = p
	tx.DB = g
	return p
}

// arm sets the prelude of the next command.
func (p *prelude) arm(sql string) { p.sql, p.sent, p.err = sql, false, nil }

// disarm forgets an unsent prelude and reports whether it was sent.
func (p *prelude) disarm() bool {
	p.sql = ""
	return p.sent
}

// flush sends an armed prelude on its own.
func (p *prelude) flush(ctx context.Context) error {
	if p.sql == "" {
		return nil
	}
	q := p.sql
	p.sql, p.sent = "", true
	if _, err := p.inner.ExecContext(ctx, q); err != nil {
		p.err = err
		return err
	}
	return nil
}

// ExecContext implements gorm.ConnPool: the prelude and the statement go
// together as one simple-protocol message. Statements run in order and an
// error stops the rest, so the savepoint exists whenever any part ran.
func (p *prelude) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if p.sql == "" {
		return p.inner.ExecContext(ctx, query, args...)
	}
	q := p.sql + ";\n" + query
	p.sql, p.sent = "", true
	res, err := p.inner.ExecContext(ctx, q, append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...)
	if err != nil {
		p.err = err
	}
	return res, err
}

// QueryContext implements gorm.ConnPool.
func (p *prelude) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if err := p.flush(ctx); err != nil {
		return nil, err
	}
	return p.inner.QueryContext(ctx, query, args...)
}

// QueryRowContext implements gorm.ConnPool. A failed prelude leaves the
// transaction aborted, so the query fails too and the caller sees an error.
func (p *prelude) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	_ = p.flush(ctx)
	return p.inner.QueryRowContext(ctx, query, args...)
}

// PrepareContext implements gorm.ConnPool.
func (p *prelude) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	if err := p.flush(ctx); err != nil {
		return nil, err
	}
	return p.inner.PrepareContext(ctx, query)
}

// Commit and Rollback keep the handle a transaction for GORM (a nested
// Transaction then uses savepoints); the chunk's own transaction is
// committed by storage.InTx on the original handle.
func (p *prelude) Commit() error {
	if c, ok := p.inner.(gorm.TxCommitter); ok {
		return c.Commit()
	}
	return errors.New("prelude: not a transaction")
}

// Rollback implements gorm.TxCommitter.
func (p *prelude) Rollback() error {
	if c, ok := p.inner.(gorm.TxCommitter); ok {
		return c.Rollback()
	}
	return errors.New("prelude: not a transaction")
}

// preludeFailed reports whether err is the prelude's own failure: the
// applied_mutations key taken by a concurrent push of the same id.
func preludeFailed(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.ConstraintName == "applied_mutations_pkey"
}
