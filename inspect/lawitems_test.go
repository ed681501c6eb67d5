package inspect_test

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/rules"
)

// currentItems indexes the items of the current (not retired) templates.
func currentItems() map[inspect.TemplateRef]checklist.Item {
	out := map[inspect.TemplateRef]checklist.Item{}
	for _, t := range checklist.Templates() {
		if t.Retired {
			continue
		}
		for _, it := range t.Items {
			out[inspect.TemplateRef{Key: t.Key, Item: it.ID}] = it
		}
	}
	return out
}

// Every Template reference of the docs/LAW.md §4 register names an item of a
// current template (issue 15: the law item is asked by that item).
func TestLawItemsReferenceExistingTemplateItems(t *testing.T) {
	items := currentItems()
	seen := map[string]bool{}
	for _, l := range inspect.LawItems() {
		if seen[l.ID] {
			t.Errorf("law item %s listed twice", l.ID)
		}
		seen[l.ID] = true
		if l.Text == "" || l.Cite == "" {
			t.Errorf("law item %s: no text or citation", l.ID)
		}
		for _, r := range l.Templates {
			if _, ok := items[r]; !ok {
				t.Errorf("law item %s (%s) names %s/%s, not an item of a current template", l.ID, l.Cite, r.Key, r.Item)
			}
		}
		if l.Kind() == "n/a" && l.NotApplicable == "" {
			t.Errorf("law item %s: no coverage and no reason", l.ID)
		}
	}
}

