// Package services is the one set of domain services Tindal runs on.
// cmd/tindal builds every service once (cmd/tindal/services.go) and hands
// the same Set to the API (api.Deps), the pages (web/pages, the console
// and the owners' pages) and the jobs, so a page, a handler or a job
// never builds a service of its own and never checks that one exists.
// TestServicesAreBuiltInOneFile keeps the constructors in that one file
// (tests and the demo's simulated year build their own).
package services

import (
	"slices"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/plan"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/report"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/sync"
)

// Set is every domain service, each built once. Rules may be nil (the
// default rule sets); every other field is required (Missing).
type Set struct {
	Registry *registry.Service
	// Inspect runs inspection commands; it writes offences and notices
	// through Penalties, the same service the handlers read notices from.
	Inspect   *inspect.Service
	Penalties *penalty.Service
	// Orders issues and releases detention orders.
	Orders  *detention.Service
	Photos  *photo.Service
	Plans   *plan.Service
	Reports *report.Service
	// Public reads the public status page of a vessel.
	Public *public.Service
	// Jobs serves flags and /v1/admin/jobs.
	Jobs *jobs.Service
	// Push applies pushed mutations; Pull serves pulls and verifies.
	Push *sync.Engine
	Pull *sync.PullEngine
	// Feed serves the in-app notifications; Calendars the owners' ICS feeds.
	Feed      *notify.Feed
	Calendars *notify.Calendars
	// Rules are the rule sets in force; nil uses the defaults.
	Rules *rules.Registry
}

// Missing names the required services s lacks, sorted. The server and the
// pages refuse to start with any missing, so no handler checks for one.
func (s Set) Missing() []string {
	var out []string
	for name, none := range map[string]bool{
		"Registry": s.Registry == nil, "Inspect": s.Inspect == nil, "Penalties": s.Penalties == nil,
		"Orders": s.Orders == nil, "Photos": s.Photos == nil, "Plans": s.Plans == nil, "Reports": s.Reports == nil,
		"Public": s.Public == nil, "Jobs": s.Jobs == nil, "Push": s.Push == nil, "Pull": s.Pull == nil,
		"Feed": s.Feed == nil, "Calendars": s.Calendars == nil,
	} {
		if none {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}
