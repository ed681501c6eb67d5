package demo

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/plan"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/report"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// yearDay is the day the year's tests seed on, 10:30 in India: more than a
// year after Karnataka 2025's placeholder commencement, so all twelve
// months are in force.
var yearDay = time.Date(2027, 1, 20, 5, 0, 0, 0, time.UTC)

// yearTables are the rows the year writes; a second run adds to none.
var yearTables = []string{"certificates", "inspections", "findings", "photos", "blobs", "reviews", "offences",
	"penalties", "penalty_notices", "penalty_notice_revisions", "penalty_payments", "penalty_appeals",
	"detention_orders", "applied_mutations", "change_log", "notifications"}

// seededYear is a database seeded once with the year and its photos in
// MinIO, shared by the checks of TestYear (one seed: it is the slow part).
type seededYear struct {
	db  *storage.DB
	sum Summary
}

func seedYear(t *testing.T) seededYear {
	t.Helper()
	db := testkit.NewDB(t)
	svc := newService(t, db)
	photos := photo.New(db, testkit.MinIO(t), photo.Options{})
	run := func() Summary {
		var out bytes.Buffer
		start := time.Now()
		sum, err := Seed(context.Background(), db, svc, testPassword, yearDay, &out, WithPhotos(photos), WithHistory())
		if err != nil {
			t.Fatalf("Seed with the year: %v", err)
		}
		t.Logf("seeded in %s: %+v", time.Since(start).Round(time.Millisecond), sum)
		return sum
	}
	first := run()
	before, audits := countRows(t, db, yearTables), countAudits(t, db)
	second := run()
	after := countRows(t, db, yearTables)
	if n := countAudits(t, db); n != audits {
		t.Errorf("second run: %d audit entries besides the accounts' refresh, %d before", n, audits)
	}
	for _, table := range yearTables {
		if after[table] != before[table] {
			t.Errorf("second run: %s %d → %d rows", table, before[table], after[table])
		}
	}
	if second != first {
		t.Errorf("second summary %+v, first %+v", second, first)
	}
	return seededYear{db: db, sum: first}
}

