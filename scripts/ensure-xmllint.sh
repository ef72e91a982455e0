#!/usr/bin/env bash
# Prints the path of xmllint, which checks the sitemaps against the sitemaps.org
# schema in the browser journeys (issue 50). If none is found it installs Debian's
# libxml2-utils when run as root, else stops with a clear message.
set -euo pipefail

find_xmllint() {
  for c in "${XMLLINT_PATH:-}" /usr/bin/xmllint; do
    if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; return 0; fi
  done
  return 1
}

if path=$(find_xmllint); then echo "$path"; exit 0; fi

if [ "$(id -u)" -eq 0 ]; then
  echo "No xmllint found: installing Debian's libxml2-utils package..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq libxml2-utils >&2
  if path=$(find_xmllint); then echo "$path"; exit 0; fi
fi

cat >&2 <<'MSG'
ERROR: the sitemap schema checks need xmllint and none was found.
Install Debian's package as root (apt-get install libxml2-utils), or set
XMLLINT_PATH to an xmllint binary, then run `make test` again.
MSG
exit 1
