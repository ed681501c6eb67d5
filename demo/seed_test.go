package demo

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/auth/authtest"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

const testPassword = "demo password 2026"

// seedDay is a fixed "today", 10:00 in Asia/Kolkata.
var seedDay = time.Date(2026, 6, 1, 4, 30, 0, 0, time.UTC)

var tables = []string{"jurisdictions", "owners", "users", "user_jurisdictions", "vessels", "crew_members",
	"vessel_crew", "certificates", "change_log", "devices", "inspections", "findings", "applied_mutations"}

func newService(t *testing.T, db *storage.DB) *auth.Service {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return auth.NewService(db, auth.NewKeySet(key), auth.Options{Hasher: authtest.CheapHasher()})
}

func counts(t *testing.T, db *storage.DB) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for _, table := range tables {
		var n int64
		if err := db.Gorm.Table(table).Count(&n).Error; err != nil {
			t.Fatalf("count %s: %v", table, err)
		}
		out[table] = n
	}
	return out
}

func seed(t *testing.T, db *storage.DB, svc *auth.Service) (Summary, string) {
	t.Helper()
	var out bytes.Buffer
	sum, err := Seed(context.Background(), db, svc, testPassword, seedDay, &out)
	if err != nil {
		t.Fatalf("Seed: %v", err)
	}
	return sum, out.String()
}

func TestSeedIsIdempotent(t *testing.T) {
	db := testkit.NewDB(t)
	svc := newService(t, db)
	first, printed := seed(t, db, svc)
	t.Logf("%+v\n%s", first, printed)
	want := Summary{Jurisdictions: 3, Users: len(staff) + len(owners), Owners: len(owners), Vessels: len(vessels),
		CrewMembers: len(crew), Certificates: len(fixedSeeder(db).certificates()), Inspections: len(inspections)}
	if first != want {
		t.Fatalf("summary = %+v, want %+v", first, want)
	}
	for _, w := range []string{"admin@demo.tindal", "inspector.karwar@demo.tindal", "owner10@demo.tindal", testPassword} {
		if !strings.Contains(printed, w) {
			t.Errorf("printed accounts lack %q:\n%s", w, printed)
		}
	}
	before := counts(t, db)
	if before["change_log"] == 0 {
		t.Fatal("first run wrote no change log")
	}
	second, _ := seed(t, db, svc)
	if second != first {
		t.Errorf("second summary = %+v, want %+v", second, first)
	}
	after := counts(t, db)
	for _, table := range tables {
		if after[table] != before[table] {
			t.Errorf("%s: %d rows after the second run, %d before", table, after[table], before[table])
		}
	}
	assertOnlyUserUpdatesAudited(t, db)
}

// fixedSeeder is a seeder for the fixed day, to derive what the seed should write.
func fixedSeeder(db *storage.DB) *seeder {
	return &seeder{db: db, today: dateOf(seedDay), jur: map[string]uuid.UUID{}}
}

// assertOnlyUserUpdatesAudited checks that a second run audits nothing but
// UpsertUser's refresh of the accounts.
func assertOnlyUserUpdatesAudited(t *testing.T, db *storage.DB) {
	t.Helper()
	var other int64
	// The demo inspections are pushed as a phone would push them: each
	// command audits itself, once (a second run pushes nothing).
	err := db.Gorm.Table("audit_log").Where(`action NOT IN ('seed', 'create', 'inspection.start', 'inspection.answer', 'finding.record', 'inspection.submit')
		AND NOT (action = 'update' AND entity_type = 'user')`).Count(&other).Error
	if err != nil || other != 0 {
		t.Errorf("unexpected audit entries: %d (%v)", other, err)
	}
	var seeded int64
	db.Gorm.Table("audit_log").Where("action = 'seed'").Count(&seeded)
	var rows int64
	for _, table := range []string{"jurisdictions", "owners", "vessels", "crew_members", "vessel_crew", "certificates"} {
		var n int64
		db.Gorm.Table(table).Count(&n)
		rows += n
	}
	if seeded != rows {
		t.Errorf("%d seed audit entries for %d rows", seeded, rows)
	}
	var starts int64
	db.Gorm.Table("audit_log").Where("action = 'inspection.start'").Count(&starts)
	if starts != int64(len(inspections)) {
		t.Errorf("%d inspection.start audit entries for %d demo inspections", starts, len(inspections))
	}
}

