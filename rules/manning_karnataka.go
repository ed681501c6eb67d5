package rules

// kaOneManLimitKW is Karnataka 2025 r.29(2): "total propulsion power not
// exceeding 425 Kilo Watt" (inclusive). 425 kW ≈ 569.9 BHP.
const kaOneManLimitKW = 425

// karnatakaMechanised applies Karnataka 2025 r.29 to a mechanised vessel.
// Only the Category C table is in the sources; it is garbled and read as
// the reconstruction of docs/LAW.md §7.3 (Q3): zone 1 needs a Serang or Master
// Class 3, a GP rating and a Driver Class 2; zones 2 and 3 accept a GP
// rating instead of the driver; a pleasure craft needs a Pleasure Craft
// Licence holder and a GP rating in every zone. Uses other than passenger,
// cargo and recreation (hire, fishing) are not in the table and are given
// the passenger-or-cargo row, which is identical for both.
func karnatakaMechanised(in ManningInput, tr *Trace) (requirement, assessment) {
	const cite = "Karnataka 2025, r.29(1)"
	if in.Category != CategoryC {
		return requirement{}, notAssessed(
			"Karnataka 2025, r.28",
			"minimum manning for category %q is set by the Inland Vessels (Manning) "+
				"Rules, 2022, not in the sources (docs/LAW.md §11 Q1)",
			in.Category,
		)
	}
	if in.Zone < 1 || in.Zone > 3 {
		return requirement{}, notAssessed(cite, "zone must be 1, 2 or 3, got %d", in.Zone)
	}
	tr.Add(
		"manning.ka.table",
		cite,
		"Category C, zone %d, use %q; table reconstructed from a garbled print (docs/LAW.md §7.3, Q3)",
		in.Zone,
		in.Use,
	)
	if in.Use == UseRecreation {
		return requirement{roles: []RequiredRole{
			{Role: RoleMaster, Grades: []CertificateGrade{GradePleasureCraftLicence}, Citation: cite + " pleasure craft row"},
			{Role: RoleGPRating, Grades: []CertificateGrade{GradeGPRating}, Citation: cite + " pleasure craft row"},
		}}, assessedOK
	}
	eng := RequiredRole{Role: RoleEngineer, Grades: cloneGrades(kaEngine), Citation: cite + " zone 1 row"}
	if in.Zone > 1 {
		eng.Grades = append(eng.Grades, GradeGPRating)
		eng.Citation = cite + " zones 2 and 3 rows"
	}
	r := requirement{roles: []RequiredRole{
		{Role: RoleMaster, Grades: cloneGrades(kaDeck), Citation: eng.Citation},
		{Role: RoleGPRating, Grades: []CertificateGrade{GradeGPRating}, Citation: eng.Citation},
		eng,
	}}
	kaOneManRule(in, tr, &r)
	return r, assessedOK
}

// kaOneManRule applies Karnataka 2025 r.29(2): at total propulsion power not
// exceeding 425 kW one person holding both certificates may be master and
// engineer. Power in BHP is converted with KWPerBHP; NHP is not converted,
// so the rule is then not applied.
func kaOneManRule(in ManningInput, tr *Trace, r *requirement) {
	const cite = "Karnataka 2025, r.29(2)"
	kw, ok := powerIn(in, UnitKW)
	switch {
	case !ok || in.EnginePower <= 0:
		tr.Add(
			"manning.ka.one_man",
			cite,
			"propulsion power not given in kW or BHP: the 425 kW one-person rule is not applied",
		)
	case leq(kw, kaOneManLimitKW):
		r.pairs = [][2]int{{0, 2}}
		tr.Add(
			"manning.ka.one_man",
			cite,
			"%.3f kW ≤ 425 kW: one person holding both certificates may be master and engineer",
			kw,
		)
	default:
		tr.Add("manning.ka.one_man", cite, "%.3f kW > 425 kW: master and engineer must be different persons", kw)
	}
}

// nonMechanised applies Karnataka 2025 r.124: Category A needs 3 GP ratings
// including the Boat in-Charge, B and C need 2. A cargo boat in tow of a
// mechanised launch needs half, rounded up; a boat plying only in lake or
// still waters one fewer; both reductions combine and at least the Boat
// in-Charge remains (r.117; docs/LAW.md §11 Q16).
func nonMechanised(in ManningInput, tr *Trace) (requirement, assessment) {
	const cite = "Karnataka 2025, r.124"
	base := map[Category]int{CategoryA: 3, CategoryB: 2, CategoryC: 2}[in.Category]
	if base == 0 {
		return requirement{}, notAssessed(cite, "non-mechanised category must be A, B or C, got %q", in.Category)
	}
	n := base
	tr.Add("manning.nonmech.base", cite, "Category %s: %d GP ratings including the Boat in-Charge", in.Category, base)
	if in.Towing && in.Use == UseCargo {
		n = (n + 1) / 2
		tr.Add(
			"manning.nonmech.towing",
			cite+" first proviso",
			"cargo boat in tow of a mechanised launch: half, rounded up, = %d",
			n,
		)
	}
	if in.LakeOnly {
		n--
		tr.Add("manning.nonmech.lake", cite+" proviso (lake or still waters)", "lake or still waters only: one fewer = %d", n)
	}
	if n < 1 {
		n = 1
		tr.Add("manning.nonmech.floor", "Karnataka 2025, r.117", "never fewer than the Boat in-Charge: 1")
	}
	r := requirement{
		roles: []RequiredRole{
			{Role: RoleBoatInCharge, Grades: []CertificateGrade{GradeGPRating}, Citation: cite + ", r.117"},
		},
	}
	for i := 1; i < n; i++ {
		r.roles = append(r.roles, RequiredRole{Role: RoleGPRating, Grades: []CertificateGrade{GradeGPRating}, Citation: cite})
	}
	return r, assessedOK
}
