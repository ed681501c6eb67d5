//go:build !linux

package photo

// lowerPriority is a no-op where threads have no priority of their own
// (the bound on concurrent photos, TINDAL_THUMB_WORKERS, still holds).
func lowerPriority() bool { return false }
