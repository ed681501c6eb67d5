package penalty_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
)

// TestParadipAppealGoesToTheConservator: at Paradip an appeal lies from the
// Deputy Conservator's decision to the Conservator (Paradip 1967, r.27): the
// supervisor who approved the inspection may not decide it; another
// supervisor of the port may, and upholding it sets the penalty aside.
func TestParadipAppealGoesToTheConservator(t *testing.T) {
	w := newChainWorld(t, "en", "")
	w.exec(`UPDATE jurisdictions SET code = 'PARADIP', regime = 'PARADIP-HC-1967' WHERE id = ?`, w.jur)
	off := w.offence("KA-F09", time.Now().Add(-time.Hour), "charged")
	w.recompute()
	deputy, conservator := uuid.New(), uuid.New()
	for _, u := range []uuid.UUID{deputy, conservator} {
		w.exec(`INSERT INTO users (id, email, name, role, password_hash) VALUES (?, ?, 'Supervisor', 'supervisor', 'x')`, u, u.String()+"@test.tindal")
	}
	var ids struct{ InspectionID, ID uuid.UUID }
	if err := w.db.Gorm.Raw(`SELECT inspection_id, id FROM penalties WHERE offence_id = ?`, off).Scan(&ids).Error; err != nil {
		t.Fatal(err)
	}
	insp, pen := ids.InspectionID, ids.ID
	w.exec(`INSERT INTO reviews (id, inspection_id, reviewer_id, decision, jurisdiction_id, owner_id, inspector_id) VALUES (?, ?, ?, 'approve', ?, ?, ?)`,
		uuid.New(), insp, deputy, w.jur, w.owner, w.inspector)
	notice, appeal := uuid.New(), uuid.New()
	w.exec(`INSERT INTO penalty_notices (id, inspection_id, jurisdiction_id, owner_id, vessel_id, seq, number, regime, served_on, issued_by)
		VALUES (?, ?, ?, ?, ?, 1, 'PARADIP/PN/000001', 'PARADIP-HC-1967', current_date, ?)`, notice, insp, w.jur, w.owner, w.vessel, deputy)
	w.exec(`INSERT INTO penalty_notice_revisions (notice_id, revision, reason, lines, total) VALUES (?, 1, 'issued', '[]', 0)`, notice)
	w.exec(`INSERT INTO penalty_appeals (id, penalty_id, notice_id, filed_on, window_closes_on, authority, grounds, filed_by, jurisdiction_id, owner_id)
		VALUES (?, ?, ?, current_date, current_date + 7, 'Conservator of the Port of Paradip', 'grounds', ?, ?, ?)`, appeal, pen, notice, deputy, w.jur, w.owner)
	svc := inspect.New(w.db, nil, nil)
	scope := func(u uuid.UUID) models.Scope {
		return models.Scope{UserID: u, Role: models.RoleSupervisor, Access: models.AccessJurisdiction, Jurisdictions: []uuid.UUID{w.jur}}
	}
	ctx := context.Background()
	_, err := svc.Penalties().DecideAppeal(ctx, scope(deputy), appeal, penalty.AppealUpheld, "shown")
	var e *models.Error
	if !errors.As(err, &e) || e.Kind != models.KindForbidden || e.Code != "decided_below" {
		t.Fatalf("Paradip 1967, r.27: the deputy who decided decides the appeal: %v", err)
	}
	a, err := svc.Penalties().DecideAppeal(ctx, scope(conservator), appeal, penalty.AppealUpheld, "shown")
	if err != nil || a.State != penalty.AppealUpheld {
		t.Fatalf("Paradip 1967, r.27: the Conservator decides: %+v %v", a, err)
	}
	if level, amount := w.amount(off); level != 0 || amount != 0 {
		t.Errorf("upheld: penalty at level %d, Rs %d; want set aside", level, amount)
	}
	if n := w.count(`penalty_notice_revisions WHERE notice_id = ? AND revision = 2 AND previous = 1`, notice); n != 1 {
		t.Errorf("the notice was not revised (%d revision 2)", n)
	}
}
