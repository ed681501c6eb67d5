package main

import (
	"log/slog"
	"runtime/debug"
	"testing"

	"github.com/tindal/tindal/auth"
)

// serve applies the collector defaults only where Go's own variables are
// unset: an operator's GOGC or GOMEMLIMIT wins.
func TestGCDefaultsYieldToGoVariables(t *testing.T) {
	pct0 := debug.SetGCPercent(100)
	limit0 := debug.SetMemoryLimit(-1)
	t.Cleanup(func() {
		debug.SetGCPercent(pct0)
		debug.SetMemoryLimit(limit0)
	})
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	log := slog.New(slog.DiscardHandler)

	gcDefaults(env(nil), auth.DefaultHashMemory, log)
	if got := debug.SetGCPercent(100); got != defaultGOGC {
		t.Errorf("unset GOGC: collector at %d%%, want %d", got, defaultGOGC)
	}
	if got := debug.SetMemoryLimit(-1); got != 320<<20 {
		t.Errorf("unset GOMEMLIMIT: limit %d, want 320 MiB for the default login-hash budget", got)
	}
	gcDefaults(env(nil), 256<<20, log)
	if got := debug.SetMemoryLimit(-1); got != 704<<20 {
		t.Errorf("unset GOMEMLIMIT, a 256 MiB login-hash budget: limit %d, want 704 MiB", got)
	}

	debug.SetGCPercent(150) // as the runtime would have from GOGC=150
	debug.SetMemoryLimit(1 << 30)
	gcDefaults(env(map[string]string{"GOGC": "150", "GOMEMLIMIT": "1GiB"}), auth.DefaultHashMemory, log)
	if got := debug.SetGCPercent(100); got != 150 {
		t.Errorf("GOGC=150: collector at %d%%", got)
	}
	if got := debug.SetMemoryLimit(-1); got != 1<<30 {
		t.Errorf("GOMEMLIMIT=1GiB: limit %d", got)
	}
}
