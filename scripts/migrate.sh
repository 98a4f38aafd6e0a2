#!/usr/bin/env bash
# `make migrate`: services up, .env loaded (created on first use), binary built, then
# `bin/atende migrate` (embedded migrations + seed) against DATABASE_URL.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
prepare_env
export DATABASE_URL=${DATABASE_URL:-$DEFAULT_DATABASE_URL}
export REDIS_URL=${REDIS_URL:-$DEFAULT_REDIS_URL}
bash "$ROOT/scripts/ensure-services.sh"
build_go
say "bin/atende migrate ($(redact "$DATABASE_URL"))"
bin/atende migrate
ok "migrated and seeded"
