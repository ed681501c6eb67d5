#!/usr/bin/env bash
# One command for the push and pull figures of docs/SYNC.md §5 and the
# capacity figures of docs/SCALING.md §5.3: starts the services if needed,
# builds, creates a throwaway database, migrates and seeds it, serves it on
# loopback ports (one `tindal serve`, or three behind HAProxy), runs the
# load generator, and removes the servers and the database again.
#
#   scripts/loadtest.sh                                  # -devices 200 -push-only
#   scripts/loadtest.sh -devices 200 -push-only -rate 20 -duration 20s -raw none
#   make loadtest LOADGEN_FLAGS="-devices 50"
#   TINDAL_LOADTEST_HISTORY=1 scripts/loadtest.sh …    # on a year of a state's history (bench/history)
#   TINDAL_LOADTEST_REPLICAS=3 scripts/loadtest.sh …   # three `tindal serve` behind HAProxy (as replicas/ runs them)
#   TINDAL_LOADTEST_MODE=capacity scripts/loadtest.sh  # burst, then 80% of it sustained (below)
#
# capacity: first the burst figure — TINDAL_LOADTEST_DEVICES (200) phones
# push their offline day at once, and the days/s at that saturation is the
# burst; then, on the same servers and database, days are started at 80% of
# that rate for TINDAL_LOADTEST_SUSTAIN (90s) on as many phones, and the
# rate achieved within the window and the p50/p95/p99 of a day's push are
# reported against the target (sustained ≥ 0.8× the burst with p99 < 250
# ms: the 80% offered is kept up with, ≥ 95% of it achieved). Extra
# arguments go to both load generator runs.
#
# Either run fails (non-zero exit, nothing summarised) when the work did
# not happen: a day that failed, a mutation the database did not record as
# applied, or a day that is not in the database exactly once, whole (the
# load generator checks its rows after the run).
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # go1.26.8 has reachable stdlib vulnerabilities
cd "$(dirname "$0")/.."
scripts/services.sh >/dev/null
source .services.env
port="${TINDAL_LOADTEST_PORT:-18181}"
replicas="${TINDAL_LOADTEST_REPLICAS:-1}"
mode="${TINDAL_LOADTEST_MODE:-}"
case "$replicas" in 1 | 3) ;; *) echo "TINDAL_LOADTEST_REPLICAS=$replicas: want 1 or 3" >&2 && exit 2 ;; esac
case "$mode" in "" | capacity) ;; *) echo "TINDAL_LOADTEST_MODE=$mode: want capacity or nothing" >&2 && exit 2 ;; esac
db="tindal_loadtest_$$"
base="${TINDAL_DATABASE_URL%/*}"
export TINDAL_DATABASE_URL="$base/$db?sslmode=disable"
export TINDAL_DEMO_PASSWORD="${TINDAL_DEMO_PASSWORD:-tindal-demo-2026}"
admin="$base/postgres?sslmode=disable"

mkdir -p bin
CGO_ENABLED=0 go build -trimpath -o bin/tindal ./cmd/tindal
go build -o bin/loadgen ./bench/loadgen
psql "$admin" -qc "CREATE DATABASE $db"
pids=()
work="$(mktemp -d)"
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
	psql "$admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
	rm -rf "$work"
}
trap cleanup EXIT
./bin/tindal migrate up >/dev/null
./bin/tindal seed demo >/dev/null
if [ "${TINDAL_LOADTEST_HISTORY:-}" = 1 ]; then # a year of a state's history first (docs/SCALING.md §6)
	go run ./bench/history -db "$TINDAL_DATABASE_URL" -jurisdiction KARWAR
fi

ready() { # waits for a /readyz to answer 200
	for _ in $(seq 300); do
		curl -fsS "$1/readyz" >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	echo "loadtest: $1 not ready after 30 s" >&2
	return 1
}

if [ "$replicas" = 1 ]; then
	mport=$((port + 1)) # the server's metrics listener (TINDAL_METRICS_ADDR)
	TINDAL_HTTP_ADDR="127.0.0.1:$port" TINDAL_METRICS_ADDR="127.0.0.1:$mport" TINDAL_LOG_LEVEL=warn \
		./bin/tindal serve >"bin/loadtest-server.log" 2>&1 &
	pids+=($!)
	ready "http://127.0.0.1:$port"
	metrics="http://127.0.0.1:$mport"
