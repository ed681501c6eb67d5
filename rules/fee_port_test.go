package rules

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestQuoteFeePortCharges(t *testing.T) {
	tests := []struct {
		name     string
		req      FeeRequest
		want     Rupees
		flagged  bool   // a trace step of Tindal's reading (docs/LAW.md §6.5) is expected
		wantDesc string // optional substring of the line
	}{
		// Steamer pilotage: per GRT or part, each way, minimum per way, excluding tug.
		{name: "Karnataka 2025 Sch-IV pilotage Karwar overseas: minimum 50000 at exactly 5000 GRT", req: FeeRequest{Kind: FeeKAPilotageKarwarOverseas, Tonnage: 5000, Quantity: 1}, want: 50000},
		{name: "Karnataka 2025 Sch-IV pilotage Karwar overseas: 5001 GRT is Rs 10 per GRT", req: FeeRequest{Kind: FeeKAPilotageKarwarOverseas, Tonnage: 5001, Quantity: 1}, want: 50010},
		{name: "Karnataka 2025 Sch-IV pilotage Karwar overseas: part of a GRT above 5000 counts", req: FeeRequest{Kind: FeeKAPilotageKarwarOverseas, Tonnage: 5000.2, Quantity: 1}, want: 50010},
		{name: "Karnataka 2025 Sch-IV pilotage Karwar overseas: minimum each way, 2 ways", req: FeeRequest{Kind: FeeKAPilotageKarwarOverseas, Tonnage: 1000, Quantity: 2, Regime: RegimeKarnataka2025}, want: 100000},
		{name: "Karnataka 2025 Sch-IV pilotage Karwar overseas: 6000 GRT, 2 ways", req: FeeRequest{Kind: FeeKAPilotageKarwarOverseas, Tonnage: 6000, Quantity: 2}, want: 120000},
		{name: "Karnataka 2025 Sch-IV pilotage Karwar coastal: minimum 35000 at exactly 7000 GRT", req: FeeRequest{Kind: FeeKAPilotageKarwarCoastal, Tonnage: 7000, Quantity: 1}, want: 35000},
		{name: "Karnataka 2025 Sch-IV pilotage Karwar coastal: 7001 GRT", req: FeeRequest{Kind: FeeKAPilotageKarwarCoastal, Tonnage: 7001, Quantity: 1}, want: 35005},
		{name: "Karnataka 2025 Sch-IV pilotage other ports overseas: minimum 35000 at exactly 7000 GRT", req: FeeRequest{Kind: FeeKAPilotageOtherOverseas, Tonnage: 7000, Quantity: 1}, want: 35000},
		{name: "Karnataka 2025 Sch-IV pilotage other ports overseas: part of a GRT above 7000 counts", req: FeeRequest{Kind: FeeKAPilotageOtherOverseas, Tonnage: 7000.1, Quantity: 1}, want: 35005},
		{name: "Karnataka 2025 Sch-IV pilotage other ports coastal: 8333 GRT is below the minimum 25000", req: FeeRequest{Kind: FeeKAPilotageOtherCoastal, Tonnage: 8333, Quantity: 1}, want: 25000},
		{name: "Karnataka 2025 Sch-IV pilotage other ports coastal: 8333.2 GRT counts 8334", req: FeeRequest{Kind: FeeKAPilotageOtherCoastal, Tonnage: 8333.2, Quantity: 1}, want: 25002},
		{name: "Karnataka 2025 Sch-IV pilotage other ports coastal: 10.2 GRT counts 11 GRT, minimum applies", req: FeeRequest{Kind: FeeKAPilotageOtherCoastal, Tonnage: 10.2, Quantity: 1}, want: 25000, wantDesc: "Rs 3 × 11 GRT"},
		// Sailing vessels at Karwar: "not exceeding 100" / "exceeding 100", each way.
		{name: "Karnataka 2025 Sch-IV sailing vessel Karwar: 10.2 GRT", req: FeeRequest{Kind: FeeKAPilotageSailingKarwar, Tonnage: 10.2, Quantity: 1}, want: 3000},
		{name: "Karnataka 2025 Sch-IV sailing vessel Karwar: exactly 100 GRT does not exceed 100", req: FeeRequest{Kind: FeeKAPilotageSailingKarwar, Tonnage: 100, Quantity: 1}, want: 3000},
		{name: "Karnataka 2025 Sch-IV sailing vessel Karwar: just above 100 GRT", req: FeeRequest{Kind: FeeKAPilotageSailingKarwar, Tonnage: 100.01, Quantity: 1}, want: 4000},
		{name: "Karnataka 2025 Sch-IV sailing vessel Karwar: 150 GRT, 2 ways", req: FeeRequest{Kind: FeeKAPilotageSailingKarwar, Tonnage: 150, Quantity: 2}, want: 8000},
		// Sailing vessels at other ports: "exceeds 100" / "less than 100", per passage.
		{name: "Karnataka 2025 Sch-IV sailing vessel other ports in ballast: 99.99 GRT is less than 100", req: FeeRequest{Kind: FeeKAPilotageSailingBallast, Tonnage: 99.99, Quantity: 1}, want: 800},
		{name: "Karnataka 2025 Sch-IV sailing vessel other ports in ballast: exactly 100 GRT takes the less-than-100 rate (§6.5 PROPOSAL)", req: FeeRequest{Kind: FeeKAPilotageSailingBallast, Tonnage: 100, Quantity: 1}, want: 800, flagged: true},
		{name: "Karnataka 2025 Sch-IV sailing vessel other ports in ballast: just above 100 GRT", req: FeeRequest{Kind: FeeKAPilotageSailingBallast, Tonnage: 100.01, Quantity: 1}, want: 1000},
		{name: "Karnataka 2025 Sch-IV sailing vessel other ports in ballast: 150 GRT, 2 passages", req: FeeRequest{Kind: FeeKAPilotageSailingBallast, Tonnage: 150, Quantity: 2}, want: 2000},
		{name: "Karnataka 2025 Sch-IV sailing vessel other ports with cargo: 10.2 GRT is less than 100", req: FeeRequest{Kind: FeeKAPilotageSailingCargo, Tonnage: 10.2, Quantity: 1}, want: 1000},
		{name: "Karnataka 2025 Sch-IV sailing vessel other ports with cargo: exactly 100 GRT takes the less-than-100 rate (§6.5 PROPOSAL)", req: FeeRequest{Kind: FeeKAPilotageSailingCargo, Tonnage: 100, Quantity: 1}, want: 1000, flagged: true},
		{name: "Karnataka 2025 Sch-IV sailing vessel other ports with cargo: just above 100 GRT", req: FeeRequest{Kind: FeeKAPilotageSailingCargo, Tonnage: 100.01, Quantity: 1}, want: 1200},
		// Inland vessels, barges, tugs, launches and other floating craft.
		{name: "Karnataka 2025 Sch-IV inland craft: 10.2 GRT counts 11 GRT, minimum 4000", req: FeeRequest{Kind: FeeKAPortInlandCraft, Tonnage: 10.2}, want: 4000, wantDesc: "Rs 4 × 11"},
		{name: "Karnataka 2025 Sch-IV inland craft: minimum 4000 at exactly 1000 GRT", req: FeeRequest{Kind: FeeKAPortInlandCraft, Tonnage: 1000}, want: 4000},
		{name: "Karnataka 2025 Sch-IV inland craft: part of a GRT above 1000 counts", req: FeeRequest{Kind: FeeKAPortInlandCraft, Tonnage: 1000.2}, want: 4004},
		// Tug service: Rs 25 per GRT (ceil per §6.5 PROPOSAL), minimum each way.
		{name: "Karnataka 2025 Sch-IV tug overseas: minimum 150000 at exactly 6000 GRT", req: FeeRequest{Kind: FeeKATugOverseas, Tonnage: 6000, Quantity: 1}, want: 150000},
		{name: "Karnataka 2025 Sch-IV tug overseas: 6001 GRT", req: FeeRequest{Kind: FeeKATugOverseas, Tonnage: 6001, Quantity: 1}, want: 150025},
		{name: "Karnataka 2025 Sch-IV tug overseas: 6000.5 GRT charged as 6001 (§6.5 PROPOSAL)", req: FeeRequest{Kind: FeeKATugOverseas, Tonnage: 6000.5, Quantity: 1}, want: 150025, flagged: true},
		{name: "Karnataka 2025 Sch-IV tug overseas: 5999.5 GRT stays at the minimum, ceil not flagged", req: FeeRequest{Kind: FeeKATugOverseas, Tonnage: 5999.5, Quantity: 1}, want: 150000},
		{name: "Karnataka 2025 Sch-IV tug overseas: 8000 GRT, 2 ways", req: FeeRequest{Kind: FeeKATugOverseas, Tonnage: 8000, Quantity: 2}, want: 400000},
		{name: "Karnataka 2025 Sch-IV tug coastal: minimum 100000 at exactly 4000 GRT", req: FeeRequest{Kind: FeeKATugCoastal, Tonnage: 4000, Quantity: 1}, want: 100000},
		{name: "Karnataka 2025 Sch-IV tug coastal: 4001 GRT", req: FeeRequest{Kind: FeeKATugCoastal, Tonnage: 4001, Quantity: 1}, want: 100025},
		{name: "Karnataka 2025 Sch-IV tug coastal: 4000.2 GRT charged as 4001 (§6.5 PROPOSAL)", req: FeeRequest{Kind: FeeKATugCoastal, Tonnage: 4000.2, Quantity: 1}, want: 100025, flagged: true},
		{name: "Karnataka 2025 Sch-IV tug coastal: 10.2 GRT counts 11 GRT, minimum applies", req: FeeRequest{Kind: FeeKATugCoastal, Tonnage: 10.2, Quantity: 1}, want: 100000, wantDesc: "Rs 25 × 11 GRT"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := QuoteFee(tt.req)
			if err != nil {
				t.Fatalf("QuoteFee: %v", err)
			}
			if q.Total != tt.want || q.Regime != RegimeKarnataka2025 {
				t.Errorf("total = %d in %s, want %d in %s (lines %+v)", q.Total, q.Regime, tt.want, RegimeKarnataka2025, q.Lines)
			}
			if len(q.Lines) != 1 || q.Lines[0].Amount != q.Total || q.Lines[0].Citation != "Karnataka 2025, Sch-IV (port charges)" {
				t.Fatalf("lines = %+v, want one line of the total citing Sch-IV (port charges)", q.Lines)
			}
			if !strings.Contains(q.Lines[0].Description, tt.wantDesc) {
				t.Errorf("description %q does not contain %q", q.Lines[0].Description, tt.wantDesc)
			}
			flags := 0
			for _, s := range q.Trace.Steps[1:] {
				if strings.HasSuffix(s.Rule, ".proposal") && strings.HasPrefix(s.Detail, "Tindal's reading where the rule is silent") {
					flags++
				}
			}
			want := 0
			if tt.flagged {
				want = 1
			}
			if flags != want || len(q.Trace.Steps) != 1+want {
				t.Errorf("%d proposal flags in %d steps, want %d (steps %+v)", flags, len(q.Trace.Steps), want, q.Trace.Steps)
			}
		})
	}
}

