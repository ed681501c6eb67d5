package web

import (
	"go/ast"
	"go/token"
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tindal/tindal/testkit"
)

// noRaceLine is scripts/gotest.sh's list of the packages make test runs
// without the race detector.
var noRaceLine = regexp.MustCompile(`(?m)^NORACE="([^"]*)"$`)

// TestPackagesRunWithoutTheRaceDetectorShareNothing holds the reason
// scripts/gotest.sh gives for running the pages' packages without -race:
// their own code (and the code of web and web/pages, which only they
// drive) starts no goroutine, imports neither sync nor sync/atomic, and
// never writes a package-level variable from a function, so two requests
// served at once share nothing the race detector could catch. Code that
// does any of these belongs in a package tested under -race, or its
// package comes off the list.
func TestPackagesRunWithoutTheRaceDetectorShareNothing(t *testing.T) {
	script, err := os.ReadFile("../scripts/gotest.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := noRaceLine.FindSubmatch(script)
	if m == nil {
		t.Fatal("scripts/gotest.sh has no NORACE=\"…\" line")
	}
	dirs := append(strings.Fields(string(m[1])), "web", "web/pages")
	if !slices.Contains(dirs, "web/console") {
		t.Fatalf("NORACE is %q: expected the console among them (is the line still read right?)", m[1])
	}
	files := map[string][]*ast.File{} // by directory
	var fset *token.FileSet
	skip := func(rel string) bool { return !slices.Contains(dirs, path.Dir(rel)) }
	testkit.EachGoFile(t, "..", skip, func(rel string, fs *token.FileSet, f *ast.File) {
		fset = fs
		files[path.Dir(rel)] = append(files[path.Dir(rel)], f)
	})
	if len(files["web/console"]) == 0 || len(files["web/my"]) == 0 {
		t.Fatalf("found the code of %d directories, none of web/console or web/my: the walk read nothing", len(files))
	}
	for dir, fs := range files {
		globals := packageVars(fs)
		for _, f := range fs {
			for _, im := range f.Imports {
				if p, _ := strconv.Unquote(im.Path.Value); p == "sync" || p == "sync/atomic" {
					t.Errorf("%s: imports %s, in a package make test runs without -race", fset.Position(im.Pos()), p)
				}
			}
			checkShared(t, fset, dir, f, globals)
		}
	}
}

// packageVars are the names of the package-level variables of a package.
func packageVars(files []*ast.File) map[string]bool {
	out := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, s := range g.Specs {
				for _, n := range s.(*ast.ValueSpec).Names {
					out[n.Name] = true
				}
			}
		}
	}
	return out
}

// checkShared reports the go statements of f and its writes to a
// package-level variable from inside a function (init aside).
func checkShared(t *testing.T, fset *token.FileSet, dir string, f *ast.File, globals map[string]bool) {
	t.Helper()
	global := func(e ast.Expr) (string, bool) {
		for {
			switch x := e.(type) {
			case *ast.IndexExpr:
				e = x.X
			case *ast.SelectorExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			case *ast.ParenExpr:
				e = x.X
			case *ast.Ident:
				// Resolved within the file to a declaration inside a
				// function: a local of the same name.
				local := x.Obj != nil && x.Obj.Decl != nil && !isTopLevel(f, x.Obj.Decl)
				return x.Name, globals[x.Name] && !local
			default:
				return "", false
			}
		}
	}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil || (fn.Recv == nil && fn.Name.Name == "init") {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			var targets []ast.Expr
			switch x := n.(type) {
			case *ast.GoStmt:
				t.Errorf("%s: a go statement in %s, which make test runs without -race", fset.Position(x.Pos()), dir)
			case *ast.AssignStmt:
				if x.Tok != token.DEFINE {
					targets = x.Lhs
				}
			case *ast.IncDecStmt:
				targets = []ast.Expr{x.X}
			}
			for _, e := range targets {
				if name, ok := global(e); ok {
					t.Errorf("%s: writes the package-level %s from a function, in %s, which make test runs without -race",
						fset.Position(e.Pos()), name, dir)
				}
			}
			return true
		})
	}
}

// isTopLevel says whether decl (an ident's declaration) is one of f's
// package-level declarations.
func isTopLevel(f *ast.File, decl any) bool {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, s := range g.Specs {
			if s == decl {
				return true
			}
		}
	}
	return false
}
