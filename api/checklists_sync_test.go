package api_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/storage"
)

// fleet adds Paradip and Kandla jurisdictions, a vessel of every kind,
// category and zone the templates distinguish, and an inspector of all
// three jurisdictions ("fleet-inspector").
func (h *harness) fleet() {
	ctx := context.Background()
	reg := registry.New(h.db, time.Now)
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	for code, regime := range map[string]string{"PARADIP": "PARADIP-HC-1967", "KANDLA": "KANDLA-HC-1955"} {
		j, _, err := reg.CreateJurisdiction(ctx, admin, models.Jurisdiction{Code: code, Name: code, Regime: regime})
		h.must(err)
		h.ids[code] = j.ID
		o, _, err := reg.CreateOwner(ctx, admin, models.Owner{Kind: "person", Name: "Owner at " + code, JurisdictionID: j.ID, PreferredLanguage: "hi"})
		h.must(err)
		h.ids["owner-"+code] = o.ID
	}
	str := func(s string) *string { return &s }
	num := func(n int) *int { return &n }
	flt := func(f float64) *float64 { return &f }
	vessels := []struct {
		label, jur string
		v          models.Vessel
	}{
		{"ka-mech-A-z1", "KARWAR", models.Vessel{Kind: "mechanised", Category: str("A"), Zone: num(1), EnginePower: flt(300), PowerUnit: str("kW"), Use: "passenger", Passengers: num(80)}},
		{"ka-nonmech-A-z3", "KARWAR", models.Vessel{Kind: "non_mechanised", Category: str("A"), Zone: num(3), Use: "passenger", Passengers: num(20)}},
		{"ka-nonmech-C-z3", "KARWAR", models.Vessel{Kind: "non_mechanised", Category: str("C"), Zone: num(3), Use: "passenger", Passengers: num(5)}},
		{"pd-motor", "PARADIP", models.Vessel{Kind: "motor", EnginePower: flt(150), PowerUnit: str("BHP"), Use: "hire", Passengers: num(12)}},
		{"pd-craft", "PARADIP", models.Vessel{Kind: "harbour_craft", Use: "cargo", CargoTonnes: flt(20)}},
		{"kd-motor", "KANDLA", models.Vessel{Kind: "motor", EnginePower: flt(100), PowerUnit: str("BHP"), Use: "hire"}},
		{"ka-mech-B-z2", "KARWAR", models.Vessel{Kind: "mechanised", Category: str("B"), Zone: num(2), EnginePower: flt(200), PowerUnit: str("kW"), Use: "passenger", Passengers: num(50)}},
		{"pd-steam", "PARADIP", models.Vessel{Kind: "steam", EnginePower: flt(60), PowerUnit: str("NHP"), Use: "cargo", CargoTonnes: flt(200)}},
		{"ka-mech-C-5m", "KARWAR", models.Vessel{Kind: "mechanised", Category: str("C"), Zone: num(3), LengthM: flt(5), EnginePower: flt(10), PowerUnit: str("kW"), Use: "passenger", Passengers: num(6)}},
		{"ka-mech-C-12m", "KARWAR", models.Vessel{Kind: "mechanised", Category: str("C"), Zone: num(3), LengthM: flt(12), EnginePower: flt(60), PowerUnit: str("kW"), Use: "passenger", Passengers: num(30)}},
		{"ka-nonmech-cargo-B", "KARWAR", models.Vessel{Kind: "non_mechanised", Category: str("B"), Zone: num(3), Use: "cargo", CargoTonnes: flt(4)}},
		{"ka-harbour-craft", "KARWAR", models.Vessel{Kind: "harbour_craft", Use: "cargo", CargoTonnes: flt(30)}},
		{"ka-spl-wood", "KARWAR", models.Vessel{Kind: "mechanised", SpecialCategory: true, Category: str("C"), Zone: num(3), EnginePower: flt(20), PowerUnit: str("kW"), Use: "passenger", Passengers: num(12)}},
	}
	for i, x := range vessels {
		v := x.v
		v.RegistrationNumber, v.Name = "FLEET-"+string(rune('A'+i)), x.label
		if v.SpecialCategory {
			v.RegistrationNumber += "-SPL" // Karnataka 2025, r.98(3)
		}
		v.JurisdictionID = h.ids[x.jur]
		v.OwnerID = h.ids["owner-"+x.jur]
		if x.jur == "KARWAR" {
			v.OwnerID = h.ids["owner-KARWAR"]
		}
		out, _, err := reg.CreateVessel(ctx, admin, v)
		h.must(err)
		h.ids[x.label] = out.ID
	}
	n := auth.NewUser{Email: "fleet@test.tindal", Name: "fleet", Role: models.RoleInspector, Password: testPassword,
		Jurisdictions: []uuid.UUID{h.ids["KARWAR"], h.ids["PARADIP"], h.ids["KANDLA"]}, AssignedFrom: assignedLongAgo}
	_, err := h.auth.CreateUser(ctx, storage.Actor{}, n)
	h.must(err)
	h.tokens["fleet-inspector"] = h.login(n.Email)
}

