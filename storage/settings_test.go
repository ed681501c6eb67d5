package storage_test

import (
	"testing"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// TestOpenSettings: every session of a pool opened with Settings starts
// with them (`tindal seed demo` commits without waiting for the disk), and
// a pool opened without keeps the server's own.
func TestOpenSettings(t *testing.T) {
	for _, c := range []struct {
		settings map[string]string
		want     string
	}{
		{map[string]string{"synchronous_commit": "off", "application_name": "tindal-seed"}, "off tindal-seed"},
		{nil, "on "},
	} {
		db, err := storage.Open(t.Context(), testkit.DatabaseURL(t), storage.Options{MaxConns: 2, Settings: c.settings})
		if err != nil {
			t.Fatal(err)
		}
		for range 3 { // more than one session of the pool
			var got string
			err := db.Gorm.Raw(`SELECT current_setting('synchronous_commit') || ' ' ||
				current_setting('application_name')`).Row().Scan(&got)
			if err != nil || got != c.want {
				t.Errorf("settings %v: the session has %q (%v), want %q", c.settings, got, err, c.want)
			}
		}
		db.Close()
	}
}
