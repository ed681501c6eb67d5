#!/usr/bin/env bash
# One command for the push and pull figures of docs/SYNC.md §5: starts the
# services if needed, builds, creates a throwaway database, migrates and
# seeds it, serves it on a loopback port, runs the load generator with the
# given flags (default: 200 phones pushing their day at once, then both raw
# baselines), and removes the server and the database again.
#
#   scripts/loadtest.sh                                  # -devices 200 -push-only
#   scripts/loadtest.sh -devices 200 -push-only -rate 20 -duration 20s -raw none
#   make loadtest LOADGEN_FLAGS="-devices 50"
#   TINDAL_LOADTEST_HISTORY=1 scripts/loadtest.sh …    # on a year of a state's history (bench/history)
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # go1.26.8 has reachable stdlib vulnerabilities
cd "$(dirname "$0")/.."
scripts/services.sh >/dev/null
source .services.env
port="${TINDAL_LOADTEST_PORT:-18181}"
mport=$((port + 1)) # the server's metrics listener (TINDAL_METRICS_ADDR)
db="tindal_loadtest_$$"
base="${TINDAL_DATABASE_URL%/*}"
export TINDAL_DATABASE_URL="$base/$db?sslmode=disable"
export TINDAL_DEMO_PASSWORD="${TINDAL_DEMO_PASSWORD:-tindal-demo-2026}"
admin="$base/postgres?sslmode=disable"

mkdir -p bin
CGO_ENABLED=0 go build -trimpath -o bin/tindal ./cmd/tindal
go build -o bin/loadgen ./bench/loadgen
psql "$admin" -qc "CREATE DATABASE $db"
server=""
cleanup() {
	[ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
	psql "$admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
}
trap cleanup EXIT
./bin/tindal migrate up >/dev/null
./bin/tindal seed demo >/dev/null
if [ "${TINDAL_LOADTEST_HISTORY:-}" = 1 ]; then # a year of a state's history first (docs/SCALING.md §6)
	go run ./bench/history -db "$TINDAL_DATABASE_URL" -jurisdiction KARWAR
fi
TINDAL_HTTP_ADDR="127.0.0.1:$port" TINDAL_METRICS_ADDR="127.0.0.1:$mport" TINDAL_LOG_LEVEL=warn ./bin/tindal serve >"bin/loadtest-server.log" 2>&1 &
server=$!
for _ in $(seq 100); do
	curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
	sleep 0.1
done
flags=("$@")
[ ${#flags[@]} -eq 0 ] && flags=(-devices 200 -push-only)
./bin/loadgen -url "http://127.0.0.1:$port" -metrics "http://127.0.0.1:$mport" -db "$TINDAL_DATABASE_URL" "${flags[@]}"
