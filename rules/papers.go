package rules

// Paper is a paper of office the law gives an authority to serve on a
// vessel: Tindal prints it only under a regime that provides it.
type Paper string

// The papers Tindal prints.
const (
	PaperChallan        Paper = "form18_challan"  // Karnataka 2025, Sch-I Form-18, with the Sch-IV penalties
	PaperDetentionOrder Paper = "detention_order" // Karnataka 2025, Sch-IX Annex-1
	PaperReleaseOrder   Paper = "release_order"   // Karnataka 2025, Sch-IX Annex-2
)

// papersOf are the papers each regime provides. Paradip 1967 serves no
// challan and no detention order: it states no fine amounts (r.26 cancels
// licences; Form A only refers to "the Penalties laid down"), and r.12(1)
// bars the use of a craft until the repairs directed are done. The Kandla
// 1955 text in force here (s.31(2)) is about manning only.
var papersOf = map[Regime][]Paper{
	RegimeKarnataka2025: {PaperChallan, PaperDetentionOrder, PaperReleaseOrder},
}

// Provides reports whether regime r gives its authority paper p.
func Provides(r Regime, p Paper) bool {
	for _, q := range papersOf[r] {
		if q == p {
			return true
		}
	}
	return false
}

// Authority is who speaks on a regime's papers, notices and pages, as the
// law names it (English; the catalogues hold Kannada and Hindi): the
// authority, its office's address, and where its rules are cited.
type Authority struct {
	Regime   Regime
	Name     string
	Address  string
	Citation Citation
}

// AuthorityFor is the authority of regime r: the Karnataka Maritime Board
// under Karnataka 2025 (its CEO hears appeals against its orders, Sch-IX
// para 6; a deployment may print its own office's address), the port's
// Conservator at Paradip (appeals to the Conservator, r.27), the port
// authority at Kandla.
func AuthorityFor(r Regime) (Authority, bool) {
	switch r {
	case RegimeKarnataka2025:
		return Authority{r, "Karnataka Maritime Board", "Inland Water Transport, Karwar, Karnataka, India",
			"Karnataka 2025, Sch-IX para 6"}, true
	case RegimeParadip1967:
		return Authority{r, "Conservator of the Port of Paradip", "Paradip Port, Jagatsinghpur, Odisha, India",
			"Paradip 1967, r.27"}, true
	case RegimeKandla1955:
		return Authority{r, "Kandla Port Authority", "Kandla, Kutch, Gujarat, India", "Kandla 1955, s.31(2)"}, true
	}
	return Authority{}, false
}
