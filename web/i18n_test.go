package web

import (
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// TestEveryMessageInEveryLanguage holds Kannada and Hindi to English: every
// page text exists in all three languages, in each area's own files, and
// no language has a text English lacks (a typo'd id shows nowhere).
func TestEveryMessageInEveryLanguage(t *testing.T) {
	files, err := messageFiles()
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]map[string]bool{} // lang → area/id
	for lang, fs := range files {
		ids[lang] = map[string]bool{}
		for _, f := range fs {
			b, err := messageFS.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if err := toml.Unmarshal(b, &m); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			for id := range m {
				ids[lang][id] = true
			}
		}
	}
	if len(ids["en"]) == 0 {
		t.Fatal("no English messages")
	}
	for _, l := range []string{"kn", "hi"} {
		for id := range ids["en"] {
			if !ids[l][id] {
				t.Errorf("%s lacks %q", l, id)
			}
		}
		for id := range ids[l] {
			if !ids["en"][id] {
				t.Errorf("%s has %q, which English lacks", l, id)
			}
		}
	}
	for l := range ids {
		if !known(l) {
			t.Errorf("message files for unknown language %q", l)
		}
	}
}

func TestLocalPathRefusesOtherSites(t *testing.T) {
	for back, want := range map[string]string{
		"/console/queue?x=1":   "/console/queue?x=1",
		"//evil.example/":      "/d",
		"https://evil.example": "/d",
		"/\\evil.example":      "/d",
		"":                     "/d",
		"/ok\r\nSet-Cookie:x":  "/d",
	} {
		if got := LocalPath(back, "/d"); got != want {
			t.Errorf("LocalPath(%q) = %q, want %q", back, got, want)
		}
	}
}

// messageFiles lists the message files by language, for the test.
func messageFiles() (map[string][]string, error) {
	files, err := fs.Glob(messageFS, "messages/*.toml")
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, f := range files {
		parts := strings.Split(strings.TrimSuffix(path.Base(f), ".toml"), ".")
		lang := parts[len(parts)-1]
		out[lang] = append(out[lang], f)
	}
	return out, nil
}