// countAudits counts the audit entries other than UpsertUser's refresh of
// the demo accounts, which every run does.
func countAudits(t *testing.T, db *storage.DB) int64 {
	t.Helper()
	var n int64
	if err := db.Gorm.Table("audit_log").Where("NOT (action = 'update' AND entity_type = 'user')").Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func countRows(t *testing.T, db *storage.DB, tables []string) map[string]int64 {
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

// TestYear seeds the year twice on a fresh database (the second run
// writes nothing), then checks what each page of the office and of the
// owners shows from it, through the services the pages call.
func TestYear(t *testing.T) {
	y := seedYear(t)
	if y.sum.Visits < 48 {
		t.Fatalf("%d visits in the year, want dozens (at least 48)", y.sum.Visits)
	}
	t.Run("every visit went through the services", y.checkVisits)
	t.Run("the law derived only what the inspectors recorded", y.checkDerived)
	t.Run("every action code", y.checkActions)
	t.Run("detentions", y.checkDetentions)
	t.Run("notices", y.checkNotices)
	t.Run("photos", y.checkPhotos)
	t.Run("reports", y.checkReports)
	t.Run("plan", y.checkPlan)
	t.Run("owner", y.checkOwner)
	t.Run("mails", y.checkMails)
	t.Run("the same year on every seed", y.checkFingerprint)
}

// fingerprintSQL digests, table by table, what the law computed over the
// year (statuses, codes, actions, levels, amounts, dates, photo bytes),
// leaving out ids and times of the machine's clock.
var fingerprintSQL = `
SELECT 'inspections', count(*), md5(string_agg(x, ';' ORDER BY x)) FROM (SELECT v.registration_number || ' ' || to_char(i.started_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI') || ' ' || i.kind || ' ' || i.status AS x FROM inspections i JOIN vessels v ON v.id = i.vessel_id WHERE i.deleted_at IS NULL) s
UNION ALL SELECT 'findings', count(*), md5(string_agg(x, ';' ORDER BY x)) FROM (SELECT f.inspection_id || ' ' || f.code || ' ' || f.action || ' ' || f.source || ' ' || f.rectified || ' ' || coalesce(f.due_date::text, '-') AS x FROM findings f WHERE f.deleted_at IS NULL) s
UNION ALL SELECT 'penalties', count(*), md5(string_agg(x, ';' ORDER BY x)) FROM (SELECT p.inspection_id || ' ' || p.penalty_row || ' ' || p.level || ' ' || p.amount || ' ' || p.unit_amount AS x FROM penalties p WHERE p.deleted_at IS NULL) s
UNION ALL SELECT 'notices', count(*), md5(string_agg(x, ';' ORDER BY x)) FROM (SELECT n.number || ' ' || n.served_on || ' ' || n.inspection_id AS x FROM penalty_notices n) s
UNION ALL SELECT 'payments', count(*), md5(string_agg(x, ';' ORDER BY x)) FROM (SELECT p.receipt_number || ' ' || p.amount || ' ' || p.paid_on AS x FROM penalty_payments p) s
UNION ALL SELECT 'appeals', count(*), md5(string_agg(x, ';' ORDER BY x)) FROM (SELECT a.penalty_id || ' ' || a.state || ' ' || a.filed_on AS x FROM penalty_appeals a) s
UNION ALL SELECT 'detentions', count(*), md5(string_agg(x, ';' ORDER BY x)) FROM (SELECT o.number || ' ' || o.status || ' ' || o.vessel_status_before || ' ' || coalesce(o.release_number, '-') AS x FROM detention_orders o) s
UNION ALL SELECT 'photos', count(*), md5(string_agg(x, ';' ORDER BY x)) FROM (SELECT p.id || ' ' || p.sha256 || ' ' || p.state || ' ' || p.thumb_state || ' ' || p.exif_found || ' ' || p.flags::text AS x FROM photos p) s`

// yearFingerprint is fingerprintSQL over the year seeded on yearDay: the
// seed draws from a fixed random seed and replays in the law's order, so
// every seed, however it schedules its work (concurrent photo uploads),
// writes the same year.
var yearFingerprint = []string{
	"inspections 72 9cbdd9810e4b1fcc2e580e824d7edaa5",
	"findings 112 8c3e9891a348c8ab383787644d8bcd1c",
	"penalties 22 1eb7ab789447ac2dc736da50f19d9dbb",
	"notices 18 b88683230fe2a5334737715ae3f8c42a",
	"payments 8 998135214a9ac87fc69f7dfaf5e2779b",
	"appeals 3 32c66f064d5c10c42b369f9ab644ea35",
	"detentions 2 71b767b1b8d3872e8ae868d9d7a64df8",
	"photos 110 60832ae1bad05ab3c8384f390277b4ce",
}

// checkFingerprint: the year is the one every seed on yearDay writes.
func (y seededYear) checkFingerprint(t *testing.T) {
	var got []string
	rows, err := y.db.Gorm.Raw(fingerprintSQL).Rows()
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var table, digest string
		var n int
		if err := rows.Scan(&table, &n, &digest); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s %d %s", table, n, digest))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, yearFingerprint) {
		t.Errorf("the year's fingerprint\n%q\nwant\n%q", got, yearFingerprint)
	}
}

// checkVisits: every visit of the year is approved (or, in the last days,
// waiting for review), reviewed by its office's supervisor.
func (y seededYear) checkVisits(t *testing.T) {
	var rows []struct {
		Status string
		N      int
	}
	y.db.Gorm.Raw(`SELECT status, count(*) AS n FROM inspections WHERE id IN ? GROUP BY status`,
		yearIDs()).Scan(&rows)
	approved := 0
	for _, r := range rows {
		switch r.Status {
		case models.StatusApproved:
			approved = r.N
		case models.StatusSubmitted:
		default:
			t.Errorf("%d visits %s", r.N, r.Status)
		}
	}
	var reviews int64
	y.db.Gorm.Raw(`SELECT count(*) FROM reviews r JOIN users u ON u.id = r.reviewer_id
		JOIN inspections i ON i.id = r.inspection_id
		JOIN user_jurisdictions uj ON uj.user_id = u.id AND uj.jurisdiction_id = i.jurisdiction_id
		WHERE r.decision = 'approve' AND u.role = 'supervisor' AND i.id IN ?`, yearIDs()).Scan(&reviews)
	if approved < y.sum.Visits-6 || reviews != int64(approved) {
		t.Errorf("%d of %d visits approved, %d by their office's supervisor", approved, y.sum.Visits, reviews)
	}
}

// checkDerived: the year visits vessels whose papers and crew the
// register holds on the day, so the law derived no deficiency the
// inspector did not record.
func (y seededYear) checkDerived(t *testing.T) {
	var extra []struct {
		Reg, Code string
		Started   time.Time
	}
	y.db.Gorm.Raw(`SELECT v.registration_number AS reg, f.code, i.started_at FROM findings f
		JOIN inspections i ON i.id = f.inspection_id JOIN vessels v ON v.id = i.vessel_id
		WHERE i.id IN ? AND NOT f.sources @> '["inspector"]'::jsonb AND f.deleted_at IS NULL`,
		yearIDs()).Scan(&extra)
	for _, e := range extra {
		t.Errorf("%s on %s: the law derived %s, which the visit did not record", e.Reg,
			e.Started.In(ist).Format(time.DateOnly), e.Code)
	}
}

// checkActions: every deficiency action code of Karnataka 2025, Sch-IX
// appears on an approved finding.
func (y seededYear) checkActions(t *testing.T) {
	var got []string
	y.db.Gorm.Raw(`SELECT DISTINCT f.action FROM findings f JOIN inspections i ON i.id = f.inspection_id
		WHERE i.status = 'approved' AND f.deleted_at IS NULL`).Scan(&got)
	for a := range rules.ActionTitles {
		if !slices.Contains(got, string(a)) {
			t.Errorf("no approved finding with action %s (%s); actions: %v", a, rules.ActionTitles[a], got)
		}
	}
}

// checkDetentions: one detention released after its re-inspection, with
// charges, and one in force on a vessel the registry shows detained.
func (y seededYear) checkDetentions(t *testing.T) {
	var orders []models.DetentionOrder
	y.db.Gorm.Order("ordered_at").Find(&orders)
	if len(orders) != 2 || orders[0].Status != models.OrderReleased || orders[1].Status != models.OrderInForce {
		t.Fatalf("detention orders %+v, want one released then one in force", orders)
	}
	for _, c := range []struct {
		order models.DetentionOrder
		want  string
	}{{orders[1], "detained"}, {orders[0], "active"}} {
		var status string
		err := y.db.Gorm.Table("vessels").Select("status").Where("id = ?", c.order.VesselID).Row().Scan(&status)
		if err != nil || status != c.want {
			t.Errorf("vessel of order %s (%s) is %q (%v), want %s", c.order.Number, c.order.Status, status, err, c.want)
		}
	}
}

// checkNotices: notices paid in full, unpaid, under a pending appeal, and
// appeals upheld and dismissed; repeat offences doubled (Karnataka 2025,
// Sch-IV).
func (y seededYear) checkNotices(t *testing.T) {
	ctx := context.Background()
	pen := penalty.New(y.db, nil, func() time.Time { return yearDay }, notify.Outbox{})
	sc := models.Scope{Access: models.AccessAll, Role: models.RoleAdmin}
	var paid, unpaid, pending int
	for cursor := ""; ; {
		ns, next, err := pen.ListNotices(ctx, sc, penalty.NoticeFilter{}, cursor, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range ns {
			switch {
			case n.Total > 0 && n.Due == 0 && n.Paid == n.Total:
				paid++
			case slices.ContainsFunc(n.Lines, func(l penalty.NoticeLineView) bool { return l.AppealState == penalty.AppealPending }):
				pending++
			case n.Due > 0 && n.Paid == 0:
				unpaid++
			}
		}
		if cursor = next; next == "" {
			break
		}
	}
	if paid < 5 || unpaid < 3 || pending < 1 {
		t.Errorf("notices: %d paid, %d unpaid, %d under appeal; want at least 5, 3 and 1", paid, unpaid, pending)
	}
	var decided []string
	y.db.Gorm.Table("penalty_appeals").Distinct("state").Where("state <> 'pending'").Pluck("state", &decided)
	slices.Sort(decided)
	if !slices.Equal(decided, []string{"dismissed", "upheld"}) {
		t.Errorf("decided appeals %v, want dismissed and upheld", decided)
	}
	var levels []int
	y.db.Gorm.Raw(`SELECT p.level FROM penalties p JOIN inspections i ON i.id = p.inspection_id
		WHERE p.penalty_row = ? AND i.id IN ? ORDER BY i.started_at`, rowOf("11002"), []uuid.UUID{visitID("repeat-1"), visitID("repeat-2"),
		visitID("repeat-3")}).Scan(&levels)
	if !slices.Equal(levels, []int{1, 2, 3}) {
		t.Errorf("Mohan Shetty & Sons' lifejacket offences at levels %v, want 1, 2, 3 (each a repeat within the year)",
			levels)
	}
}

// checkPhotos: every finding of the year has a verified photo whose EXIF
// time and place match its inspection (no reviewer flag).
func (y seededYear) checkPhotos(t *testing.T) {
	var findings, good int64
	ids := yearIDs()
	y.db.Gorm.Table("findings").Where("inspection_id IN ? AND source = 'inspector'", ids).Count(&findings)
	y.db.Gorm.Table("photos").Where(`inspection_id IN ? AND state = 'verified' AND exif_found
		AND flags = '[]'::jsonb AND finding_id IS NOT NULL`, ids).Count(&good)
	if findings == 0 || good != findings {
		t.Errorf("%d verified photos with matching EXIF for %d findings", good, findings)
	}
}

// checkReports: each chart of the console has numbers: deficiencies in
// every one of the twelve months, inspections and detentions in both
// offices, fines imposed and collected, overdue findings.
func (y seededYear) checkReports(t *testing.T) {
	ctx := context.Background()
	sc := models.Scope{Access: models.AccessAll, Role: models.RoleAdmin}
	today := rules.DateOf(yearDay)
	f := report.Filter{Period: report.LastMonths(today, 12), Today: today}
	svc := report.New(y.db)
	chart := func(k report.Kind) report.Chart {
		c, err := svc.Chart(ctx, sc, k, f, "en")
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	def := chart(report.Deficiencies)
	if len(def.Categories) != 12 {
		t.Fatalf("deficiencies chart over %d months", len(def.Categories))
	}
	for i, m := range def.Categories {
		var n int64
		for _, s := range def.Series {
			n += s.Values[i]
		}
		if n == 0 {
			t.Errorf("no deficiency in %s", m)
		}
	}
	insp := chart(report.Inspections)
	for i, j := range insp.Categories {
		if (j == karwar || j == mangaluru) && insp.Series[0].Values[i] < 20 {
			t.Errorf("%s: %d inspections in the year", j, insp.Series[0].Values[i])
		}
	}
	if insp.Series[1].Total() != 2 {
		t.Errorf("%d detentions in the year, want 2", insp.Series[1].Total())
	}
	fines := chart(report.Fines)
	if fines.Series[0].Total() == 0 || fines.Series[1].Total() == 0 {
		t.Errorf("fines imposed %d, collected %d", fines.Series[0].Total(), fines.Series[1].Total())
	}
	if chart(report.Overdue).Series[0].Total() == 0 {
		t.Error("no overdue finding")
	}
}

// checkPlan: the Karwar supervisor's plan ranks the office's vessels and
// explains the ranks by the year: detentions, repeat offences, open
// findings, last inspections.
func (y seededYear) checkPlan(t *testing.T) {
	ctx := context.Background()
	sc, err := fixedYear(y.db).officialScope(ctx, staffOf("supervisor", mangaluru))
	if err != nil {
		t.Fatal(err)
	}
	es, _, err := plan.New(y.db).List(ctx, sc, plan.Filter{}, yearDay, "", 500)
	if err != nil {
		t.Fatal(err)
	}
	var inspected, detained, repeats, open int
	for _, e := range es {
		if !e.LastInspection.IsZero() {
			inspected++
		}
		if len(e.Detentions) > 0 {
			detained++
		}
		if len(e.RepeatOffences) > 0 {
			repeats++
		}
		if len(e.Findings) > 0 {
			open++
		}
	}
	if len(es) == 0 || inspected < 3 || detained == 0 || repeats == 0 || open == 0 {
		t.Errorf("plan of %d vessels: %d inspected, %d detained, %d with repeats, %d with open findings",
			len(es), inspected, detained, repeats, open)
	}
}

// checkOwner: Konkan Coast Ferries (owner2) sees on /my, through the
// services it reads, a vessel detained, notices paid, unpaid and under
// appeal, and a certificate expiring within the month.
func (y seededYear) checkOwner(t *testing.T) {
	ctx := context.Background()
	owner := ownerID(2)
	var u models.User
	y.db.Gorm.Where("email = ?", ownerEmail(2)).Take(&u)
	sc := models.Scope{UserID: u.ID, Role: models.RoleOwner, Access: models.AccessOwn, OwnerID: &owner}
	pen := penalty.New(y.db, nil, func() time.Time { return yearDay }, notify.Outbox{})
	ns, _, err := pen.ListNotices(ctx, sc, penalty.NoticeFilter{}, "", 50)
	if err != nil {
		t.Fatal(err)
	}
	var states []string
	for _, n := range ns {
		switch {
		case n.Total > 0 && n.Due == 0:
			states = append(states, "paid")
		case slices.ContainsFunc(n.Lines, func(l penalty.NoticeLineView) bool { return l.AppealState != "" }):
			states = append(states, "appealed")
		default:
			states = append(states, "unpaid")
		}
	}
	for _, want := range []string{"paid", "unpaid", "appealed"} {
		if !slices.Contains(states, want) {
			t.Errorf("owner2's notices are %v: none %s", states, want)
		}
	}
	reg := registry.New(y.db, func() time.Time { return yearDay })
	page, err := reg.ListVessels(ctx, sc, registry.VesselFilter{}, registry.ListOptions{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var detained, expiring []string
	for _, v := range page.Items {
		if v.Status == "detained" {
			detained = append(detained, v.RegistrationNumber)
		}
		cp, err := reg.Compliance(ctx, sc, v.ID, rules.DateOf(yearDay))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cp.Certificates {
			if !c.ExpiresOn.IsZero() && c.DaysToExpiry >= 0 && c.DaysToExpiry <= 31 {
				expiring = append(expiring, v.RegistrationNumber+" "+c.Certificate.Kind)
			}
		}
	}
	if len(detained) == 0 || len(expiring) == 0 {
		t.Errorf("owner2: detained %v, certificates expiring within the month %v", detained, expiring)
	}
	t.Logf("owner2: notices %v, detained %s, expiring %s", states, detained, strings.Join(expiring, ", "))
}

// fixedYear is a seeder of the year's day, to derive what the seed wrote.
func fixedYear(db *storage.DB) *seeder {
	return &seeder{db: db, today: dateOf(yearDay), now: yearDay, history: true, jur: map[string]uuid.UUID{}}
}
