package api

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// ownAnswers are the answers the generated code cannot write, and why.
var ownAnswers = map[string]string{
	"problem.go: c.JSON":                         "the one problem mapping (RFC 9457)",
	"sync_pull.go: Visit method on pullPage":     "a pull page is streamed and gzipped as the sync protocol says (docs/SYNC.md)",
	"sync_pull.go: Visit method on syncProblem":  "the pull's problems carry the protocol's headers",
	"sync_pull.go: c.JSON":                       "the pull's problems carry the protocol's headers",
	"sync_push.go: Visit method on pushProblem":  "the push's problems carry the protocol's headers",
	"sync_push.go: Visit method on pushResponse": "the push result carries the protocol's headers",
	"sync_push.go: c.JSON":                       "the push's answers carry the protocol's headers",
}

// TestHandlersAnswerWithGeneratedTypes scans package api: a handler
// answers through openapi's generated response types, so no hand-written
// type implements a generated response interface (a Visit…Response
// method declared here), no response struct is hand-written (…JSON), no
// answer is built as a map (…Out returning map[string]any), and c.JSON is
// called only where the generated code cannot answer (ownAnswers).
func TestHandlersAnswerWithGeneratedTypes(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range handWrittenAnswers(f) {
			found[name+": "+v] = true
		}
	}
	for k := range found {
		if ownAnswers[k] == "" {
			t.Errorf("%s: answer through the generated types (openapi/openapi.gen.go) and problems through api/problem.go", k)
		}
	}
	for k := range ownAnswers {
		if !found[k] {
			t.Errorf("%q is gone: take it off ownAnswers", k)
		}
	}
}

// handWrittenAnswers lists the hand-made answers of one file.
func handWrittenAnswers(f *ast.File) []string {
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Recv != nil && strings.HasPrefix(n.Name.Name, "Visit") && strings.HasSuffix(n.Name.Name, "Response") {
				out = append(out, "Visit method on "+typeName(n.Recv.List[0].Type))
			}
			if n.Recv == nil && strings.HasSuffix(n.Name.Name, "Out") && n.Type.Results != nil && isMapAny(n.Type.Results.List[0].Type) {
				out = append(out, "map answer "+n.Name.Name)
			}
		case *ast.TypeSpec:
			if _, ok := n.Type.(*ast.StructType); ok && strings.HasSuffix(n.Name.Name, "JSON") {
				out = append(out, "hand-written type "+n.Name.Name)
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "JSON" && typeName(sel.X) == "c" {
				out = append(out, "c.JSON")
			}
		}
		return true
	})
	slices.Sort(out)
	return slices.Compact(out)
}

func typeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return typeName(e.X)
	}
	return ""
}

func isMapAny(e ast.Expr) bool {
	m, ok := e.(*ast.MapType)
	if !ok {
		return false
	}
	v, ok := m.Value.(*ast.Ident)
	return ok && v.Name == "any"
}
