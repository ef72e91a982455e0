#!/usr/bin/env bash
# `make test`: every suite, two at a time on a 2-core machine, each named in
# what it prints and in the closing summary; none is ever skipped.
#
#   1. the dependencies (npm ci of app/ and e2e/), then the build (the app,
#      which also writes routes/firstscreen's generated files, and the
#      binary), before anything reads them: no Go test compiles a file the
#      app's build is rewriting;
#   2. at once: the Go suite (gofmt, vet, govulncheck, then `go test -race`)
#      followed by the app's (lint, vitest), beside the browser journeys
#      (e2e/, two lanes). The journeys mostly wait on the browser and the
#      servers (about a third of a core on average), and the other suites
#      fill those gaps; they run at a lower priority (nice) so the
#      journeys' clicks are served first. A suite that fails does not stop
#      the next.
#
# Each suite's output goes to its own log, printed whole when the suite
# ends, under a line that names it; the last lines list every suite with
# passed/FAILED and its time, and the exit status is non-zero when any
# failed. Everything the tests leave in the temporary directory (the test
# apps' data dirs, the migrated template, Chromium's profile, Mailpit's
# databases) is under one directory of this run, removed at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE="${MAKE:-make}"

run_tmp="$(mktemp -d "${TMPDIR:-/tmp}/stageshop-test-XXXXXX")"
cleanup() {
  # Suites still running (an interrupted run; Ctrl-C reaches them too) end first.
  local pids
  pids="$(jobs -p)"
  [ -z "$pids" ] || { kill $pids 2>/dev/null; wait; }
  rm -rf "$run_tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
logs="$run_tmp/logs"
mkdir -p "$logs" "$run_tmp/tmp"
export TMPDIR="$run_tmp/tmp"

names=() results=()
started=$SECONDS

fmt() { printf '%dm %02ds' $(($1 / 60)) $(($1 % 60)); }

# report NAME STATUS SECONDS prints a suite's log under a line naming it.
report() {
  local name=$1 status=$2 secs=$3 verdict=passed
  [ "$status" -eq 0 ] || verdict=FAILED
  echo ""
  echo "=============== suite $name: $verdict in $(fmt "$secs") (exit $status) ==============="
  cat "$logs/$name.log"
  echo "=============== end of suite $name: $verdict ==============="
  names+=("$name")
  results+=("$verdict $(fmt "$secs")")
}

# run_suite NAME CMD... runs CMD into NAME's log and notes its status and
# time in $logs/NAME.status.
run_suite() {
  local name=$1 t0=$SECONDS
  shift
  echo "suite $name: started ($*)"
  "$@" >"$logs/$name.log" 2>&1
  echo "$? $((SECONDS - t0))" >"$logs/$name.status"
  echo "suite $name: finished"
}

# wait_suite NAME waits for NAME and reports it.
wait_suite() {
  local name=$1 status secs
  while [ ! -f "$logs/$name.status" ]; do
    # A chain that ended without noting the suite (killed) fails it.
    [ -n "$(jobs -rp)" ] || [ -f "$logs/$name.status" ] || echo "1 0" >"$logs/$name.status"
    sleep 1
  done
  touch "$logs/$name.log"
  read -r status secs <"$logs/$name.status"
  report "$name" "$status" "$secs"
}

echo "make test: dependencies and the build first, then the Go and app suites beside the journeys"
t0=$SECONDS
"$MAKE" --no-print-directory app-deps e2e-deps build >"$logs/build.log" 2>&1
report build $? $((SECONDS - t0))

(
  run_suite go nice -n 5 "$MAKE" --no-print-directory test-go
  run_suite app nice -n 5 "$MAKE" --no-print-directory test-app
) &
(run_suite e2e "$MAKE" --no-print-directory test-e2e) &
for name in e2e go app; do wait_suite "$name"; done

echo ""
echo "make test: every suite in $(fmt $((SECONDS - started)))"
failed=0
for i in "${!names[@]}"; do
  printf '  %-14s %s\n' "${names[$i]}" "${results[$i]}"
  case "${results[$i]}" in FAILED*) failed=$((failed + 1)) ;; esac
done
echo "suites: $((${#names[@]} - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
