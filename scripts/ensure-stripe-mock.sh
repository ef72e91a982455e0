#!/usr/bin/env bash
# Prints the path of stripe-mock (Stripe's own mock of its API, with the
# OpenAPI spec and fixtures embedded in the binary) for the payment tests,
# installing the pinned version with `go install` into .tools/ when it is
# missing. Used by `make test-go` and by the Go tests themselves.
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the approved Go toolchain (README)
VERSION=v0.203.0
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.tools/stripe-mock-$VERSION"
if [ ! -x "$dir/stripe-mock" ]; then
  echo "installing stripe-mock $VERSION into $dir" >&2
  GOBIN="$dir" "${GO:-go}" install "github.com/stripe/stripe-mock@$VERSION" >&2
fi
echo "$dir/stripe-mock"
