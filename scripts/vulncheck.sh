#!/usr/bin/env bash
# make vulncheck: govulncheck against ./... with an offline vulnerability
# database (docs/FUZZING.md §Vulnerabilities). Everything comes through the
# Go module proxy, nothing from the vulnerability database's web service:
#   1. golang.org/x/vulndb at a pinned version is a Go module whose data/osv
#      folder holds every Go vulnerability report as OSV JSON;
#   2. its cmd/indexdb writes the v1 database layout (index/db.json,
#      index/modules.json, ID/*.json) that govulncheck's file:// client reads;
#   3. govulncheck (golang.org/x/vuln, pinned) scans with -db file://...
# The tools and the database are built once into ~/.cache/tindal-tools (or
# $TINDAL_TOOLS_CACHE) and reused; bump the versions below to refresh them.
# Neither tool enters the project's go.mod.
#
#   scripts/vulncheck.sh                          # must report nothing reachable
#   VULNCHECK_GOTOOLCHAIN=go1.26.8 scripts/vulncheck.sh   # the proof: 14 found
#   VULNCHECK_FLAGS="-show verbose" scripts/vulncheck.sh
#
# Exit status: 0 when nothing reachable is found, 3 when something is
# (govulncheck's own convention), anything else on a failure to run.
set -euo pipefail
export PATH=/usr/local/go/bin:$PATH
export GOTOOLCHAIN=go1.27.3 # go1.26.8 has reachable stdlib vulnerabilities
cd "$(dirname "$0")/.."

vulndb_version=v0.0.0-20261105234957-e22db6528018
vuln_version=v1.9.0

cache="${TINDAL_TOOLS_CACHE:-$HOME/.cache/tindal-tools}"
bin="$cache/bin/vuln-$vuln_version"
db="$cache/vulndb-$vulndb_version"
mkdir -p "$bin" "$cache/bin/vulndb-$vulndb_version"

# Tools: go install module@version builds each from its own go.mod and the
# checksum database, outside this module.
if [ ! -x "$bin/govulncheck" ]; then
	echo "vulncheck: building govulncheck $vuln_version" >&2
	GOBIN="$bin" go install "golang.org/x/vuln/cmd/govulncheck@$vuln_version"
fi

# Database: built into a temporary folder and renamed, so an interrupted
# build never leaves a half database that later runs would trust.
if [ ! -s "$db/index/db.json" ]; then
	indexdb="$cache/bin/vulndb-$vulndb_version/indexdb"
	if [ ! -x "$indexdb" ]; then
		echo "vulncheck: building indexdb from golang.org/x/vulndb@$vulndb_version" >&2
		GOBIN="$(dirname "$indexdb")" go install "golang.org/x/vulndb/cmd/indexdb@$vulndb_version"
	fi
	src="$(go mod download -json "golang.org/x/vulndb@$vulndb_version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
	[ -d "$src/data/osv" ] || { echo "vulncheck: no data/osv in $src" >&2; exit 1; }
	tmp="$(mktemp -d "$cache/vulndb-tmp.XXXXXX")"
	trap 'rm -rf "$tmp"' EXIT
	echo "vulncheck: indexing $(find "$src/data/osv" -name '*.json' | wc -l) OSV reports" >&2
	"$indexdb" -vulns "$src/data/osv" -out "$tmp/db"
	rm -rf "$db"
	mv "$tmp/db" "$db"
fi

# The scan loads ./... with the toolchain the project ships with; only the
# proof run overrides it, to show the database does find vulnerabilities.
scan_toolchain="${VULNCHECK_GOTOOLCHAIN:-$GOTOOLCHAIN}"
if [ "$scan_toolchain" != "$GOTOOLCHAIN" ]; then
	# go.mod requires go 1.27.3, which an older toolchain refuses to load:
	# the proof scans a copy of the tracked files whose go.mod names it.
	srccopy="$(mktemp -d)"
	trap 'rm -rf "$srccopy"' EXIT
	git ls-files -z | tar --null -cf - -T - | tar -xf - -C "$srccopy"
	cd "$srccopy"
	go mod edit -go="${scan_toolchain#go}"
fi
echo "vulncheck: govulncheck $vuln_version, database golang.org/x/vulndb@$vulndb_version, $(GOTOOLCHAIN=$scan_toolchain go version)" >&2
# shellcheck disable=SC2086 # VULNCHECK_FLAGS is a list of flags
GOTOOLCHAIN="$scan_toolchain" "$bin/govulncheck" -db "file://$db" ${VULNCHECK_FLAGS:-} ./...
