// Package demo seeds the demonstration register behind `tindal seed demo`
// (README.md): three jurisdictions, their officials, owners, vessels of
// every kind, crew and certificates, some of them about to expire, and a
// few inspections submitted for the Karwar supervisor's review, one of
// them proposing detention (demo/inspections.go).
//
// Seeding is idempotent. Every row has a deterministic id derived from its
// natural key and is inserted with ON CONFLICT (id) DO NOTHING, so a second
// run writes no row, no change-log entry and no audit entry for the
// register. Accounts go through auth.Service.UpsertUsers, which resets the
// demo password on every run. The inspections are pushed through the sync
// engine from the inspectors' demo devices, once: an inspection that exists
// is not pushed again.
package demo

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage"
)

// Summary counts the demo rows that exist after seeding, whether this run
// inserted them or an earlier one did.
type Summary struct {
	Jurisdictions int
	Users         int
	Owners        int
	Vessels       int
	CrewMembers   int
	Certificates  int
	// Inspections are the submitted demo inspections (demo/inspections.go).
	Inspections int
	// Visits are the inspections of the demo's year (WithHistory).
	Visits int
}

// namespace roots the deterministic ids of demo rows.
var namespace = uuid.MustParse("5d8f6a3e-2c1b-4e7a-9f10-7a11d4c0de55")

// idOf is the id of the demo row of an entity type with a natural key.
func idOf(entity, key string) uuid.UUID {
	return uuid.NewSHA1(namespace, []byte(entity+"/"+key))
}

// ist is India Standard Time, where the law counts days. A fixed zone keeps
// the binary independent of the host's tz database.
var ist = time.FixedZone("IST", 5*3600+1800)

// actor attributes the seed's writes in the audit log.
var actor = storage.Actor{RequestID: "seed-demo"}

// seeder carries what the steps of one run share.
type seeder struct {
	db    *storage.DB
	today time.Time            // midnight UTC of today's date in Asia/Kolkata
	jur   map[string]uuid.UUID // jurisdiction code → id
	seq   map[string]int64     // inspector email → last seq their demo device pushed
	// photos uploads the demo findings' photos; nil seeds none (WithPhotos).
	photos *photo.Service
	// history adds the demo's year (WithHistory); now is the moment of seeding.
	history bool
	now     time.Time
}

// Seed creates the demo register and accounts, each with the given
// password, dating certificates relative to today, and writes the list of
// accounts to out. Running it again creates nothing new.
func Seed(
	ctx context.Context,
	db *storage.DB,
	users *auth.Service,
	password string,
	today time.Time,
	out io.Writer,
	opts ...Option,
) (Summary, error) {
	s := &seeder{db: db, today: dateOf(today), now: today, jur: map[string]uuid.UUID{}, seq: map[string]int64{}}
	for _, o := range opts {
		o(s)
	}
	steps := []struct {
		name string
		run  func(context.Context) error
	}{
		{"jurisdictions", s.seedJurisdictions},
		{"owners", s.seedOwners},
		{"vessels", s.seedVessels},
		{"crew", s.seedCrew},
		{"certificates", s.seedCertificates},
	}
	for _, st := range steps {
		if err := st.run(ctx); err != nil {
			return Summary{}, fmt.Errorf("seed demo %s: %w", st.name, err)
		}
	}
	accounts, err := s.seedUsers(ctx, users, password)
	if err != nil {
		return Summary{}, fmt.Errorf("seed demo users: %w", err)
	}
	if s.history { // before the days just past: the phones push in the order they worked
		if err := s.seedHistory(ctx); err != nil {
			return Summary{}, fmt.Errorf("seed demo year: %w", err)
		}
	}
	if err := s.seedInspections(ctx, today); err != nil { // needs the inspectors' accounts
		return Summary{}, fmt.Errorf("seed demo inspections: %w", err)
	}
	if err := printAccounts(out, accounts, password); err != nil {
		return Summary{}, err
	}
	return s.summary(ctx)
}

// dateOf is t's calendar date in Asia/Kolkata, as the models store dates.
func dateOf(t time.Time) time.Time {
	t = t.In(ist)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// day is today plus n days.
func (s *seeder) day(n int) time.Time { return s.today.AddDate(0, 0, n) }

// dayOrNil is today plus n days, or nil when n is 0.
func (s *seeder) dayOrNil(n int) *time.Time {
	if n == 0 {
		return nil
	}
	d := s.day(n)
	return &d
}

// insert writes row unless a row with its id exists. Only a row it wrote
// is logged, under keys, and audited, so that a second run is silent.
func insert[T any](tx *storage.Tx, entity string, id uuid.UUID, row *T, keys ...string) error {
	res := tx.DB.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoNothing: true}).Create(row)
	if res.Error != nil {
		return storage.MapError(fmt.Errorf("insert %s %s: %w", entity, id, res.Error), entity)
	}
	if res.RowsAffected == 0 {
		return nil
	}
	tx.Changed(entity, id, keys...)
	return tx.Audit("seed", entity, id, nil, row)
}

// synced is the bookkeeping of a new row.
func synced() models.Synced {
	now := time.Now().UTC()
	return models.Synced{Version: 1, CreatedAt: now, UpdatedAt: now}
}

// summary counts the demo rows that exist now.
func (s *seeder) summary(ctx context.Context) (Summary, error) {
	var sum Summary
	counts := []struct {
		table string
		col   string
		keys  any
		dst   *int
	}{
		{"jurisdictions", "id", s.jurisdictionIDs(), &sum.Jurisdictions},
		{"users", "email", demoEmails(), &sum.Users},
		{"owners", "id", ownerIDs(), &sum.Owners},
		{"vessels", "id", vesselIDs(), &sum.Vessels},
		{"crew_members", "id", crewIDs(), &sum.CrewMembers},
		{"certificates", "id", s.certificateIDs(), &sum.Certificates},
		{"inspections", "id", inspectionIDs(), &sum.Inspections},
	}
	for _, c := range counts {
		var n int64
		err := s.db.Gorm.WithContext(ctx).Table(c.table).
			Where(c.col+" IN ? AND deleted_at IS NULL", c.keys).Count(&n).Error
		if err != nil {
			return Summary{}, fmt.Errorf("count demo %s: %w", c.table, err)
		}
		*c.dst = int(n)
	}
	if !s.history {
		return sum, nil
	}
	var n int64
	err := s.db.Gorm.WithContext(ctx).Table("inspections").Where("id IN ?", yearIDs()).Count(&n).Error
	sum.Visits = int(n)
	return sum, err
}
