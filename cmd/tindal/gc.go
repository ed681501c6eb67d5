package main

import (
	"log/slog"
	"runtime/debug"
)

// Go's garbage collector is tuned by its own variables, GOGC and
// GOMEMLIMIT; serve applies Tindal's defaults when they are unset
// (docs/OPERATIONS.md, "Memory and the collector", has the measurements).
// The push allocates a few megabytes per offline day that die with the
// request: at Go's default GOGC=100 the collector took a third of the
// server's CPU, and collecting less often is the cheapest CPU there is.
// The soft memory limit bounds what that costs in memory: near it, the
// collector runs as often as it must, whatever GOGC says.
const (
	defaultGOGC        = 400
	defaultMemoryLimit = 512 << 20 // bytes; 2.5× the 128 MiB login-hash budget and the idle server
)

// gcDefaults applies the defaults Go's own variables do not override and
// logs what is in force.
func gcDefaults(getenv func(string) string, log *slog.Logger) {
	gogc, limit := getenv("GOGC"), getenv("GOMEMLIMIT")
	if gogc == "" {
		debug.SetGCPercent(defaultGOGC)
	}
	if limit == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	pct := debug.SetGCPercent(100)
	debug.SetGCPercent(pct)
	log.Info("garbage collector", "gogc", pct, "memory_limit_bytes", debug.SetMemoryLimit(-1),
		"gogc_from_env", gogc != "", "memory_limit_from_env", limit != "")
}