else
	# Three replicas as replicas/ runs them (docs/SCALING.md §5.2): one
	# database, one bucket, the same signing keys and cursor key; HAProxy
	# in front on $port, round robin, /readyz checked every 200 ms.
	export TINDAL_JWT_KEYS_DIR="$work/jwt" TINDAL_DEV_KEYS_DIR="$work/dev"
	export TINDAL_SYNC_CURSOR_KEY="loadtest cursor key, the same on every replica"
	export TINDAL_TRUSTED_PROXIES=127.0.0.1/32 TINDAL_PUBLIC_BASE_URL="http://127.0.0.1:$port"
	./bin/tindal keys ensure >/dev/null
	servers="" metrics=""
	names=(A B C)
	for i in 0 1 2; do
		name=${names[$i]}
		hport=$((port + 2 + i)) mport=$((port + 5 + i))
		TINDAL_HTTP_ADDR="127.0.0.1:$hport" TINDAL_METRICS_ADDR="127.0.0.1:$mport" TINDAL_LOG_LEVEL=warn \
			./bin/tindal serve >"bin/loadtest-server-$name.log" 2>&1 &
		pids+=($!)
		servers+="  server $name 127.0.0.1:$hport check"$'\n'
		metrics+="${metrics:+,}http://127.0.0.1:$mport"
	done
	for i in 0 1 2; do ready "http://127.0.0.1:$((port + 2 + i))"; done
	cat >"$work/haproxy.cfg" <<EOF
global
  maxconn 1000
defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  retries 3
  option redispatch 1
  retry-on conn-failure
frontend api
  bind 127.0.0.1:$port
  option forwardfor
  default_backend replicas
backend replicas
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 200ms fastinter 100ms downinter 200ms fall 2 rise 1
$servers
EOF
	haproxy=haproxy
	command -v haproxy >/dev/null || haproxy=/usr/sbin/haproxy
	"$haproxy" -db -f "$work/haproxy.cfg" >"bin/loadtest-haproxy.log" 2>&1 &
	pids+=($!)
	ready "http://127.0.0.1:$port"
fi
loadgen=(./bin/loadgen -url "http://127.0.0.1:$port" -metrics "$metrics" -db "$TINDAL_DATABASE_URL")
where="one server"
[ "$replicas" = 3 ] && where="three replicas behind HAProxy"

if [ -z "$mode" ]; then
	flags=("$@")
	[ ${#flags[@]} -eq 0 ] && flags=(-devices 200 -push-only)
	"${loadgen[@]}" "${flags[@]}"
	exit
fi

# capacity
devices="${TINDAL_LOADTEST_DEVICES:-200}"
sustain="${TINDAL_LOADTEST_SUSTAIN:-90s}"
load0=$(cut -d' ' -f1-3 /proc/loadavg)
echo "== burst: $devices offline days at once on $where (load average $load0)"
"${loadgen[@]}" -devices "$devices" -push-only -raw none "$@" | tee "$work/burst"
burst=$(sed -n 's|^push phase: .*: \([0-9.]*\)/s$|\1|p' "$work/burst")
[ -n "$burst" ] || { echo "loadtest: no burst figure in the load generator's output" >&2 && exit 1; }
rate=$(awk -v b="$burst" 'BEGIN { printf "%.1f", 0.8 * b }')
load1=$(cut -d' ' -f1-3 /proc/loadavg)
echo "== sustained: $rate days/s (80% of $burst) for $sustain on $devices phones, $where (load average $load1)"
"${loadgen[@]}" -devices "$devices" -push-only -raw none -rate "$rate" -duration "$sustain" "$@" | tee "$work/sustained"
load2=$(cut -d' ' -f1-3 /proc/loadavg)
achieved=$(sed -n 's|^push sustained: .*: \([0-9.]*\)/s; .*|\1|p' "$work/sustained")
day=$(sed -n 's|^push per day .*: n=[0-9]* \(p50=.*\)$|\1|p' "$work/sustained")
p99=$(sed -n 's|^push per day .* p99=\([0-9.]*\)ms$|\1|p' "$work/sustained")
[ -n "$achieved" ] && [ -n "$p99" ] || { echo "loadtest: no sustained figures in the load generator's output" >&2 && exit 1; }
awk -v w="$where" -v b="$burst" -v r="$rate" -v a="$achieved" -v s="$sustain" -v d="$day" -v p="$p99" \
	-v l="$load0 / $load1 / $load2" 'BEGIN {
	# Offered 80% of the burst: the target holds when that rate was kept
	# up with (achieved ≥ 95% of it: days still in flight at the end of the
	# window are not counted) at p99 < 250 ms.
	ok = (a >= 0.95 * r && p < 250) ? "met" : "NOT met"
	printf "== capacity, %s: burst %.1f days/s; sustained %s at %s offered: %.1f days/s achieved = %.2f× the burst; " \
		"push per day %s; target (80%% of the burst kept up with, p99 < 250 ms): %s; load average %s (start, between, end)\n",
		w, b, s, r, a, a / b, d, ok, l
}'
