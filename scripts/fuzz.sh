#!/usr/bin/env bash
# Runs every fuzz target for FUZZTIME each (docs/FUZZING.md). `go test -fuzz`
# takes one package and one target per run, so the targets are listed here,
# in one place: package, then the Fuzz function.
#
#   scripts/fuzz.sh                       # FUZZTIME=60s (make fuzz)
#   FUZZTIME=5s scripts/fuzz.sh           # make fuzz-ci
#   FUZZ=FuzzReadExif FUZZTIME=10m scripts/fuzz.sh   # one target (a regexp on the name)
#
# A failing input is written to the package's testdata/fuzz/FuzzX/ by go
# test: commit it with the fix, and it runs as a seed in every `go test`.
# Inputs that only widen coverage stay in the build cache ($GOCACHE/fuzz).
set -euo pipefail
export PATH=/usr/local/go/bin:$PATH
export GOTOOLCHAIN=go1.27.3 # go1.26.8 has reachable stdlib vulnerabilities
cd "$(dirname "$0")/.."

targets=(
	"./api FuzzPushDecode"
	"./api FuzzProblem"
	"./api FuzzContentType"
	"./sync FuzzCanonical"
	"./sync FuzzRequestHash"
	"./sync FuzzPullCursor"
	"./sync FuzzDecodePullCursor"
	"./registry FuzzListCursor"
	"./registry FuzzEncodeListCursor"
	"./registry FuzzParseIfMatch"
	"./photo FuzzReadExif"
)

fuzztime="${FUZZTIME:-60s}"
only="${FUZZ:-}"
failed=()
ran=0
for t in "${targets[@]}"; do
	read -r pkg name <<<"$t"
	if [ -n "$only" ] && ! [[ $name =~ $only ]]; then
		continue
	fi
	echo "fuzz: $pkg $name for $fuzztime"
	ran=$((ran + 1))
	# -run '^$': the package's other tests are not this step's business.
	if ! go test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" "$pkg"; then
		failed+=("$pkg $name")
	fi
done
if [ "$ran" -eq 0 ]; then
	echo "fuzz: no target matches FUZZ=$only" >&2
	exit 1
fi
if [ "${#failed[@]}" -gt 0 ]; then
	printf 'fuzz: FAILED %s\n' "${failed[@]}" >&2
	exit 1
fi
