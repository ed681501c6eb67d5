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
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// offence writes an inspection and one insurance offence (Sch-IV row 1)
// of the party at the time, as a push would, without recomputing.
func (w *world) offence(party, vessel, jur, owner, inspector, tpl uuid.UUID, at time.Time) {
	insp := uuid.New()
	w.must(w.db.Gorm.Exec(`INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id, rule_set_id, kind, started_at, status)
		VALUES (?, ?, ?, ?, ?, ?, 'KA-IV-2025-draft.1', 'routine', ?, 'approved')`, insp, vessel, inspector, jur, owner, tpl, at).Error)
	w.must(w.db.Gorm.Exec(`INSERT INTO offences (id, party_id, penalty_row, inspection_id, vessel_id, occurred_at, rule_set_id, status, jurisdiction_id, owner_id, inspector_id)
		VALUES (?, ?, 'KA-F01', ?, ?, ?, 'KA-IV-2025-draft.1', 'charged', ?, ?, ?)`, uuid.New(), party, insp, vessel, at, jur, owner, inspector).Error)
}

// Karnataka 2025, Sch-IV row 1 (KA-F01) and the Sch-IV note (docs/LAW.md §5.1, §5.2).
func TestRepeatOffencesLateSyncedEarlierOffenceKAF01Doubled(t *testing.T) {
	w := newWorld(t)
	j := w.jurisdiction("KARWAR", "KA-IV-2025")
	o := w.owner("owner", "hi", j)
	v := w.vessel("KA-KWR-M-0007", "mechanised", "KA-IV-2025", j, o)
	insp, tpl, party := uuid.New(), uuid.New(), uuid.New()
	w.create(&models.User{ID: insp, Email: "insp@test.tindal", Name: "Inspector", Role: models.RoleInspector, PasswordHash: "x", PreferredLanguage: "en", Synced: synced()})
	w.create(&models.User{ID: uuid.New(), Email: "admin@test.tindal", Name: "Admin", Role: models.RoleAdmin, PasswordHash: "x", PreferredLanguage: "en", Synced: synced()})
	w.must(w.db.Gorm.Exec(`INSERT INTO checklist_templates (id, key, template_version, regime, title, items) VALUES (?, 'test', 1, 'KA-IV-2025', 'Test', '[]')`, tpl).Error)
	w.must(w.db.Gorm.Exec(`INSERT INTO liable_parties (id, kind, ref, owner_id) VALUES (?, 'owner', ?, ?)`, party, o.String(), o).Error)
	// The offence of 10 March 2027, priced as a first offence by the push.
	w.offence(party, v, j, o, insp, tpl, time.Date(2027, 3, 10, 5, 0, 0, 0, time.UTC))
	ctx := context.Background()
	w.must(w.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		return penalty.RecomputeParties(ctx, tx, rules.NewRegistry(rules.RegistrySettings{}), notify.Outbox{Email: true}, []uuid.UUID{party})
	}))
	w.run(jobs.JobRepeatOffences, "2027-03-20")
	if n := w.count("penalty_adjustments"); n != 0 {
		t.Fatalf("consistent chains: %d adjustments", n)
	}
	// An earlier offence (1 February 2027) arrives late and, through a
	// path that forgot the chain function, without a recomputation.
	w.offence(party, v, j, o, insp, tpl, time.Date(2027, 2, 1, 5, 0, 0, 0, time.UTC))
	w.run(jobs.JobRepeatOffences, "2027-03-21")
	var amounts []int64
	w.must(w.db.Gorm.Raw(`SELECT p.amount FROM penalties p JOIN offences o ON o.id = p.offence_id WHERE p.deleted_at IS NULL ORDER BY o.occurred_at`).Scan(&amounts).Error)
	if len(amounts) != 2 || amounts[0] != 5000 || amounts[1] != 10000 {
		t.Errorf("amounts %v, want [5000 10000]: the March offence doubled", amounts)
	}
	if n := w.count("penalty_adjustments WHERE old_amount = 5000 AND new_amount = 10000"); n != 1 {
		t.Errorf("%d adjustments recorded, want 1", n)
	}
	if n := w.count("notifications WHERE template = 'penalty_adjusted' AND channel = 'email'"); n != 1 {
		t.Errorf("%d doubled-fine emails, want exactly 1", n)
	}
	var body string
	w.must(w.db.Gorm.Raw(`SELECT body FROM notifications WHERE template = 'penalty_adjusted' AND channel = 'in_app'`).Scan(&body).Error)
	if !strings.Contains(body, "₹5,000 → ₹10,000") || !strings.Contains(body, "1 फ़रवरी 2027") {
		t.Errorf("notice body lacks the amounts or the earlier offence's date:\n%s", body)
	}
	if n := w.count("notifications WHERE template = 'job_alert' AND channel = 'in_app'"); n != 1 {
		t.Errorf("%d alerts, want 1: a difference is an alert", n)
	}
	if n := w.count("flags WHERE kind = 'repeat_offender'"); n != 1 {
		t.Errorf("%d repeat-offender flags, want 1", n)
	}
	before := w.notices()
	w.run(jobs.JobRepeatOffences, "2027-03-21")
	if d := diff(before, w.notices()); len(d) > 0 {
		t.Errorf("rerun sent %v", d)
	}
}
