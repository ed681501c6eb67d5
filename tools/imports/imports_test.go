package imports

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/tindal/tindal/"

// rule is what one package may import of this module. stdOnly: nothing but
// the standard library (no module, no third party); any: every package of
// the module except the commands under cmd/.
type rule struct {
	allow   []string
	stdOnly bool
	any     bool
}

// rules mirrors the table of docs/ARCHITECTURE.md, "Import rules"
// (TestArchitectureDocMatchesRules keeps the two equal).
var rules = map[string]rule{
	"rules":                 {stdOnly: true},
	"models":                {},
	"locale":                {},
	"storage/migrations":    {},
	"storage/blob":          {},
	"web/field":             {}, // the app talks to the server only through the public API
	"web/field/icons":       {},
	"storage":               {allow: []string{"models", "rules", "storage/migrations"}},
	"storage/blob/blobtest": {allow: []string{"storage/blob"}},
	"storage/ratelimit":     {allow: []string{"storage"}},
	"document":              {allow: []string{"locale", "models", "rules"}},
	"notify":                {allow: []string{"locale", "models", "rules", "storage"}},
	"auth":                  {allow: []string{"models", "notify", "rules", "storage", "storage/ratelimit"}},
	"registry":              {allow: []string{"models", "rules", "storage"}},
	"public":                {allow: []string{"models", "registry", "rules", "storage", "storage/ratelimit"}},
	"checklist":             {allow: []string{"locale", "models", "rules", "storage"}},
	"penalty":               {allow: []string{"document", "locale", "models", "notify", "rules", "storage"}},
	"photo":                 {allow: []string{"models", "rules", "storage", "storage/blob"}},
	"inspect":               {allow: []string{"checklist", "models", "notify", "penalty", "photo", "registry", "rules", "storage"}},
	"detention":             {allow: []string{"document", "inspect", "models", "notify", "rules", "storage"}},
	"sync":                  {allow: []string{"inspect", "models", "openapi", "rules", "storage"}},
	"jobs":                  {allow: []string{"models", "notify", "penalty", "registry", "rules", "storage"}},
	"plan":                  {allow: []string{"models", "rules", "storage"}},
	"report":                {allow: []string{"locale", "models", "rules", "storage"}},
	"openapi":               {allow: []string{"checklist", "rules"}},
	"testkit":               {allow: []string{"models", "storage", "storage/blob", "storage/migrations"}},
	"auth/authtest":         {allow: []string{"auth"}},
	"services": {allow: []string{"detention", "inspect", "jobs", "notify", "penalty", "photo", "plan", "public",
		"registry", "report", "rules", "sync"}},
	"services/servicestest": {allow: []string{"detention", "plan", "public", "report", "services", "storage"}},
	"api":                   {any: true},
	"cmd/tindal":            {any: true},
	"demo":                  {any: true},
	"bench/history":         {any: true},
	"bench/loadgen":         {any: true},
	"bench/loginburst":      {any: true},
	"bench/report":          {any: true},
	"replicas":              {any: true},
	"scale":                 {any: true},
	"web":                   {any: true},
	"web/console":           {any: true},
	"web/my":                {any: true},
	"web/pages":             {any: true},
	"web/webtest":           {any: true},
}

// root is the module's directory (this package is tools/imports).
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("no go.mod at %s: %v", dir, err)
	}
	return dir
}

