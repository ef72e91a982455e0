#!/usr/bin/env bash
# Builds the pinned S3 gateway (VersityGW) and Litestream into .tools/bin
# with `go install` (the Go module proxy), once; prints the directory.
# Used by `make test-ops` and the ops bench sections.
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the approved Go toolchain (README)
cd "$(dirname "$0")/.."
VERSITYGW_VERSION=v1.8.0
LITESTREAM_VERSION=v0.5.18
bin="$PWD/.tools/bin"
mkdir -p "$bin"
want() { [ -x "$bin/$1" ] && [ "$(cat "$bin/$1.version" 2>/dev/null)" = "$2" ]; }
if ! want versitygw "$VERSITYGW_VERSION"; then
  GOBIN="$bin" go install "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION" >&2
  echo "$VERSITYGW_VERSION" >"$bin/versitygw.version"
fi
if ! want litestream "$LITESTREAM_VERSION"; then
  GOBIN="$bin" go install "github.com/benbjohnson/litestream/cmd/litestream@$LITESTREAM_VERSION" >&2
  echo "$LITESTREAM_VERSION" >"$bin/litestream.version"
fi
echo "$bin"