// pushedInspection is what a push answers about one inspection.
type pushedInspection struct {
	Results []struct {
		Status  string
		Code    string
		Message string
		Errors  []struct{ Field, Code, Message string }
	}
	Inspections []struct {
		ID           uuid.UUID `json:"id"`
		Deficiencies []struct {
			Code       string
			Action     string `json:"action"`
			Detainable bool
			PenaltyRow string `json:"penalty_row"`
		}
		Detention struct {
			Proposed bool
			Codes    []string
		}
		Penalties []struct {
			Row    string `json:"penalty_row"`
			Amount int
		}
	}
}

// inspect pushes a whole inspection: started on vessel with template,
// answered "no" on each item of noItems (else "yes"), submitted.
func (h *harness) inspectWith(vessel, key string, version int, pax *int, noItems ...string) pushedInspection {
	h.t.Helper()
	id := uuid.Must(uuid.NewV7())
	at := time.Now().Add(-time.Hour).UTC()
	var ms []any
	mut := func(name string, args map[string]any) {
		ms = append(ms, map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": len(ms) + 1, "name": name, "version": 1, "args": args,
			"base_version": 1, "captured_at": at.Add(time.Duration(len(ms)) * time.Second).Format(time.RFC3339Nano)})
	}
	start := map[string]any{"id": id, "vessel_id": h.ids[vessel], "template_id": checklist.TemplateID(key, version), "kind": "routine"}
	if pax != nil {
		start["passengers_carried"] = *pax
	}
	mut("inspection.start", start)
	for _, item := range noItems {
		mut("inspection.answer", map[string]any{"inspection_id": id, "item_id": item, "answer": "no"})
	}
	mut("inspection.submit", map[string]any{"inspection_id": id})
	dev := h.deviceOf("fleet-inspector")
	res := h.do("POST", "/v1/sync/push", "fleet-inspector", map[string]any{"ack_seq": 0, "mutations": ms},
		"X-Device-Id", dev, "X-Protocol-Version", "1", "X-App-Version", "1.0.0", "X-Device-Time", time.Now().UTC().Format(time.RFC3339))
	if res.status != 200 {
		h.t.Fatalf("push: %d %s", res.status, res.body)
	}
	var out pushedInspection
	h.must(json.Unmarshal(res.body, &out))
	return out
}

