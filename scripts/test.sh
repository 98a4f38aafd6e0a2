#!/usr/bin/env bash
# `make test`: every test this project has, stopping at the first failure.
#   1. services      PostgreSQL + Redis up (and Debian's chromium for e2e)
#   2. go vet        go vet ./...
#   3. go test       go test -race -p 2 -count=1 -timeout 30m ./...   (real PostgreSQL and Redis)
#   4. web unit      cd frontend && npm ci --prefer-offline && npm test
#   5. e2e           scripts/e2e.sh (built app in headless Chromium)
# Skip parts while developing: SKIP_GO=1  SKIP_WEB=1  SKIP_E2E=1
# Extra flags for go test: GO_TEST_FLAGS='-run TestX -v'   Packages: GO_PKGS='./pkg/...'
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

# Tests create their own databases from this server, and pick their own Redis db numbers on a
# Redis of their own (6380, nothing saved to disk, started by ensure-services.sh): they flush
# the dbs they pick, which must never be a person's data.
export DATABASE_URL=${TEST_DATABASE_URL:-'postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable'}
export TEST_REDIS_URL=${TEST_REDIS_URL:-$DEFAULT_TEST_REDIS_URL}
export REDIS_URL=$TEST_REDIS_URL

STEPS=()   # "name|status|seconds"
T0=$(date +%s)
CURRENT=''
STARTED=0

summary() {
  local rc=$1 s name status secs
  printf '\n%s================ test summary ================%s\n' "$_B" "$_N"
  for s in "${STEPS[@]}"; do
    IFS='|' read -r name status secs <<<"$s"
    case "$status" in
      ok) printf '  %s%-8s%s %-14s %4ss\n' "$_G" PASS "$_N" "$name" "$secs" ;;
      skipped) printf '  %-8s %-14s\n' SKIP "$name" ;;
      *) printf '  %s%-8s%s %-14s %4ss\n' "$_R" FAIL "$_N" "$name" "$secs" ;;
    esac
  done
  if [ "$rc" -eq 0 ]; then
    printf '%sALL GREEN%s in %ss\n' "$_G" "$_N" "$(( $(date +%s) - T0 ))"
  else
    printf '%sFAILED%s at step "%s" (exit %s) after %ss\n' "$_R" "$_N" "${CURRENT:-?}" "$rc" "$(( $(date +%s) - T0 ))"
  fi
}
on_exit() {
  local rc=$?
  if [ "$rc" -ne 0 ] && [ -n "$CURRENT" ]; then STEPS+=("$CURRENT|failed|$(( $(date +%s) - STARTED ))"); fi
  summary "$rc"
  exit "$rc"
}
trap on_exit EXIT

# step NAME CMD... : runs CMD; set -e ends the whole script (and prints the summary) if it fails.
step() {
  CURRENT=$1; shift
  STARTED=$(date +%s)
  printf '\n%s---- %s ----%s\n' "$_B" "$CURRENT" "$_N"
  "$@"
  STEPS+=("$CURRENT|ok|$(( $(date +%s) - STARTED ))")
  CURRENT=''
}
skip() { STEPS+=("$1|skipped|0"); printf '\n---- %s: skipped (%s) ----\n' "$1" "$2"; }

services() {
  bash "$ROOT/scripts/ensure-services.sh"
  if [ "${SKIP_E2E:-0}" != 1 ]; then ensure_chromium; fi
}

go_vet() {
  require_tools go
  # shellcheck disable=SC2086
  go vet ${GO_PKGS:-./...}
}

go_test() {
  require_tools go
  # A package may take minutes under -race on a loaded machine (the api package: 2–10); the
  # default 10-minute cap would kill a slow but healthy run.
  # shellcheck disable=SC2086
  go test -race -p 2 -count=1 -timeout 30m ${GO_TEST_FLAGS:-} ${GO_PKGS:-./...}
}

web_unit() {
  require_tools node npm
  npm_ci_if_needed
  (cd frontend && CI="${CI:-true}" npm test)
}

e2e() {
  # The web app and binary were just built/tested from the same tree; e2e builds them itself.
  bash "$ROOT/scripts/e2e.sh"
}

step services services
if [ "${SKIP_GO:-0}" = 1 ]; then skip "go vet" SKIP_GO=1; skip "go test" SKIP_GO=1
else step "go vet" go_vet; step "go test" go_test; fi
if [ "${SKIP_WEB:-0}" = 1 ]; then skip "web unit" SKIP_WEB=1; else step "web unit" web_unit; fi
if [ "${SKIP_E2E:-0}" = 1 ]; then skip "e2e" SKIP_E2E=1; else step "e2e" e2e; fi
