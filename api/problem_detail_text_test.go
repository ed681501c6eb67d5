package api_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tindal/tindal/testkit"
)

// TestProblemDetailsSayNothingInternal: every detail a problem can carry
// as written in the code (the message of each models.Errorf, models.Field
// and models.NotFound outside tests, which the API answers as the
// problem's detail and the pages show in English) names nothing internal:
// no repository path, Go name, drafting tag, message id or mutation name,
// code name, SQL or stack (testkit.Leaks). The placeholders' values are
// the request's own fields and the records' names.
func TestProblemDetailsSayNothingInternal(t *testing.T) {
	fset := token.NewFileSet()
	seen := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != ".." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") ||
			strings.HasSuffix(path, ".gen.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			text, ok := detailText(n, f.Name.Name)
			if !ok {
				return true
			}
			seen++
			// A verb stands for a value; %w never reaches a detail.
			text = strings.NewReplacer("%s", "X", "%d", "1", "%v", "X", "%q", "X", "%w", "X").Replace(text)
			for _, l := range testkit.Leaks(text, "en") {
				t.Errorf("%s: a problem's detail shows a %s: %q in %q", fset.Position(n.Pos()), l.Kind, l.Text, text)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 100 {
		t.Fatalf("read %d problem details; the walk misses the code", seen)
	}
}

// detailText is the detail n writes when n makes a problem: a call
// (detailArg) or a models.FieldError's Message.
func detailText(n ast.Node, pkg string) (string, bool) {
	switch x := n.(type) {
	case *ast.CallExpr:
		arg := detailArg(x, pkg)
		if arg < 0 || arg >= len(x.Args) {
			return "", false
		}
		return literal(x.Args[arg])
	case *ast.CompositeLit:
		if !isFieldError(x.Type, pkg) {
			return "", false
		}
		for _, e := range x.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Message" {
					return literal(kv.Value)
				}
			}
		}
	}
	return "", false
}

func isFieldError(t ast.Expr, pkg string) bool {
	switch x := t.(type) {
	case *ast.SelectorExpr:
		id, ok := x.X.(*ast.Ident)
		return ok && id.Name == "models" && x.Sel.Name == "FieldError"
	case *ast.Ident:
		return pkg == "models" && x.Name == "FieldError"
	}
	return false
}

// detailArg is the index of the detail text among call's arguments when
// call makes a problem: models.Errorf(kind, code, format, ...),
// models.Field(name, code, message) and models.NotFound(what) (and their
// unqualified calls inside package models); -1 for any other call.
func detailArg(call *ast.CallExpr, pkg string) int {
	var name string
	switch fn := call.Fun.(type) {
	case *ast.SelectorExpr:
		if x, ok := fn.X.(*ast.Ident); ok && x.Name == "models" {
			name = fn.Sel.Name
		}
	case *ast.Ident:
		if pkg == "models" {
			name = fn.Name
		}
	}
	switch name {
	case "Errorf":
		return 2
	case "Field":
		return 2
	case "NotFound":
		return 0
	}
	return -1
}

// literal is the text of a string literal or a concatenation of them.
func literal(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		a, ok := literal(x.X)
		if !ok {
			return "", false
		}
		b, ok := literal(x.Y)
		return a + b, ok
	case *ast.ParenExpr:
		return literal(x.X)
	}
	return "", false
}
