#!/usr/bin/env bash
# Builds the pinned LiteFS (v0.5.14, in maintenance: pinned for that) into
# .tools/bin with `go install` (cgo: it links SQLite), once, and installs
# Debian's fuse3 (fusermount3) when run as root; prints the directory.
# Used by `make test-ha` (README, "Past one machine": read replicas).
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the approved Go toolchain (README)
cd "$(dirname "$0")/.."
LITEFS_VERSION=v0.5.14
bin="$PWD/.tools/bin"
mkdir -p "$bin"
if ! command -v fusermount3 >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fuse3) >&2
  else
    echo "LiteFS needs FUSE: install Debian's fuse3 (apt-get install fuse3)" >&2
    exit 1
  fi
fi
if [ ! -c /dev/fuse ]; then
  echo "LiteFS needs /dev/fuse (a container needs --device /dev/fuse --cap-add SYS_ADMIN)" >&2
  exit 1
fi
if ! [ -x "$bin/litefs" ] || [ "$(cat "$bin/litefs.version" 2>/dev/null)" != "$LITEFS_VERSION" ]; then
  CGO_ENABLED=1 GOBIN="$bin" go install "github.com/superfly/litefs/cmd/litefs@$LITEFS_VERSION" >&2
  echo "$LITEFS_VERSION" >"$bin/litefs.version"
fi
echo "$bin"
