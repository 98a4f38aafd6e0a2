#!/usr/bin/env bash
# End-to-end tests: the built app, served by `bin/atende all` on a fresh database, driven in
# headless Chromium by the frontend's `npm run e2e` (playwright-core).
#   E2E_PORT (8099)   E2E_DB (atende_e2e)   E2E_REDIS_DB (14)   SKIP_BUILD=1 (reuse frontend/dist and bin/atende)
#   (a distinct port, database and Redis db let parallel runs in several worktrees not collide)
#   E2E_KEEP_LOG=1    keep the server log even when everything passes
#   E2E_FAKEGRAPH_PORT (E2E_PORT+1000): the fake Graph API (pkg/testutil/fakegraph) the app talks to
#   E2E_FAKEEFI_PORT (E2E_PORT+1001): the fake Efí Pix API (pkg/testutil/fakeefi) confirming payments
# Arguments after the script's name go to `node --test` in frontend/: test files (e.g.
# e2e/inbox.test.mjs runs that file alone; none: all of e2e/) and flags (--test-name-pattern=…).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

E2E_PORT=${E2E_PORT:-8099}
BASE_URL="http://127.0.0.1:$E2E_PORT"
PG_ADMIN_URL='postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable'
E2E_DB=${E2E_DB:-atende_e2e}
E2E_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$E2E_DB?sslmode=disable"
# The tests' Redis when make test runs us (TEST_REDIS_URL), db 14: the Go tests take 1–13.
E2E_REDIS_URL="$(printf '%s' "${TEST_REDIS_URL:-redis://127.0.0.1:6379}" | sed -E 's#/[0-9]*$##')/${E2E_REDIS_DB:-14}"
E2E_ADMIN_EMAIL=admin@atende.local
E2E_ADMIN_PASSWORD='Admin@12345'
FAKEGRAPH_URL="http://127.0.0.1:${E2E_FAKEGRAPH_PORT:-$((E2E_PORT + 1000))}"
E2E_META_SECRET=e2e-meta-secret
FAKEEFI_URL="http://127.0.0.1:${E2E_FAKEEFI_PORT:-$((E2E_PORT + 1001))}"
E2E_PIX_SECRET=e2e-pix-secret

DATABASE_URL=$PG_ADMIN_URL REDIS_URL=$E2E_REDIS_URL bash "$ROOT/scripts/ensure-services.sh"
ensure_chromium

if [ "${SKIP_BUILD:-0}" = 1 ] && [ -x bin/atende ] && [ -f frontend/dist/index.html ]; then
  ok "reusing frontend/dist and bin/atende (SKIP_BUILD=1)"
  npm_ci_if_needed
else
  build_web
  build_go
fi
if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -x bin/fakegraph ]; then
  say "go build -o bin/fakegraph ./pkg/testutil/fakegraph/cmd"
  go build -o bin/fakegraph ./pkg/testutil/fakegraph/cmd
fi
if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -x bin/fakeefi ]; then
  say "go build -o bin/fakeefi ./pkg/testutil/fakeefi/cmd"
  go build -o bin/fakeefi ./pkg/testutil/fakeefi/cmd
fi

say "fresh database $E2E_DB, empty Redis db ${E2E_REDIS_DB:-14}"
PGOPTIONS="-c client_min_messages=warning" psql "$PG_ADMIN_URL" -w -XqAt -v ON_ERROR_STOP=1 \
  -c "DROP DATABASE IF EXISTS $E2E_DB WITH (FORCE)" -c "CREATE DATABASE $E2E_DB" >/dev/null
redis-cli -u "$E2E_REDIS_URL" flushdb >/dev/null

if http_ok "$BASE_URL/readyz" 2>/dev/null || (exec 3<>"/dev/tcp/127.0.0.1/$E2E_PORT") 2>/dev/null; then
  die "port $E2E_PORT is already in use (a leftover e2e server?); stop it or set E2E_PORT"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/atende-e2e.XXXXXX")
LOG="$WORK/server.log"
SERVER_PID='' FAKEGRAPH_PID='' FAKEEFI_PID=''

