#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis answer at DATABASE_URL / REDIS_URL, and that the database named
# in DATABASE_URL exists.
#  - URLs pointing at another host: used as they are if reachable (waits up to SERVICE_WAIT s).
#  - URLs pointing at this machine: PostgreSQL / Redis are installed from apt if missing, started
#    if down, and waited for (pg_isready / redis-cli ping).
# Idempotent; safe to run any number of times.
#   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/atende?sslmode=disable
#   REDIS_URL     default redis://127.0.0.1:6379/0
#   SERVICE_WAIT  seconds to wait for a service to answer (default 60)
#   SKIP_REDIS=1  only PostgreSQL
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

DATABASE_URL=${DATABASE_URL:-$DEFAULT_DATABASE_URL}
REDIS_URL=${REDIS_URL:-$DEFAULT_REDIS_URL}
WAIT=${SERVICE_WAIT:-60}

# ---------------------------------------------------------------- PostgreSQL
pg_cluster_version() { find /etc/postgresql -mindepth 1 -maxdepth 1 -type d -printf '%f\n' 2>/dev/null | sort -V | tail -n 1; }

pg_trust_loopback() { # Debian's fresh cluster asks passwords on TCP; our dev/CI setup trusts loopback.
  local ver hba; ver=$(pg_cluster_version); hba="/etc/postgresql/$ver/main/pg_hba.conf"
  [ -n "$ver" ] && [ -f "$hba" ] || return 1
  grep -q 'atende: trust loopback' "$hba" && return 1
  say "PostgreSQL: allowing passwordless connections on loopback ($hba)"
  as_root sh -c "{ printf '%s\n' '# atende: trust loopback (scripts/ensure-services.sh, for local development and CI only)' \
    'local all all trust' 'host all all 127.0.0.1/32 trust' 'host all all ::1/128 trust'; cat '$hba'; } >'$hba.new' && \
    chown --reference='$hba' '$hba.new' && chmod --reference='$hba' '$hba.new' && mv '$hba.new' '$hba'"
  as_root pg_ctlcluster --skip-systemctl-redirect "$ver" main reload >/dev/null 2>&1 || true
  sleep 1
}

