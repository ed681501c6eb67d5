package services_test

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/tindal/tindal/testkit"
)

// constructors are the functions that build a domain service, by import
// path.
var constructors = map[string][]string{
	"github.com/tindal/tindal/registry":  {"New"},
	"github.com/tindal/tindal/inspect":   {"New"},
	"github.com/tindal/tindal/penalty":   {"New"},
	"github.com/tindal/tindal/detention": {"New"},
	"github.com/tindal/tindal/photo":     {"New"},
	"github.com/tindal/tindal/plan":      {"New"},
	"github.com/tindal/tindal/report":    {"New"},
	"github.com/tindal/tindal/public":    {"New"},
	"github.com/tindal/tindal/jobs":      {"New"},
	"github.com/tindal/tindal/sync":      {"New", "NewPullEngine"},
}

// builders are the places besides tests that may call a constructor: the
// server's one wiring file, and code that builds services for tests or on
// a clock of its own.
var builders = []string{
	"cmd/tindal/services.go",   // the server's set, built once
	"inspect/service.go",       // a penalty service of its own when none is given (tests, demo)
	"demo/",                    // the demo's simulated year runs the services on its own clock
	"services/servicestest/",   // completes a test's set
	"web/webtest/", "testkit/", // the browser tests' server and shared fixtures
	"bench/", "scale/", // load tools and the scale test
}

// TestServicesAreBuiltInOneFile fails when a handler, a page or a job
// builds a domain service: every one comes from the set cmd/tindal builds
// (package services).
func TestServicesAreBuiltInOneFile(t *testing.T) {
	skip := func(rel string) bool {
		for _, b := range builders {
			if rel == b || (strings.HasSuffix(b, "/") && strings.HasPrefix(rel, b)) {
				return true
			}
		}
		return false
	}
	testkit.EachGoFile(t, "..", skip, func(_ string, fset *token.FileSet, f *ast.File) {
		names := map[string]string{} // local name → import path of a service package
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if _, ok := constructors[p]; !ok {
				continue
			}
			name := p[strings.LastIndex(p, "/")+1:]
			if imp.Name != nil {
				name = imp.Name.Name
			}
			names[name] = p
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, ok := sel.X.(*ast.Ident)
			if !ok || names[pkg.Name] == "" {
				return true
			}
			for _, c := range constructors[names[pkg.Name]] {
				if sel.Sel.Name == c {
					t.Errorf("%s: %s.%s builds a service: take it from the services.Set cmd/tindal/services.go builds",
						fset.Position(call.Pos()), pkg.Name, c)
				}
			}
			return true
		})
	})
}
