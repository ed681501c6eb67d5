#!/usr/bin/env bash
# services.sh — make sure the services Tindal needs on a developer or CI
# machine are running: PostgreSQL, MinIO and mailpit (SMTP sink), and that
# the tools the tests run are installed (Chromium, poppler, HAProxy).
#
#   scripts/services.sh          start what is missing, write .services.env
#   scripts/services.sh stop     stop what this script started (nothing else)
#   scripts/services.sh status   show what runs and who started it
#
# Idempotent and quick when everything already runs. Connection settings are
# written to .services.env in the repo root as `export VAR=value` lines.
#
# Knobs (environment):
#   TINDAL_DATABASE_URL      used as is when set and reachable
#   TINDAL_SERVICES_OWN_PG=1 skip 127.0.0.1:5432 and run our own cluster
#   XDG_CACHE_HOME           cache root (default $HOME/.cache)
#
# Our own PostgreSQL cluster (only when nothing usable listens on 5432) is a
# throwaway: trust auth, 127.0.0.1 only, fsync off. Its data lives in
# $XDG_CACHE_HOME/tindal-services/pg, or in /var/tmp/tindal-services-pg when
# running as root with a home the postgres user cannot enter (root's home is 0700).
# MinIO and mailpit are built once with `go install` into
# $XDG_CACHE_HOME/tindal-tools and run as separate processes (MinIO is AGPL:
# it never enters go.mod).
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # go1.26.8 has reachable stdlib vulnerabilities

readonly MINIO_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c
readonly MINIO_TAG=minio-20260212201848
readonly MAILPIT_VERSIONS="v1.27.11 v1.33.1" # first that builds with our Go wins
readonly MINIO_USER=tindal
readonly MINIO_PASSWORD=tindal-dev-secret
readonly MINIO_ADDR=127.0.0.1:9000
readonly MINIO_CONSOLE=127.0.0.1:9001
readonly SMTP_ADDR=127.0.0.1:1025
readonly MAILPIT_HTTP=127.0.0.1:8025
# A second mailpit as real providers behave: STARTTLS required, AUTH on.
readonly TLS_SMTP_ADDR=127.0.0.1:1587
readonly TLS_MAILPIT_HTTP=127.0.0.1:8026
# and one speaking TLS from the first byte (smtps://, as on port 465).
readonly SMTPS_ADDR=127.0.0.1:1465
readonly SMTPS_MAILPIT_HTTP=127.0.0.1:8027
readonly TLS_SMTP_USER=tindal
readonly TLS_SMTP_PASSWORD=tindal-mail-secret

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}
SVC=$CACHE/tindal-services
TOOLS=$CACHE/tindal-tools
ENV_FILE=$ROOT/.services.env

command -v go >/dev/null 2>&1 || PATH=/usr/local/go/bin:$PATH
export PATH

