package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/tindal/tindal/storage/migrations"
)

// ErrSchemaAhead means the database was migrated by a newer Tindal than this
// binary: serving on it could write rows the schema no longer accepts.
var ErrSchemaAhead = errors.New("database schema is newer than this binary")

func provider(db *sql.DB) (*goose.Provider, error) {
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return nil, err
	}
	return goose.NewProvider(goose.DialectPostgres, db, migrations.All(), goose.WithSessionLocker(locker))
}

// Migrate brings the schema to the newest version embedded in the binary,
// under goose's PostgreSQL lock so that concurrent starts apply each
// migration once. It refuses to run on a schema newer than it knows.
func Migrate(ctx context.Context, db *sql.DB, log io.Writer) error {
	p, err := provider(db)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if err := checkNotAhead(ctx, p); err != nil {
		return err
	}
	results, err := p.Up(ctx)
	for _, r := range results {
		fmt.Fprintf(log, "migrated %s (%s)\n", r.Source.Path, r.Duration)
	}
	if err != nil {
		return fmt.Errorf("migrate up: %w", err)
	}
	return nil
}

// MigrationStatus describes one migration for `tindal migrate status`.
type MigrationStatus struct {
	Version int64
	Path    string
	Applied bool
}

// Status lists every embedded migration and whether it is applied.
func Status(ctx context.Context, db *sql.DB) ([]MigrationStatus, error) {
	p, err := provider(db)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	st, err := p.Status(ctx)
	if err != nil {
		return nil, fmt.Errorf("migration status: %w", err)
	}
	out := make([]MigrationStatus, 0, len(st))
	for _, s := range st {
		out = append(
			out,
			MigrationStatus{Version: s.Source.Version, Path: s.Source.Path, Applied: s.State == goose.StateApplied},
		)
	}
	return out, nil
}

// CheckSchema fails unless the database is exactly at the newest embedded
// version: behind means `tindal migrate up` is needed, ahead means this
// binary is older than the schema.
func CheckSchema(ctx context.Context, db *sql.DB) error {
	p, err := provider(db)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if err := checkNotAhead(ctx, p); err != nil {
		return err
	}
	pending, err := p.HasPending(ctx)
	if err != nil {
		return fmt.Errorf("check migrations: %w", err)
	}
	if pending {
		return errors.New("database schema is behind this binary: run `tindal migrate up`")
	}
	return nil
}

func checkNotAhead(ctx context.Context, p *goose.Provider) error {
	current, target, err := p.GetVersions(ctx)
	if err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if current > target {
		return fmt.Errorf("%w: database at %d, binary knows up to %d", ErrSchemaAhead, current, target)
	}
	return nil
}
