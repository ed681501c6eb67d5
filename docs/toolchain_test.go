package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGoModRequiresTheToolchainWeBuildWith: go.mod's go line is the
// toolchain every script, the Makefile, CI and the Dockerfile set in
// GOTOOLCHAIN, so a machine's older Go (with GOTOOLCHAIN=local) refuses to
// build instead of building a binary with its vulnerabilities (issue 19
// item 18: go.mod said 1.26.8 while everything built with 1.27.3).
func TestGoModRequiresTheToolchainWeBuildWith(t *testing.T) {
	root := filepath.Join("..")
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	want := "go" + string(m[1])
	set := regexp.MustCompile(`GOTOOLCHAIN\s*:?=\s*(go[0-9.]+)`)
	files := []string{"Makefile", ".ci/run", "Dockerfile"}
	scripts, _ := filepath.Glob(filepath.Join(root, "scripts", "*.sh"))
	for _, s := range scripts {
		files = append(files, strings.TrimPrefix(s, root+string(filepath.Separator)))
	}
	seen := 0
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "#") {
				continue
			}
			for _, g := range set.FindAllStringSubmatch(line, -1) {
				seen++
				if g[1] != want {
					t.Errorf("%s sets GOTOOLCHAIN=%s but go.mod requires %s", f, g[1], want)
				}
			}
		}
	}
	if seen < 3 {
		t.Fatalf("found GOTOOLCHAIN set in %d places, want at least the Makefile, .ci/run and the Dockerfile", seen)
	}
}
