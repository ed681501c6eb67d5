#!/usr/bin/env bash
# step.sh NAME COMMAND...: runs one step of `make test` and says how long it
# took, so the next person sees where the time goes.
#
#   scripts/step.sh vet go vet ./...     # runs it, then "step vet: 12s ok"
#   scripts/step.sh --summary            # every step of this run, in order
#
# Each line is also appended to $TINDAL_STEPS (when set), which the Makefile
# prints at the end of `make test`, passed or failed. The load average is
# printed beside each time: the machine may be shared.
set -uo pipefail

if [[ ${1:-} == --summary ]]; then
	[[ -n ${TINDAL_STEPS:-} && -s $TINDAL_STEPS ]] || exit 0
	printf '\nmake test, step by step:\n'
	cat "$TINDAL_STEPS"
	exit 0
fi

name=$1
shift
start=$(date +%s)
"$@"
rc=$?
secs=$(($(date +%s) - start))
status=ok
((rc == 0)) || status="failed ($rc)"
line=$(printf '  %-14s %4dm%02ds  %s  (load %s)' "$name" $((secs / 60)) $((secs % 60)) "$status" \
	"$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')")
printf 'step%s\n' "$line" >&2
[[ -z ${TINDAL_STEPS:-} ]] || printf '%s\n' "$line" >>"$TINDAL_STEPS"
exit "$rc"
