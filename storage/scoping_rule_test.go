package storage_test

import (
	"go/ast"
	"go/token"
	"testing"

	"github.com/tindal/tindal/testkit"
)

// jurisdictionChecks are the files besides the scoping code that may call
// models.Scope.CanJurisdiction, each for a check that is no read of a row
// by id: a command that loads the row it changes reads it through
// storage.Scoped instead, so another office's row is not found.
var jurisdictionChecks = map[string]string{
	"models/scope.go":              "the definition",
	"registry/vessels.go":          "the jurisdiction a new vessel is registered in (403)",
	"registry/owners.go":           "the jurisdiction a new owner is recorded in (403)",
	"registry/crew.go":             "a new crew member's jurisdiction; signing on to a vessel an owner reaches (403)",
	"registry/certificates.go":     "the subject an owner reaches but may not certify (403)",
	"registry/jurisdictions.go":    "the jurisdiction a vessel is moved to (403)",
	"registry/observation.go":      "a vessel moved out of reach since observed: 409 vessel_moved, after vessel_deleted",
	"web/console/registry_list.go": "which jurisdictions the form offers",
	// The aggregate lock is shared by every command of an inspect.Work
	// and cached there; a scoped lock would load one row twice.
	"inspect/review.go": "the inspection's aggregate lock (404 with a deleted one)",
}

// TestJurisdictionIsCheckedInSQL fails when CanJurisdiction is called
// outside the scoping code and the files above (docs/ARCHITECTURE.md,
// "Reads by id").
func TestJurisdictionIsCheckedInSQL(t *testing.T) {
	skip := func(rel string) bool { _, ok := jurisdictionChecks[rel]; return ok }
	testkit.EachGoFile(t, "..", skip, func(_ string, fset *token.FileSet, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "CanJurisdiction" {
				t.Errorf("%s: CanJurisdiction after a load; read the row through storage.Scoped "+
					"with a named Scoping (e.g. storage.OfficialsByJurisdiction)", fset.Position(sel.Pos()))
			}
			return true
		})
	})
}