// Karnataka 2025 and Paradip 1967 checklists pushed through sync for every
// vessel kind, category and zone: the deficiencies, action codes, fines and
// detention proposals that follow are the law's (issue 15).
func TestChecklistOutcomesThroughSync(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.fleet()
	type def struct {
		code, action, row string
		detainable        bool
	}
	cases := []struct {
		name, vessel, key string
		version           int
		pax               *int
		no                []string
		want              []def          // deficiencies that must be there
		absent            []string       // codes that must not
		fines             map[string]int // Sch-IV row → first-offence amount that must follow
		noFines           []string       // Sch-IV rows that must not
	}{
		{name: "Karnataka 2025 Sch-VI 1.4.2: assigned freeboard below the minimum is a design deficiency (05), not overloading",
			vessel: "vessel-KARWAR", key: "ka-sch6-cat-c", version: 2, no: []string{"a.freeboard"},
			want: []def{{"03004", "05", "", false}}, absent: []string{"03015"}, noFines: []string{"KA-F05"}},
		{name: "Karnataka 2025 Sch-VI 1.4.2: version 1's freeboard item is the design deficiency too (no Rs 10,000 row-5 fine)",
			vessel: "vessel-KARWAR", key: "ka-sch6-cat-c", version: 1, no: []string{"a.freeboard"},
			want: []def{{"03004", "05", "", false}}, noFines: []string{"KA-F05"}},
		{name: "Karnataka 2025 Sch-IV row 5, r.120: loaded freeboard below the assigned one is overloading, detainable",
			vessel: "vessel-KARWAR", key: "ka-form2-annex", version: 2, no: []string{"freeboard.loaded"},
			want: []def{{"03015", "06", "KA-F05", true}}, fines: map[string]int{"KA-F05": 10000}},
		{name: "Karnataka 2025 r.47: a Zone-3 vessel is not fined for the r.46 AIS, radio and binoculars",
			vessel: "vessel-KARWAR", key: "ka-form2-annex", version: 2, no: []string{"nav.ais", "nav.comms", "equip.binoculars"},
			absent: []string{"10001", "10002", "10004"}, noFines: []string{"KA-F09"}},
		{name: "Karnataka 2025 r.46(b), Sch-IV row 9: a Zone-1 vessel without AIS is fined",
			vessel: "ka-mech-A-z1", key: "ka-form2-annex", version: 2, no: []string{"nav.ais"},
			want: []def{{"10002", "04", "KA-F09", false}}, fines: map[string]int{"KA-F09": 5000}},
		{name: "Karnataka 2025 Annex to Form-2: batteries not in order is not the Sch-VI 2.6.2 duplication rule",
			vessel: "ka-mech-A-z1", key: "ka-form2-annex", version: 2, no: []string{"mach.batteries_in_order"},
			want: []def{{"14010", "04", "", false}}, absent: []string{"14003"}, noFines: []string{"KA-F09"}},
		{name: "Karnataka 2025 Form-18 (d): a mechanised vessel's registration number not affixed is detainable",
			vessel: "vessel-KARWAR", key: "ka-marking-mechanised", version: 1, no: []string{"mm.registration_affixed"},
			want: []def{{"20010", "06", "", true}}},
		{name: "Karnataka 2025 r.103(2): a boat's registration number not painted is rectified before departure",
			vessel: "ka-nonmech-C-z3", key: "ka-marking-non-mechanised", version: 1, no: []string{"nm.registration_number", "nm.freeboard_mark"},
			want: []def{{"20001", "04", "", false}, {"20011", "03", "", false}}, absent: []string{"20010"}},
		{name: "Karnataka 2025 r.145(7)(b): garbage placards only for Category A and B boats (Category C)",
			vessel: "ka-nonmech-C-z3", key: "ka-sch6-non-mechanised", version: 2, no: []string{"pol.placards", "b.no_fog"},
			want: []def{{"10012", "04", "", false}}, absent: []string{"13004"}},
		{name: "Karnataka 2025 r.145(7)(b): garbage placards on a Category A boat",
			vessel: "ka-nonmech-A-z3", key: "ka-sch6-non-mechanised", version: 2, no: []string{"pol.placards", "pic.not_submerged"},
			want: []def{{"13004", "03", "", false}, {"03015", "06", "KA-F05", true}}, fines: map[string]int{"KA-F05": 10000}},
		{name: "Karnataka 2025 Sch-IV row 5: 25 passengers on a boat registered for 20",
			vessel: "ka-nonmech-A-z3", key: "ka-sch6-non-mechanised", version: 2, pax: ptr(25),
			want: []def{{"03001", "06", "KA-F05", true}}, fines: map[string]int{"KA-F05": 10000}},
		{name: "Paradip 1967 r.13(1), r.19: excess passengers are put off before starting (04); no detention, no fine",
			vessel: "pd-motor", key: "paradip-harbour-craft", version: 2, pax: ptr(15), no: []string{"pd.passengers_within_licence", "pd.sand_box"},
			want: []def{{"03016", "04", "", false}, {"07005", "04", "", false}}, absent: []string{"03001"}, noFines: []string{"KA-F05", "KA-F09"}},
		{name: "Paradip 1967 r.30: a harbour craft without an engine needs no sand box",
			vessel: "pd-craft", key: "paradip-harbour-craft", version: 2, no: []string{"pd.sand_box", "pd.lifebuoys"},
			want: []def{{"11004", "04", "", false}}, absent: []string{"07005"}, noFines: []string{"KA-F09"}},
		{name: "Karnataka 2025 r.47: a Zone-2 Category B vessel is not fined for the r.46 list; Sch-IV row 9 still fines its missing lifejackets",
			vessel: "ka-mech-B-z2", key: "ka-form2-annex", version: 2, no: []string{"nav.ais", "nav.comms", "equip.binoculars", "lsa.lifejackets"},
			want: []def{{"11002", "04", "KA-F09", false}}, absent: []string{"10001", "10002", "10004"}, fines: map[string]int{"KA-F09": 5000}},
		{name: "Paradip 1967 r.30: a steam vessel is not a motor boat (no sand box or extinguisher rule); r.6(1) licence on board still applies",
			vessel: "pd-steam", key: "paradip-harbour-craft", version: 3, no: []string{"pd.sand_box", "pd.extinguisher", "pd.licence_on_board"},
			want: []def{{"01021", "04", "", false}}, absent: []string{"07005", "07003"}, noFines: []string{"KA-F09"}},
		{name: "Karnataka 2025 Sch-VI 4.2, 5.6: a 5 m Category C vessel needs no fire pump, torch, boat hook or heaving line; under 10 m it must not ply in fog",
			vessel: "ka-mech-C-5m", key: "ka-sch6-cat-c", version: 3, no: []string{"a.fire_pump", "a.torch_hook_line", "a.no_fog"},
			want: []def{{"10012", "04", "", false}}, absent: []string{"07002", "10011"}, noFines: []string{"KA-F09"}},
		{name: "Karnataka 2025 Sch-VI 4.2, 5.6, Sch-IV row 9: a 12 m Category C vessel without a fire pump is fined; the fog rule is for vessels under 10 m",
			vessel: "ka-mech-C-12m", key: "ka-sch6-cat-c", version: 3, no: []string{"a.fire_pump", "a.no_fog"},
			want: []def{{"07002", "04", "KA-F09", false}}, absent: []string{"10012"}, fines: map[string]int{"KA-F09": 5000}},
		{name: "Karnataka 2025 r.126(7), Sch-IV row 5: a passenger boat is not asked the cargo boat's load water line",
			vessel: "ka-nonmech-A-z3", key: "ka-sch6-non-mechanised", version: 3, no: []string{"pic.not_submerged", "pic.load_line"},
			absent: []string{"03015", "03003"}, noFines: []string{"KA-F05"}},
		{name: "Karnataka 2025 r.126(7), Sch-IV row 5: a cargo boat loaded to submerge its load water line is overloaded, detainable",
			vessel: "ka-nonmech-cargo-B", key: "ka-sch6-non-mechanised", version: 3, no: []string{"pic.not_submerged"},
			want: []def{{"03015", "06", "KA-F05", true}}, fines: map[string]int{"KA-F05": 10000}},
		{name: "Karnataka 2025 r.15(1)-(2): a Karnataka harbour craft's inspection starts; no endorsement for the passage and no fee are rectified before departure (04)",
			vessel: "ka-harbour-craft", key: "ka-harbour-craft-passage", version: 1, no: []string{"hc.endorsed", "hc.fee_paid"},
			want: []def{{"01013", "04", "", false}, {"01014", "04", "", false}}, noFines: []string{"KA-F09", "KA-F03"}},
		{name: "Karnataka 2025 Sch-V-2 A para 1 and 5: a special category wooden vessel's timber is a design deficiency (05, no fine), its bilge pump rectified before departure",
			vessel: "ka-spl-wood", key: "ka-special-category-wooden", version: 1, no: []string{"sc.timber_durability", "sc.bilge_pump"},
			want: []def{{"03020", "05", "", false}, {"14001", "04", "", false}}, noFines: []string{"KA-F09", "KA-S8"}},
		{name: "Karnataka 2025 r.98, r.98(3): a vessel not registered as special category needs no Certificate of Fitness or SPL suffix (no detention proposal)",
			vessel: "vessel-KARWAR", key: "ka-state-control", version: 3, no: []string{"doc.special_category_cof"},
			absent: []string{"01008"}},
		{name: "Karnataka 2025 r.98(3): the SPL suffix is asked only of special category vessels",
			vessel: "vessel-KARWAR", key: "ka-marking-mechanised", version: 2, no: []string{"mm.spl_suffix"},
			absent: []string{"20008"}},
		{name: "Karnataka 2025 r.98, r.99: a special category vessel without a valid Certificate of Fitness is detainable",
			vessel: "ka-spl-wood", key: "ka-state-control", version: 3, no: []string{"doc.special_category_cof"},
			want: []def{{"01008", "06", "", true}}},
		{name: "Karnataka 2025 r.98(3): a special category vessel's number without SPL",
			vessel: "ka-spl-wood", key: "ka-marking-mechanised", version: 2, no: []string{"mm.spl_suffix"},
			want: []def{{"20008", "03", "", false}}},
		{name: "Karnataka 2025 Form-18 (g), r.13: a contravention of the Act's Chapter X (wreck and salvage) is detainable",
			vessel: "vessel-KARWAR", key: "ka-state-control", version: 3, no: []string{"ops.wreck_salvage"},
			want: []def{{"99006", "06", "", true}}},
		{name: "Karnataka 2025 Sch-X, Sch-IV s.87 table (s.8): a mechanised vessel altered without approval, fine up to Rs 10,000",
			vessel: "vessel-KARWAR", key: "ka-state-control", version: 3, no: []string{"ops.no_unapproved_alteration"},
			want: []def{{"14009", "05", "KA-S8", false}}, absent: []string{"14017"}},
		{name: "Karnataka 2025 Sch-X: a non-mechanised boat altered without permission is not fined under the Act's s.8",
			vessel: "ka-nonmech-A-z3", key: "ka-sch6-non-mechanised", version: 3, no: []string{"b.no_unpermitted_alteration", "b.heel_test"},
			want: []def{{"14017", "05", "", false}, {"03005", "05", "", false}}, absent: []string{"14009"}, noFines: []string{"KA-S8"}},
		{name: "Karnataka 2025 Sch-VI 2.1.3 and 2.8.1: machinery at 10° list and 5° trim, and 15 km/h, are for the surveyor (05)",
			vessel: "vessel-KARWAR", key: "ka-sch6-cat-c", version: 3, no: []string{"a.machinery_inclination", "a.speed"},
			want: []def{{"14015", "05", "", false}, {"14016", "05", "", false}}, noFines: []string{"KA-F09"}},
		{name: "Paradip 1967 r.4(2) Form A, r.13(1), r.19: passengers beyond the licence's rough-weather number are put off before starting (04)",
			vessel: "pd-motor", key: "paradip-harbour-craft", version: 3, no: []string{"pd.rough_weather_passengers", "pd.rough_weather_cargo"},
			want: []def{{"03016", "04", "", false}, {"03017", "04", "", false}}, absent: []string{"03001", "03002"}, noFines: []string{"KA-F05"}},
		{name: "Kandla 1955 s.31(2): a motor boat's inspection starts and a missing certificated officer is a manning deficiency",
			vessel: "kd-motor", key: "kandla-motor-boat", version: 2, no: []string{"kd.officers_on_board"},
			want: []def{{"02012", "04", "", false}}, absent: []string{"02001"}},
		{name: "Kandla 1955 s.31(2): version 1 of the template (Karnataka's 02001) is read with Kandla's own code: no detention proposal",
			vessel: "kd-motor", key: "kandla-motor-boat", version: 1, no: []string{"kd.officers_on_board"},
			want: []def{{"02012", "04", "", false}}, absent: []string{"02001"}},
		{name: "Paradip 1967 r.13(1), r.19: version 1's overloading item (Karnataka's 03001) is read as Paradip's 03016: no detention",
			vessel: "pd-motor", key: "paradip-harbour-craft", version: 1, pax: ptr(15), no: []string{"pd.passengers"},
			want: []def{{"03016", "04", "", false}}, absent: []string{"03001"}},
		{name: "Paradip 1967 r.10(3), r.29: a tindal without his certificate; no detention (02013, not Karnataka's 02002)",
			vessel: "pd-motor", key: "paradip-harbour-craft", version: 3, no: []string{"pd.tindal_certificated"},
			want: []def{{"02013", "04", "", false}}, absent: []string{"02002"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := h.with(t).inspectWith(c.vessel, c.key, c.version, c.pax, c.no...)
			for _, r := range out.Results {
				if r.Status != "applied" {
					t.Fatalf("result %s %s %s", r.Status, r.Code, r.Message)
				}
			}
			if len(out.Inspections) != 1 {
				t.Fatalf("inspections: %+v", out.Inspections)
			}
			got := out.Inspections[0]
			for _, w := range c.want {
				i := slices.IndexFunc(got.Deficiencies, func(d struct {
					Code       string
					Action     string `json:"action"`
					Detainable bool
					PenaltyRow string `json:"penalty_row"`
				}) bool {
					return d.Code == w.code
				})
				if i < 0 {
					t.Errorf("no deficiency %s in %+v", w.code, got.Deficiencies)
					continue
				}
				d := got.Deficiencies[i]
				if d.Action != w.action || d.Detainable != w.detainable || d.PenaltyRow != w.row {
					t.Errorf("%s: action %s detainable %v row %q, want %s %v %q", w.code, d.Action, d.Detainable, d.PenaltyRow, w.action, w.detainable, w.row)
				}
			}
			for _, a := range c.absent {
				for _, d := range got.Deficiencies {
					if d.Code == a {
						t.Errorf("deficiency %s raised without basis", a)
					}
				}
			}
			// The checklist's codes are proposed for detention exactly when
			// detainable (the registry's own findings come on top).
			for _, w := range c.want {
				if slices.Contains(got.Detention.Codes, w.code) != w.detainable {
					t.Errorf("detention codes %v: %s detainable %v", got.Detention.Codes, w.code, w.detainable)
				}
			}
			fines := map[string]int{}
			for _, p := range got.Penalties {
				fines[p.Row] += p.Amount
			}
			for row, amt := range c.fines {
				if fines[row] != amt {
					t.Errorf("penalty %s = %d, want %d (%v)", row, fines[row], amt, fines)
				}
			}
			for _, row := range c.noFines {
				if _, ok := fines[row]; ok {
					t.Errorf("penalty %s charged without basis (%v)", row, fines)
				}
			}
			// The reviewer's view of the same inspection shows the same
			// penalties, in the same order, as the push's answer: both read
			// them through one query (inspect.penaltiesJSON).
			r := h.with(t).do("GET", "/v1/inspections/"+got.ID.String(), "admin", nil)
			var view struct {
				Summary struct {
					Penalties []struct {
						Row    string `json:"penalty_row"`
						Amount int
					}
				}
			}
			if r.status != 200 || json.Unmarshal(r.body, &view) != nil {
				t.Fatalf("view of %s: %d %s", got.ID, r.status, r.body)
			}
			if !slices.Equal(view.Summary.Penalties, got.Penalties) {
				t.Errorf("view's penalties %+v, push's %+v", view.Summary.Penalties, got.Penalties)
			}
		})
	}
}

