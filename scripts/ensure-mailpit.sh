#!/usr/bin/env bash
# Prints the path of Mailpit (a real SMTP server with an HTTP API) for the
# browser journeys, installing the pinned version with `go install` into
# .tools/ when it is missing. Used by `make test-e2e`.
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the approved Go toolchain (README)
VERSION=v1.27.11
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.tools/mailpit-$VERSION"
if [ ! -x "$dir/mailpit" ]; then
  echo "installing Mailpit $VERSION into $dir" >&2
  GOBIN="$dir" "${GO:-go}" install "github.com/axllent/mailpit@$VERSION" >&2
fi
echo "$dir/mailpit"
