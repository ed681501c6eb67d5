package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
)

// The drawing's size and margins, in SVG units (pixels at 100%).
const (
	width, height   = 720, 380
	left, right     = 92, 16
	plotTop, bottom = 64, 96
	plotW           = width - left - right
	plotH           = height - plotTop - bottom
)

// palette colours the series: the Okabe-Ito colours (distinguishable with
// the common colour-vision deficiencies), then a few more; bars are
// outlined so even the light ones stand out from the white background.
var palette = []string{
	"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00",
	"#F0E442", "#332288", "#882255", "#44AA99", "#999999",
}

// SVG draws the chart: an <svg role="img"> with a <title> and a <desc>
// that also states every number, a legend, a value axis, and one <rect>
// per value carrying data-series, data-category and data-value and its
// own <title>. No script, no style sheet, no external reference.
func SVG(c Chart) []byte {
	var b svgBuf
	id := "chart-" + string(c.Kind)
	b.open("svg", "xmlns", "http://www.w3.org/2000/svg", "viewBox", fmt.Sprintf("0 0 %d %d", width, height),
		"width", strconv.Itoa(width), "height", strconv.Itoa(height), "role", "img",
		"aria-labelledby", id+"-title "+id+"-desc", "font-family", "sans-serif", "font-size", "12", "lang", c.Lang)
	b.elem("title", c.Title, "id", id+"-title")
	b.elem("desc", c.Desc+" "+Summary(c), "id", id+"-desc")
	b.elem("rect", "", "x", "0", "y", "0", "width", strconv.Itoa(width), "height", strconv.Itoa(height), "fill", "#ffffff")
	b.elem("text", c.Title, "x", strconv.Itoa(left), "y", "22",
		"font-size", "16", "font-weight", "bold", "fill", "#111111")
	legend(&b, c)
	ceiling := niceMax(maxValue(c))
	axis(&b, c, ceiling)
	if ceiling == 0 {
		b.elem("text", c.Empty, "x", strconv.Itoa(left+plotW/2), "y", strconv.Itoa(plotTop+plotH/2),
			"text-anchor", "middle", "fill", "#333333")
	} else {
		bars(&b, c, ceiling)
	}
	b.close("svg")
	return b.Bytes()
}

// Summary states every value of the chart in words, for the <desc> and
// for anyone who cannot see the bars.
func Summary(c Chart) string {
	var parts []string
	for _, s := range c.Series {
		var vs []string
		for i, v := range s.Values {
			vs = append(vs, c.Categories[i]+" "+c.Format(v))
		}
		parts = append(parts, s.Name+": "+strings.Join(vs, ", "))
	}
	return strings.Join(parts, "; ")
}

func legend(b *svgBuf, c Chart) {
	x := left
	for i, s := range c.Series {
		b.elem("rect", "", "x", strconv.Itoa(x), "y", "36", "width", "12", "height", "12",
			"fill", palette[i%len(palette)], "stroke", "#222222", "stroke-width", "0.5")
		b.elem("text", s.Name, "x", strconv.Itoa(x+16), "y", "46", "fill", "#111111")
		x += 24 + 7*len([]rune(s.Name))
	}
}

// axis draws the value axis with its gridlines, the category axis line and
// both axis titles.
func axis(b *svgBuf, c Chart, ceiling int64) {
	steps := int64(4)
	for i := int64(0); i <= steps && ceiling > 0; i++ {
		v := ceiling * i / steps
		y := strconv.Itoa(yOf(v, ceiling))
		b.elem("line", "", "x1", strconv.Itoa(left), "x2", strconv.Itoa(left+plotW), "y1", y, "y2", y,
			"stroke", "#dddddd", "stroke-width", "1")
		b.elem("text", c.Format(v), "x", strconv.Itoa(left-6), "y", y, "text-anchor", "end",
			"dominant-baseline", "middle", "fill", "#333333")
	}
	base := strconv.Itoa(plotTop + plotH)
	b.elem("line", "", "x1", strconv.Itoa(left), "x2", strconv.Itoa(left+plotW), "y1", base, "y2", base,
		"stroke", "#333333", "stroke-width", "1")
	b.elem("text", c.YLabel, "x", "14", "y", strconv.Itoa(plotTop+plotH/2), "text-anchor", "middle",
		"transform", fmt.Sprintf("rotate(-90 14 %d)", plotTop+plotH/2), "fill", "#333333")
	b.elem("text", c.XLabel, "x", strconv.Itoa(left+plotW/2), "y", strconv.Itoa(height-6), "text-anchor", "middle",
		"fill", "#333333")
}