// Every item of a current template traces to a law item of the register:
// no checklist question without the law that asks it.
func TestEveryTemplateItemTracesToTheLaw(t *testing.T) {
	traced := map[inspect.TemplateRef]bool{}
	for _, l := range inspect.LawItems() {
		for _, r := range l.Templates {
			traced[r] = true
		}
	}
	var missing []string
	for r := range currentItems() {
		if !traced[r] {
			missing = append(missing, r.Key+"/"+r.Item)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("template items no docs/LAW.md §4 law item references: %s", strings.Join(missing, ", "))
	}
}

// lawSection renders the register: counts, a table per docs/LAW.md subsection
// and, per current template, the law items each item answers.
func lawSection() string {
	var b strings.Builder
	items := currentItems()
	law := inspect.LawItems()
	fits := map[string]checklist.Fit{}
	for _, t := range checklist.Templates() {
		if !t.Retired {
			fits[t.Key] = t.Fit
		}
	}
	b.WriteString("### docs/LAW.md §4 item by item\n\n")
	b.WriteString("Every checkable item of docs/LAW.md §4 (and the few rules outside it a template asks) is listed in `inspect/lawitems_data_test.go` with how it is covered: ")
	b.WriteString("by template items (code, citation and vessels from the template), derived by the server, uncovered (no code checks it, with why), or not a vessel check. ")
	b.WriteString("`TestLawItemsReferenceExistingTemplateItems` and `TestEveryTemplateItemTracesToTheLaw` fail on a reference to no item and on a template item no law item names.\n\n")
	var secs []string
	count := map[string]map[string]int{}
	for _, l := range law {
		if count[l.Section] == nil {
			count[l.Section] = map[string]int{}
			secs = append(secs, l.Section)
		}
		count[l.Section][l.Kind()]++
	}
	b.WriteString("| docs/LAW.md section | items | template | derived | uncovered | n/a |\n|---|---|---|---|---|---|\n")
	total := map[string]int{}
	for _, s := range secs {
		c := count[s]
		n := c["template"] + c["derived"] + c["uncovered"] + c["n/a"]
		fmt.Fprintf(&b, "| §%s | %d | %d | %d | %d | %d |\n", s, n, c["template"], c["derived"], c["uncovered"], c["n/a"])
		for k, v := range c {
			total[k] += v
		}
	}
	fmt.Fprintf(&b, "| all | %d | %d | %d | %d | %d |\n\n", len(law), total["template"], total["derived"], total["uncovered"], total["n/a"])
	prev := ""
	for _, l := range law {
		if l.Section != prev {
			fmt.Fprintf(&b, "#### docs/LAW.md §%s\n\n| id | item | citation | covered by |\n|---|---|---|---|\n", l.Section)
			prev = l.Section
		}
		var cov []string
		for _, r := range l.Templates {
			code, cite := itemCode(items[r])
			cov = append(cov, fmt.Sprintf("`%s` `%s` (%s, %s; %s)", r.Key, r.Item, code, cite, itemVessels(fits[r.Key], items[r])))
		}
		if l.DerivedBy != "" {
			cov = append(cov, fmt.Sprintf("derived: %s — %s", l.DerivedBy, l.How))
		}
		if l.Uncovered != "" {
			cov = append(cov, "**uncovered**: "+l.Uncovered)
		}
		if l.NotApplicable != "" {
			cov = append(cov, "n/a: "+l.NotApplicable)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", l.ID, l.Text, l.Cite, strings.Join(cov, "; "))
	}
	b.WriteString("\n#### Template items and the law items they answer\n\n")
	answers := map[inspect.TemplateRef][]string{}
	for _, l := range law {
		for _, r := range l.Templates {
			answers[r] = append(answers[r], l.ID)
		}
	}
	for _, t := range checklist.Templates() {
		if t.Retired {
			continue
		}
		fmt.Fprintf(&b, "- `%s` v%d: ", t.Key, t.Version)
		var parts []string
		for _, it := range t.Items {
			ids := answers[inspect.TemplateRef{Key: t.Key, Item: it.ID}]
			if len(ids) == 0 {
				ids = []string{"**none**"}
			}
			parts = append(parts, fmt.Sprintf("`%s` → %s", it.ID, strings.Join(ids, ", ")))
		}
		b.WriteString(strings.Join(parts, "; ") + "\n")
	}
	b.WriteString("\n")
	return b.String()
}

// itemCode is the code a "no" to it raises and the rule the item prints:
// its own Ref, else the code's first legal reference (as the template
// tables above show it).
func itemCode(it checklist.Item) (code, cite string) {
	code, cite = "records only", string(it.Ref)
	if e, ok := rules.Lookup(it.Code); ok {
		code = string(it.Code)
		if cite == "" && len(e.LegalRefs) > 0 {
			cite = string(e.LegalRefs[0])
		}
	}
	return code, cite
}

// itemVessels is the vessels an item is asked of: its template's fit, and
// the item's own narrowing of it.
func itemVessels(tf checklist.Fit, it checklist.Item) string {
	s := fitShort(tf)
	if it.Only != nil {
		s += ", only " + fitShort(*it.Only)
	}
	return s
}

func fitShort(f checklist.Fit) string {
	if s := f.Summary(); s != "" {
		return s
	}
	return "all vessels"
}

// What the server derives an item from is one of the derivations it has
// (docs/LAW.md §12): a typo would name a source that does not exist.
func TestLawItemsDerivedFromKnownSources(t *testing.T) {
	known := map[string]bool{"registry": true, "manning": true, "passengers carried": true, "cargo carried": true, "evaluation": true, "supervisor": true}
	for _, l := range inspect.LawItems() {
		if l.DerivedBy != "" && (!known[l.DerivedBy] || l.How == "") {
			t.Errorf("law item %s: derived by %q (%q), not a known derivation", l.ID, l.DerivedBy, l.How)
		}
	}
}

// A law item is asked by templates of its own regime: a Paradip rule by a
// Karnataka checklist (or the reverse) would fine a vessel under a law
// that does not govern it.
func TestLawItemsAskedUnderTheirOwnRegime(t *testing.T) {
	regime := map[string]rules.Regime{}
	for _, tp := range checklist.Templates() {
		regime[tp.Key] = tp.Regime
	}
	byCite := []struct {
		prefix string
		regime rules.Regime
	}{
		{"Karnataka 2025", rules.RegimeKarnataka2025},
		{"Paradip 1967", rules.RegimeParadip1967},
		{"Kandla 1955", rules.RegimeKandla1955},
	}
	for _, l := range inspect.LawItems() {
		var want rules.Regime
		for _, b := range byCite {
			if strings.HasPrefix(l.Cite, b.prefix) {
				want = b.regime
			}
		}
		if want == "" {
			t.Errorf("law item %s: citation %q names no regime", l.ID, l.Cite)
			continue
		}
		for _, r := range l.Templates {
			if regime[r.Key] != want {
				t.Errorf("law item %s (%s) asked by %s/%s of regime %s", l.ID, l.Cite, r.Key, r.Item, regime[r.Key])
			}
		}
	}
}

// Issue 15, done when: every item of docs/LAW.md §4 is a template item or
// derived by the server. Version 2 left seven uncovered (Form-18 (g),
// Sch-VI 2.1.3 and 2.8.1, Sch-X alteration, Sch-V-2 A timber and bilge
// pump, Paradip Form A's rough-weather numbers).
func TestEveryLawItemIsCovered(t *testing.T) {
	for _, l := range inspect.LawItems() {
		if l.Kind() == "uncovered" {
			t.Errorf("law item %s (%s, %s) is uncovered: %s", l.ID, l.Text, l.Cite, l.Uncovered)
		}
	}
}

// printed is the citation the app prints on an item's question: its own
// Ref, or else its code's most specific citation.
func printed(t *testing.T, it checklist.Item) string {
	if it.Ref != "" {
		return string(it.Ref)
	}
	e, ok := rules.Lookup(it.Code)
	if !ok || len(e.LegalRefs) == 0 {
		return ""
	}
	return string(e.LegalRefs[0])
}

var schVIPara = regexp.MustCompile(`Sch-VI (Section B )?(\d+)\.`)

// A question that checks a Schedule-VI paragraph prints a paragraph of the
// same Section and chapter (Karnataka 2025, Sch-VI Section A for Category
// C, Section B for non-mechanised boats). Version 2 printed "Sch-VI 4.2"
// (the transition rule) on its GM questions, and Section A's 2.7 on the
// non-mechanised boat's bilge.
func TestPrintedCitationNamesTheScheduleVIParagraph(t *testing.T) {
	items := currentItems()
	for _, l := range inspect.LawItems() {
		m := schVIPara.FindStringSubmatch(l.Cite)
		if m == nil {
			continue
		}
		want := "Sch-VI " + m[1] + m[2] + "."
		for _, r := range l.Templates {
			it := items[r]
			if it.Code == "" {
				continue
			}
			if p := printed(t, it); !strings.Contains(p, want) {
				t.Errorf("%s %s prints %q; law item %s cites %q (want %q…)", r.Key, r.Item, p, l.ID, l.Cite, want)
			}
		}
	}
}

// Every current question prints a citation.
func TestEveryCurrentItemPrintsACitation(t *testing.T) {
	for ref, it := range currentItems() {
		if printed(t, it) == "" {
			t.Errorf("%s %s prints no citation", ref.Key, ref.Item)
		}
	}
}
