package docs

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeLayoutListsEveryPackage fails when a Go package of the module
// is missing from the README's Layout table, or the table names a folder
// that does not exist.
func TestReadmeLayoutListsEveryPackage(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := string(readme)
	i := strings.Index(section, "\n## Layout\n")
	if i < 0 {
		t.Fatal("README.md has no Layout section")
	}
	section = section[i+len("\n## Layout\n"):]
	if j := strings.Index(section, "\n## "); j >= 0 {
		section = section[:j]
	}
	listed := map[string]bool{}
	name := regexp.MustCompile("`([a-z0-9/._-]+)`")
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 || !strings.Contains(cells[1], "`") {
			continue
		}
		for _, m := range name.FindAllStringSubmatch(cells[1], -1) {
			listed[m[1]] = true
		}
	}
	out, err := exec.Command("go", "list", "-f", "{{.Dir}}", "github.com/tindal/tindal/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root = strings.TrimSuffix(root, "/docs")
	pkgs := 0
	for _, dir := range strings.Fields(string(out)) {
		rel := strings.TrimPrefix(strings.TrimPrefix(dir, root), "/")
		pkgs++
		if !listed[rel] {
			t.Errorf("package %s is not in the README's Layout table", rel)
		}
	}
	if pkgs < 30 {
		t.Fatalf("go list found %d packages; expected the whole module", pkgs)
	}
	for folder := range listed {
		if st, err := os.Stat("../" + folder); err != nil || !st.IsDir() {
			t.Errorf("the README's Layout table names %s, which is not a folder", folder)
		}
	}
}
