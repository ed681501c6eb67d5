package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// monthArithmeticAllowed lists the functions (path#func, relative to the
// repository root) that may move a time by months or years with the
// standard library, each with the reason it is not a legal date. Everything
// else goes through Date.AddMonths / AddYears, which clamp to the month's
// end as the law's "N months after" does (Karnataka 2025, r.10(2), Sch-X).
var monthArithmeticAllowed = map[string]string{
	// The definition itself: day 0 of the next month is the last day of
	// this one, a normalisation used on purpose.
	"rules/date.go#daysIn": "the month-length primitive of AddMonths",
	// Synthetic certificate rows for a job benchmark: any spread of dates
	// will do, and none is checked against the law.
	"jobs/bench_test.go#seedBench": "benchmark fixture dates, not computed by the law",
	// The demo's year draws visit days from the first of each past month:
	// day 1 never clamps, and no legal date is computed from it.
	"demo/history.go#drawVisit": "the first day of a past month, for the demo's drawn visits",
}

// TestNoMonthArithmeticOutsideAddMonths fails if any Go file in the
// repository moves a date by months or years with time.AddDate (a non-zero
// year or month argument) or builds one with time.Date(y, m±n, …), outside
// the allow-list. time.AddDate normalises 30 February to 2 March, so a
// provisional CoS issued 30 November would be allowed to 2 March instead
// of 28 February (Karnataka 2025, r.10(2), Sch-X).
func TestNoMonthArithmeticOutsideAddMonths(t *testing.T) {
	root := repoRoot(t)
	found := map[string]bool{}
	var bad []string
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// Hidden, vendored and testdata directories are not the
		// repository's Go code (the go tool ignores them too).
		if e.IsDir() && (strings.HasPrefix(e.Name(), ".") || e.Name() == "vendor" || e.Name() == "node_modules" || e.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if e.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		for _, hit := range monthArithmeticIn(t, path, filepath.ToSlash(rel)) {
			if _, ok := monthArithmeticAllowed[hit.key]; ok {
				found[hit.key] = true
				continue
			}
			bad = append(bad, hit.where)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Errorf("%s: month or year arithmetic on a date outside rules.Date.AddMonths/AddYears (use them: they clamp to the month's end), or allow-list it with a reason", b)
	}
	for key := range monthArithmeticAllowed {
		if !found[key] {
			t.Errorf("allow-list entry %s matches nothing: remove it", key)
		}
	}
}

// monthHit is one month-arithmetic call: its allow-list key and position.
type monthHit struct{ key, where string }

// monthArithmeticIn finds the month-arithmetic calls of one file.
func monthArithmeticIn(t *testing.T, path, rel string) []monthHit {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("parse %s: %v", rel, err)
	}
	var out []monthHit
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok {
			continue
		}
		ast.Inspect(fn, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && movesMonths(call) {
				out = append(out, monthHit{key: rel + "#" + fn.Name.Name, where: fset.Position(call.Pos()).String()})
			}
			return true
		})
	}
	return out
}

// movesMonths reports whether call is x.AddDate(y, m, d) with y or m not
// the literal 0, or time.Date(y, m±n, …).
func movesMonths(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch {
	case sel.Sel.Name == "AddDate" && len(call.Args) == 3:
		return !isZero(call.Args[0]) || !isZero(call.Args[1])
	case sel.Sel.Name == "Date" && isIdent(sel.X, "time") && len(call.Args) == 8:
		b, ok := call.Args[1].(*ast.BinaryExpr)
		return ok && (b.Op == token.ADD || b.Op == token.SUB)
	}
	return false
}

func isZero(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Kind == token.INT && lit.Value == "0"
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// repoRoot is the directory holding go.mod, above the test's directory.
func repoRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test directory")
		}
		dir = parent
	}
}