// Karnataka 2025 r.46, r.47, r.5(d), Chapter VII: a template that does not
// fit the vessel is refused at start, through sync, with the rule named;
// nothing is stored.
func TestInspectionStartRefusesATemplateThatDoesNotFit(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.fleet()
	cases := []struct {
		name, vessel, key string
		version           int
		rule              string
	}{
		{"Karnataka 2025 r.46: the Zone-1 list on a Zone-3 boat", "ka-nonmech-C-z3", "ka-zone1-equipment", 1, "r.46"},
		{"Karnataka 2025 r.46: the Zone-1 list on a Zone-3 mechanised vessel", "vessel-KARWAR", "ka-zone1-equipment", 1, "r.46"},
		{"Karnataka 2025 Chapter VII: the non-mechanised template on a mechanised vessel", "vessel-KARWAR", "ka-sch6-non-mechanised", 2, "Chapter VII"},
		{"Karnataka 2025 Chapter VII: version 1 of the non-mechanised template on a mechanised vessel", "vessel-KARWAR", "ka-sch6-non-mechanised", 1, "Chapter VII"},
		{"Karnataka 2025 r.5(d): the Sch-VI Section A template on a Category A vessel", "ka-mech-A-z1", "ka-sch6-cat-c", 2, "r.5(d)"},
		{"Karnataka 2025 r.20: the mechanised marking template on a boat", "ka-nonmech-A-z3", "ka-marking-mechanised", 1, "r.20"},
		{"Paradip 1967 r.2(c): harbour-craft template on a Kandla motor boat is another regime", "kd-motor", "paradip-harbour-craft", 2, "PARADIP"},
		{"Karnataka 2025 r.5(d): the Sch-VI Section A template on a Category B vessel", "ka-mech-B-z2", "ka-sch6-cat-c", 3, "r.5(d)"},
		{"Karnataka 2025 r.46: the Zone-1 list on a Zone-2 vessel", "ka-mech-B-z2", "ka-zone1-equipment", 1, "r.46"},
		{"Kandla 1955 s.31(2): the Kandla motor-boat template on a Paradip steam vessel is another regime", "pd-steam", "kandla-motor-boat", 1, "KANDLA"},
		{"Karnataka 2025 r.15: the harbour craft passage template on a mechanised vessel", "vessel-KARWAR", "ka-harbour-craft-passage", 1, "r.15"},
		{"Karnataka 2025 r.98, Sch-V-2 A: the special category wooden-vessel template on a vessel not registered as special category", "vessel-KARWAR", "ka-special-category-wooden", 1, "r.98"},
		{"Karnataka 2025 Chapter VII: version 3 of the non-mechanised template on a mechanised vessel", "vessel-KARWAR", "ka-sch6-non-mechanised", 3, "Chapter VII"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := h.with(t).inspectWith(c.vessel, c.key, c.version, nil)
			r := out.Results[0]
			if r.Status != "rejected" || len(r.Errors) == 0 || r.Errors[0].Field != "template_id" {
				t.Fatalf("start: %+v", r)
			}
			if !strings.Contains(r.Message+r.Errors[0].Message, c.rule) {
				t.Errorf("refusal %q does not name %s", r.Errors[0].Message, c.rule)
			}
			if len(out.Inspections) != 0 {
				t.Errorf("an inspection was stored: %+v", out.Inspections)
			}
		})
	}
	var n int64
	h.db.Gorm.Raw("SELECT count(*) FROM inspections").Scan(&n)
	if n != 0 {
		t.Fatalf("%d inspections stored", n)
	}
}

func ptr(n int) *int { return &n }
