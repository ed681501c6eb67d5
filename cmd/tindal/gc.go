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
// collector runs as often as it must, whatever GOGC says. It follows the
// login-hash budget (TINDAL_LOGIN_HASH_MEMORY_MIB): a burst of logins
// allocates the budget again with every round of hashes, and at GOGC=400
// nothing but the limit collects the finished ones (docs/SECURITY.md).
const (
	defaultGOGC = 400
	// memoryBase is the limit's part for everything but password hashes:
	// the idle server's heap (about 60 MiB) and room for its requests.
	memoryBase = 192 << 20 // bytes
)

// defaultMemoryLimit is the soft limit for a login-hash budget of
// hashMemory bytes: memoryBase and twice the budget (the running hashes
// and the finished ones between two collections); 320 MiB for the default
// 64 MiB budget, under which 300 logins at once peaked at 382 MB resident.
func defaultMemoryLimit(hashMemory int64) int64 {
	return memoryBase + 2*hashMemory
}

// gcDefaults applies the defaults Go's own variables do not override and
// logs what is in force.
func gcDefaults(getenv func(string) string, hashMemory int64, log *slog.Logger) {
	gogc, limit := getenv("GOGC"), getenv("GOMEMLIMIT")
	if gogc == "" {
		debug.SetGCPercent(defaultGOGC)
	}
	if limit == "" {
		debug.SetMemoryLimit(defaultMemoryLimit(hashMemory))
	}
	pct := debug.SetGCPercent(100)
	debug.SetGCPercent(pct)
	log.Info("garbage collector", "gogc", pct, "memory_limit_bytes", debug.SetMemoryLimit(-1),
		"gogc_from_env", gogc != "", "memory_limit_from_env", limit != "")
}
