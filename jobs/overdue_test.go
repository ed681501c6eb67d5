package jobs_test

import (
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/models"
)

// supervisor creates a supervisor assigned to a jurisdiction since 2020.
func (w *world) supervisor(name string, jur uuid.UUID) uuid.UUID {
	id := uuid.New()
	w.create(&models.User{ID: id, Email: name + "@test.tindal", Name: name, Role: models.RoleSupervisor, PasswordHash: "x",
		PreferredLanguage: "en", Synced: synced()})
	w.create(&models.UserJurisdiction{ID: uuid.New(), UserID: id, JurisdictionID: jur, StartsOn: day("2020-01-01")})
	return id
}

func TestInspectionOverdueParadipLicenceYear(t *testing.T) {
	w := newWorld(t)
	j := w.jurisdiction("PARADIP", "PARADIP-HC-1967")
	sup := w.supervisor("sasmita", j)
	o := w.owner("owner", "hi", j)
	v := w.vessel("OD-PDP-MB-0001", "motor", "PARADIP-HC-1967", j, o)
	w.vesselCert(v, j, o, "licence", "2026-04-01", "")
	w.steps(jobs.JobInspectionOverdue, []step{
		{date: "2027-03-31"}, // the last day of the licence year
		{date: "2027-04-01", newFlags: []string{"licence_lapsed/licence_year/2027-03-31/open"}, newNotice: []string{"overdue:2027-03-31"}},
		{date: "2027-04-02"},
	})
	// Owner by email and feed; the supervisor in the feed.
	if n := w.count("notifications WHERE user_id = '" + sup.String() + "' AND channel = 'in_app'"); n != 1 {
		t.Errorf("supervisor feed entries %d, want 1", n)
	}
	if n := w.count("notifications WHERE owner_id = '" + o.String() + "'"); n != 2 {
		t.Errorf("owner notifications %d, want email and feed", n)
	}
}

func TestInspectionOverdueNonMechanised(t *testing.T) {
	w := newWorld(t)
	j := w.jurisdiction("KARWAR", "KA-IV-2025")
	o := w.owner("owner", "en", j)
	v := w.vessel("KA-KWR-N-0001", "non_mechanised", "KA-IV-2025", j, o)
	// CoS issued 10 January 2025: expires 10 January 2026 (r.113(1)).
	w.vesselCert(v, j, o, "survey", "2025-01-10", "")
	w.steps(jobs.JobInspectionOverdue, []step{
		{date: "2026-03-11"}, // 60 days after expiry: still in time
		{date: "2026-03-12", newFlags: []string{"late_renewal_fine/late_renewal/2026-03-11/open"}, newNotice: []string{"overdue:2026-03-11"}},
		{date: "2028-01-09"},
		{date: "2028-01-10", newFlags: []string{"registration_lapse/registration_lapse/2028-01-10/open"}, newNotice: []string{"overdue:2028-01-10"}},
	})
}

func TestInspectionOverduePollutionAndSurveyWindow(t *testing.T) {
	w := newWorld(t)
	j := w.jurisdiction("KARWAR", "KA-IV-2025")
	o := w.owner("owner", "en", j)
	m := w.vessel("KA-KWR-M-0009", "mechanised", "KA-IV-2025", j, o)
	w.vesselCert(m, j, o, "pollution", "2026-05-15", "2031-05-14")
	n := w.vessel("KA-KWR-N-0002", "non_mechanised", "KA-IV-2025", j, o)
	// First survey on 29 February 2024; last survey 20 May 2025 (in the 2025 window).
	w.must(w.db.Gorm.Exec(`UPDATE vessels SET survey_anniversary = '2024-02-29' WHERE id = ?`, n).Error)
	w.vesselCert(n, j, o, "survey", "2025-05-20", "")
	w.steps(jobs.JobInspectionOverdue, []step{
		// The 2026 window: anniversary 28 February 2026 (no 29th) ± 3 months closes 28 May 2026.
		{date: "2026-05-28"},
		{date: "2026-05-29", newFlags: []string{"survey_overdue/survey_window/2026-05-28/open"}, newNotice: []string{"overdue:2026-05-28"}},
		// Pollution inspection due 15 May 2027, 12 months after the last. The
		// CoS lapsed 20 May 2026 and renewal without a fine ended 19 July
		// 2026: flagged now, not announced (it was not just missed).
		{date: "2027-05-15", newFlags: []string{"late_renewal_fine/late_renewal/2026-07-19/open"}},
		{date: "2027-05-16", newFlags: []string{"pollution_inspection_overdue/pollution_inspection/2027-05-15/open"}, newNotice: []string{"overdue:2027-05-15"}},
	})
}
