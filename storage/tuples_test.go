package storage_test

import (
	"testing"

	"github.com/tindal/tindal/storage"
)

func TestTuples(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, ""}, {1, "(?, ?)"}, {3, "(?, ?), (?, ?), (?, ?)"}} {
		if got := storage.Tuples(c.n, "(?, ?)"); got != c.want {
			t.Errorf("Tuples(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
