package webtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	stdsync "sync"
	"testing"

	"github.com/chromedp/chromedp"
)

var axeSource struct {
	once stdsync.Once
	js   string
	err  error
}

// loadAxe reads axe-core from tools/axe (pinned in its package-lock.json),
// installing it with npm ci on a fresh clone.
func loadAxe(root string) (string, error) {
	dir := filepath.Join(root, "tools", "axe")
	file := filepath.Join(dir, "node_modules", "axe-core", "axe.min.js")
	if _, err := os.Stat(file); err != nil {
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("npm ci in tools/axe: %v\n%s", err, out)
		}
	}
	b, err := os.ReadFile(file) //nolint:gosec // our own tools/axe, under the repository's root
	return string(b), err
}

// Violation is one rule axe-core found broken on the page.
type Violation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target []any  `json:"target"`
		HTML   string `json:"html"`
	} `json:"nodes"`
}

// Axe runs axe-core (WCAG 2.x A and AA rules) on the page in the tab and
// fails the test on every serious or critical violation; the others are
// logged.
func Axe(t testing.TB, ctx context.Context) []Violation {
	t.Helper()
	axeSource.once.Do(func() { axeSource.js, axeSource.err = loadAxe(RepoRoot(t)) })
	if axeSource.err != nil {
		t.Fatalf("axe-core: %v", axeSource.err)
	}
	run := `axe.run(document, {
		runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
		resultTypes: ["violations"]
	}).then(r => JSON.stringify(r.violations))`
	Get(t, ctx, chromedp.Evaluate[any](axeSource.js))
	out := Get(t, ctx, chromedp.Evaluate[string](run, chromedp.EvalAwaitPromise))
	var vs []Violation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatalf("axe-core's answer: %v", err)
	}
	url := Location(t, ctx)
	for _, v := range vs {
		var where []string
		for _, n := range v.Nodes {
			where = append(where, n.HTML)
		}
		msg := fmt.Sprintf("axe %s (%s) on %s: %s — %s", v.ID, v.Impact, url, v.Help, strings.Join(where, " | "))
		if v.Impact == "serious" || v.Impact == "critical" {
			t.Error(msg)
		} else {
			t.Log(msg)
		}
	}
	return vs
}