// bars draws one bar per value: stacked, or side by side in each category.
func bars(b *svgBuf, c Chart, ceiling int64) {
	n := len(c.Categories)
	slot := float64(plotW) / float64(max(n, 1))
	barW := slot * 0.7
	if !c.Stacked && len(c.Series) > 0 {
		barW /= float64(len(c.Series))
	}
	for i, cat := range c.Categories {
		x0 := float64(left) + slot*float64(i) + slot*0.15
		var below int64
		for si, s := range c.Series {
			v := s.Values[i]
			x, y0 := x0, plotTop+plotH
			if c.Stacked {
				y0 = yOf(below, ceiling)
				below += v
			} else {
				x += barW * float64(si)
			}
			y1 := yOf(below, ceiling)
			if !c.Stacked {
				y1 = yOf(v, ceiling)
			}
			b.open("rect", "x", ftoa(x), "y", strconv.Itoa(y1), "width", ftoa(barW), "height", strconv.Itoa(y0-y1),
				"fill", palette[si%len(palette)], "stroke", "#222222", "stroke-width", "0.5",
				"data-series", s.Key, "data-category", cat, "data-value", strconv.FormatInt(v, 10))
			b.elem("title", cat+" · "+s.Name+": "+c.Format(v))
			b.close("rect")
		}
		lx, ly := x0+slot*0.35, plotTop+plotH+14
		b.elem("text", cat, "x", ftoa(lx), "y", strconv.Itoa(ly), "text-anchor", "end", "fill", "#333333",
			"transform", fmt.Sprintf("rotate(-35 %s %d)", ftoa(lx), ly))
	}
}

// yOf is the y coordinate of value v on an axis from 0 to ceiling.
func yOf(v, ceiling int64) int {
	if ceiling == 0 {
		return plotTop + plotH
	}
	return plotTop + plotH - int(v*int64(plotH)/ceiling)
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }

// maxValue is the tallest bar: the largest value, or the largest stack.
func maxValue(c Chart) int64 {
	var m int64
	for i := range c.Categories {
		var stack int64
		for _, s := range c.Series {
			if c.Stacked {
				stack += s.Values[i]
			} else {
				stack = max(stack, s.Values[i])
			}
		}
		m = max(m, stack)
	}
	return m
}

// niceMax rounds m up to 4 steps of 1, 2 or 5 times a power of ten, so the
// four gridlines fall on round numbers.
func niceMax(m int64) int64 {
	if m <= 0 {
		return 0
	}
	for p := int64(1); ; p *= 10 {
		for _, f := range []int64{1, 2, 5} {
			if step := f * p; step*4 >= m {
				return step * 4
			}
		}
	}
}

// svgBuf writes XML with every text and attribute escaped.
type svgBuf struct{ bytes.Buffer }

// put writes markup; a bytes.Buffer's writes never fail.
func (b *svgBuf) put(s string) { _, _ = b.WriteString(s) }

func (b *svgBuf) open(name string, attrs ...string) {
	b.put("<" + name)
	for i := 0; i+1 < len(attrs); i += 2 {
		b.put(" " + attrs[i] + `="`)
		_ = xml.EscapeText(b, []byte(attrs[i+1])) //nolint:errcheck // to a buffer
		b.put(`"`)
	}
	b.put(">")
}

func (b *svgBuf) close(name string) { b.put("</" + name + ">") }

// elem writes one element with its text (escaped) and attributes.
func (b *svgBuf) elem(name, text string, attrs ...string) {
	b.open(name, attrs...)
	_ = xml.EscapeText(b, []byte(text)) //nolint:errcheck // to a buffer
	b.close(name)
}
