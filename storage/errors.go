package storage

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tindal/tindal/models"
)

// PostgreSQL error codes mapped to our error kinds where the SQL lives.
const (
	pgUniqueViolation     = "23505"
	pgForeignKeyViolation = "23503"
	pgCheckViolation      = "23514"
	pgNotNullViolation    = "23502"
	pgLockNotAvailable    = "55P03"
	pgDeadlock            = "40P01"
	pgSerialization       = "40001"
)

// MapError turns a PostgreSQL constraint error into a models.Error that can
// be shown to a client; what names the record ("vessel"). Other errors are
// returned unchanged.
func MapError(err error, what string) error {
	var pg *pgconn.PgError
	if !errors.As(err, &pg) {
		return err
	}
	switch pg.Code {
	case pgUniqueViolation:
		e := models.Errorf(models.KindConflict, "duplicate", "a %s with the same unique value already exists", what)
		e.Err = err
		return e
	case pgForeignKeyViolation:
		e := models.Errorf(models.KindInvalid, "reference_not_found", "%s refers to a record that does not exist", what)
		e.Err = err
		return e
	case pgCheckViolation, pgNotNullViolation:
		e := models.Errorf(models.KindInvalid, "constraint_violated", "%s breaks a rule of the schema (%s)", what, pg.ConstraintName)
		e.Err = err
		return e
	case pgLockNotAvailable, pgDeadlock, pgSerialization:
		e := models.Errorf(models.KindUnavailable, "retry", "the database is busy; retry")
		e.RetryAfter = 1
		e.Err = err
		return e
	}
	return fmt.Errorf("%s: %w", what, err)
}

// IsUniqueViolation reports whether err is a unique-constraint violation.
func IsUniqueViolation(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == pgUniqueViolation
}