// packageImports reads the imports of every non-test .go file of the
// module, by package directory relative to the root.
func packageImports(t *testing.T, dir string) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != dir && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		if out[pkg] == nil {
			out[pkg] = map[string]bool{}
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			out[pkg][p] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// std reports whether an import path is the standard library's (its first
// element has no dot).
func std(path string) bool { return !strings.Contains(strings.SplitN(path, "/", 2)[0], ".") }

// violations lists what pkg imports against its rule.
func violations(pkg string, r rule, imps map[string]bool) []string {
	var bad []string
	for imp := range imps {
		own, ours := strings.CutPrefix(imp, module)
		switch {
		case r.stdOnly && !std(imp):
			bad = append(bad, imp+" (only the standard library)")
		case !ours:
		case r.any && !strings.HasPrefix(own, "cmd/"):
		case !slices.Contains(r.allow, own):
			bad = append(bad, own)
		}
	}
	sort.Strings(bad)
	return bad
}

// Every package imports only what docs/ARCHITECTURE.md allows it, and every
// package is in the table: a new package states its place before it lands.
func TestImportRules(t *testing.T) {
	for pkg, imps := range packageImports(t, root(t)) {
		if pkg == "tools/imports" {
			continue
		}
		r, ok := rules[pkg]
		if !ok {
			t.Errorf("package %s is not in the import rules of docs/ARCHITECTURE.md (and of this test)", pkg)
			continue
		}
		if bad := violations(pkg, r, imps); len(bad) > 0 {
			t.Errorf("%s imports what docs/ARCHITECTURE.md does not allow it: %s", pkg, strings.Join(bad, ", "))
		}
	}
}

// The checker itself: a package importing what it must not is caught.
func TestImportRulesCatchViolations(t *testing.T) {
	cases := []struct {
		name string
		pkg  string
		imps []string
		want []string
	}{
		{"rules imports a third-party module", "rules", []string{"fmt", "github.com/google/uuid"}, []string{"github.com/google/uuid (only the standard library)"}},
		{"rules imports models", "rules", []string{module + "models"}, []string{module + "models (only the standard library)"}},
		{"inspect imports detention (a cycle in the making)", "inspect", []string{module + "detention", module + "penalty"}, []string{"detention"}},
		{"penalty imports inspect", "penalty", []string{module + "inspect", "time"}, []string{"inspect"}},
		{"checklist imports inspect", "checklist", []string{module + "inspect"}, []string{"inspect"}},
		{"api may import any domain package", "api", []string{module + "detention", module + "inspect"}, nil},
		{"nothing imports a command", "api", []string{module + "cmd/tindal"}, []string{"cmd/tindal"}},
		{"third-party imports are free elsewhere", "inspect", []string{"gorm.io/gorm"}, nil},
	}
	for _, c := range cases {
		imps := map[string]bool{}
		for _, i := range c.imps {
			imps[i] = true
		}
		if got := violations(c.pkg, rules[c.pkg], imps); !slices.Equal(got, c.want) {
			t.Errorf("%s: violations %q, want %q", c.name, got, c.want)
		}
	}
}

// docRow matches a row of the import table: | `pkg`, `pkg` | what it may import |.
var docRow = regexp.MustCompile("(?m)^\\| (`[^|]+`) \\| ([^|]+) \\|$")

// The table in docs/ARCHITECTURE.md says what this test enforces.
func TestArchitectureDocMatchesRules(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root(t), "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(b), "## Import rules")
	section, _, _ = strings.Cut(section, "\n## ")
	doc := map[string]rule{}
	tick := regexp.MustCompile("`([^`]+)`")
	for _, m := range docRow.FindAllStringSubmatch(section, -1) {
		var r rule
		switch allow := strings.TrimSpace(m[2]); {
		case allow == "the standard library only":
			r.stdOnly = true
		case allow == "nothing of ours":
		case strings.HasPrefix(allow, "anything of ours"):
			r.any = true
		default:
			for _, a := range tick.FindAllStringSubmatch(allow, -1) {
				r.allow = append(r.allow, a[1])
			}
			sort.Strings(r.allow)
		}
		for _, p := range tick.FindAllStringSubmatch(m[1], -1) {
			doc[p[1]] = r
		}
	}
	for pkg, want := range rules {
		got, ok := doc[pkg]
		if !ok {
			t.Errorf("docs/ARCHITECTURE.md has no import rule for %s", pkg)
			continue
		}
		if got.stdOnly != want.stdOnly || got.any != want.any || !slices.Equal(got.allow, want.allow) {
			t.Errorf("%s: docs/ARCHITECTURE.md allows %+v, the test %+v", pkg, got, want)
		}
	}
	for pkg := range doc {
		if _, ok := rules[pkg]; !ok {
			t.Errorf("docs/ARCHITECTURE.md has a rule for %s that the test lacks", pkg)
		}
	}
}
