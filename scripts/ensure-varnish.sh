#!/usr/bin/env bash
# Prints the path of varnishd, installing Debian's varnish package (pinned
# to the release's version, 7.1 on bookworm) when it is missing and we are
# root. Used by `make bench-varnish`; nothing is started here, and the
# package's own service is not enabled (the bench starts varnishd itself on
# loopback).
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the approved Go toolchain (README)
if ! command -v varnishd >/dev/null 2>&1 && [ ! -x /usr/sbin/varnishd ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "varnishd is missing: install Debian's varnish package (apt-get install varnish)" >&2
    exit 1
  fi
  # policy-rc.d keeps the package from starting its service on port 6081.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  (apt-get install -y -qq varnish >/dev/null 2>&1) || (apt-get update -qq && apt-get install -y -qq varnish >/dev/null)
fi
command -v varnishd 2>/dev/null || echo /usr/sbin/varnishd
