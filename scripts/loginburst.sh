#!/usr/bin/env bash
# A morning rush against a throwaway server: 300 phones of 60 people
# signing in at once, each phone from an address of its own (through a
# trusted proxy's X-Forwarded-For), each answer with Retry-After retried
# after that many seconds. Every answer must be 200, 429 or 503 with
# Retry-After and every phone signed in within a minute; prints the answers,
# the time until the last phone was in, and the server's idle and peak RSS
# (docs/OPERATIONS.md, TINDAL_LOGIN_HASH_MEMORY_MIB). The login limits are
# the defaults.
#
#   scripts/loginburst.sh                      # -n 300 -accounts 60 -addresses -retry 60s
#   scripts/loginburst.sh -n 180 -accounts 60 -addresses -retry 60s
#   TINDAL_LOGIN_HASH_MEMORY_MIB=128 scripts/loginburst.sh
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
# 60 inspectors with the demo password, in the demo inspector's office.
psql "$TINDAL_DATABASE_URL" -q <<'SQL'
INSERT INTO users (id, email, name, role, password_hash, preferred_language)
SELECT gen_random_uuid(), 'burst-' || g || '@demo.tindal', 'Burst ' || g, role, password_hash, preferred_language
FROM users, generate_series(0, 59) g WHERE email = 'inspector.karwar@demo.tindal';
INSERT INTO user_jurisdictions (id, user_id, jurisdiction_id, starts_on)
SELECT gen_random_uuid(), u.id, uj.jurisdiction_id, uj.starts_on
FROM users u, user_jurisdictions uj JOIN users k ON k.id = uj.user_id AND k.email = 'inspector.karwar@demo.tindal'
WHERE u.email LIKE 'burst-%';
SQL
TINDAL_HTTP_ADDR="127.0.0.1:$port" TINDAL_METRICS_ADDR=off TINDAL_LOG_LEVEL=warn TINDAL_JOBS=off TINDAL_THUMBNAILS=off \
	TINDAL_TRUSTED_PROXIES=127.0.0.1/32 ./bin/tindal serve >bin/loginburst-server.log 2>&1 &
server=$!
for _ in $(seq 100); do
	curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
	sleep 0.1
done
sleep 1
echo "TINDAL_LOGIN_HASH_MEMORY_MIB=${TINDAL_LOGIN_HASH_MEMORY_MIB:-(default)}"
if [ $# -eq 0 ]; then set -- -n 300 -accounts 60 -email 'burst-%d@demo.tindal' -addresses -retry 60s; fi
./bin/loginburst -url "http://127.0.0.1:$port" -pid "$server" "$@"
