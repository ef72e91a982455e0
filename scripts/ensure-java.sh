#!/usr/bin/env bash
# Prints the path of a Java runtime for the Nu HTML Checker (npm's vnu-jar, run
# by the browser journeys, issue 50). If none is found it installs Debian's
# default-jre-headless when run as root, else stops with a clear message.
set -euo pipefail

find_java() {
  for c in "${JAVA_PATH:-}" /usr/bin/java; do
    if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; return 0; fi
  done
  return 1
}

if path=$(find_java); then echo "$path"; exit 0; fi

if [ "$(id -u)" -eq 0 ]; then
  echo "No Java found: installing Debian's default-jre-headless package..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq default-jre-headless >&2
  if path=$(find_java); then echo "$path"; exit 0; fi
fi

cat >&2 <<'MSG'
ERROR: the HTML validity checks (the Nu HTML Checker) need Java and none was found.
Install Debian's package as root (apt-get install default-jre-headless), or set
JAVA_PATH to a java binary (Java 11 or later), then run `make test` again.
MSG
exit 1
