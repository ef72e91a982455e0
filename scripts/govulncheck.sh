#!/usr/bin/env bash
# Runs govulncheck over the module with a vulnerability database built
# offline: the pinned golang.org/x/vulndb module (from the Go module proxy)
# holds every report as OSV JSON, and its own indexdb command turns them
# into the v1 database govulncheck reads (file://). Both tools are pinned
# and installed into .tools/ on first use. Used by `make lint`; exits
# non-zero on any finding reachable from StageShop's code.
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the approved Go toolchain (README)
VULN_VERSION=v1.9.0
VULNDB_VERSION=v0.0.0-20261105234957-e22db6528018
root="$(cd "$(dirname "$0")/.." && pwd)"
go="${GO:-go}"
bin="$root/.tools/govulncheck-$VULN_VERSION"
db="$root/.tools/vulndb-$VULNDB_VERSION"
if [ ! -x "$bin/govulncheck" ]; then
  echo "installing govulncheck $VULN_VERSION into $bin" >&2
  GOBIN="$bin" "$go" install "golang.org/x/vuln/cmd/govulncheck@$VULN_VERSION" >&2
fi
if [ ! -f "$db/index/db.json" ]; then
  echo "building the vulnerability database from golang.org/x/vulndb@$VULNDB_VERSION into $db" >&2
  src="$("$go" mod download -json "golang.org/x/vulndb@$VULNDB_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -d "$src/data/osv" ] || { echo "golang.org/x/vulndb@$VULNDB_VERSION has no data/osv" >&2; exit 1; }
  rm -rf "$db.tmp"
  GOFLAGS=-mod=mod "$go" run "golang.org/x/vulndb/cmd/indexdb@$VULNDB_VERSION" -vulns "$src/data/osv" -out "$db.tmp" >&2
  mv "$db.tmp" "$db"
fi
cd "$root"
exec "$bin/govulncheck" -db "file://$db" "$@" ./...