func TestSeedCoversTheDemo(t *testing.T) {
	db := testkit.NewDB(t)
	seed(t, db, newService(t, db))
	g := db.Gorm
	day := dateOf(seedDay)
	checks := []struct {
		name  string
		table string
		where string
		args  []any
	}{
		{"mechanised", "vessels", "kind = 'mechanised' AND NOT special_category", nil},
		{"non-mechanised", "vessels", "kind = 'non_mechanised' AND zone = 3 AND engine_power IS NULL", nil},
		{"harbour craft", "vessels", "kind = 'harbour_craft' AND regime = 'PARADIP-HC-1967'", nil},
		{"steam", "vessels", "kind = 'steam' AND power_unit = 'NHP'", nil},
		{"motor", "vessels", "kind = 'motor' AND power_unit = 'BHP'", nil},
		{"recreation motor boat <= 20 BHP, <= 9.14 m", "vessels", "kind = 'motor' AND engine_power <= 20 AND length_m <= 9.14 AND use = 'recreation'", nil},
		{"300 BHP launch", "vessels", "kind = 'motor' AND engine_power = 300", nil},
		{"special category", "vessels", "special_category AND kind = 'mechanised' AND registration_number LIKE '%SPL'", nil},
		{"expires within 60 days", "certificates", "expires_on >= ? AND expires_on <= ?", []any{day, day.AddDate(0, 0, 60)}},
		{"expired", "certificates", "expires_on < ?", []any{day}},
		{"legacy CoC not revalidated", "certificates", "legacy AND kind = 'competency' AND revalidated_on IS NULL", nil},
		{"legacy CoC revalidated", "certificates", "legacy AND kind = 'competency' AND revalidated_on IS NOT NULL", nil},
		{"GP rating", "certificates", "kind = 'gp_rating'", nil},
		{"Paradip licence", "certificates", "kind = 'licence' AND expires_on = ?", []any{time.Date(2027, 3, 31, 0, 0, 0, 0, time.UTC)}},
		{"provisional survey", "certificates", "kind = 'provisional_survey' AND expires_on <= issued_on + interval '3 months'", nil},
		{"fitness", "certificates", "kind = 'fitness'", nil},
		{"crew on vessels", "vessel_crew", "role = 'master'", nil},
		{"owner account", "users", "role = 'owner' AND owner_id IS NOT NULL", nil},
	}
	for _, c := range checks {
		var n int64
		if err := g.Table(c.table).Where(c.where, c.args...).Count(&n).Error; err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if n == 0 {
			t.Errorf("no %s", c.name)
		}
	}
	for _, col := range []struct {
		name string
		vals []any
	}{{"category", []any{"A", "B", "C"}}, {"zone", []any{1, 2, 3}}} {
		for _, v := range col.vals {
			var n int64
			g.Table("vessels").Where("kind = 'mechanised' AND "+col.name+" = ?", v).Count(&n)
			if n == 0 {
				t.Errorf("no mechanised vessel with %s %v", col.name, v)
			}
		}
	}
}

func TestSeedAssignsJurisdictions(t *testing.T) {
	db := testkit.NewDB(t)
	seed(t, db, newService(t, db))
	var codes []string
	err := db.Gorm.Raw(`SELECT j.code FROM user_jurisdictions uj
		JOIN users u ON u.id = uj.user_id JOIN jurisdictions j ON j.id = uj.jurisdiction_id
		WHERE u.email = 'inspector.karwar@demo.tindal' AND uj.ends_on IS NULL`).Scan(&codes).Error
	if err != nil {
		t.Fatal(err)
	}
	if len(codes) != 1 || codes[0] != karwar {
		t.Errorf("inspector.karwar jurisdictions = %v, want [KARWAR]", codes)
	}
	var owner struct {
		Role    string
		OwnerID *uuid.UUID
	}
	db.Gorm.Table("users").Select("role, owner_id").Where("email = 'owner2@demo.tindal'").Take(&owner)
	if owner.Role != "owner" || owner.OwnerID == nil || *owner.OwnerID != ownerID(2) {
		t.Errorf("owner2 account = %+v, want owner of %s", owner, ownerID(2))
	}
}

func TestSeedAdoptsExistingJurisdiction(t *testing.T) {
	db := testkit.NewDB(t)
	existing := uuid.New()
	if err := db.Gorm.Exec(`INSERT INTO jurisdictions (id, code, name, regime) VALUES (?, 'KARWAR', 'Karwar', 'KA-IV-2025')`, existing).Error; err != nil {
		t.Fatal(err)
	}
	seed(t, db, newService(t, db))
	var n int64
	db.Gorm.Table("vessels").Where("jurisdiction_id = ?", existing).Count(&n)
	if n == 0 {
		t.Error("Karwar vessels were not placed in the existing KARWAR jurisdiction")
	}
}

