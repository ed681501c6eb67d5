package storage

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"

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
		e := models.Errorf(
			models.KindInvalid,
			"constraint_violated",
			"%s breaks a rule of the schema (%s)",
			what,
			pg.ConstraintName,
		)
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

// RetryAfterUnreachable is the Retry-After (seconds) answered while the
// database cannot be reached: long enough for a restart or a failover.
const RetryAfterUnreachable = 5

// Unreachable reports whether err means the database could not be reached
// or the connection broke: a refused or failed connection, a connection
// closed under a statement, or the server shutting down or starting up
// (SQLSTATE class 08, 57P01-57P03, 53300). These are outages, not bugs: the
// API answers them 503 with Retry-After, and retrying later is right.
func Unreachable(err error) bool {
	if err == nil {
		return false
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "57P01", "57P02", "57P03", "53300": // admin or crash shutdown, cannot connect now, too many connections
			return true
		}
		return strings.HasPrefix(pg.Code, "08") // connection exception
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	for _, target := range []error{pgconn.ErrConnClosed, driver.ErrBadConn, sql.ErrConnDone, io.EOF, io.ErrUnexpectedEOF,
		syscall.ECONNREFUSED, syscall.ECONNRESET, syscall.EPIPE} {
		if errors.Is(err, target) {
			return true
		}
	}
	return errors.As(err, &ce) || errors.As(err, &ne)
}
