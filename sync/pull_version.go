package sync

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tindal/tindal/models"
)

// UpgradeRequiredError is returned by Pull for an app below the minimum
// version: the API answers 426 with both versions. Pushes from such an app
// are still accepted (docs/SYNC.md §9).
type UpgradeRequiredError struct {
	Minimum, Latest string
}

// Error describes the refusal for logs.
func (e *UpgradeRequiredError) Error() string {
	return fmt.Sprintf("app version below the minimum %s (latest %s)", e.Minimum, e.Latest)
}

// ErrInvalidAppVersion is returned for an X-App-Version that is not a
// semantic version.
var ErrInvalidAppVersion = models.Errorf(models.KindInvalid, "invalid_app_version",
	"X-App-Version must be a semantic version such as 1.4.2")

// semver is a parsed MAJOR.MINOR.PATCH; pre-release and build suffixes are
// ignored, so 1.4.0-beta counts as 1.4.0.
type semver [3]int

// parseSemver reads "1", "1.4" or "1.4.2", with an optional leading "v"
// and an optional "-pre" or "+build" suffix.
func parseSemver(s string) (semver, bool) {
	var v semver
	s = strings.TrimPrefix(strings.TrimSpace(s), "v")
	if i := strings.IndexAny(s, "-+"); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	if s == "" || len(parts) > 3 {
		return v, false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return v, false
		}
		v[i] = n
	}
	return v, true
}

func (v semver) less(w semver) bool {
	for i := range v {
		if v[i] != w[i] {
			return v[i] < w[i]
		}
	}
	return false
}

// parseVersions checks the configured versions once, at start.
func (e *PullEngine) parseVersions() error {
	if e.opt.MinAppVersion == "" {
		return nil
	}
	minV, ok := parseSemver(e.opt.MinAppVersion)
	if !ok {
		return fmt.Errorf("sync: minimum app version %q is not a semantic version", e.opt.MinAppVersion)
	}
	if e.opt.LatestAppVersion == "" {
		e.opt.LatestAppVersion = e.opt.MinAppVersion
	}
	latest, ok := parseSemver(e.opt.LatestAppVersion)
	if !ok || latest.less(minV) {
		return fmt.Errorf(
			"sync: latest app version %q is not a semantic version at or above the minimum",
			e.opt.LatestAppVersion,
		)
	}
	e.minApp = minV
	return nil
}

// checkApp refuses a pull from an app below the minimum. An app that sends
// no version is served (there is nothing to compare); one that sends an
// unreadable version is told so.
func (e *PullEngine) checkApp(version string) error {
	if e.opt.MinAppVersion == "" || version == "" {
		return nil
	}
	v, ok := parseSemver(version)
	if !ok {
		return ErrInvalidAppVersion
	}
	if v.less(e.minApp) {
		return &UpgradeRequiredError{Minimum: e.opt.MinAppVersion, Latest: e.opt.LatestAppVersion}
	}
	return nil
}
