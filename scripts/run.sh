#!/usr/bin/env bash
# `make run`: everything needed to use Atende on this machine, from a fresh clone.
#   1. PostgreSQL + Redis up, database created            (scripts/ensure-services.sh)
#   2. .env created on first run with random secrets and a super admin, then loaded
#   3. web app built (frontend/dist), binary built (bin/atende), migrations + seed applied
#   4. processes started: `bin/atende all` (default) or, with RUN_MODE=split, api + worker +
#      scheduler as three processes. Ctrl-C stops them all.
# Settings: any variable of .env.example, from the environment or .env (the environment wins).
#   RUN_MODE=all|split   SKIP_WEB_BUILD=1 (reuse frontend/dist)
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

RUN_MODE=${RUN_MODE:-all}
case "$RUN_MODE" in all | split) ;; *) die "RUN_MODE must be 'all' or 'split' (got '$RUN_MODE')" ;; esac

prepare_env
export DATABASE_URL=${DATABASE_URL:-$DEFAULT_DATABASE_URL}
export REDIS_URL=${REDIS_URL:-$DEFAULT_REDIS_URL}
export PORT=${PORT:-8080}
export FRONTEND_URL=${FRONTEND_URL:-http://localhost:$PORT}
export WEB_DIR=${WEB_DIR:-frontend/dist}
export MEDIA_DIR=${MEDIA_DIR:-data/media}
mkdir -p "$MEDIA_DIR"

bash "$ROOT/scripts/ensure-services.sh"
require_tools go node npm

if [ "${SKIP_WEB_BUILD:-0}" = 1 ] && [ -f "$WEB_DIR/index.html" ]; then
  ok "web app: reusing $WEB_DIR (SKIP_WEB_BUILD=1)"
else
  build_web
fi
build_go

say "bin/atende migrate"
bin/atende migrate
ok "database migrated and seeded"

if http_ok "http://127.0.0.1:$PORT/readyz" 2>/dev/null; then
  die "something already answers on port $PORT (another 'make run'?); stop it or set PORT"
fi

PIDS=()
NAMES=()
start() { # start NAME ARGS... : runs bin/atende ARGS in its own session (Ctrl-C is forwarded by us, once)
  setsid bin/atende "$@" &
  PIDS+=("$!")
  NAMES+=("$1")
}
shutdown() {
  trap - INT TERM HUP
  echo
  say "stopping ${NAMES[*]}"
  stop_pids 20 "${PIDS[@]}"
  ok "stopped"
}
trap 'shutdown; exit 130' INT
trap 'shutdown; exit 143' TERM HUP

if [ "$RUN_MODE" = split ]; then
  say "starting api, worker and scheduler (RUN_MODE=split)"
  start api
  start worker
  start scheduler
else
  say "starting bin/atende all"
  start all
fi

# Wait for the api to be ready, then tell the user where to go.
deadline=$(( $(date +%s) + 90 ))
until http_ok "http://127.0.0.1:$PORT/readyz" 2>/dev/null; do
  for i in "${!PIDS[@]}"; do
    if ! kill -0 "${PIDS[$i]}" 2>/dev/null; then
      rc=0; wait "${PIDS[$i]}" || rc=$?
      warn "${NAMES[$i]} exited with status $rc during start-up"
      shutdown; exit 1
    fi
  done
  if [ "$(date +%s)" -ge "$deadline" ]; then warn "/readyz did not answer within 90s; still running, check the logs above"; break; fi
  sleep 0.5
done

cat <<EOF

${_B}================================================================${_N}
  Atende is running ($RUN_MODE)  →  ${_B}${FRONTEND_URL}${_N}
  Super admin e-mail:     ${_B}${ADMIN_EMAIL}${_N}
  Super admin password:   ${_B}${ADMIN_PASSWORD}${_N}
  (kept in .env; the seed sets it when the admin is first created)
  Press Ctrl-C to stop.
${_B}================================================================${_N}

EOF

# Run until one process ends (or Ctrl-C); then stop the others.
rc=0
wait -n "${PIDS[@]}" || rc=$?
warn "a process exited (status $rc); stopping the rest"
shutdown
exit "$rc"