ensure_postgres() {
  parse_pg_url "$DATABASE_URL"
  local where="$PG_HOST:$PG_PORT" installed=0
  [ -n "$PG_HOST" ] || where="local socket"

  if ! command -v pg_isready >/dev/null 2>&1; then
    if is_local_host "$PG_HOST"; then apt_install postgresql; installed=1; else apt_install postgresql-client; fi
  fi

  if pg_isready -q -d "$DATABASE_URL" >/dev/null 2>&1; then
    ok "PostgreSQL: up at $where"
  elif ! is_local_host "$PG_HOST"; then
    say "PostgreSQL: waiting for $where (DATABASE_URL points to another host)"
    wait_until "$WAIT" pg_isready -q -d "$DATABASE_URL" ||
      die "PostgreSQL at $where (from DATABASE_URL=$(redact "$DATABASE_URL")) is not reachable; fix DATABASE_URL or unset it to use a local server"
    ok "PostgreSQL: up at $where"
  else
    if [ -z "$(pg_cluster_version)" ] || ! command -v pg_ctlcluster >/dev/null 2>&1; then
      apt_install postgresql; installed=1
    fi
    local ver; ver=$(pg_cluster_version)
    [ -n "$ver" ] || die "no PostgreSQL cluster under /etc/postgresql after install"
    if [ ! -d "/etc/postgresql/$ver/main" ]; then
      say "PostgreSQL: creating cluster $ver/main"
      as_root pg_createcluster "$ver" main >/dev/null
    fi
    say "PostgreSQL: starting cluster $ver/main"
    local log; log=$(mktemp)
    if ! as_root pg_ctlcluster --skip-systemctl-redirect "$ver" main start >"$log" 2>&1; then
      grep -qi 'already running' "$log" || { cat "$log" >&2; rm -f "$log"; die "could not start PostgreSQL $ver/main"; }
    fi
    rm -f "$log"
    wait_until "$WAIT" pg_isready -q -d "$DATABASE_URL" ||
      die "PostgreSQL cluster $ver/main is running but $where does not answer after ${WAIT}s (see /var/log/postgresql/; is DATABASE_URL's port right?)"
    ok "PostgreSQL: started at $where"
  fi
  if [ "$installed" = 1 ]; then pg_trust_loopback || true; fi

  # Can we log in? (fresh Debian clusters want a password on TCP.)
  local err
  if ! err=$(psql "$PG_MAINT_URL" -w -XtAqc 'select 1' 2>&1 >/dev/null); then
    if is_local_host "$PG_HOST" && [[ $err == *password* ]] && pg_trust_loopback; then
      err=$(psql "$PG_MAINT_URL" -w -XtAqc 'select 1' 2>&1 >/dev/null) || die "cannot log in to PostgreSQL at $where: $err"
    else
      die "cannot log in to PostgreSQL at $where as $(redact "$PG_MAINT_URL"): $err"
    fi
  fi

  # The database named in DATABASE_URL.
  [ -n "$PG_DB" ] && [ "$PG_DB" != postgres ] || return 0
  local q="select 1 from pg_database where datname = '${PG_DB//\'/\'\'}'"
  if [ "$(psql "$PG_MAINT_URL" -w -XtAqc "$q")" = 1 ]; then
    ok "PostgreSQL: database $PG_DB exists"
  elif createdb --maintenance-db="$PG_MAINT_URL" -w "$PG_DB" 2>/dev/null || [ "$(psql "$PG_MAINT_URL" -w -XtAqc "$q")" = 1 ]; then
    ok "PostgreSQL: database $PG_DB created"
  else
    die "could not create database $PG_DB at $where"
  fi
}

# ---------------------------------------------------------------- Redis
ensure_redis() {
  parse_redis_url "$REDIS_URL"
  local where="$RD_HOST:$RD_PORT"

  if ! command -v redis-cli >/dev/null 2>&1; then
    if is_local_host "$RD_HOST"; then apt_install redis-server; else apt_install redis-tools; fi
  fi

  if redis_ping "$REDIS_URL"; then
    ok "Redis: up at $where"
  elif ! is_local_host "$RD_HOST"; then
    say "Redis: waiting for $where (REDIS_URL points to another host)"
    wait_until "$WAIT" redis_ping "$REDIS_URL" ||
      die "Redis at $where (from REDIS_URL=$(redact "$REDIS_URL")) is not reachable; fix REDIS_URL or unset it to use a local server"
    ok "Redis: up at $where"
  else
    command -v redis-server >/dev/null 2>&1 || apt_install redis-server
    local dir=/var/lib/redis logdir=/var/log/redis
    if ! { mkdir -p "$dir" "$logdir" && [ -w "$dir" ] && [ -w "$logdir" ]; } 2>/dev/null; then
      dir="${TMPDIR:-/tmp}/atende-redis"; logdir=$dir; mkdir -p "$dir"
    fi
    # Nothing saved: this is a development/test server (the tests' own one runs on 6380).
    local log="$logdir/ci.log"; [ "$RD_PORT" = 6379 ] || log="$logdir/redis-$RD_PORT.log"
    say "Redis: starting on 127.0.0.1:$RD_PORT"
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$RD_PORT" --save "" --appendonly no \
      --dir "$dir" --logfile "$log" >/dev/null
    wait_until "$WAIT" redis_ping "$REDIS_URL" ||
      die "Redis started but $where does not answer after ${WAIT}s (see $log)"
    ok "Redis: started at $where"
  fi
}

ensure_postgres
[ "${SKIP_REDIS:-0}" = 1 ] || ensure_redis
