package rules_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// TestNothingInternalInWhatTheLawSays: the texts the rules hand to people
// (every closure rule's reason and citation; every citation and reason of
// the evaluation goldens' traces, and the detail of each penalty step the
// notices print) name no repository path, Go function, drafting tag or
// code name: where the law is silent, the text says "Tindal's reading
// where the rule is silent" in words.
func TestNothingInternalInWhatTheLawSays(t *testing.T) {
	for _, e := range rules.Catalogue() {
		for _, a := range []rules.ActionCode{rules.Action01, rules.Action02, rules.Action03, rules.Action04,
			rules.Action05, rules.Action06} {
			cl := rules.ClosureFor(e.Code, a)
			testkit.ScanText(t, "closure "+cl.Rule, cl.Reason+" ("+string(cl.Citation)+")", "en")
		}
	}
	files, err := filepath.Glob("testdata/evaluate/*.golden.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("the goldens: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		walkTexts(v, "", func(key, s string) { testkit.ScanText(t, f+" "+key, s, "en") })
	}
}

// walkTexts calls fn with every string under a key a person reads: a
// citation or reason anywhere, the detail of a penalty or fee step.
func walkTexts(v any, key string, fn func(key, s string)) {
	switch x := v.(type) {
	case map[string]any:
		rule, _ := x["rule"].(string)
		for k, c := range x {
			if k == "detail" && !strings.HasPrefix(rule, "penalty.") && !strings.HasPrefix(rule, "fee.") {
				continue
			}
			walkTexts(c, k, fn)
		}
	case []any:
		for _, c := range x {
			walkTexts(c, key, fn)
		}
	case string:
		switch key {
		case "detail", "citation", "reason", "sanction":
			fn(key, x)
		}
	}
}
