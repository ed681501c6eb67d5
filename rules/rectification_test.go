package rules

import "testing"

func TestClosureFor(t *testing.T) {
	cases := []struct {
		name   string
		code   Code
		action ActionCode
		want   Closure
		rule   string
	}{
		{"Karnataka 2025 Sch-IX Annex-1: a detainable deficiency (06) needs re-inspection by a Surveyor, even a document", CodeSurveyCertExpired, Action06, ClosureReinspection, "detainable_06"},
		{"Karnataka 2025 Sch-IX Annex-1: every 06, here a life-saving appliance", CodeLifejacketsInsufficient, Action06, ClosureReinspection, "detainable_06"},
		{"Karnataka 2025 Sch-IX para 2: a failed detention criterion is never closed remotely", CodeDetainStability, Action05, ClosureReinspection, "detainable_06"},
		{"Karnataka 2025 Sch-IX Form B code 04, r.24: steering gear before departure is verified on board", CodeSteeringGear, Action04, ClosureReinspection, "hardware_before_departure"},
		{"Karnataka 2025 Sch-IX Form B code 04, r.24: watertight integrity (structure) before departure", CodeWatertightIntegrity, Action04, ClosureReinspection, "hardware_before_departure"},
		{"Karnataka 2025 Sch-IX Form B code 04, r.24: a fixed fire pump before departure", CodeFirePumpMissing, Action04, ClosureReinspection, "hardware_before_departure"},
		{"Karnataka 2025 Sch-IX Form B code 04: a portable extinguisher before departure is shown by photo", CodeExtinguisherMissing, Action04, ClosureRemote, "equipment"},
		{"Karnataka 2025 Sch-IX Form B code 05: machinery within 3 months may be shown by photo", CodeSteeringGear, Action05, ClosureRemote, "equipment"},
		{"Karnataka 2025 Sch-IX para 3, r.115(1): an expired insurance is closed by the renewed document", CodeInsuranceInvalid, Action03, ClosureRemote, "documents"},
		{"Karnataka 2025 r.115(1): a certificate not produced, shown later", CodeCertificatesNotProduced, Action04, ClosureRemote, "documents"},
		{"Karnataka 2025 Sch-XV: a crew CoC revalidated is a document", CodeCoCRevalidationOverdue, Action05, ClosureRemote, "documents"},
		{"Karnataka 2025 Sch-IX Form B code 03: lifebuoys replaced within 14 days", CodeLifebuoysInsufficient, Action03, ClosureRemote, "equipment"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ClosureFor(c.code, c.action)
			if got.Closure != c.want || got.Rule != c.rule || got.Citation == "" || got.Reason == "" {
				t.Fatalf("ClosureFor(%s, %s) = %+v, want %s by %s with a citation", c.code, c.action, got, c.want, c.rule)
			}
			if got.Remote() != (c.want == ClosureRemote) {
				t.Fatalf("Remote() = %v", got.Remote())
			}
		})
	}
}

func TestOverdueProposal(t *testing.T) {
	// Karnataka 2025 r.13 and Form-18: the sanction for a notice not
	// complied with; the deficiency's own Sch-IV row goes on the challan.
	p := OverdueProposal("KA-F09")
	if !p.Proposed || p.PenaltyRow != "KA-F09" || p.Citation != "Karnataka 2025, r.13; Sch-I Form-18" {
		t.Fatalf("proposal with a row: %+v", p)
	}
	if q := OverdueProposal(""); q.PenaltyRow != "" || !q.Proposed {
		t.Fatalf("proposal without a row: %+v", q)
	}
	if RectifiedAction != Action01 || ActionTitles[RectifiedAction] != "Deficiency rectified" {
		t.Fatalf("rectified action is %s", RectifiedAction)
	}
}
