#!/usr/bin/env bash
# The soak of issue 23 (docs/SYNC.md §10.1): starts the services if needed,
# builds, creates a throwaway database (photos go to the bucket tindal-soak
# of the development MinIO), migrates and seeds it, serves it on a loopback
# port, and runs the load generator's soak against it — by default 200
# phones for 10 minutes, each looping pull, push a day, upload its 6 photos,
# pull, pause 60–120 s; an admin runs a scheduled job in the middle; at the
# end every mutation must be applied exactly once, every photo verified
# with its object in the store, and the server's RSS flat. It writes
# bench/results/soak.md (or $SOAK_OUT) and exits non-zero when the soak
# fails. Not part of make test: it takes the machine for 10+ minutes.
#
#   scripts/soak.sh                                   # -devices 200 -duration 10m
#   scripts/soak.sh -devices 20 -duration 90s         # a short check
#   make soak SOAK_FLAGS="-devices 20 -duration 90s"
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # go1.26.8 has reachable stdlib vulnerabilities
cd "$(dirname "$0")/.."
scripts/services.sh >/dev/null
source .services.env
port="${TINDAL_SOAK_PORT:-18281}"
mport=$((port + 1)) # the server's metrics listener (TINDAL_METRICS_ADDR)
db="tindal_soak_$$"
base="${TINDAL_DATABASE_URL%/*}"
export TINDAL_DATABASE_URL="$base/$db?sslmode=disable"
export TINDAL_DEMO_PASSWORD="${TINDAL_DEMO_PASSWORD:-tindal-demo-2026}"
export TINDAL_S3_BUCKET="${TINDAL_SOAK_BUCKET:-tindal-soak}"
admin="$base/postgres?sslmode=disable"
out="${SOAK_OUT:-bench/results/soak.md}"

mkdir -p bin "$(dirname "$out")"
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
TINDAL_HTTP_ADDR="127.0.0.1:$port" TINDAL_METRICS_ADDR="127.0.0.1:$mport" TINDAL_LOG_LEVEL=warn \
	./bin/tindal serve >"bin/soak-server.log" 2>&1 &
server=$!
for _ in $(seq 300); do
	curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
	sleep 0.1
done
flags=("$@")
[ ${#flags[@]} -eq 0 ] && flags=(-devices 200 -duration 10m)
cmd=(./bin/loadgen -soak -url "http://127.0.0.1:$port" -metrics "http://127.0.0.1:$mport" -server-pid "$server"
	-db "$TINDAL_DATABASE_URL" "${flags[@]}")
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
rc=0
"${cmd[@]}" >"$out.body" || rc=$?
{
	echo "# Soak (make soak)"
	echo
	echo "- commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!bench/results' || echo ' (with local changes)')"
	echo "- started: $started, ended $(date -u +%Y-%m-%dT%H:%M:%SZ), on $(nproc) cores"
	echo "- load average (1, 5, 15 min) before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "- command: \`scripts/soak.sh ${flags[*]}\` (\`${cmd[*]/$TINDAL_DATABASE_URL/\$TINDAL_DATABASE_URL}\`)"
	echo
	cat "$out.body"
} >"$out"
rm -f "$out.body"
cat "$out"
exit $rc
