#!/usr/bin/env bash
# Benchmarks that cannot rot (issue 23).
#
#   scripts/bench.sh smoke   every benchmark of every package once (-benchtime 1x), each
#                            package killed after BENCH_TIMEOUT (a benchmark is not bounded
#                            by go test's -timeout); fails when a benchmark fails, hangs,
#                            skips or prints no result. Part of make test.
#   scripts/bench.sh full    the figures, each beside its raw baseline from the same run,
#                            written to bench/results/latest.md (make bench).
#
# Environment: BENCH_TIMEOUT (seconds per package, default 600 smoke, 1800 full),
# BENCH_PKGS (default: every package with a benchmark), BENCHTIME (full; default per package).
set -euo pipefail
cd "$(dirname "$0")/.."
export GOTOOLCHAIN=go1.27.3
mode="${1:-smoke}"
out_dir="bench/results"
mkdir -p "$out_dir" bin
pkgs="${BENCH_PKGS:-$(git grep -l '^func Benchmark' -- '*_test.go' | xargs -n1 dirname | sort -u | sed 's|^|./|')}"

# benchtime of a package in the full run: micro-benchmarks by time, the
# ones that seed a database by a count of iterations.
benchtime() {
	if [ -n "${BENCHTIME:-}" ]; then echo "$BENCHTIME"; return; fi
	case "$1" in
	./rules | ./auth) echo 1s ;;
	./sync) echo 20x ;;
	*) echo 10x ;;
	esac
}

run_pkg() { # pkg benchtime timeout log
	local rc=0
	# timeout signals the whole process group: go and the test binary (SIGQUIT: it prints every goroutine).
	timeout -s QUIT -k 30 "$3" go test -run '^$' -bench . -benchtime "$2" -benchmem -count 1 "$1" >"$4" 2>&1 || rc=$?
	return $rc
}

failed=0
raw="bin/bench-$mode.txt" # the whole output, for a failure's details
: >"$raw"
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
for p in $pkgs; do
	if [ "$mode" = smoke ]; then bt=1x; to="${BENCH_TIMEOUT:-600}"; else bt="$(benchtime "$p")"; to="${BENCH_TIMEOUT:-1800}"; fi
	log="$(mktemp)"
	rc=0
	run_pkg "$p" "$bt" "$to" "$log" || rc=$?
	cat "$log" >>"$raw"
	if [ $rc -ne 0 ]; then
		if [ $rc -ge 124 ]; then
			echo "bench: $p did not finish in ${to}s (hung?): killed; its goroutines are in $raw" >&2
		else
			echo "bench: $p failed (exit $rc):" >&2
			grep -E -- '--- FAIL|FAIL|panic|_test.go:[0-9]+' "$log" | head -20 >&2
		fi
		failed=1
	fi
	# Every benchmark declared in the package must have printed a result line.
	for b in $(grep -ho '^func Benchmark[A-Za-z0-9_]*' "${p#./}"/*_test.go | sed 's/^func //' | sort -u); do
		if ! grep -Eq "^$b(/[^ ]*)?(-[0-9]+)?[[:space:]]+[0-9]+[[:space:]]" "$log"; then
			echo "bench: $p $b printed no result (failed, skipped or did no work)" >&2
			grep -E -A3 -- "--- (SKIP|FAIL): $b" "$log" | head -5 >&2 || true
			failed=1
		fi
	done
	rm -f "$log"
done
if [ $failed -ne 0 ]; then
	echo "bench: FAILED ($mode); full output in $raw" >&2
	exit 1
fi
if [ "$mode" = full ]; then
	go run ./bench/report -in "$raw" -out "$out_dir/latest.md" -commit "$(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo '+dirty')" \
		-load-before "$load_before" -load-after "$(cut -d' ' -f1-3 /proc/loadavg)" -cores "$(nproc)" \
		-command "scripts/bench.sh full (make bench): go test -run '^\$' -bench . -benchmem -count 1 -benchtime <per package> <pkg>"
	echo "bench: wrote $out_dir/latest.md"
else
	echo "bench: every benchmark ran once and printed its result"
fi
