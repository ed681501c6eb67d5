#!/usr/bin/env bash
# make lint: golangci-lint v2 with the curated .golangci.yml at the repo root.
# The linter is pinned below and built once with `go install` into
# ~/.cache/tindal-tools (or $TINDAL_TOOLS_CACHE), like the other tools of
# scripts/services.sh and scripts/vulncheck.sh; it never enters go.mod.
#
#   scripts/lint.sh                 # must report nothing
#   LINT_FLAGS="--fix" scripts/lint.sh
#   scripts/lint.sh ./api/...       # one package tree
#   scripts/lint.sh fmt             # rewrap long code lines (golines) in place
#   scripts/lint.sh --version       # build it if needed, say which it is
set -euo pipefail
export PATH=/usr/local/go/bin:$PATH
export GOTOOLCHAIN=go1.27.3 # go1.26.8 has reachable stdlib vulnerabilities
cd "$(dirname "$0")/.."

version=v2.15.0
cache="${TINDAL_TOOLS_CACHE:-$HOME/.cache/tindal-tools}"
bin="$cache/bin/golangci-lint-$version"

if [ ! -x "$bin/golangci-lint" ]; then
	echo "lint: building golangci-lint $version (first run only; minutes on 2 cores)" >&2
	mkdir -p "$bin"
	GOBIN="$bin" go install "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$version"
fi

if [ "${1:-}" = --version ]; then
	exec "$bin/golangci-lint" --version
fi
if [ "${1:-}" = fmt ]; then
	shift
	exec "$bin/golangci-lint" fmt "${@:-./...}"
fi
# gofmt over every Go file git tracks, tests included (.golangci.yml's
# formatters leave out the tests, for golines' sake).
if [ "$#" -eq 0 ]; then
	unformatted=$(git ls-files -z '*.go' | xargs -0 gofmt -l)
	if [ -n "$unformatted" ]; then
		echo "lint: not gofmt'd (run gofmt -w on them):" >&2
		echo "$unformatted" >&2
		exit 1
	fi
fi
# --allow-serial-runners: a second lint on the machine (another worktree's)
# waits for the first one's lock instead of failing the step.
# shellcheck disable=SC2086 # LINT_FLAGS is a list of flags
exec "$bin/golangci-lint" run --allow-serial-runners ${LINT_FLAGS:-} "${@:-./...}"
