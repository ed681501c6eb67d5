// Package report draws the office's charts on the server: deficiencies by
// area per month, inspections and detentions per jurisdiction, fines
// imposed and collected per month, and overdue findings by age. Each chart
// is read by scoped queries (storage.Scoped: a caller sees only what the
// API would show it) into a Chart, the numbers a page also shows as a
// table, and drawn as SVG by hand (svg.go): no chart library, no script,
// no external reference, with a title and description for screen readers.
// Labels are in English, Kannada and Hindi (labels/*.toml).
package report

import (
	"embed"
	"fmt"
	"sync"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
)

// Kind names a chart.
type Kind string

// The charts.
const (
	Deficiencies Kind = "deficiencies" // by area per month
	Inspections  Kind = "inspections"  // and detentions per jurisdiction
	Fines        Kind = "fines"        // imposed and collected per month
	Overdue      Kind = "overdue"      // findings by age
)

// Kinds lists every chart in the order a page shows them.
var Kinds = []Kind{Deficiencies, Inspections, Fines, Overdue}

// Chart is one chart's numbers: a value per series and category.
type Chart struct {
	Kind        Kind
	Title, Desc string
	XLabel      string
	YLabel      string
	Categories  []string
	Series      []Series
	// Money: the values are rupees (₹ with Indian grouping).
	Money bool
	// Stacked draws the series on top of each other, else side by side.
	Stacked bool
	// Empty is the sentence shown when every value is zero.
	Empty string
	// Lang is the language of the labels.
	Lang string
}

// Series is one named row of values, one per category.
type Series struct {
	Key    string // stable: an area code, "inspections", "imposed", ...
	Name   string
	Values []int64
}

// Format writes a value of the chart: rupees or a grouped count.
func (c Chart) Format(v int64) string {
	if c.Money {
		return locale.Rupees(v)
	}
	return locale.Grouped(v)
}

// Total is the sum of a series.
func (s Series) Total() int64 {
	var t int64
	for _, v := range s.Values {
		t += v
	}
	return t
}

// Period is the months a chart covers: From's month through To's month.
type Period struct {
	From, To rules.Date
}

// LastMonths is the n calendar months ending with today's.
func LastMonths(today rules.Date, n int) Period {
	first := rules.Date{Year: today.Year, Month: today.Month, Day: 1}
	return Period{From: first.AddMonths(1 - n), To: today}
}

// months lists the first day of each month of p.
func (p Period) months() []rules.Date {
	var out []rules.Date
	for m := (rules.Date{Year: p.From.Year, Month: p.From.Month, Day: 1}); !m.After(p.To); m = m.AddMonths(1) {
		out = append(out, m)
	}
	return out
}

// start and end are the period's bounds as times in India: from the first
// day of the first month to the end of To.
func (p Period) start() time.Time {
	return rules.Date{Year: p.From.Year, Month: p.From.Month, Day: 1}.Time()
}
func (p Period) end() time.Time { return p.To.AddDays(1).Time() }

// monthKey is the "2006-01" of a month.
func monthKey(d rules.Date) string { return fmt.Sprintf("%04d-%02d", d.Year, int(d.Month)) }

// monthLabel is a month's name and year in lang: "March 2026".
func monthLabel(lang string, d rules.Date) string {
	return fmt.Sprintf("%s %d", locale.Month(lang, d.Month), d.Year)
}

//go:embed labels/*.toml
var labelFiles embed.FS

var (
	labelsOnce sync.Once
	labels     map[string]map[string]string
	labelsErr  error
)

// Labels is every label by language, parsed once from the embedded files.
func Labels() (map[string]map[string]string, error) {
	labelsOnce.Do(func() {
		labels = map[string]map[string]string{}
		for _, l := range locale.Languages {
			m := map[string]string{}
			if _, err := toml.DecodeFS(labelFiles, "labels/"+l+".toml", &m); err != nil {
				labelsErr = fmt.Errorf("report labels %s: %w", l, err)
				return
			}
			labels[l] = m
		}
	})
	return labels, labelsErr
}

// label is key in lang, English if the language lacks it, the key if both do.
func label(lang, key string) string {
	ls, err := Labels()
	if err != nil {
		return key
	}
	if s, ok := ls[locale.Resolve(lang)][key]; ok {
		return s
	}
	if s, ok := ls[locale.English][key]; ok {
		return s
	}
	return key
}

// frame is a chart of kind with its translated title, description and
// axis labels.
func frame(kind Kind, lang, x, y string) Chart {
	lang = locale.Resolve(lang)
	return Chart{
		Kind: kind, Lang: lang,
		Title: label(lang, string(kind)+".title"), Desc: label(lang, string(kind)+".desc"),
		XLabel: label(lang, "axis."+x), YLabel: label(lang, "axis."+y), Empty: label(lang, "empty"),
	}
}
