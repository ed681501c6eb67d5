package inspect_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/rules"
)

var updateCoverage = flag.Bool("update", false, "rewrite the generated section of docs/RULES-COVERAGE.md")

const (
	coverageDoc   = "../docs/RULES-COVERAGE.md"
	coverageBegin = "<!-- BEGIN GENERATED: go test ./inspect -run TestCoverageDoc -update -->"
	coverageEnd   = "<!-- END GENERATED -->"
)

// derivedItem is an item of docs/LAW.md §4 that no checklist asks because the
// server derives it (docs/LAW.md §12): from the registry as of the inspection
// date, the manning rules and crew on board, or the persons and cargo
// counted at start.
type derivedItem struct {
	law, from string
	codes     []rules.Code
}

var derivedItems = []derivedItem{
	{"Valid Certificate of Registration (Karnataka 2025, r.16, r.104, Form-18 (a); Sch-IX para 2.1)", "registry", []rules.Code{rules.CodeRegistrationInvalid}},
	{"Valid Certificate of Survey, provisional CoS ≤ 3 months, non-mechanised renewal > 60 days (r.9, r.10(2), r.113(2), Form-18 (b))", "registry",
		[]rules.Code{rules.CodeSurveyCertExpired, rules.CodeProvisionalSurveyExpired, rules.CodeSurveyRenewalLate}},
	{"Valid insurance cover (r.81, r.143, Form-18 (h); Sch-IV row 1)", "registry", []rules.Code{rules.CodeInsuranceInvalid}},
	{"Pollution certificate ≤ 5 years and annual pollution inspection (r.52, r.63)", "registry", []rules.Code{rules.CodePollutionCertInvalid, rules.CodePollutionInspectionOverdue}},
	{"Special category Certificate of Fitness (r.98, r.99)", "registry", []rules.Code{rules.CodeFitnessCertInvalid}},
	{"Paradip licence in force, ends 31 March (Paradip 1967, r.3, r.4(4), r.8)", "registry", []rules.Code{rules.CodeLicenceInvalid}},
	{"Safe manning and crew certificates (Karnataka 2025, r.29, r.32, r.124, Sch-XV; Paradip 1967, r.29; Kandla 1955, s.31(2); Form-18 (e); Sch-IV row 2)", "manning rules and crew on board",
		[]rules.Code{rules.CodeManningShortfall, rules.CodeCoCInvalid, rules.CodeLegacyCoCExpired, rules.CodeCoCRevalidationOverdue}},
	{"Passengers beyond the certified or licensed number (Form-18 (c), r.126(8), Sch-IV row 5; Paradip 1967, r.13(1), r.19)", "passengers carried at start",
		[]rules.Code{rules.CodeOverloadPassengers, rules.CodeParadipPassengersExcess}},
	{"Cargo beyond the permitted or licensed load (r.126(7), Sch-IV row 5; Paradip 1967, r.13(1), r.19)", "cargo carried at start",
		[]rules.Code{rules.CodeOverloadCargo, rules.CodeParadipCargoExcess}},
	{"Annex to Form-2 header and Form A items 1–13: vessel particulars (type, category, passengers, official number, hull, builder, propulsion, power, dimensions, tonnage), certificates", "registry (the inspection's vessel and certificates)", nil},
	{"Form A/B deficiency list, action codes 01–06/99 and 11–15 (§4.1, §4.3)", "the evaluation of every answer, finding and derived deficiency", nil},
	{"Detention order, release order, Form-18 challan (§4.4)", "supervisor decisions (docs/REVIEW.md), not a checklist", nil},
}

