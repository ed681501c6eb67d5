// Package docs holds the project's documentation; its test keeps every
// citation in the repository followable by someone who cloned it.
package docs

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// unfollowable matches citations of files that are not in this repository
// (design notes and a law digest kept beside it on one machine) and absolute
// paths of a developer's machine. Cite the law itself ("Karnataka 2025,
// Sch-IV row 5") or the repo's own docs ("docs/LAW.md §5.2", "docs/SYNC.md
// §6") instead.
var unfollowable = regexp.MustCompile(
	`DESIGN\.md|DESIGN ?§|DESIGN/|RULES\.md|STYLE\.md|\.\./shared|shared/seeds|(?:^|[^A-Za-z0-9_.~$-])/(?:work|root|home)/`)

// self is this file, the one place the patterns above may appear.
const self = "docs/citations_test.go"

// TestCitationsAreFollowable fails when a tracked file (code, comments,
// docs, contract, migrations, test data) cites something a person who
// clones the repository cannot open.
func TestCitationsAreFollowable(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: the tracked files cannot be listed")
	}
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("not a git checkout (%v): the tracked files cannot be listed", err)
	}
	files := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	if len(files) < 100 {
		t.Fatalf("git ls-files listed %d files; expected the whole repository", len(files))
	}
	bad := 0
	for _, f := range files {
		if f == self {
			continue
		}
		data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(f)))
		if err != nil {
			if os.IsNotExist(err) {
				continue // deleted in the work tree, not yet committed
			}
			t.Fatalf("read %s: %v", f, err)
		}
		if bytes.IndexByte(data, 0) >= 0 {
			continue // binary
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := unfollowable.FindString(line); m != "" {
				bad++
				if bad <= 50 {
					t.Errorf("%s:%d cites %q, which is not in this repository: cite the law or docs/ instead",
						f, i+1, strings.TrimSpace(m))
				}
			}
		}
	}
	if bad > 50 {
		t.Errorf("... and %d more", bad-50)
	}
}

// trackerCitation matches a citation of the project's issue tracker ("issue
// 12 item 8"), which a reader of the code cannot follow: production code
// says what it does and why instead. Tests may name the report that found
// a defect.
var trackerCitation = regexp.MustCompile(`(?i)\bissues? \d+\b`)

// TestNoTrackerCitationsInCode fails when production code (Go outside
// tests, the contract, the field app's sources) cites a tracker issue.
func TestNoTrackerCitationsInCode(t *testing.T) {
	cmd := exec.Command("git", "ls-files", "-z", "*.go", "openapi/*.yaml", "web/field/src/*.ts")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("not a git checkout (%v): the tracked files cannot be listed", err)
	}
	files := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	if len(files) < 100 {
		t.Fatalf("git ls-files listed %d files; expected the whole repository", len(files))
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == self {
			continue
		}
		data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(f)))
		if err != nil {
			if os.IsNotExist(err) {
				continue
			}
			t.Fatalf("read %s: %v", f, err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := trackerCitation.FindString(line); m != "" {
				t.Errorf("%s:%d cites %q of the tracker: say what the code does and why", f, i+1, m)
			}
		}
	}
}