# The server's whole environment, explicit: nothing from a developer's .env leaks in.
server_env=(
  APP_ENV=development LOG_LEVEL="${E2E_LOG_LEVEL:-info}"
  PORT="$E2E_PORT" FRONTEND_URL="$BASE_URL"
  DATABASE_URL="$E2E_DATABASE_URL" REDIS_URL="$E2E_REDIS_URL"
  WEB_DIR="$ROOT/frontend/dist" MEDIA_DIR="$WORK/media"
  JWT_SECRET=e2e-access-secret-not-for-production JWT_REFRESH_SECRET=e2e-refresh-secret-not-for-production
  ADMIN_EMAIL="$E2E_ADMIN_EMAIL" ADMIN_PASSWORD="$E2E_ADMIN_PASSWORD"
  # SMTP pointed at nothing: a closed port on loopback, so any mail fails fast and locally.
  SMTP_HOST=127.0.0.1 SMTP_PORT=1 SMTP_USER= SMTP_PASS= SMTP_FROM=noreply@atende.local
  TZ_DEFAULT=America/Sao_Paulo
  # Meta's Graph API is the fake server on loopback, which signs its webhooks with our secret.
  GRAPH_API_BASE_URL="$FAKEGRAPH_URL" META_APP_SECRET="$E2E_META_SECRET" META_VERIFY_TOKEN=e2e-verify-token
  # Invoices' Pix: the operator's key, and Efí's API as the fake on loopback.
  PIX_KEY=pix@atende.local PIX_MERCHANT_NAME=ATENDE PIX_MERCHANT_CITY="SAO PAULO"
  EFI_BASE_URL="$FAKEEFI_URL" EFI_CLIENT_ID=e2e-efi EFI_CLIENT_SECRET=e2e-efi-secret PIX_WEBHOOK_SECRET="$E2E_PIX_SECRET"
)

finish() {
  local rc=$?
  trap - EXIT INT TERM
  if [ -n "$SERVER_PID" ]; then stop_pids 15 "$SERVER_PID"; fi
  if [ -n "$FAKEGRAPH_PID" ]; then stop_pids 5 "$FAKEGRAPH_PID"; fi
  if [ -n "$FAKEEFI_PID" ]; then stop_pids 5 "$FAKEEFI_PID"; fi
  if [ "$rc" -ne 0 ] && [ -f "$LOG" ]; then
    printf '\n----- last 150 lines of the e2e server log (%s) -----\n' "$LOG" >&2
    tail -n 150 "$LOG" >&2
    printf -- '----- end of server log -----\n' >&2
  fi
  if [ "$rc" -eq 0 ] && [ "${E2E_KEEP_LOG:-0}" != 1 ]; then rm -rf "$WORK"; else echo "e2e server log kept: $LOG" >&2; fi
  exit "$rc"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$WORK/media"
say "bin/atende migrate ($E2E_DB)"
env "${server_env[@]}" bin/atende migrate >>"$LOG" 2>&1 || { warn "migrate failed"; exit 1; }

say "fake Graph API on $FAKEGRAPH_URL"
FAKEGRAPH_ADDR="${FAKEGRAPH_URL#http://}" FAKEGRAPH_WEBHOOK="$BASE_URL/webhooks/meta" META_APP_SECRET="$E2E_META_SECRET" \
  bin/fakegraph >>"$WORK/fakegraph.log" 2>&1 &
FAKEGRAPH_PID=$!

say "fake Efí Pix API on $FAKEEFI_URL"
FAKEEFI_ADDR="${FAKEEFI_URL#http://}" FAKEEFI_WEBHOOK="$BASE_URL/webhooks/efi?hmac=$E2E_PIX_SECRET" \
  EFI_CLIENT_ID=e2e-efi EFI_CLIENT_SECRET=e2e-efi-secret bin/fakeefi >>"$WORK/fakeefi.log" 2>&1 &
FAKEEFI_PID=$!

say "starting bin/atende all on $BASE_URL (log: $LOG)"
env "${server_env[@]}" bin/atende all >>"$LOG" 2>&1 &
SERVER_PID=$!

deadline=$(( $(date +%s) + ${E2E_START_TIMEOUT:-90} ))
until http_ok "$BASE_URL/readyz" 2>/dev/null; do
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    rc=0; wait "$SERVER_PID" || rc=$?; SERVER_PID=''
    warn "server exited with status $rc before $BASE_URL/readyz answered"; exit 1
  fi
  [ "$(date +%s)" -lt "$deadline" ] || { warn "$BASE_URL/readyz did not answer within ${E2E_START_TIMEOUT:-90}s"; exit 1; }
  sleep 0.5
done
ok "server ready"

# `npm run e2e` is `node --test e2e/`; named files replace the folder, or node would run it all.
files=() flags=()
for arg in "$@"; do case $arg in -*) flags+=("$arg") ;; *) files+=("$arg") ;; esac; done
[ "${#files[@]}" -gt 0 ] || files=(e2e/)
say "node --test ${flags[*]} ${files[*]} (BASE_URL=$BASE_URL)"
(
  cd frontend
  BASE_URL="$BASE_URL" FAKEGRAPH_URL="$FAKEGRAPH_URL" FAKEEFI_URL="$FAKEEFI_URL" ADMIN_EMAIL="$E2E_ADMIN_EMAIL" ADMIN_PASSWORD="$E2E_ADMIN_PASSWORD" \
    CHROMIUM_PATH=/usr/bin/chromium CI="${CI:-true}" \
    node --test "${flags[@]}" "${files[@]}"
)
ok "e2e passed"
