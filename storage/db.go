// Package storage is Tindal's PostgreSQL layer: opening the database,
// running migrations under goose's lock, and the transaction wrapper that
// writes the change log and audit log as part of every change.
package storage

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// DB is the database handle passed down from main: GORM for the domain code
// and the pgx pool underneath it for the few places that need raw pgx.
type DB struct {
	Gorm *gorm.DB
	Pool *pgxpool.Pool
	SQL  *sql.DB
}

// Options tunes the connection pool.
type Options struct {
	MaxConns int32
	// OnNotice, when set, receives every notice the server sends (tests
	// read auto_explain's plans this way; see scale/).
	OnNotice func(*pgconn.Notice)
	// Settings are server settings every session of the pool starts with
	// (startup parameters), e.g. synchronous_commit off for `tindal seed
	// demo`.
	Settings map[string]string
}

// Open connects to PostgreSQL at url and checks that it answers.
func Open(ctx context.Context, url string, opt Options) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	if opt.MaxConns > 0 {
		cfg.MaxConns = opt.MaxConns
	}
	cfg.MaxConnIdleTime = 5 * time.Minute
	for k, v := range opt.Settings {
		cfg.ConnConfig.RuntimeParams[k] = v
	}
	if opt.OnNotice != nil {
		cfg.ConnConfig.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) { opt.OnNotice(n) }
	}
	cfg.AfterConnect = func(_ context.Context, c *pgx.Conn) error {
		registerUUID(c.TypeMap())
		return nil
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("reach database: %w", err)
	}
	sqlDB := stdlib.OpenDBFromPool(pool)
	g, err := gorm.Open(postgres.New(postgres.Config{Conn: sqlDB}), &gorm.Config{
		Logger:                 logger.Discard,
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
		TranslateError:         false,
	})
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("open gorm: %w", err)
	}
	return &DB{Gorm: g, Pool: pool, SQL: sqlDB}, nil
}

// Close releases every connection.
func (db *DB) Close() {
	_ = db.SQL.Close()
	db.Pool.Close()
}

// Ping reports whether the database answers, for /readyz.
func (db *DB) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return db.Pool.Ping(ctx)
}
