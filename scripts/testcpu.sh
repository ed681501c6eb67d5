#!/usr/bin/env bash
# testcpu.sh: the `go test -exec` of scripts/gotest.sh. Runs one package's
# test binary ("$@", in the package's directory) and, when TINDAL_TEST_CPU
# names a file, appends a line to it: the package, the CPU seconds of the
# binary and of everything it started and waited for (Chromium, `tindal
# serve`, HAProxy; not the shared PostgreSQL's backends), and the wall
# seconds. gotest.sh prints them, most CPU first, so that the next
# saving is looked for where the CPU goes.
start=$(date +%s.%N)
"$@"
rc=$?
if [ -n "${TINDAL_TEST_CPU:-}" ]; then
	# times: the shell's own user and system time, then its children's
	# (into a file: in a pipe or $(…) it would run in a subshell, which
	# has no children).
	t=$(mktemp)
	times >"$t"
	cpu=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/)
		printf "%.1f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$t")
	rm -f "$t"
	wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	printf '%s\t%s\t%s\n' "${PWD#"${TINDAL_TEST_ROOT:-}"/}" "$cpu" "$wall" >>"$TINDAL_TEST_CPU"
fi
exit "$rc"
