package rules

// AppealLevel is how high above the office that issued a penalty notice its
// appellate authority sits: the State Government, or the head of the port.
type AppealLevel string

// Appeal levels.
const (
	AppealState AppealLevel = "state" // an authority of the State Government, above every port office
	AppealPort  AppealLevel = "port"  // the head of the port, above the officer who decided
)

// AppealRoute is where an appeal against a penalty notice lies and within
// how many days of its receipt.
type AppealRoute struct {
	Regime    Regime      `json:"regime"`
	Days      int         `json:"days"`
	Authority string      `json:"authority"`
	Level     AppealLevel `json:"level"`
	Citation  string      `json:"citation"`
}

// AppealRouteFor is the appeal route of a penalty notice under regime, and
// false for a regime whose texts name none (Kandla 1955: only s.31(2) is in
// the sources).
//
// Karnataka: a penalty notice is an order "under ... these rules" other
// than a detention, so the general route applies: "appeal to the State
// Government ... within thirty days from the date of receipt of such
// order" (Karnataka 2025, Sch-XVI para 1), the Appellant authority being
// the Secretary, IDP & IWT Department (Sch-XVI para 2); the Sch-IX para 6
// route to the CEO KMB is for detention and release orders (docs/LAW.md §11 Q10).
// Paradip: "an appeal shall lie from any decision of the Deputy Conservator
// ... to the Conservator of the port ... within seven days from the date on
// which the decision ... has been communicated in writing" (Paradip 1967,
// r.27).
func AppealRouteFor(regime Regime) (AppealRoute, bool) {
	switch regime {
	case RegimeKarnataka2025:
		return AppealRoute{Regime: regime, Days: 30, Level: AppealState,
			Authority: "Secretary, Infrastructure Development, Ports & Inland Water Transport " +
				"Department, Government of Karnataka",
			Citation: "Karnataka 2025, Sch-XVI paras 1-2"}, true
	case RegimeParadip1967:
		return AppealRoute{Regime: regime, Days: 7, Level: AppealPort,
			Authority: "Conservator of the Port of Paradip", Citation: "Paradip 1967, r.27"}, true
	}
	return AppealRoute{}, false
}

// ClosesOn is the last day an appeal may be filed against a notice received
// on received. "Within N days from the date" excludes the day of receipt
// (General Clauses Act 1897, s.9 [EXT]), so the last day is received + N.
func (r AppealRoute) ClosesOn(received Date) Date { return received.AddDays(r.Days) }

// InTime reports whether an appeal filed on filed is within the window of
// a notice received on received.
func (r AppealRoute) InTime(received, filed Date) bool {
	return !filed.After(r.ClosesOn(received)) && !filed.Before(received)
}
