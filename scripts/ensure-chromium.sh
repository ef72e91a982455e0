#!/usr/bin/env bash
# Prints the path of a Chromium for the browser tests. If none is found it
# installs Debian's chromium when run as root, else stops with a clear message.
# It never lets the browser suite be skipped.
set -euo pipefail

find_chromium() {
  for c in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; return 0; fi
  done
  return 1
}

if path=$(find_chromium); then echo "$path"; exit 0; fi

if [ "$(id -u)" -eq 0 ]; then
  echo "No Chromium found: installing Debian's chromium package..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
  if path=$(find_chromium); then echo "$path"; exit 0; fi
fi

cat >&2 <<'MSG'
ERROR: the browser tests need Chromium and none was found.
Install Debian's package as root (apt-get install chromium), or set
CHROMIUM_PATH to a Chromium binary, then run `make test` again.
MSG
exit 1
