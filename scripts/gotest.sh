#!/usr/bin/env bash
# gotest.sh: the go-test step of `make test`. Two `go test` runs side by
# side, both must pass:
#
# - under the race detector, every package whose own code runs goroutines
#   or holds state shared between requests: the services, the API, sync,
#   jobs, storage, the demo seeder, the replicas;
# - without it (NORACE below), the packages whose code the race detector
#   has nothing to find in, where it only multiplies the Go side's CPU:
#   the scale test (a year of history written into PostgreSQL: 276 s with
#   -race beside the other packages, 105 s without, alone), and the
#   browser-driven pages (web/console, web/my, web/field) and docs, whose
#   handlers start no goroutine and keep no state between requests (they
#   call the services the race-tested packages run; web/norace_test.go
#   fails when one of them starts a goroutine, imports sync or writes a
#   package-level variable). On 2 cores the console's tests took 26–29 s of
#   CPU with -race and 19.5–20.4 s without, for the same five tests.
#
# Three race packages run at once (GOTEST_P, default cores + 1) and two of
# the others beside them: the longest ones drive one browser or one server
# at a time and wait on PostgreSQL, MinIO and Chromium, so fewer left a
# core idle.
#
# GOFLAGS=-trimpath: without it the build cache is keyed by the checkout's
# directory, so a clean clone at a new path compiled every package of the
# repository again (go vet ./... 60 s in a new clone, 2 s with -trimpath
# and a warm cache; compiling and linking every test binary under -race
# 178 s, 75 s).
#
#   scripts/gotest.sh            # what make test runs (TINDAL_SCALE=1 set there)
set -uo pipefail
# The race packages that take longest, longest first, as measured on a
# clean clone (2026-12-07, -race, on the slower of two machines: api 13.7
# min, demo 5.7, sync 4.8, notify 2.4, photo 2, replicas 1.7, penalty 1.2,
# the rest under 1).
LONG_FIRST="api demo sync notify photo replicas penalty cmd/tindal"
# The packages run without the race detector, longest first. Keep this
# list in step with web/norace_test.go, which reads it.
NORACE="web/console scale web/my web/field docs"
export PATH=/usr/local/go/bin:$PATH
export GOTOOLCHAIN=go1.27.3
case " ${GOFLAGS:-} " in *" -trimpath "*) ;; *) export GOFLAGS="${GOFLAGS:+$GOFLAGS }-trimpath" ;; esac
cd "$(dirname "$0")/.."

norace=()
for p in $NORACE; do norace+=("./$p"); done
mapfile -t pkgs < <(go list ./... | grep -v -x -F -f <(printf 'github.com/tindal/tindal/%s\n' $NORACE))
((${#pkgs[@]} > 0)) || { echo "gotest.sh: go list found no packages" >&2; exit 1; }
# The longest packages first: go test starts the packages' runs in the
# order given, and one of several minutes started last runs alone at the
# end with the other core idle.
mapfile -t pkgs < <(printf '%s\n' "${pkgs[@]}" | awk -v long="$LONG_FIRST" '
	BEGIN { n = split(long, l, " "); for (i = 1; i <= n; i++) rank["github.com/tindal/tindal/" l[i]] = i }
	{ print ($0 in rank ? rank[$0] : n + 1) "\t" NR "\t" $0 }' | sort -n -k1,1 -k2,2 | cut -f3)

# -timeout 45m is a hang detector, not a budget: under a load of 20 on two
# cores the api package took over 20 minutes and was killed while its tests
# were seconds old (on a quiet machine it takes 7).
# Each package's CPU seconds (scripts/testcpu.sh), printed at the end.
export TINDAL_TEST_CPU TINDAL_TEST_ROOT="$PWD"
TINDAL_TEST_CPU=$(mktemp)
norace_log=$(mktemp)
go test -count=1 -timeout 45m -p 2 -exec "$PWD/scripts/testcpu.sh" "${norace[@]}" >"$norace_log" 2>&1 &
norace_pid=$!
trap 'kill "$norace_pid" 2>/dev/null; rm -f "$norace_log" "$TINDAL_TEST_CPU"' EXIT

go test -race -count=1 -timeout 45m -p "${GOTEST_P:-$(($(nproc) + 1))}" -exec "$PWD/scripts/testcpu.sh" "${pkgs[@]}"
race_rc=$?
wait "$norace_pid"
norace_rc=$?
cat "$norace_log"
echo "gotest.sh: CPU seconds of each package's tests and what they started (not PostgreSQL's), then wall seconds:"
sort -t$'\t' -k2,2 -rn "$TINDAL_TEST_CPU" | awk -F'\t' '$2 >= 5 { printf "  %-22s %7.1f %7.1f\n", $1, $2, $3 }
	$2 < 5 { rest += $2 } { all += $2 } END { printf "  %-22s %7.1f\n  %-22s %7.1f\n", "(the rest)", rest, "all", all }'
if ((race_rc != 0 || norace_rc != 0)); then
	echo "gotest.sh: failed (race packages rc=$race_rc, packages without -race ($NORACE) rc=$norace_rc)" >&2
	exit 1
fi
