#!/usr/bin/env bash
# Times `go test -race` one package at a time (at nice 10, so the machine's
# other work comes first) and prints, per package, the wall time of the test
# binary, the CPU it used (user+sys of go test and the binary) and its
# slowest tests. The machine's load is printed before each package: on a
# shared machine the figures mean little without it.
#
#   scripts/test-times.sh [-n N] [-o DIR] [packages...]   (default: ./...)
#
# -n: how many slowest tests to list per package (10); -o: keep each
# package's `go test -json` output in DIR. The flags are the Makefile's
# RACE_FLAGS (test-go), unless $RACE_FLAGS says others.
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the approved Go toolchain (README)
top=10 out=""
while getopts "n:o:" opt; do
  case $opt in
    n) top=$OPTARG ;;
    o) out=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
cd "$(dirname "$0")/.."
GO="${GO:-go}"
read -r -a race <<<"${RACE_FLAGS:-$(make -s --no-print-directory print-race-flags)}"
export STRIPE_MOCK_PATH="${STRIPE_MOCK_PATH:-$(GO="$GO" scripts/ensure-stripe-mock.sh)}"
pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || mapfile -t pkgs < <("$GO" list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ./...)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
[ -z "$out" ] || mkdir -p "$out"
printf '%-32s %8s %8s %8s  %s\n' package wall_s run_s cpu_s load
for p in "${pkgs[@]}"; do
  load="$(cut -d' ' -f1-3 /proc/loadavg)"
  json="$tmp/test.json"
  # Built first, so that the figures are the tests' own, not the compiler's.
  nice -n 10 "$GO" test "${race[@]}" -count=1 -run '^$' "$p" >/dev/null
  /usr/bin/time -o "$tmp/time" -f '%e %U %S' nice -n 10 "$GO" test "${race[@]}" -count=1 -timeout 30m -json "$p" >"$json" || true
  # The last line: before it, time says when the command failed.
  read -r wall user sys < <(tail -1 "$tmp/time")
  run="$(jq -r 'select(.Action == "pass" or .Action == "fail") | select(.Test == null) | .Elapsed' "$json" | tail -1)"
  failed="$(jq -r 'select(.Action == "fail" and .Test != null) | .Test' "$json" | sort -u | tr '\n' ' ')"
  printf '%-32s %8s %8s %8.1f  %s%s\n' "${p#stageshop/}" "$wall" "${run:-?}" "$(echo "$user + $sys" | bc)" "$load" "${failed:+  FAILED: $failed}"
  jq -r --argjson top "$top" -s '[.[] | select(.Action == "pass" or .Action == "fail") | select(.Test != null and (.Test | contains("/") | not))]
    | sort_by(-.Elapsed) | .[:$top][] | "    \(.Elapsed)s \(.Test)"' "$json"
  [ -z "$out" ] || cp "$json" "$out/$(echo "${p#stageshop/}" | tr / _).json"
done
