package report

import (
	"bytes"
	"encoding/xml"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
)

// bar is one <rect> of a drawn chart that carries a value.
type bar struct{ series, category, value string }

// parseSVG decodes a drawn chart as XML and returns its bars, the text of
// its <title> and <desc>, and every element name.
func parseSVG(t *testing.T, b []byte) (bars []bar, title, desc string, names []string) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	var stack []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v\n%s", err, b)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			stack = append(stack, e.Name.Local)
			names = append(names, e.Name.Local)
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
				if strings.Contains(strings.ToLower(a.Name.Local), "href") || strings.HasPrefix(strings.ToLower(a.Name.Local), "on") {
					t.Errorf("attribute %s on <%s>: no references, no handlers", a.Name.Local, e.Name.Local)
				}
			}
			if v, ok := attr["data-value"]; ok {
				bars = append(bars, bar{attr["data-series"], attr["data-category"], v})
			}
			if len(stack) == 1 && (attr["role"] != "img" || attr["aria-labelledby"] == "") {
				t.Errorf("the <svg> is not role=img labelled by its title and desc: %v", attr)
			}
		case xml.CharData:
			if len(stack) == 2 && stack[1] == "title" {
				title += string(e)
			}
			if len(stack) == 2 && stack[1] == "desc" {
				desc += string(e)
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	return bars, title, desc, names
}

// TestChartSVGIsAccessibleSelfContainedXML: a drawn chart parses as XML,
// has role="img", a title and a description stating every number, one bar
// per value with that value, and nothing that runs or loads anything.
func TestChartSVGIsAccessibleSelfContainedXML(t *testing.T) {
	c := frame(Fines, "en", "month", "rupees")
	c.Money = true
	c.Categories = []string{"January 2026", "February <2026> & co"}
	c.Series = []Series{{Key: "imposed", Name: "Imposed", Values: []int64{125000, 7000}},
		{Key: "collected", Name: "Collected", Values: []int64{100000, 0}}}
	b := SVG(c)
	bars, title, desc, names := parseSVG(t, b)
	want := []bar{{"imposed", "January 2026", "125000"}, {"collected", "January 2026", "100000"},
		{"imposed", "February <2026> & co", "7000"}, {"collected", "February <2026> & co", "0"}}
	if !slices.Equal(bars, want) {
		t.Errorf("bars %v, want %v", bars, want)
	}
	if title != "Fines imposed and collected per month" || !strings.Contains(desc, "January 2026 ₹1,25,000") {
		t.Errorf("title %q desc %q: want the title and every number, rupees in Indian grouping", title, desc)
	}
	for _, n := range names {
		if !slices.Contains([]string{"svg", "title", "desc", "rect", "text", "line"}, n) {
			t.Errorf("element <%s>: only shapes and text", n)
		}
	}
	s := strings.ToLower(string(b))
	for _, bad := range []string{"<script", "javascript:", "url(", "@import", "<style", "<image", "<foreignobject", "xlink"} {
		if strings.Contains(s, bad) {
			t.Errorf("the SVG contains %q", bad)
		}
	}
	if strings.Count(s, "http") != 1 || !strings.Contains(s, `xmlns="http://www.w3.org/2000/svg"`) {
		t.Errorf("a reference other than the SVG namespace: %s", b)
	}
}

// TestEmptyChartSaysSo: a chart of zeros draws no bar and the sentence.
func TestEmptyChartSaysSo(t *testing.T) {
	c := frame(Overdue, "kn", "age", "count")
	c.Categories, c.Series = []string{"a"}, []Series{{Key: "findings", Name: "x", Values: []int64{0}}}
	bars, title, _, _ := parseSVG(t, SVG(c))
	if len(bars) != 0 || title != label("kn", "overdue.title") || !strings.Contains(string(SVG(c)), label("kn", "empty")) {
		t.Errorf("bars %v title %q: want none, in Kannada, with the empty sentence", bars, title)
	}
}

// TestLabelsInEveryLanguage: every label exists in English, Kannada and
// Hindi, and every deficiency area of the catalogue has one.
func TestLabelsInEveryLanguage(t *testing.T) {
	ls, err := Labels()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range locale.Languages {
		for k := range ls[locale.English] {
			if ls[lang][k] == "" {
				t.Errorf("%s has no %q", lang, k)
			}
		}
		if len(ls[lang]) != len(ls[locale.English]) {
			t.Errorf("%s has %d labels, English %d", lang, len(ls[lang]), len(ls[locale.English]))
		}
		for a := range rules.AreaTitles {
			if ls[lang]["area."+string(a)] == "" {
				t.Errorf("%s has no label for area %s", lang, a)
			}
		}
	}
}

// TestOverdueBuckets: the day counts at each bucket's edges.
func TestOverdueBuckets(t *testing.T) {
	for days, want := range map[int]int{1: 0, 30: 0, 31: 1, 90: 1, 91: 2, 180: 2, 181: 3, 365: 3, 366: 4, 4000: 4} {
		if got := bucketOf(days); got != want {
			t.Errorf("%d days overdue: bucket %d, want %d", days, got, want)
		}
	}
}

// TestNiceMax: the value axis ends on four round steps.
func TestNiceMax(t *testing.T) {
	for m, want := range map[int64]int64{0: 0, 1: 4, 4: 4, 5: 8, 9: 20, 150: 200, 7001: 8000, 125000: 200000} {
		if got := niceMax(m); got != want {
			t.Errorf("niceMax(%d) = %d, want %d", m, got, want)
		}
	}
}

// TestLastMonths: six months ending with today's, the first from its 1st.
func TestLastMonths(t *testing.T) {
	p := LastMonths(rules.D(2026, 3, 15), 6)
	ms := p.months()
	if len(ms) != 6 || ms[0] != rules.D(2025, 10, 1) || ms[5] != rules.D(2026, 3, 1) {
		t.Errorf("months %v", ms)
	}
}