// TestCertificatesValidWhateverTheDay checks that no day of seeding yields
// a certificate the registry would refuse (month ends, licence years).
func TestCertificatesValidWhateverTheDay(t *testing.T) {
	for d := 0; d < 366; d++ {
		sd := &seeder{today: dateOf(seedDay.AddDate(0, 0, d)), jur: map[string]uuid.UUID{}}
		for _, j := range jurisdictions {
			sd.jur[j.Code] = uuid.New()
		}
		for _, c := range sd.certificates() {
			if err := registry.ValidateCertificate(c); err != nil {
				t.Fatalf("day %s: certificate %s: %v", sd.today.Format(time.DateOnly), c.Number, err)
			}
			if c.IssuedOn.After(sd.today) {
				t.Fatalf("day %s: certificate %s issued in the future", sd.today.Format(time.DateOnly), c.Number)
			}
		}
	}
}

// TestSeedSubmitsInspectionsForReview: the supervisor of Karwar finds
// submitted inspections with findings, dated in the days before the seed,
// one of them proposing detention for a detainable deficiency (an expired
// Certificate of Survey, action 06, Karnataka 2025 Sch-IX).
func TestSeedSubmitsInspectionsForReview(t *testing.T) {
	db := testkit.NewDB(t)
	seed(t, db, newService(t, db))
	var rows []struct {
		ID                uuid.UUID
		Status            string
		DetentionProposed bool
		StartedAt         time.Time
		Code              string
		Findings          int
	}
	err := db.Gorm.Raw(`SELECT i.id, i.status, i.detention_proposed, i.started_at, j.code,
		(SELECT count(*) FROM findings f WHERE f.inspection_id = i.id AND f.deleted_at IS NULL) AS findings
		FROM inspections i JOIN jurisdictions j ON j.id = i.jurisdiction_id ORDER BY i.started_at`).Scan(&rows).Error
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(inspections) {
		t.Fatalf("%d inspections, want %d", len(rows), len(inspections))
	}
	proposed := 0
	for _, r := range rows {
		if r.Status != "submitted" || r.Code != karwar || r.Findings == 0 {
			t.Errorf("inspection %s: %s in %s with %d findings, want submitted in KARWAR with findings", r.ID, r.Status, r.Code, r.Findings)
		}
		if age := seedDay.Sub(r.StartedAt); age <= 0 || age > 4*24*time.Hour {
			t.Errorf("inspection %s started %s, want within the days before the seed day %s", r.ID, r.StartedAt, seedDay)
		}
		if r.DetentionProposed {
			proposed++
		}
	}
	var detainable int64
	db.Gorm.Table("findings").Where("code = '01003' AND action = '06' AND inspection_id = ?", inspectionID("kwr-m-0006-routine")).Count(&detainable)
	if proposed != 1 || detainable != 1 {
		t.Errorf("%d inspections propose detention and %d 01003 findings carry action 06; want exactly one of each", proposed, detainable)
	}
}

// TestSeedUploadsPhotosThroughThePhotoService: with a photo store, every
// demo finding gets a generated JPEG, uploaded and verified as a phone's
// would be (real MinIO), so the inspections' evidence is complete; a second
// run uploads nothing and attaches nothing.
func TestSeedUploadsPhotosThroughThePhotoService(t *testing.T) {
	db := testkit.NewDB(t)
	store := testkit.MinIO(t)
	svc := newService(t, db)
	run := func() {
		var out bytes.Buffer
		if _, err := Seed(context.Background(), db, svc, testPassword, seedDay, &out, WithPhotos(photo.New(db, store, photo.Options{}))); err != nil {
			t.Fatalf("Seed: %v", err)
		}
	}
	run()
	findings := 0
	for _, in := range inspections {
		findings += len(in.Findings)
	}
	var photos, verified, attachedToFindings int64
	db.Gorm.Table("photos").Count(&photos)
	db.Gorm.Table("photos").Where("state = 'verified'").Count(&verified)
	db.Gorm.Table("photos").Where("finding_id IN (SELECT id FROM findings)").Count(&attachedToFindings)
	if photos != int64(findings) || verified != photos || attachedToFindings != photos {
		t.Fatalf("%d photos, %d verified, %d on findings; want one verified photo per finding (%d)", photos, verified, attachedToFindings, findings)
	}
	var incomplete int64
	db.Gorm.Table("inspections").Where("evidence_total = 0 OR evidence_verified <> evidence_total").Count(&incomplete)
	if incomplete != 0 {
		t.Errorf("%d inspections with incomplete or no evidence", incomplete)
	}
	before := counts(t, db)
	var blobs int64
	db.Gorm.Table("blobs").Count(&blobs)
	run()
	after := counts(t, db)
	var blobsAfter, photosAfter int64
	db.Gorm.Table("blobs").Count(&blobsAfter)
	db.Gorm.Table("photos").Count(&photosAfter)
	if blobsAfter != blobs || photosAfter != photos || after["applied_mutations"] != before["applied_mutations"] {
		t.Errorf("second run: blobs %d → %d, photos %d → %d, mutations %d → %d", blobs, blobsAfter, photos, photosAfter,
			before["applied_mutations"], after["applied_mutations"])
	}
}
