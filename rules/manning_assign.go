package rules

// fill says whether a holder can fill a role and with which grade.
func fill(h holder, r RequiredRole) (held, bool) {
	for _, g := range r.Grades {
		for _, hg := range h.grades {
			if hg.grade == g {
				return held{grade: hg.grade, as: g}, true
			}
			if hg.as == g {
				return hg, true
			}
		}
	}
	if r.OwnerMay && h.owner {
		return held{via: "owner (proviso)"}, true
	}
	return held{}, false
}

// matcher finds a maximum assignment of holders to roles, one role per
// holder (Kuhn's augmenting paths; sizes are a handful, so it is cheap).
// Roles and holders are tried in input order, so results are stable.
type matcher struct {
	can        [][]bool // can[i][j]: holder i can fill role j
	holderOf   []int
	roleOf     []int
	skipRole   []bool
	skipHolder []bool
}

// newMatcher precomputes who can fill what.
func newMatcher(roles []RequiredRole, hs []holder) *matcher {
	m := &matcher{can: make([][]bool, len(hs)), skipRole: make([]bool, len(roles)), skipHolder: make([]bool, len(hs))}
	for i, h := range hs {
		m.can[i] = make([]bool, len(roles))
		for j, r := range roles {
			_, m.can[i][j] = fill(h, r)
		}
	}
	return m
}

// run matches every role not skipped and returns the number matched.
func (m *matcher) run() int {
	m.holderOf = filled(len(m.skipRole), -1)
	m.roleOf = filled(len(m.skipHolder), -1)
	n := 0
	for j := range m.skipRole {
		if !m.skipRole[j] && m.try(j, make([]bool, len(m.skipHolder))) {
			n++
		}
	}
	return n
}

// try finds an augmenting path for role j.
func (m *matcher) try(j int, seen []bool) bool {
	for i := range m.can {
		if m.skipHolder[i] || seen[i] || !m.can[i][j] {
			continue
		}
		seen[i] = true
		if m.roleOf[i] < 0 || m.try(m.roleOf[i], seen) {
			m.roleOf[i], m.holderOf[j] = j, i
			return true
		}
	}
	return false
}

// filled is a slice of n copies of v.
func filled(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// assign finds who fills each role. It first tries one role per person;
// if that leaves a role empty and a dual-certificate proviso applies, it
// tries each person who can fill both roles of a pair in both, and keeps
// the best result.
func assign(req requirement, hs []holder) []Assignment {
	m := newMatcher(req.roles, hs)
	bestN := m.run()
	bestOf := append([]int(nil), m.holderOf...)
	if bestN == len(req.roles) {
		return assignments(req.roles, hs, bestOf)
	}
	for _, p := range req.pairs {
		for k := range hs {
			if !m.can[k][p[0]] || !m.can[k][p[1]] {
				continue
			}
			m.skipHolder[k], m.skipRole[p[0]], m.skipRole[p[1]] = true, true, true
			n := m.run() + 2
			if n > bestN {
				bestN, bestOf = n, append([]int(nil), m.holderOf...)
				bestOf[p[0]], bestOf[p[1]] = k, k
			}
			m.skipHolder[k], m.skipRole[p[0]], m.skipRole[p[1]] = false, false, false
		}
	}
	return assignments(req.roles, hs, bestOf)
}

// assignments turns a role → holder table into Assignments.
func assignments(roles []RequiredRole, hs []holder, holderOf []int) []Assignment {
	out := []Assignment{}
	for j, i := range holderOf {
		if i < 0 {
			continue
		}
		g, _ := fill(hs[i], roles[j])
		out = append(out, Assignment{RoleIndex: j, Role: roles[j].Role, CrewID: hs[i].id, Grade: g.grade, Via: g.via})
	}
	return out
}
