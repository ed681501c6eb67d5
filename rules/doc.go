// Package rules is the law as code: the deficiency catalogue, action codes,
// penalties with repeat doubling, fees, manning, validity and due dates, and
// the tonnage and capacity formulas of the regimes Tindal enforces.
//
// It imports only the standard library. It does no I/O and reads no clock:
// every input, including the date an evaluation is made for, is a parameter,
// so the law can be read, tested and reviewed on its own. Every evaluation
// names the rule set it used and returns a Trace that cites the rule (for
// example "Karnataka 2025, Sch-IV row 5") behind each value.
//
// docs/LAW.md digests the law with its citations (section by section, cited
// in comments as docs/LAW.md §n); docs/RULES-COVERAGE.md maps each rule to
// the code and the test that encode it.
package rules
