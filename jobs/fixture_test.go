package jobs_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// world is a fresh database with a small register and a jobs service.
type world struct {
	t   *testing.T
	db  *storage.DB
	svc *jobs.Service
	ids map[string]uuid.UUID
}

func newWorld(t *testing.T, tweak ...func(*jobs.Deps)) *world {
	t.Helper()
	db := testkit.NewDB(t)
	reg := registry.New(db, time.Now)
	d := jobs.Deps{DB: db, Outbox: notify.Outbox{Email: true}, Instance: "test", Heartbeat: 50 * time.Millisecond,
		Fitness: jobs.FitnessFunc(func(ctx context.Context, id uuid.UUID, on rules.Date) (bool, []jobs.UnfitReason, error) {
			c, err := reg.Compliance(ctx, models.Scope{Access: models.AccessAll}, id, on)
			if err != nil {
				return false, nil, err
			}
			var why []jobs.UnfitReason
			for _, r := range c.Reasons {
				why = append(why, jobs.UnfitReason{Code: r.Code, Status: c.Vessel.Status, Message: r.Message})
			}
			return c.FitToPly, why, nil
		})}
	for _, f := range tweak {
		f(&d)
	}
	return &world{t: t, db: db, svc: jobs.New(d), ids: map[string]uuid.UUID{}}
}

func (w *world) must(err error) {
	w.t.Helper()
	if err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) create(v any) {
	w.t.Helper()
	w.must(w.db.Gorm.Create(v).Error)
}

func day(s string) time.Time {
	d, err := rules.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC)
}

func ptr[T any](v T) *T { return &v }

func synced() models.Synced {
	now := time.Now().UTC()
	return models.Synced{Version: 1, CreatedAt: now, UpdatedAt: now}
}

// jurisdiction creates a jurisdiction of a regime.
func (w *world) jurisdiction(code, regime string) uuid.UUID {
	id := uuid.New()
	w.create(&models.Jurisdiction{ID: id, Code: code, Name: code, Regime: regime, Synced: synced()})
	w.ids[code] = id
	return id
}

// owner creates an owner with an email and a language.
func (w *world) owner(label, lang string, jur uuid.UUID) uuid.UUID {
	id := uuid.New()
	w.create(&models.Owner{ID: id, Kind: "person", Name: label, Email: label + "-" + id.String()[:8] + "@test.tindal",
		PreferredLanguage: lang, JurisdictionID: jur, Synced: synced()})
	w.ids[label] = id
	return id
}

// vessel creates a vessel; kind "mechanised" gets category C, zone 3, 120 kW.
func (w *world) vessel(reg, kind, regime string, jur, owner uuid.UUID) uuid.UUID {
	id := uuid.New()
	v := models.Vessel{ID: id, RegistrationNumber: reg, Name: "Boat " + reg, Regime: regime, Kind: kind, Use: "passenger",
		JurisdictionID: jur, OwnerID: owner, Status: "active", Synced: synced()}
	switch kind {
	case "mechanised":
		v.Category, v.Zone, v.EnginePower, v.PowerUnit = ptr("C"), ptr(3), ptr(120.0), ptr("kW")
	case "motor":
		v.EnginePower, v.PowerUnit = ptr(40.0), ptr("BHP")
	}
	w.create(&v)
	w.ids[reg] = id
	return id
}

// vesselCert creates a vessel certificate.
func (w *world) vesselCert(vessel, jur, owner uuid.UUID, kind, issued string, expires string) uuid.UUID {
	id := uuid.New()
	c := models.Certificate{ID: id, SubjectType: "vessel", VesselID: &vessel, Kind: kind, Number: kind + "-" + id.String()[:6],
		IssuedOn: day(issued), Status: "valid", JurisdictionID: jur, OwnerID: &owner, Synced: synced()}
	if expires != "" {
		c.ExpiresOn = ptr(day(expires))
	}
	w.create(&c)
	return id
}

// crew creates a crew member signed on a vessel since 2020 with one certificate.
func (w *world) crew(name, email string, jur, vessel, owner uuid.UUID, role, grade string, legacy bool, issued, expires, revalidated string) uuid.UUID {
	id := uuid.New()
	w.create(&models.CrewMember{ID: id, IndivcNumber: "INDIVC-" + strings.ToUpper(id.String()[:8]), Name: name, Email: email, PreferredLanguage: "hi",
		JurisdictionID: jur, Synced: synced()})
	w.create(&models.VesselCrew{ID: uuid.New(), VesselID: vessel, CrewMemberID: id, Role: role, SignedOn: day("2020-01-01"),
		JurisdictionID: jur, OwnerID: owner, Synced: synced()})
	kind := "competency"
	if grade == "gp_rating" {
		kind = "gp_rating"
	}
	c := models.Certificate{ID: uuid.New(), SubjectType: "crew_member", CrewMemberID: &id, Kind: kind, Grade: grade, Legacy: legacy,
		Number: "C-" + id.String()[:6], IssuedOn: day(issued), Status: "valid", JurisdictionID: jur, Synced: synced()}
	if expires != "" {
		c.ExpiresOn = ptr(day(expires))
	}
	if revalidated != "" {
		c.RevalidatedOn = ptr(day(revalidated))
	}
	w.create(&c)
	w.ids[name] = id
	return id
}

// run runs a job by hand at noon of the date and checks it succeeded.
func (w *world) run(job, date string) jobs.RunRecord {
	w.t.Helper()
	now := day(date).Add(6*time.Hour + 30*time.Minute) // noon in Asia/Kolkata
	rec, err := w.svc.RunNow(context.Background(), job, now)
	w.must(err)
	if rec.Outcome != "succeeded" {
		w.t.Fatalf("%s at %s: %s %s", job, date, rec.Outcome, rec.Error)
	}
	return rec
}

// flags lists "kind/document/due" of every flag, with status.
func (w *world) flags() []string {
	var rows []struct {
		Kind, Document, Status string
		DueOn                  time.Time
	}
	w.must(w.db.Gorm.Raw(`SELECT kind, document, status, due_on FROM flags ORDER BY kind, document, due_on`).Scan(&rows).Error)
	out := []string{}
	for _, r := range rows {
		out = append(out, r.Kind+"/"+r.Document+"/"+r.DueOn.Format("2006-01-02")+"/"+r.Status)
	}
	return out
}

// notices lists "channel template locale → recipient" of every notification.
func (w *world) notices() []string {
	var rows []struct{ Channel, Template, Locale, DedupeKey string }
	w.must(w.db.Gorm.Raw(`SELECT channel, template, locale, dedupe_key FROM notifications ORDER BY dedupe_key, channel`).Scan(&rows).Error)
	out := []string{}
	for _, r := range rows {
		out = append(out, r.Channel+" "+r.Template+" "+r.Locale+" "+r.DedupeKey)
	}
	return out
}

func (w *world) count(table string) int {
	var n int64
	w.must(w.db.Gorm.Raw("SELECT count(*) FROM " + table).Scan(&n).Error)
	return int(n)
}