log() { printf 'services: %s\n' "$*" >&2; }
die() { printf 'services: error: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------- helpers

# tcp_open HOST PORT: does something accept TCP connections there?
tcp_open() { timeout 1 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null; }

# http_status HOST PORT PATH [HEADER...]: print the HTTP status code of a GET.
http_status() {
  local host=$1 port=$2 path=$3; shift 3
  timeout 3 bash -c '
    exec 3<>/dev/tcp/$0/$1 || exit 1
    { printf "GET %s HTTP/1.0\r\nHost: %s:%s\r\n" "$2" "$0" "$1"
      for h in "${@:3}"; do printf "%s\r\n" "$h"; done
      printf "\r\n"; } >&3
    read -r _ code _ <&3 && printf "%s" "$code"' "$host" "$port" "$path" "$@" 2>/dev/null || true
}

# alive PIDFILE NAME: is the process recorded in PIDFILE running and is it NAME?
alive() {
  local pid
  [[ -f $1 ]] || return 1
  pid=$(<"$1")
  [[ -n $pid && -r /proc/$pid/cmdline ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "$2"
}

# wait_for WHAT SECONDS COMMAND...: poll COMMAND until it succeeds.
wait_for() {
  local what=$1 secs=$2 i; shift 2
  for ((i = 0; i < secs * 5; i++)); do
    "$@" && return 0
    sleep 0.2
  done
  return 1
}

need_root_for() {
  [[ $(id -u) -eq 0 ]] || die "$1 is missing; install it (as root: apt-get install -y $1)"
}

apt_install() {
  need_root_for "$*"
  log "installing $* with apt-get (once)"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# go_tool NAME MODULE VERSION DIR: build MODULE@VERSION into DIR with go install
# unless DIR/NAME exists. A concurrent identical build is waited for.
go_tool() {
  local name=$1 module=$2 version=$3 dir=$4
  [[ -x $dir/$name ]] && return 0
  command -v go >/dev/null || die "go not found (expected in /usr/local/go/bin)"
  while command -v pgrep >/dev/null && pgrep -f "go install $module@$version" >/dev/null; do
    log "waiting for a running build of $module@$version"
    sleep 5
  done
  [[ -x $dir/$name ]] && return 0
  log "building $module@$version into $dir (first run only; minutes on 2 cores)"
  mkdir -p "$dir"
  if ! GOBIN=$dir go install "$module@$version" >"$dir.build.log" 2>&1; then
    tail -20 "$dir.build.log" >&2
    rm -rf "$dir"
    return 1
  fi
}

# ---------------------------------------------------------------- PostgreSQL

# pg_tune URL: one session that says whether URL is reachable (exit status)
# and sets the idle-in-transaction timeout (docs/SYNC.md) on its database.
pg_tune() {
  psql "$1" -XAtq >/dev/null 2>"$SVC/psql.err" <<'SQL'
SELECT format('ALTER DATABASE %I SET idle_in_transaction_session_timeout = %L',
              current_database(), '60s') \gexec
SQL
  local rc=$?
  [[ $rc -eq 0 && -s $SVC/psql.err ]] && log "warning: $(head -1 "$SVC/psql.err")"
  return $rc
}

# pg_create_db HOST PORT: create database tindal if it is missing and set its
# timeout, in one session; fails when the server refuses user postgres.
pg_create_db() {
  psql "postgres://postgres@$1:$2/postgres?sslmode=disable" -XAtq >/dev/null 2>"$SVC/psql.err" <<'SQL'
\set ON_ERROR_STOP on
SELECT 'CREATE DATABASE tindal' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'tindal') \gexec
ALTER DATABASE tindal SET idle_in_transaction_session_timeout = '60s';
SQL
}

pg_bin() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [[ -z $d ]]; then
    apt_install postgresql
    d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  fi
  [[ -n $d ]] || die "no PostgreSQL binaries under /usr/lib/postgresql"
  printf '%s' "$d"
}

free_port() {
  local p
  for p in "$@"; do tcp_open 127.0.0.1 "$p" || { printf '%s' "$p"; return; }; done
  die "no free port among $*"
}

# as_pg CMD...: run as the postgres user when we are root (the server refuses root).
as_pg() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_datadir() {
  local dir=$SVC/pg
  if [[ $(id -u) -eq 0 ]]; then
    id postgres >/dev/null 2>&1 || die "user postgres missing (apt-get install -y postgresql)"
    mkdir -p "$dir"
    chown postgres: "$dir"
    # root's home is usually mode 700, so the postgres user cannot reach $HOME/.cache.
    if ! runuser -u postgres -- test -w "$dir"; then
      dir=/var/tmp/tindal-services-pg
      mkdir -p "$dir" && chown postgres: "$dir" && chmod 700 "$dir"
    fi
  fi
  mkdir -p "$dir"
  printf '%s' "$dir"
}

pg_own() {
  local bin dir port
  bin=$(pg_bin)
  dir=$(pg_datadir)
  # A cluster we started earlier and which still runs.
  if [[ -f $dir/port && -f $dir/data/postmaster.pid ]]; then
    port=$(<"$dir/port")
    if pg_create_db 127.0.0.1 "$port"; then echo "$port"; return; fi
  fi
  if [[ ! -f $dir/data/PG_VERSION ]]; then
    log "initialising a throwaway PostgreSQL cluster in $dir/data"
    as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-locale >"$SVC/pg-initdb.log" 2>&1 \
      || { cat "$SVC/pg-initdb.log" >&2; die "initdb failed"; }
  fi
  port=$(free_port 5432 5433 5434 5435 55432)
  log "starting PostgreSQL on 127.0.0.1:$port"
  as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 start \
    -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=off" >/dev/null 9>&- \
    || { tail -20 "$dir/postgres.log" >&2; die "PostgreSQL did not start (log: $dir/postgres.log)"; }
  echo "$port" >"$dir/port"
  echo "$bin" >"$dir/bin"
  pg_create_db 127.0.0.1 "$port" || die "PostgreSQL started on $port but refuses connections"
  echo "$port"
}

ensure_postgres() {
  command -v psql >/dev/null || apt_install postgresql-client
  # pg_dump and pg_restore: the restore drill (api TestRestoreDrill) runs them.
  { command -v pg_dump && command -v pg_restore; } >/dev/null || apt_install postgresql-client
  if [[ -n ${TINDAL_DATABASE_URL:-} ]]; then
    if pg_tune "$TINDAL_DATABASE_URL"; then
      DATABASE_URL=$TINDAL_DATABASE_URL
      return
    fi
    log "TINDAL_DATABASE_URL is set but not reachable; trying 127.0.0.1"
  fi
  local port=5432
  if [[ -n ${TINDAL_SERVICES_OWN_PG:-} ]] || ! pg_create_db 127.0.0.1 5432; then
    port=$(pg_own)
  fi
  DATABASE_URL="postgres://postgres@127.0.0.1:$port/tindal?sslmode=disable"
}

# ---------------------------------------------------------------- MinIO

minio_ready() { [[ $(http_status 127.0.0.1 9000 /minio/health/ready) == 200 ]]; }

# minio_creds_ok: does the server on :9000 accept our credentials? (SigV4 ListBuckets)
minio_creds_ok() {
  command -v openssl >/dev/null || { log "openssl missing: assuming :9000 takes our credentials"; return 0; }
  local now day empty creq scope sts key sig
  now=$(date -u +%Y%m%dT%H%M%SZ); day=${now:0:8}
  empty=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
  creq=$(printf 'GET\n/\n\nhost:%s\nx-amz-content-sha256:%s\nx-amz-date:%s\n\nhost;x-amz-content-sha256;x-amz-date\n%s' \
    "$MINIO_ADDR" "$empty" "$now" "$empty")
  scope=$day/us-east-1/s3/aws4_request
  sts=$(printf 'AWS4-HMAC-SHA256\n%s\n%s\n%s' "$now" "$scope" "$(printf '%s' "$creq" | openssl dgst -sha256 -r | cut -d' ' -f1)")
  hmac() { printf '%s' "$2" | openssl dgst -sha256 -mac HMAC -macopt "$1" -r | cut -d' ' -f1; }
  key=$(hmac "key:AWS4$MINIO_PASSWORD" "$day")
  for part in us-east-1 s3 aws4_request; do key=$(hmac "hexkey:$key" "$part"); done
  sig=$(hmac "hexkey:$key" "$sts")
  [[ $(http_status 127.0.0.1 9000 / "x-amz-date: $now" "x-amz-content-sha256: $empty" \
    "Authorization: AWS4-HMAC-SHA256 Credential=$MINIO_USER/$scope, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=$sig") == 200 ]]
}

ensure_minio() {
  local pidf=$SVC/minio.pid dir=$TOOLS/$MINIO_TAG
  if minio_ready; then
    alive "$pidf" minio && return 0
    minio_creds_ok || die "something on $MINIO_ADDR is healthy but refuses user $MINIO_USER; stop it or free the port"
    log "reusing the MinIO already running on $MINIO_ADDR"
    return 0
  fi
  tcp_open 127.0.0.1 9000 && die "port 9000 is taken by something that is not a ready MinIO"
  go_tool minio github.com/minio/minio "$MINIO_VERSION" "$dir" || die "building MinIO failed (log: $dir.build.log)"
  mkdir -p "$SVC/minio-data"
  log "starting MinIO on $MINIO_ADDR (log: $SVC/minio.log)"
  MINIO_ROOT_USER=$MINIO_USER MINIO_ROOT_PASSWORD=$MINIO_PASSWORD MINIO_UPDATE=off \
    setsid nohup "$dir/minio" server --quiet --address "$MINIO_ADDR" --console-address "$MINIO_CONSOLE" \
    "$SVC/minio-data" </dev/null >"$SVC/minio.log" 2>&1 9>&- &
  echo $! >"$pidf"
  wait_for minio 60 minio_ready || { tail -20 "$SVC/minio.log" >&2; die "MinIO not ready on $MINIO_ADDR after 60 s (log: $SVC/minio.log)"; }
}

# ---------------------------------------------------------------- mailpit

mailpit_ready() { [[ $(http_status 127.0.0.1 8025 /livez) == 200 ]] && tcp_open 127.0.0.1 1025; }

ensure_mailpit() {
  local pidf=$SVC/mailpit.pid v bin=""
  mailpit_ready && return 0
  tcp_open 127.0.0.1 8025 && die "port 8025 is taken by something that is not mailpit"
  tcp_open 127.0.0.1 1025 && die "port 1025 is taken by something that is not mailpit"
  for v in $MAILPIT_VERSIONS; do
    if go_tool mailpit github.com/axllent/mailpit "$v" "$TOOLS/mailpit-$v"; then
      bin=$TOOLS/mailpit-$v/mailpit
      break
    fi
    log "mailpit $v did not build with $(go env GOVERSION); trying the next pin"
  done
  [[ -n $bin ]] || die "could not build mailpit ($MAILPIT_VERSIONS)"
  log "starting mailpit: SMTP $SMTP_ADDR, HTTP $MAILPIT_HTTP (log: $SVC/mailpit.log)"
  setsid nohup "$bin" --smtp "$SMTP_ADDR" --listen "$MAILPIT_HTTP" --smtp-auth-accept-any \
    --smtp-auth-allow-insecure --disable-version-check \
    </dev/null >"$SVC/mailpit.log" 2>&1 9>&- &
  echo $! >"$pidf"
  wait_for mailpit 30 mailpit_ready || { tail -20 "$SVC/mailpit.log" >&2; die "mailpit not ready after 30 s"; }
}

# mailpit_bin: print the path of a built mailpit, building one if needed.
mailpit_bin() {
  local v
  for v in $MAILPIT_VERSIONS; do
    if go_tool mailpit github.com/axllent/mailpit "$v" "$TOOLS/mailpit-$v"; then
      printf '%s' "$TOOLS/mailpit-$v/mailpit"
      return 0
    fi
    log "mailpit $v did not build with $(go env GOVERSION); trying the next pin"
  done
  die "could not build mailpit ($MAILPIT_VERSIONS)"
}

# ------------------------------------------------- mailpit with TLS and AUTH

TLS_DIR=$SVC/mailpit-tls

tls_mailpit_ready() { [[ $(http_status 127.0.0.1 8026 /livez) == 200 ]] && tcp_open 127.0.0.1 1587; }
smtps_mailpit_ready() { [[ $(http_status 127.0.0.1 8027 /livez) == 200 ]] && tcp_open 127.0.0.1 1465; }

# tls_material: a self-signed certificate for 127.0.0.1 and localhost (its
# own CA: tests trust exactly it) and the password file, made once.
tls_material() {
  mkdir -p "$TLS_DIR"
  if [[ ! -s $TLS_DIR/cert.pem || ! -s $TLS_DIR/key.pem ]]; then
    command -v openssl >/dev/null || apt_install openssl
    log "making a self-signed certificate for the TLS mailpit in $TLS_DIR"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=localhost" \
      -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -addext "basicConstraints=critical,CA:TRUE" \
      -keyout "$TLS_DIR/key.pem.tmp" -out "$TLS_DIR/cert.pem.tmp" 2>/dev/null
    mv "$TLS_DIR/key.pem.tmp" "$TLS_DIR/key.pem"
    mv "$TLS_DIR/cert.pem.tmp" "$TLS_DIR/cert.pem"
  fi
  printf '%s:%s\n' "$TLS_SMTP_USER" "$TLS_SMTP_PASSWORD" >"$TLS_DIR/auth"
}

ensure_tls_mailpit() {
  tls_material
  tls_mailpit_ready || start_tls_mailpit mailpit-tls "$TLS_SMTP_ADDR" "$TLS_MAILPIT_HTTP" --smtp-require-starttls tls_mailpit_ready
  smtps_mailpit_ready || start_tls_mailpit mailpit-smtps "$SMTPS_ADDR" "$SMTPS_MAILPIT_HTTP" --smtp-require-tls smtps_mailpit_ready
}

# start_tls_mailpit NAME SMTP HTTP FLAG READY: a mailpit with our certificate
# and password file; FLAG is --smtp-require-starttls or --smtp-require-tls,
# READY the function that tells it is up.
start_tls_mailpit() {
  local name=$1 smtp=$2 http=$3 flag=$4 ready=$5 pidf=$SVC/$1.pid bin
  tcp_open "${http%:*}" "${http##*:}" && die "port ${http##*:} is taken by something that is not the $name mailpit"
  tcp_open "${smtp%:*}" "${smtp##*:}" && die "port ${smtp##*:} is taken by something that is not the $name mailpit"
  bin=$(mailpit_bin)
  [[ -n $bin ]] || die "could not build mailpit ($MAILPIT_VERSIONS)"
  log "starting $name: SMTP $smtp ($flag, AUTH), HTTP $http (log: $SVC/$name.log)"
  setsid nohup "$bin" --smtp "$smtp" --listen "$http" \
    --smtp-tls-cert "$TLS_DIR/cert.pem" --smtp-tls-key "$TLS_DIR/key.pem" "$flag" \
    --smtp-auth-file "$TLS_DIR/auth" --disable-version-check \
    </dev/null >"$SVC/$name.log" 2>&1 9>&- &
  echo $! >"$pidf"
  wait_for "$name" 30 "$ready" || { tail -20 "$SVC/$name.log" >&2; die "$name not ready after 30 s"; }
}

# ---------------------------------------------------------------- commands

# shell_word quotes a value for the env file only when it needs it, so the
# file also reads as make syntax for ordinary URLs.
shell_word() {
  if [[ $1 =~ ^[A-Za-z0-9@:/._?=%+,-]+$ ]]; then printf '%s' "$1"; else printf '%q' "$1"; fi
}

write_env() {
  local tmp=$ENV_FILE.tmp.$$
  cat >"$tmp" <<EOF
# Written by scripts/services.sh; source it: . ./.services.env
export TINDAL_DATABASE_URL=$(shell_word "$DATABASE_URL")
export TINDAL_S3_ENDPOINT=http://$MINIO_ADDR
export TINDAL_S3_ACCESS_KEY=$MINIO_USER
export TINDAL_S3_SECRET_KEY=$MINIO_PASSWORD
export TINDAL_S3_BUCKET=tindal
export TINDAL_S3_REGION=us-east-1
export TINDAL_SMTP_URL=smtp://$SMTP_ADDR
export TINDAL_MAILPIT_API=http://$MAILPIT_HTTP
export TINDAL_TEST_MINIO_BIN=$(shell_word "$TOOLS/$MINIO_TAG/minio")
export TINDAL_TEST_SMTP_TLS_URL=$(shell_word "smtp://$TLS_SMTP_USER:$TLS_SMTP_PASSWORD@$TLS_SMTP_ADDR?ca=$TLS_DIR/cert.pem")
export TINDAL_TEST_SMTP_TLS_CA=$(shell_word "$TLS_DIR/cert.pem")
export TINDAL_TEST_MAILPIT_TLS_API=http://$TLS_MAILPIT_HTTP
export TINDAL_TEST_SMTPS_URL=$(shell_word "smtps://$TLS_SMTP_USER:$TLS_SMTP_PASSWORD@$SMTPS_ADDR?ca=$TLS_DIR/cert.pem")
export TINDAL_TEST_MAILPIT_SMTPS_API=http://$SMTPS_MAILPIT_HTTP
EOF
  mv "$tmp" "$ENV_FILE"
}

# ---------------------------------------------------------------- browser

# ensure_chromium installs Debian's chromium for the browser tests (the API
# reference at /docs is rendered in it); a test tool's own browser download
# cannot reach the network here.
ensure_chromium() {
  command -v chromium >/dev/null 2>&1 && return 0
  apt_install chromium
}

# ensure_indic_fonts installs Noto (fonts-noto-core: Noto Sans and Serif
# Kannada and Devanagari among them): without them Chromium draws the
# pages' Kannada and Hindi as boxes.
ensure_indic_fonts() {
  [[ -e /usr/share/fonts/truetype/noto/NotoSansKannada-Regular.ttf ]] && return 0
  apt_install fonts-noto-core
}

# ensure_pdftotext installs poppler-utils: the document tests read the
# orders' and notices' PDFs back as text with pdftotext and draw their
# pages with pdftoppm.
ensure_pdftotext() {
  command -v pdftotext >/dev/null 2>&1 && return 0
  apt_install poppler-utils
}

# ensure_haproxy installs Debian's HAProxy for the replica tests (replicas/:
# three `tindal serve` behind a real load balancer). The tests start their
# own haproxy process on loopback ports; the package's service is not used.
ensure_haproxy() {
  if command -v haproxy >/dev/null 2>&1 || [[ -x /usr/sbin/haproxy ]]; then return 0; fi
  apt_install haproxy
}

start() {
  ensure_postgres
  ensure_minio
  ensure_mailpit
  ensure_tls_mailpit
  ensure_chromium
  ensure_indic_fonts
  ensure_pdftotext
  ensure_haproxy
  write_env
  cat >&2 <<EOF
services: ready (settings in $ENV_FILE; run: . ./.services.env)
  PostgreSQL  $DATABASE_URL
  MinIO       http://$MINIO_ADDR  console http://$MINIO_CONSOLE  user $MINIO_USER / $MINIO_PASSWORD
  mailpit     SMTP $SMTP_ADDR  web and API http://$MAILPIT_HTTP
  mailpit TLS SMTP $TLS_SMTP_ADDR (STARTTLS required, AUTH $TLS_SMTP_USER)  web and API http://$TLS_MAILPIT_HTTP
  mailpit TLS SMTPS $SMTPS_ADDR (implicit TLS, AUTH $TLS_SMTP_USER)  web and API http://$SMTPS_MAILPIT_HTTP
EOF
}

stop_pid() { # PIDFILE NAME
  local pid
  if alive "$1" "$2"; then
    pid=$(<"$1")
    log "stopping $2 (pid $pid)"
    kill "$pid"
    wait_for "$2" 15 eval "! kill -0 $pid 2>/dev/null" || kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$1"
}

stop() {
  local dir
  stop_pid "$SVC/minio.pid" minio
  stop_pid "$SVC/mailpit.pid" mailpit
  stop_pid "$SVC/mailpit-tls.pid" "$TLS_SMTP_ADDR"
  stop_pid "$SVC/mailpit-smtps.pid" "$SMTPS_ADDR"
  for dir in "$SVC/pg" /var/tmp/tindal-services-pg; do
    if [[ -f $dir/data/postmaster.pid && -f $dir/bin ]]; then
      log "stopping our PostgreSQL ($dir/data)"
      as_pg "$(<"$dir/bin")/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
      rm -f "$dir/port"
    fi
  done
}

status() {
  local dir
  for dir in "$SVC/pg" /var/tmp/tindal-services-pg; do
    [[ -f $dir/data/postmaster.pid ]] && echo "postgres: ours, port $(cat "$dir/port" 2>/dev/null), data $dir/data"
  done
  tcp_open 127.0.0.1 5432 && echo "postgres: something listens on 127.0.0.1:5432"
  if minio_ready; then
    alive "$SVC/minio.pid" minio && echo "minio: ours (pid $(<"$SVC/minio.pid"))" || echo "minio: running, not started by us"
  else echo "minio: down"; fi
  if mailpit_ready; then
    alive "$SVC/mailpit.pid" mailpit && echo "mailpit: ours (pid $(<"$SVC/mailpit.pid"))" || echo "mailpit: running, not started by us"
  else echo "mailpit: down"; fi
  if tls_mailpit_ready; then
    alive "$SVC/mailpit-tls.pid" "$TLS_SMTP_ADDR" && echo "TLS mailpit: ours (pid $(<"$SVC/mailpit-tls.pid"))" || echo "TLS mailpit: running, not started by us"
  else echo "TLS mailpit: down"; fi
  if smtps_mailpit_ready; then
    alive "$SVC/mailpit-smtps.pid" "$SMTPS_ADDR" && echo "SMTPS mailpit: ours (pid $(<"$SVC/mailpit-smtps.pid"))" || echo "SMTPS mailpit: running, not started by us"
  else echo "SMTPS mailpit: down"; fi
}

main() {
  mkdir -p "$SVC" "$TOOLS"
  exec 9>"$SVC/.lock"
  flock 9 # one run at a time (parallel make, two shells)
  case ${1:-start} in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) die "usage: $0 [start|stop|status]" ;;
  esac
}

main "$@"
