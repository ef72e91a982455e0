#!/usr/bin/env bash
# Prints the path of wrk (the HTTP load generator the page-speed bench,
# `cd bench && go run . -ops pages`, drives), installing Debian's wrk
# package (4.1.0 on bookworm) when it is missing and we are root. Nothing
# is started here.
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the approved Go toolchain (README)
if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "wrk is missing: install Debian's wrk package (apt-get install wrk)" >&2
    exit 1
  fi
  (apt-get install -y -qq wrk >/dev/null 2>&1) || (apt-get update -qq && apt-get install -y -qq wrk >/dev/null)
fi
command -v wrk
