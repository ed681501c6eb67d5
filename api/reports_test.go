package api_test

import (
	"encoding/json"
	"encoding/xml"
	"maps"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/google/uuid"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

func init() { openapi3filter.RegisterBodyDecoder("image/svg+xml", openapi3filter.PlainBodyDecoder) }

// chartBars reads a chart from the API as user and sums its bars' values
// by series and by category; it fails unless the answer is SVG that parses.
func (h *harness) chartBars(user, chart, query string) (bySeries, byCategory map[string]int64, body string) {
	h.t.Helper()
	r := h.do("GET", "/v1/reports/"+chart+query, user, nil)
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "image/svg+xml") {
		h.t.Fatalf("GET %s as %s: %d %s", chart, user, r.status, r.body)
	}
	var doc struct {
		Rects []struct {
			Series   string `xml:"data-series,attr"`
			Category string `xml:"data-category,attr"`
			Value    string `xml:"data-value,attr"`
		} `xml:"rect"`
	}
	if err := xml.Unmarshal(r.body, &doc); err != nil {
		h.t.Fatalf("%s is not XML: %v", chart, err)
	}
	bySeries, byCategory = map[string]int64{}, map[string]int64{}
	for _, b := range doc.Rects {
		if b.Value == "" {
			continue
		}
		v, err := strconv.ParseInt(b.Value, 10, 64)
		h.must(err)
		bySeries[b.Series] += v
		byCategory[b.Category] += v
	}
	return bySeries, byCategory, string(r.body)
}

// areasOf counts the codes of an inspection's findings, by area.
func (h *harness) areasOf(id uuid.UUID, into map[string]int64) {
	h.t.Helper()
	r := h.do("GET", "/v1/inspections/"+id.String(), "admin", nil)
	var d struct {
		Findings []struct {
			Code string `json:"code"`
		} `json:"findings"`
	}
	if r.status != 200 || json.Unmarshal(r.body, &d) != nil {
		h.t.Fatalf("inspection %s: %d %s", id, r.status, r.body)
	}
	for _, f := range d.Findings {
		into[string(rules.Code(f.Code).Area())]++
	}
}

// TestChartsShowTheSeededNumbers: two approved Karwar inspections with an
// extinguisher missing (07003), one Mangaluru inspection, a Karwar
// detention, a payment of ₹5,000 and two findings made overdue by 5 and
// 45 days: each chart's bars are the numbers counted by hand from the
// fixture, the supervisor's charts never count Mangaluru, and the chart
// is in the language asked for.
func TestChartsShowTheSeededNumbers(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	karwar := h.noticesIn(h.pusher("inspector"), "KARWAR", 2)
	mangaluru := h.noticesIn(h.pusher("inspector-mangaluru"), "MANGALURU", 1)
	order := h.do("GET", "/v1/detention-orders/"+h.detainedFor(h.compliantBoat(1)).String(), "admin", nil)
	areas, imposed := map[string]int64{}, int64(0)
	h.areasOf(uuid.MustParse(order.json()["inspection_id"].(string)), areas) // submitted: its findings count too
	var firstNotice noticeJSON
	for id, notice := range karwar {
		h.areasOf(id, areas)
		n := h.notice(notice, "admin")
		imposed += n.Total
		firstNotice = n
	}
	if areas["07"] != 2 || areas["03"] != 1 {
		t.Fatalf("fixture: %v findings by area, want two in area 07 (extinguisher), one in 03 (overloading)", areas)
	}
	// Payments: ₹5,000 against the first Karwar notice's extinguisher line (Sch-IV KA-F09).
	line := lineOf(firstNotice, "KA-F09", "owner", "")
	today := rules.DateOf(testkit.Now())
	if r := h.do("POST", "/v1/penalty-notices/"+firstNotice.ID+"/payments", "registrar", map[string]any{"penalty_id": line.PenaltyID,
		"amount": 5000, "paid_on": today.String(), "receipt_number": "R-RPT-1"}); r.status != 201 && r.status != 200 {
		t.Fatalf("payment: %d %s", r.status, r.body)
	}
	// Overdue: two Karwar findings due 5 and 45 days ago (buckets 1–30 and 31–90).
	var ids []uuid.UUID
	for id := range karwar {
		ids = append(ids, id)
	}
	for i, late := range []int{5, 45} {
		h.must(h.db.Gorm.Exec(`UPDATE findings SET due_date = ?, rectified = false WHERE inspection_id = ? AND code = '07003'`,
			today.AddDays(-late).String(), ids[i]).Error)
	}

	series, _, body := h.chartBars("supervisor", "deficiencies", "?lang=en")
	if !maps.Equal(series, areas) {
		t.Errorf("deficiencies by area %v, want %v (counted from the inspections' findings)", series, areas)
	}
	if !strings.Contains(body, "Fire safety") {
		t.Errorf("the deficiencies chart names no area in English")
	}

	_, byJur, _ := h.chartBars("supervisor", "inspections", "")
	series, _, _ = h.chartBars("supervisor", "inspections", "")
	// The detention's inspection is submitted, not approved: it counts too.
	if byJur["KARWAR"] != 3+1 || series["inspections"] != 3 || series["detentions"] != 1 || byJur["MANGALURU"] != 0 {
		t.Errorf("inspections per jurisdiction as the Karwar supervisor: %v %v, want KARWAR 3 inspections and 1 detention, no Mangaluru", byJur, series)
	}
	_, byJur, _ = h.chartBars("admin", "inspections", "")
	if byJur["MANGALURU"] != int64(len(mangaluru)) {
		t.Errorf("the admin's chart: %v, want Mangaluru's inspection", byJur)
	}

	series, _, body = h.chartBars("registrar", "fines", "?months=2")
	if series["imposed"] != imposed || series["collected"] != 5000 {
		t.Errorf("fines: %v, want imposed %d (the Karwar notices) and collected 5000", series, imposed)
	}
	if !strings.Contains(body, locale.Rupees(imposed)) {
		t.Errorf("the fines chart does not write %s", locale.Rupees(imposed))
	}

	_, byAge, body := h.chartBars("supervisor", "overdue", "?lang=hi")
	if byAge["1–30 दिन"] != 1 || byAge["31–90 दिन"] != 1 || len(byAge) != 5 {
		t.Errorf("overdue findings by age (Hindi): %v, want one in 1–30 and one in 31–90 days", byAge)
	}
	if !strings.Contains(body, "अवधि के अनुसार अतिदेय कमियाँ") {
		t.Errorf("the overdue chart is not in Hindi")
	}
	_, byAge, _ = h.chartBars("supervisor", "overdue", "?jurisdiction_id="+h.ids["MANGALURU"].String())
	for age, n := range byAge {
		if n != 0 {
			t.Errorf("the Karwar supervisor filtering on Mangaluru sees %d findings %s overdue", n, age)
		}
	}
}

// TestChartsByRole: the office's staff read charts; inspectors and owners
// may not; a caller without a token is 401; an unknown chart is 400.
func TestChartsByRole(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	for user, want := range map[string]int{"admin": 200, "registrar": 200, "supervisor": 200, "inspector": 403, "owner": 403, "": 401} {
		if r := h.do("GET", "/v1/reports/overdue", user, nil); r.status != want {
			t.Errorf("%q: %d, want %d (%s)", user, r.status, want, r.body)
		}
	}
	if r := h.do("GET", "/v1/reports/pie", "admin", nil); r.status != 400 {
		t.Errorf("unknown chart: %d, want 400", r.status)
	}
}
