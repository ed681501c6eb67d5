package jobs_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/models"
)

// Deferred mutations waiting more than 7 days are counted, and the admins'
// alert says where supervisors decide them.
func TestBacklogReviewAlertCountsTheWaitingWork(t *testing.T) {
	w := newWorld(t)
	admin, ins, dev := uuid.New(), uuid.New(), uuid.New()
	for _, u := range []models.User{
		{ID: admin, Email: "admin@test.tindal", Name: "Admin", Role: models.RoleAdmin, PasswordHash: "x", PreferredLanguage: "en", Synced: synced()},
		{ID: ins, Email: "ins@test.tindal", Name: "Inspector", Role: models.RoleInspector, PasswordHash: "x", PreferredLanguage: "en", Synced: synced()},
	} {
		w.create(&u)
	}
	w.must(w.db.Gorm.Exec(`INSERT INTO devices (id, user_id, installation_id) VALUES (?, ?, 'phone')`, dev, ins).Error)
	for i, age := range []string{"8 days", "1 day"} {
		w.must(w.db.Gorm.Exec(`INSERT INTO mutation_backlog (mutation_id, device_id, user_id, aggregate_id, seq, payload, request_hash, captured_at, first_seen)
			VALUES (?, ?, ?, ?, ?, '{}', '\x00', now(), now() - ?::interval)`, uuid.New(), dev, ins, uuid.New(), i+1, age).Error)
	}
	rec, err := w.svc.RunNow(context.Background(), jobs.JobHousekeeping, time.Now())
	w.must(err)
	if rec.Outcome != "succeeded" || rec.Counts["backlog_waiting_review"] != 1 {
		t.Fatalf("housekeeping: %s %v", rec.Outcome, rec.Counts)
	}
	if n := w.count("notifications WHERE template = 'job_alert' AND dedupe_key LIKE 'alert:backlog:%' " +
		"AND body LIKE '%more than 7 days for its inspection: 1.%' AND body LIKE '%waiting for a decision%' " +
		"AND body NOT LIKE '%/v1/%'"); n == 0 {
		t.Fatal("no backlog alert counting the waiting work and naming the console's page")
	}
}
