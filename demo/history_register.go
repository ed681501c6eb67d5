package demo

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// rowOf is the Sch-IV penalty row of a deficiency code, "" for none.
func rowOf(code string) string {
	e, _ := rules.Lookup(rules.Code(code))
	return string(e.PenaltyRow)
}

// cleanDays answers which vessels of an office a drawn visit may
// inspect on a day: those in which the law finds nothing wrong from the
// register on that day (registry.Compliance: papers in force, crew
// signed on and certificated), so that what the law derives at the visit
// is what the inspector recorded and no more. Answers are kept per
// vessel and day.
type cleanDays struct {
	reg   *registry.Service
	today time.Time
	known map[string]bool
}

func newCleanDays(s *seeder) *cleanDays {
	return &cleanDays{reg: registry.New(s.db, func() time.Time { return s.now }), today: s.today,
		known: map[string]bool{}}
}

// eligible lists, in registration order, jurisdiction j's candidate
// vessels (window) that are clean ago days back.
func (c *cleanDays) eligible(ctx context.Context, j string, ago int) ([]string, error) {
	sc := models.Scope{Access: models.AccessAll, Role: models.RoleAdmin, RequestID: "seed-demo"}
	var out []string
	for _, v := range vessels {
		if v.Jur != j || !candidate(v) {
			continue
		}
		key := fmt.Sprintf("%s/%d", v.Reg, ago)
		ok, seen := c.known[key]
		if !seen {
			cp, err := c.reg.Compliance(ctx, sc, vesselID(v.Reg), rules.DateOf(c.today.AddDate(0, 0, -ago)))
			if err != nil {
				return nil, fmt.Errorf("compliance of %s: %w", v.Reg, err)
			}
			ok = len(cp.Deficiencies) == 0
			c.known[key] = ok
		}
		if ok {
			out = append(out, v.Reg)
		}
	}
	sort.Strings(out)
	return out, nil
}

// candidate reports whether a vessel may be drawn at all: a Karnataka
// mechanised vessel in the register for over a year, insured and under a
// full certificate of survey.
func candidate(v vesselSeed) bool {
	return v.Jur != paradip && v.Kind == mech && v.Insurance != 0 && !v.Provisional && v.Age >= 1
}

// seedPreviousCertificates writes the certificates the Karnataka vessels
// held in the year before their current ones (survey, pollution, fitness
// and insurance), so that a visit of the demo's year finds the papers
// that were in force on its day. Only the year's demo writes them: the
// register of the plain demo stays as it is.
func (s *seeder) seedPreviousCertificates(ctx context.Context) error {
	return s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		for _, c := range s.previousCertificates() {
			if err := registry.ValidateCertificate(c); err != nil {
				return fmt.Errorf("certificate %s: %w", c.Number, err)
			}
			keys := []string{storage.ScopeJurisdiction(c.JurisdictionID), storage.ScopeOwner(*c.OwnerID)}
			if err := insert(tx, entityCertificate, c.ID, &c, keys...); err != nil {
				return err
			}
		}
		return nil
	})
}

// previousCertificates are, for each candidate vessel's periodic
// certificate, the one that ran until the day before it was issued.
func (s *seeder) previousCertificates() []models.Certificate {
	var out []models.Certificate
	for _, v := range vessels {
		if !candidate(v) {
			continue
		}
		for _, c := range s.vesselCertificates(v) {
			if c.ExpiresOn == nil || c.Kind == "registration" {
				continue
			}
			expires := c.IssuedOn.AddDate(0, 0, -1)
			prev := s.vesselCertificate(v, c.Kind, yearsAfter(c.IssuedOn, -1), &expires)
			prev.ID = idOf(entityCertificate, v.Reg+"/"+c.Kind+"/previous")
			out = append(out, prev)
		}
	}
	return out
}
