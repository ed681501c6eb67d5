package plan

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Service reads the plan of the vessels a caller may reach.
type Service struct {
	db *storage.DB
}

// New returns the plan's service over db.
func New(db *storage.DB) *Service { return &Service{db: db} }

// Entry is one vessel of the plan with its ranking.
type Entry struct {
	Facts
	Ranking
}

// Filter narrows the plan.
type Filter struct {
	JurisdictionID *uuid.UUID
}

// maxRank bounds a ranked cursor: every weight at its cap, and the
// passenger bit.
var maxRank = func() int64 {
	total := 0
	for _, w := range Weights {
		total += w.Points * w.Cap
	}
	return int64(total)*2 + 1
}()

// List ranks the vessels in sc's scope (registered, not cancelled) on the
// day of now in India, highest rank first, and returns the page after
// cursor. The facts of every vessel in scope are read in a fixed number of
// queries, whatever their number, and ranked in memory (docs/PLAN.md).
// Errors: invalid (cursor).
func (s *Service) List(
	ctx context.Context,
	sc models.Scope,
	f Filter,
	now time.Time,
	cursor string,
	limit int,
) ([]Entry, string, error) {
	today := rules.DateOf(now)
	facts, err := s.read(ctx, sc, f, today)
	if err != nil {
		return nil, "", err
	}
	entries := make([]Entry, len(facts))
	for i, v := range facts {
		entries[i] = Entry{Facts: v, Ranking: Score(v, today)}
	}
	key := func(e Entry) (int64, uuid.UUID) { return e.Rank(), e.ID }
	return storage.PageRanked(entries, key, maxRank, cursor, limit)
}

// ruleKind is the law's kind of a registry certificate: a survey of a
// non-mechanised boat lasts a year (Karnataka 2025, r.113(1)), a licence
// is Paradip's (r.4(4)).
func ruleKind(kind, vesselKind string) rules.CertificateKind {
	switch {
	case kind == "survey" && vesselKind == string(rules.KindNonMechanised):
		return rules.CertNonMechSurvey
	case kind == "licence":
		return rules.CertParadipLicence
	}
	return rules.CertificateKind(kind)
}

// civil is the calendar date of a PostgreSQL date (midnight UTC).
func civil(t time.Time) rules.Date {
	y, m, d := t.UTC().Date()
	return rules.Date{Year: y, Month: m, Day: d}
}
