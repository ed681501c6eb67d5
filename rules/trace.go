package rules

import "fmt"

// Citation is a pointer into the law, in the short-name style of docs/LAW.md §0,
// for example "Karnataka 2025, Sch-IV row 5" or "Paradip 1967, r.29(2)".
type Citation string

// Step is one rule applied during an evaluation: what it decided and why.
type Step struct {
	Rule     string   `json:"rule"`     // stable machine name, e.g. "penalty.repeat_doubling"
	Citation Citation `json:"citation"` // where the law says so
	Detail   string   `json:"detail"`   // human-readable account of inputs and result
}

// Trace records how an evaluation reached its outputs: the rule set used and
// every rule applied, in order. Traces are returned to clients and stored
// with derived values so that an auditor can follow each number to the law.
type Trace struct {
	RuleSet string `json:"rule_set"`
	Steps   []Step `json:"steps"`
}

// Add appends a step; detail is formatted with fmt.Sprintf.
func (t *Trace) Add(rule string, cite Citation, format string, args ...any) {
	t.Steps = append(t.Steps, Step{Rule: rule, Citation: cite, Detail: fmt.Sprintf(format, args...)})
}

// Rupees is an amount of money in whole Indian rupees (docs/ARCHITECTURE.md).
type Rupees int64
