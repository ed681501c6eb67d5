#!/usr/bin/env bash
# gotest.sh: the go-test step of `make test`. Every package runs under the
# race detector except the scale test (scale/), which runs beside them
# without it: its Go code is the push, pull and jobs that the api and sync
# packages already run under -race, and its time goes to writing a year of
# history into PostgreSQL, where the race detector finds nothing and only
# multiplies the Go side's CPU (on 2 cores: 276 s with -race next to the
# other packages, 105 s without, alone). Both must pass.
#
# Three packages run at once (GOTEST_P, default cores + 1): the longest
# ones (api, web/console) drive one browser or one server at a time and
# wait on PostgreSQL, MinIO and Chromium (web/console alone: 171 s for
# 183 s of the machine's CPU), so two at once left a core idle; with three
# the step took 11 min 46 s instead of 13 min 50 s on a clean clone.
#
#   scripts/gotest.sh            # what make test runs (TINDAL_SCALE=1 set there)
set -uo pipefail
# The packages that take longest, longest first, as measured on a clean
# clone (2026-12-07, -race, on the slower of two machines: api 13.7 min,
# web/console 7.7, demo 5.7, web/my 5.4, sync 4.8, notify 2.4, web/field
# 2.3, photo 2, replicas 1.7, penalty 1.2, the rest under 1). web/console
# still goes first: it drives a browser and waits, so it leaves CPU to api.
LONG_FIRST="web/console api demo web/my sync notify web/field photo replicas penalty cmd/tindal"
export PATH=/usr/local/go/bin:$PATH
export GOTOOLCHAIN=go1.27.3
cd "$(dirname "$0")/.."

mapfile -t pkgs < <(go list ./... | grep -v '/scale$')
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
scale_log=$(mktemp)
go test -count=1 -timeout 45m ./scale >"$scale_log" 2>&1 &
scale_pid=$!
trap 'kill "$scale_pid" 2>/dev/null; rm -f "$scale_log"' EXIT

go test -race -count=1 -timeout 45m -p "${GOTEST_P:-$(($(nproc) + 1))}" "${pkgs[@]}"
race_rc=$?
wait "$scale_pid"
scale_rc=$?
cat "$scale_log"
if ((race_rc != 0 || scale_rc != 0)); then
	echo "gotest.sh: failed (race packages rc=$race_rc, scale rc=$scale_rc)" >&2
	exit 1
fi
