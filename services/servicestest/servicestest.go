// Package servicestest completes a test's services.Set the way
// cmd/tindal/services.go builds the server's: the services that are only
// views over others (penalties, orders, plan, reports, public status) are
// derived from the test's inspection service, registry and database, so
// a test harness lists only the services it tunes.
package servicestest

import (
	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/plan"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/report"
	"github.com/tindal/tindal/services"
	"github.com/tindal/tindal/storage"
)

// Complete fills the derived services s lacks, over db. s.Inspect and
// s.Registry must be set; the penalty service is the one s.Inspect
// writes through, as in the server.
func Complete(s services.Set, db *storage.DB) services.Set {
	if s.Penalties == nil {
		s.Penalties = s.Inspect.Penalties()
	}
	if s.Orders == nil {
		s.Orders = detention.New(s.Inspect)
	}
	if s.Plans == nil {
		s.Plans = plan.New(db)
	}
	if s.Reports == nil {
		s.Reports = report.New(db)
	}
	if s.Public == nil {
		s.Public = public.New(db, s.Registry)
	}
	return s
}
