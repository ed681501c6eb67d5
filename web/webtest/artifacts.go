package webtest

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/chromedp/chromedp"
)

// ArtifactsDir is where screenshots go: $TINDAL_ARTIFACTS, else
// artifacts/ at the repository's root (ignored by git), one folder per
// test.
func ArtifactsDir(t testing.TB) string {
	t.Helper()
	root := os.Getenv("TINDAL_ARTIFACTS")
	if root == "" {
		root = filepath.Join(RepoRoot(t), "artifacts")
	}
	dir := filepath.Join(root, "screens", unsafeChars.ReplaceAllString(t.Name(), "_"))
	if err := os.MkdirAll(dir, 0o750); err != nil { //nolint:gosec // a folder of test artifacts, named by the test
		t.Fatal(err)
	}
	return dir
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// Shot saves a full-page PNG of the tab as <name>.png among the test's
// artifacts and returns its path.
func Shot(t testing.TB, ctx context.Context, name string) string {
	t.Helper()
	png := Get(t, ctx, chromedp.FullScreenshot(100))
	p := filepath.Join(ArtifactsDir(t), unsafeChars.ReplaceAllString(name, "_")+".png")
	if err := os.WriteFile(p, png, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// RepoRoot is the module's root (the folder holding go.mod).
func RepoRoot(t testing.TB) string {
	t.Helper()
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
			t.Fatal("webtest: no go.mod above the test's folder")
		}
		dir = parent
	}
}
