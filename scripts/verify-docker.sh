#!/usr/bin/env bash
# Verifies the container image as far as this machine allows (README,
# "Container"): base images cannot be pulled here, so the runtime stage of
# ./Dockerfile is rebuilt on a Debian base made with debootstrap (imported
# into Docker) around a binary built like the Dockerfile's server stage.
# Everything after the base and its package line is the Dockerfile's own
# text. Then: the container runs as non-root, the health check turns
# healthy, `seed` and `admin create` work through `docker run` (a refused one
# exits 1), the data survive a restart, `docker stop` ends it cleanly, and a
# new container on the same volume (an upgrade) has the data.
# No network: containers run with --network none and are probed from inside.
# Needs root, Debian's docker.io and debootstrap (installed when missing).
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the approved Go toolchain (README)
cd "$(dirname "$0")/.."
[ "$(id -u)" -eq 0 ] || { echo "verify-docker.sh needs root (docker, debootstrap)" >&2; exit 1; }
command -v dockerd >/dev/null && command -v debootstrap >/dev/null || apt-get install -y -qq docker.io debootstrap >/dev/null

work="$(mktemp -d)"; started_dockerd=""; name="stageshop-verify-$$"; vol="stageshop-verify-$$"
cleanup() {
  docker rm -f "$name" >/dev/null 2>&1 || true
  docker volume rm "$vol" >/dev/null 2>&1 || true
  [ -n "$started_dockerd" ] && kill "$started_dockerd" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
if ! docker info >/dev/null 2>&1; then
  # No bridge network: nothing here needs one.
  dockerd --bridge=none --iptables=false --ip-masq=false >"$work/dockerd.log" 2>&1 &
  started_dockerd=$!
  for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
fi

base=stageshop-verify-base:bookworm
if ! docker image inspect "$base" >/dev/null 2>&1; then
  echo "== base image: debootstrap bookworm (minbase + wget, ca-certificates)"
  debootstrap --variant=minbase --include=wget,ca-certificates bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log"
  tar -C "$work/rootfs" -c . | docker import - "$base" >/dev/null
fi

echo "== binary, as the Dockerfile's server stage builds it (app from make build)"
[ -f pb_public/index.html ] || make app >/dev/null
mkdir -p "$work/ctx"
CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o "$work/ctx/stageshop" .

echo "== runtime stage of ./Dockerfile on that base"
# The runtime stage from its FROM on; the base and the alpine package line
# (apk, busybox adduser) are replaced by Debian's equivalents.
awk '
  /^FROM alpine/ { rt=1; print "FROM '"$base"'"; next }
  !rt { next }
  /^RUN apk add/ { skip=1 }
  skip { if ($0 !~ /\\$/) { skip=0; print "RUN useradd --system --no-create-home --uid 10001 stageshop && mkdir -p /pb_data && chown stageshop /pb_data" } next }
  { sub(/COPY --from=server \/stageshop/, "COPY stageshop"); print }
' Dockerfile >"$work/ctx/Dockerfile"
grep -q '^USER stageshop' "$work/ctx/Dockerfile" && grep -q '^HEALTHCHECK' "$work/ctx/Dockerfile" || { echo "runtime stage not found in Dockerfile" >&2; exit 1; }
docker build -q --network none -t stageshop-verify "$work/ctx" >/dev/null

run() { docker run --rm --network none -v "$vol:/pb_data" stageshop-verify "$@"; }
inside() { docker exec "$name" wget -qO- "http://127.0.0.1:8090$1"; }
healthy() {
  for _ in $(seq 90); do
    [ "$(docker inspect -f '{{.State.Health.Status}}' "$name")" = healthy ] && return 0; sleep 1
  done
  echo "FAIL: not healthy after 90 s"; docker logs "$name" | tail -20; exit 1
}
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; docker logs "$name" 2>&1 | tail -20 || true; exit 1; }

docker volume create "$vol" >/dev/null
run seed | grep -q "Added" || fail "seed through docker run"
pass "seed through docker run"
run admin create ops@example.com 'Str0ngPass' | grep -q "Created admin" || fail "admin create through docker run"
pass "admin create through docker run"
if run admin create bad-email 'Str0ngPass' >/dev/null 2>&1; then fail "a refused admin create exited 0"; fi
pass "a refused admin create exits non-zero through docker run"

docker run -d --name "$name" --network none -v "$vol:/pb_data" stageshop-verify >/dev/null
healthy
pass "health check healthy"
uid="$(docker exec "$name" id -u)"
[ "$uid" = 10001 ] || fail "runs as uid $uid"
pass "runs as non-root (uid $uid, user $(docker exec "$name" id -un))"
count() { inside "/api/products?pageSize=1" | grep -o '"totalCount":[0-9]*' | cut -d: -f2; }
before="$(count)"
[ "${before:-0}" -gt 0 ] || fail "no seeded catalog served"
pass "serves the seeded catalog ($before products)"
docker restart -t 10 "$name" >/dev/null
healthy
after="$(count)"
[ "$after" = "$before" ] || fail "after a restart: $after products, before $before"
pass "data survive a container restart ($after products)"
run admin create ops@example.com 'Other1Pass' | grep -q "password unchanged" || fail "the admin is gone after the restart"
pass "the admin made before the restart is still there"
docker stop -t 10 "$name" >/dev/null
code="$(docker inspect -f '{{.State.ExitCode}}' "$name")"
[ "$code" = 0 ] || fail "docker stop: exit code $code"
pass "docker stop: clean exit (code $code)"
# An upgrade replaces the container and keeps the volume.
docker rm "$name" >/dev/null
docker run -d --name "$name" --network none -v "$vol:/pb_data" stageshop-verify >/dev/null
healthy
again="$(count)"
[ "$again" = "$before" ] || fail "in a new container on the same volume: $again products, before $before"
pass "data survive replacing the container (docker rm, docker run on the volume: $again products)"
echo "Not verified here: the node and golang build stages and the alpine base with its packages (see README, Container)."
