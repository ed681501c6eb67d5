package rules

import "fmt"

// ActionCode is a deficiency action code of Karnataka 2025, Sch-IX (after
// Form B), numbers verbatim (docs/LAW.md §4.1).
type ActionCode string

// Deficiency action codes (Karnataka 2025, Sch-IX).
const (
	Action01 ActionCode = "01" // Deficiency rectified
	Action02 ActionCode = "02" // Rectify deficiency at next port
	Action03 ActionCode = "03" // Rectify deficiency within 14 days
	Action04 ActionCode = "04" // Rectify deficiency before departure
	Action05 ActionCode = "05" // Rectify deficiency within 3 months
	Action06 ActionCode = "06" // Detainable deficiency
	Action99 ActionCode = "99" // Other (specify)
)

// InspectionActionCode is an inspection action code of Karnataka 2025,
// Sch-IX (after Form B), numbers verbatim (docs/LAW.md §4.1).
type InspectionActionCode string

// Inspection action codes (Karnataka 2025, Sch-IX).
const (
	Inspection11 InspectionActionCode = "11" // Next port informed
	Inspection12 InspectionActionCode = "12" // Registration state informed
	Inspection13 InspectionActionCode = "13" // Registration state consulted
	Inspection14 InspectionActionCode = "14" // Surveying Authority informed
	Inspection15 InspectionActionCode = "15" // Investigation of contravention of discharge of polluting agents
)

// ActionTitles gives the printed meaning of every deficiency action code.
var ActionTitles = map[ActionCode]string{
	Action01: "Deficiency rectified",
	Action02: "Rectify deficiency at next port",
	Action03: "Rectify deficiency within 14 days",
	Action04: "Rectify deficiency before departure",
	Action05: "Rectify deficiency within 3 months",
	Action06: "Detainable deficiency",
	Action99: "Other (Specify)",
}

// InspectionActionTitles gives the printed meaning of every inspection
// action code.
var InspectionActionTitles = map[InspectionActionCode]string{
	Inspection11: "Next port informed",
	Inspection12: "Registration state informed",
	Inspection13: "Registration state consulted",
	Inspection14: "Surveying Authority informed",
	Inspection15: "Investigation of contravention of discharge of polluting agents",
}

// DueKind is what a deficiency's due is: a date, or an event the law names
// instead of a date.
type DueKind string

// Kinds of due.
const (
	DueNone            DueKind = "none"             // 01: already rectified
	DueDate            DueKind = "date"             // 03, 05: a calendar date
	DueNextPort        DueKind = "next_port"        // 02: on arrival at the next port
	DueBeforeDeparture DueKind = "before_departure" // 04: before the vessel next departs
	DueOnRelease       DueKind = "on_release"       // 06: detained until a release order
	DueAsSpecified     DueKind = "as_specified"     // 99: as the inspector specifies
)

// Due is when a deficiency must be rectified. Date is set only for DueDate.
type Due struct {
	Kind DueKind `json:"kind"`
	Date Date    `json:"date,omitzero"`
}

// DueFor is the due of action code a for an inspection on date inspected
// (Karnataka 2025, Sch-IX codes; docs/LAW.md §4.1 derived deadlines).
func DueFor(a ActionCode, inspected Date) (Due, error) {
	switch a {
	case Action01:
		return Due{Kind: DueNone}, nil
	case Action02:
		return Due{Kind: DueNextPort}, nil
	case Action03:
		return Due{Kind: DueDate, Date: inspected.AddDays(14)}, nil // "within 14 days"
	case Action04:
		return Due{Kind: DueBeforeDeparture}, nil
	case Action05:
		return Due{Kind: DueDate, Date: inspected.AddMonths(3)}, nil // "within 3 months"
	case Action06:
		return Due{Kind: DueOnRelease}, nil
	case Action99:
		return Due{Kind: DueAsSpecified}, nil
	}
	return Due{}, &ActionError{Rule: RuleActionUnknown, Code: "", Action: a, Reason: "not a Sch-IX deficiency action code"}
}

// Names of the action consistency rules, carried by ActionError.Rule.
const (
	RuleActionUnknown             = "action.unknown"                 // not one of 01–06, 99
	RuleActionNotAllowed          = "action.not_allowed"             // not among the entry's allowed actions
	RuleActionDetainableDeferred  = "action.detainable_not_deferred" // detainable: never 02 or 03
	RuleActionDetainableUnrectify = "action.detainable_unrectified"  // detainable and unrectified: 06
	RuleActionRectifiedRecorded   = "action.rectified_recorded"      // 01 needs rectification recorded
)

// ActionError reports an action code that breaks a consistency rule.
type ActionError struct {
	Rule   string     // one of the RuleAction… names
	Code   Code       // the deficiency
	Action ActionCode // the action code rejected
	Reason string
}

// Error implements error.
func (e *ActionError) Error() string {
	return fmt.Sprintf("action %s for deficiency %s: %s (%s)", e.Action, e.Code, e.Reason, e.Rule)
}

// ValidateAction checks action code a for a deficiency of entry e, given
// whether its rectification was recorded. It returns an *ActionError naming
// the first rule broken (Karnataka 2025, Sch-IX; docs/LAW.md §4.1, docs/LAW.md §12).
func ValidateAction(e Entry, a ActionCode, rectified bool) error {
	fail := func(rule, reason string) error {
		return &ActionError{Rule: rule, Code: e.Code, Action: a, Reason: reason}
	}
	switch {
	case ActionTitles[a] == "":
		return fail(RuleActionUnknown, "not a Sch-IX deficiency action code")
	case e.Detainable && (a == Action02 || a == Action03):
		return fail(RuleActionDetainableDeferred, "a detainable deficiency cannot be deferred to the next port or 14 days")
	case a == Action01 && !rectified:
		return fail(RuleActionRectifiedRecorded, "code 01 needs the rectification recorded")
	case e.Detainable && !rectified && a != Action06:
		return fail(RuleActionDetainableUnrectify, "an unrectified detainable deficiency is 06")
	case a == Action06 && e.Criterion != "" && !rectified:
		return nil // a Sch-IX para 2.2 criterion covers it: the officer may detain (paras 2.3-2.4)
	case !e.Allows(a):
		return fail(RuleActionNotAllowed, "not an allowed action for this deficiency")
	}
	return nil
}

// ConsistentAction is the action a deficiency of entry e gets when the
// recorded one is missing or invalid: 01 if rectified, 06 if detainable and
// unrectified, else the entry's default.
func ConsistentAction(e Entry, rectified bool) ActionCode {
	switch {
	case rectified:
		return Action01
	case e.Detainable:
		return Action06
	}
	return e.DefaultAction
}