func TestQuoteFeePortChargesErrors(t *testing.T) {
	tests := []struct {
		name  string
		req   FeeRequest
		field string
	}{
		{"Karnataka 2025 Sch-IV pilotage: zero tonnage", FeeRequest{Kind: FeeKAPilotageKarwarOverseas, Quantity: 1}, "tonnage"},
		{"Karnataka 2025 Sch-IV pilotage each way: zero ways", FeeRequest{Kind: FeeKAPilotageOtherCoastal, Tonnage: 500}, "quantity"},
		{"Karnataka 2025 Sch-IV sailing vessel Karwar: zero ways", FeeRequest{Kind: FeeKAPilotageSailingKarwar, Tonnage: 50}, "quantity"},
		{"Karnataka 2025 Sch-IV sailing vessel other ports: negative tonnage", FeeRequest{Kind: FeeKAPilotageSailingCargo, Tonnage: -1, Quantity: 1}, "tonnage"},
		{"Karnataka 2025 Sch-IV sailing vessel other ports: zero passages", FeeRequest{Kind: FeeKAPilotageSailingBallast, Tonnage: 50}, "quantity"},
		{"Karnataka 2025 Sch-IV inland craft: zero tonnage", FeeRequest{Kind: FeeKAPortInlandCraft}, "tonnage"},
		{"Karnataka 2025 Sch-IV tug: zero ways", FeeRequest{Kind: FeeKATugCoastal, Tonnage: 5000}, "quantity"},
		{"Karnataka 2025 Sch-IV port charges: Paradip regime", FeeRequest{Kind: FeeKATugOverseas, Regime: RegimeParadip1967, Tonnage: 5000, Quantity: 1}, "regime"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := QuoteFee(tt.req)
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != tt.field {
				t.Fatalf("err = %v, want *FieldError on %q", err, tt.field)
			}
		})
	}
}

func TestFeeKindsListPortCharges(t *testing.T) {
	kinds := FeeKinds()
	for _, k := range []FeeKind{FeeKAPilotageKarwarOverseas, FeeKAPilotageKarwarCoastal, FeeKAPilotageOtherOverseas,
		FeeKAPilotageOtherCoastal, FeeKAPilotageSailingKarwar, FeeKAPilotageSailingBallast, FeeKAPilotageSailingCargo,
		FeeKAPortInlandCraft, FeeKATugOverseas, FeeKATugCoastal} {
		if !slices.Contains(kinds, k) || feeSpecs[k].regime != RegimeKarnataka2025 {
			t.Errorf("fee kind %s is not listed under %s", k, RegimeKarnataka2025)
		}
	}
}
