#!/usr/bin/env bash
# Prints the path of a Chromium for the browser tests. If none is found it
# installs Debian's chromium when run as root, else stops with a clear message.
# It never lets the browser suite be skipped.
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the approved Go toolchain (README)

find_chromium() {
  for c in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; return 0; fi
  done
  return 1
}

# Chinese text in the journeys' screenshots needs a CJK font (Debian's
# fonts-noto-cjk); without one Chromium draws empty boxes. Installed when run
# as root, like Chromium; otherwise a warning says what to install.
has_cjk_font() {
  if command -v fc-list >/dev/null 2>&1; then
    [ -n "$(fc-list :lang=zh family 2>/dev/null | head -n 1)" ]
  else
    dpkg -s fonts-noto-cjk >/dev/null 2>&1
  fi
}

ensure_cjk_font() {
  has_cjk_font && return 0
  if [ "$(id -u)" -eq 0 ]; then
    echo "No CJK font found: installing Debian's fonts-noto-cjk package..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq fonts-noto-cjk >&2
  else
    echo "WARNING: no CJK font: Chinese text in screenshots shows as boxes (apt-get install fonts-noto-cjk)." >&2
  fi
}

if path=$(find_chromium); then ensure_cjk_font; echo "$path"; exit 0; fi

if [ "$(id -u)" -eq 0 ]; then
  echo "No Chromium found: installing Debian's chromium package..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium fonts-noto-cjk >&2
  if path=$(find_chromium); then echo "$path"; exit 0; fi
fi

cat >&2 <<'MSG'
ERROR: the browser tests need Chromium and none was found.
Install Debian's package as root (apt-get install chromium), or set
CHROMIUM_PATH to a Chromium binary, then run `make test` again.
MSG
exit 1
