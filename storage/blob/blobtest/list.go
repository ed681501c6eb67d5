package blobtest

import (
	"errors"
	"sort"
	"testing"
	"time"

	"github.com/tindal/tindal/storage/blob"
)

// testList: List names every object under a prefix with its size and
// time, content-addressed objects copied from another key included (Local
// hard-links those), and stops at fn's error.
func testList(t *testing.T, s blob.Store) {
	ctx := ctxT(t)
	a, shaA := content(100)
	b, shaB := content(200)
	start := time.Now().Add(-time.Minute)
	put(t, s, blob.ContentKey(shaA), a, "image/jpeg")
	put(t, s, blob.StagingKey("x.single"), b, "image/jpeg")
	if _, err := s.Copy(ctx, blob.StagingKey("x.single"), blob.ContentKey(shaB)); err != nil {
		t.Fatal(err)
	}
	list := func(prefix string) map[string]blob.Info {
		t.Helper()
		got := map[string]blob.Info{}
		if err := s.List(ctx, prefix, func(in blob.Info) error { got[in.Key] = in; return nil }); err != nil {
			t.Fatalf("List(%q): %v", prefix, err)
		}
		return got
	}
	got := list("sha256/")
	keys := make([]string, 0, len(got))
	for k := range got {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := []string{blob.ContentKey(shaA), blob.ContentKey(shaB)}
	sort.Strings(want)
	if len(keys) != 2 || keys[0] != want[0] || keys[1] != want[1] {
		t.Fatalf("List(sha256/) = %v, want %v", keys, want)
	}
	if in := got[blob.ContentKey(shaA)]; in.Size != 100 || in.Modified.Before(start) {
		t.Errorf("listed %+v: want 100 bytes written now", in)
	}
	if all := list(""); len(all) != 3 {
		t.Errorf("List(\"\") named %d objects, want 3", len(all))
	}
	stop := errors.New("stop")
	n := 0
	if err := s.List(ctx, "", func(blob.Info) error { n++; return stop }); !errors.Is(err, stop) || n != 1 {
		t.Errorf("List with fn failing: %v after %d calls, want stop after 1", err, n)
	}
}