// coverageSection renders the checklist coverage from the code.
func coverageSection() string {
	var b strings.Builder
	served := len(rules.Catalogue())
	fmt.Fprintf(&b, "%s\n\n### Checklist templates and what they cover\n\n", coverageBegin)
	fmt.Fprintf(&b, "The catalogue serves **%d** deficiency codes (`GET /v1/rules/catalogue`, the pull's `catalogue` item). ", served)
	b.WriteString("Each current template below lists every item with the code a \"no\" raises, the rule it checks, and the vessels it applies to; ")
	b.WriteString("`inspection.start` refuses a template whose vessels do not include the inspected one (422 `template_not_applicable`). ")
	b.WriteString("Retired versions are listed by key and version only: inspections started with them keep them, and a start captured within 30 days ")
	b.WriteString("(`TINDAL_TEMPLATE_GRACE_DAYS`) of a version's retirement may still use it; a later one is refused (422 `template_retired`, docs/SYNC.md §11).\n\n")
	var retired []string
	for _, t := range checklist.Templates() {
		if t.Retired {
			retired = append(retired, fmt.Sprintf("`%s` v%d", t.Key, t.Version))
			continue
		}
		writeTemplate(&b, t)
	}
	fmt.Fprintf(&b, "Retired: %s.\n\n", strings.Join(retired, ", "))
	b.WriteString("#### Derived by the server (no checklist item)\n\n| docs/LAW.md §4 item | derived from | codes |\n|---|---|---|\n")
	for _, d := range derivedItems {
		codes := []string{"—"}
		for i, c := range d.codes {
			if i == 0 {
				codes = nil
			}
			codes = append(codes, string(c))
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", d.law, d.from, strings.Join(codes, ", "))
	}
	b.WriteString("\n" + lawSection() + coverageEnd)
	return b.String()
}

func writeTemplate(b *strings.Builder, t checklist.Template) {
	fmt.Fprintf(b, "#### `%s` v%d — %s\n\nRegime `%s`; vessels: %s. Source: %s.\n\n", t.Key, t.Version, t.Title, t.Regime, fitText(&t.Fit), t.Source)
	b.WriteString("| item | question | code | rule | Sch-IV row | detainable | only for |\n|---|---|---|---|---|---|---|\n")
	for _, it := range t.Items {
		code, row, det, ref := "— (records only)", "", "", string(it.Ref)
		if e, ok := rules.Lookup(it.Code); ok {
			code, row, det = string(it.Code), string(e.PenaltyRow), fmt.Sprint(e.Detainable)
			if ref == "" {
				ref = string(e.LegalRefs[0])
			}
		}
		only := ""
		if it.Only != nil {
			only = fitText(it.Only)
		}
		fmt.Fprintf(b, "| `%s` | %s | %s | %s | %s | %s | %s |\n", it.ID, it.Text, code, ref, row, det, only)
	}
	b.WriteString("\n")
}

func fitText(f *checklist.Fit) string {
	s := f.Summary()
	if s == "" {
		s = "all"
	}
	return s + " (" + string(f.Rule) + ")"
}

// docs/RULES-COVERAGE.md's checklist section is generated from the
// templates and the catalogue; a stale doc fails (rewrite with -update).
func TestCoverageDoc(t *testing.T) {
	raw, err := os.ReadFile(coverageDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	i, j := strings.Index(doc, coverageBegin), strings.Index(doc, coverageEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no generated section (%q … %q)", coverageDoc, coverageBegin, coverageEnd)
	}
	want := doc[:i] + coverageSection() + doc[j+len(coverageEnd):]
	if *updateCoverage {
		if err := os.WriteFile(coverageDoc, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want != doc {
		t.Fatalf("%s is stale: run go test ./inspect -run TestCoverageDoc -update", coverageDoc)
	}
}

// Every code the server derives instead of asking is in the catalogue.
func TestDerivedItemsAreCatalogued(t *testing.T) {
	for _, d := range derivedItems {
		for _, c := range d.codes {
			if _, ok := rules.Lookup(c); !ok {
				t.Errorf("%s: code %s not in the catalogue", d.law, c)
			}
		}
	}
}

// The count of codes the docs state is the count served: the docs may not
// quote any other number of codes.
func TestCoverageDocCodeCountIsServed(t *testing.T) {
	raw, err := os.ReadFile(coverageDoc)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("serves **%d** deficiency codes", len(rules.Catalogue()))
	if !strings.Contains(string(raw), want) {
		t.Fatalf("%s does not say %q", coverageDoc, want)
	}
}
