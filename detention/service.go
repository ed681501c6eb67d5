// Package detention owns detention and release orders (Karnataka 2025,
// Sch-IX Annex-1 and Annex-2): the proposal read from an inspection's
// outcome, the order a supervisor confirms (its number, the vessel's
// status, the inspection action codes, the owner's and master's notices,
// the 48-hour report flag), and the release after a clearing
// re-inspection (detention charges, the vessel's status restored).
//
// It may import inspect (its commands run inside an inspect.Work, which
// locks the inspection and the vessel and recomputes at the end), rules,
// models, storage, notify and document. Nothing in inspect imports it.
package detention

import (
	"time"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/rules"
)

// Service runs the detention commands over the inspection service, whose
// database, clock and outbox it uses.
type Service struct {
	insp *inspect.Service
}

// New builds the detention service over the inspection service.
func New(insp *inspect.Service) *Service { return &Service{insp: insp} }

// truncate is a timestamp as PostgreSQL stores it (microseconds, UTC).
func truncate(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// noticeDate is the Asia/Kolkata date of t as notices carry dates: midnight UTC.
func noticeDate(t time.Time) time.Time {
	d := rules.DateOf(t)
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC)
}
