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

// pick is the first clean vessel of jurisdiction j's candidates ago days
// back, trying them in registration order from the n-th (round), so
// that only as many are read as it takes; ok is false when none is clean.
func (c *cleanDays) pick(ctx context.Context, j string, ago, n int) (string, bool, error) {
	var regs []string
	for _, v := range vessels {
		if v.Jur == j && candidate(v) {
			regs = append(regs, v.Reg)
		}
	}
	sort.Strings(regs)
	for k := range regs {
		reg := regs[(n+k)%len(regs)]
		ok, err := c.clean(ctx, reg, ago)
		if err != nil || ok {
			return reg, ok, err
		}
	}
	return "", false, nil
}

// clean reports whether the law finds nothing wrong in vessel reg from
// the register ago days back.
func (c *cleanDays) clean(ctx context.Context, reg string, ago int) (bool, error) {
	key := fmt.Sprintf("%s/%d", reg, ago)
	if ok, seen := c.known[key]; seen {
		return ok, nil
	}
	sc := models.Scope{Access: models.AccessAll, Role: models.RoleAdmin, RequestID: "seed-demo"}
	cp, err := c.reg.Compliance(ctx, sc, vesselID(reg), rules.DateOf(c.today.AddDate(0, 0, -ago)))
	if err != nil {
		return false, fmt.Errorf("compliance of %s: %w", reg, err)
	}
	c.known[key] = len(cp.Deficiencies) == 0
	return c.known[key], nil
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
