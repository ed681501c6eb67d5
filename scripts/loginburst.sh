#!/usr/bin/env bash
# 300 logins at once against a throwaway server (issue 23 item 4): every
# answer is 200 or 503 with Retry-After; prints the server's idle and peak
# RSS. The login rate limits are raised so that they do not answer first.
#
#   scripts/loginburst.sh [-n 300]
#   TINDAL_LOGIN_HASH_MEMORY_MIB=64 scripts/loginburst.sh
set -euo pipefail
export GOTOOLCHAIN=go1.27.3
cd "$(dirname "$0")/.."
scripts/services.sh >/dev/null
source .services.env
port="${TINDAL_LOADTEST_PORT:-18191}"
db="tindal_loginburst_$$"
base="${TINDAL_DATABASE_URL%/*}"
export TINDAL_DATABASE_URL="$base/$db?sslmode=disable"
export TINDAL_DEMO_PASSWORD="${TINDAL_DEMO_PASSWORD:-tindal-demo-2026}"
admin="$base/postgres?sslmode=disable"
mkdir -p bin
CGO_ENABLED=0 go build -trimpath -o bin/tindal ./cmd/tindal
go build -o bin/loginburst ./bench/loginburst
psql "$admin" -qc "CREATE DATABASE $db"
server=""
cleanup() {
	[ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
	psql "$admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
}
trap cleanup EXIT
./bin/tindal migrate up >/dev/null
./bin/tindal seed demo >/dev/null
TINDAL_HTTP_ADDR="127.0.0.1:$port" TINDAL_METRICS_ADDR=off TINDAL_LOG_LEVEL=warn TINDAL_JOBS=off TINDAL_THUMBNAILS=off \
	TINDAL_LOGIN_ACCOUNT_LIMIT=100000/15m TINDAL_LOGIN_ADDRESS_LIMIT=100000/15m ./bin/tindal serve >bin/loginburst-server.log 2>&1 &
server=$!
for _ in $(seq 100); do
	curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
	sleep 0.1
done
sleep 1
echo "TINDAL_LOGIN_HASH_MEMORY_MIB=${TINDAL_LOGIN_HASH_MEMORY_MIB:-128 (default)}"
./bin/loginburst -url "http://127.0.0.1:$port" -pid "$server" "$@"
