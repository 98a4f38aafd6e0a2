# shellcheck shell=bash
# shellcheck disable=SC2034  # variables set here are read by the scripts that source this file
# Shared helpers for the scripts in this folder. Source it; don't run it.
#   . "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# Every function here is idempotent and prints one short line per thing it does.

# Repository root, whatever the caller's working directory.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT

# Go lives in /usr/local/go on our machines; a non-login shell (CI) may not have it on PATH.
case ":$PATH:" in *:/usr/local/go/bin:*) ;; *) [ -d /usr/local/go/bin ] && PATH="/usr/local/go/bin:$PATH" ;; esac
export PATH

# Builds without the checkout's absolute path: Go's build cache then serves a clone at another
# path (CI clones afresh each run) instead of compiling everything again, and binaries and
# stack traces name files by module path (atende/api/…).
case " ${GOFLAGS:-} " in *" -trimpath "*) ;; *) GOFLAGS="${GOFLAGS:+$GOFLAGS }-trimpath" ;; esac
export GOFLAGS

# Quieter, deterministic npm.
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false npm_config_progress=false

DEFAULT_DATABASE_URL='postgres://postgres@127.0.0.1:5432/atende?sslmode=disable'
DEFAULT_REDIS_URL='redis://127.0.0.1:6379/0'
# The tests' own Redis (scripts/test.sh starts it): they flush databases 1–15 of it, so a Redis
# a person uses (6379) is never touched by a test run.
DEFAULT_TEST_REDIS_URL='redis://127.0.0.1:6380/0'

if [ -t 1 ]; then _B=$'\033[1m' _R=$'\033[31m' _Y=$'\033[33m' _G=$'\033[32m' _N=$'\033[0m'; else _B='' _R='' _Y='' _G='' _N=''; fi
say()  { printf '%s==>%s %s\n' "$_B" "$_N" "$*"; }
ok()   { printf '%s ok%s  %s\n' "$_G" "$_N" "$*"; }
warn() { printf '%swarning:%s %s\n' "$_Y" "$_N" "$*" >&2; }
die()  { printf '%serror:%s %s\n' "$_R" "$_N" "$*" >&2; exit 1; }

# redact URL: hides the password of a URL for printing.
redact() { printf '%s' "$1" | sed -E 's#(//[^:/@]*):[^@/]*@#\1:***@#'; }

is_local_host() {
  case "$1" in '' | localhost | 127.* | ::1 | '[::1]' | /*) return 0 ;; *) return 1 ;; esac
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo -n "$@"
  else die "need root to run: $*"; fi
}

# apt_install PKG... : apt-get update (once per script run) then install. Waits for a dpkg lock
# held by another apt process instead of failing.
_APT_UPDATED=0
apt_install() {
  command -v apt-get >/dev/null 2>&1 || die "apt-get not found; install $* by hand"
  local log; log="$(mktemp)"
  say "installing with apt: $*"
  export DEBIAN_FRONTEND=noninteractive
  if [ "$_APT_UPDATED" = 0 ]; then
    local i
    for i in 1 2 3; do
      if as_root apt-get -o DPkg::Lock::Timeout=600 update -qq >"$log" 2>&1; then _APT_UPDATED=1; break; fi
      warn "apt-get update failed (try $i/3): $(tail -n 2 "$log" | tr '\n' ' ')"; sleep 10
    done
  fi
  if ! as_root apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$@" >"$log" 2>&1; then
    tail -n 30 "$log" >&2; rm -f "$log"; die "apt-get install $* failed"
  fi
  rm -f "$log"
  ok "installed $*"
}

# wait_until SECONDS CMD... : retries CMD every 0.5 s until it succeeds or SECONDS pass.
wait_until() {
  local secs=$1; shift
  local deadline=$(( $(date +%s) + secs ))
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 0.5
  done
  return 0
}

# http_ok URL : true when URL answers 2xx (curl if present, else bash /dev/tcp).
http_ok() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsS -o /dev/null --max-time 3 "$1"
    return
  fi
  local rest=${1#http://} hostport path host port line
  hostport=${rest%%/*}; path=/${rest#*/}; [ "$rest" = "$hostport" ] && path=/
  host=${hostport%:*}; port=${hostport##*:}; [ "$host" = "$hostport" ] && port=80
  exec 9<>"/dev/tcp/$host/$port" || return 1
  printf 'GET %s HTTP/1.0\r\nHost: %s\r\n\r\n' "$path" "$hostport" >&9
  IFS= read -r -t 3 line <&9 || line=''
  exec 9<&- 9>&-
  [[ $line =~ ^HTTP/[0-9.]+\ 2[0-9][0-9] ]]
}

# parse_pg_url URL : sets PG_SCHEME PG_USERINFO PG_HOSTPORT PG_HOST PG_PORT PG_DB PG_QUERY PG_MAINT_URL
parse_pg_url() {
  local url=$1 re='^(postgres|postgresql)://([^@/?]*@)?([^/?]*)(/([^?]*))?(\?(.*))?$'
  [[ $url =~ $re ]] || die "cannot parse DATABASE_URL '$(redact "$url")' (want postgres://user[:pass]@host:port/db?params)"
  PG_SCHEME=${BASH_REMATCH[1]} PG_USERINFO=${BASH_REMATCH[2]} PG_HOSTPORT=${BASH_REMATCH[3]}
  PG_DB=${BASH_REMATCH[5]} PG_QUERY=${BASH_REMATCH[7]}
  _split_hostport "$PG_HOSTPORT" 5432; PG_HOST=$_H PG_PORT=$_P
  if [ -z "$PG_DB" ]; then local u=${PG_USERINFO%@}; PG_DB=${u%%:*}; fi
  PG_MAINT_URL="${PG_SCHEME}://${PG_USERINFO}${PG_HOSTPORT}/postgres${PG_QUERY:+?$PG_QUERY}"
}

# parse_redis_url URL : sets RD_SCHEME RD_HOST RD_PORT RD_DB
parse_redis_url() {
  local url=$1 re='^(rediss?)://([^@/]*@)?([^/?]*)(/([0-9]*))?'
  [[ $url =~ $re ]] || die "cannot parse REDIS_URL '$(redact "$url")' (want redis://[user:pass@]host:port/db)"
  RD_SCHEME=${BASH_REMATCH[1]} RD_DB=${BASH_REMATCH[5]:-0}
  _split_hostport "${BASH_REMATCH[3]}" 6379; RD_HOST=$_H RD_PORT=$_P
}

_split_hostport() {
  local hp=$1
  _P=$2
  if [[ $hp == \[* ]]; then
    _H=${hp#[}; _H=${_H%%]*}; local r=${hp#*]}; [ -n "${r#:}" ] && _P=${r#:}
  elif [[ $hp == *:* ]]; then
    _H=${hp%:*}; _P=${hp##*:}
  else
    _H=$hp
  fi
  [ -n "$_P" ] || _P=$2
}

redis_ping() { # redis_ping URL
  local tls=()
  [[ $1 == rediss://* ]] && tls=(--tls)
  [ "$(redis-cli "${tls[@]}" -u "$1" --no-auth-warning ping 2>/dev/null)" = PONG ]
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then ok "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present)"; return; fi
  apt_install chromium
  [ -x /usr/bin/chromium ] || die "chromium installed but /usr/bin/chromium is missing"
}

require_tools() { # require_tools go node npm ...
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null 2>&1 || die "'$t' not found on PATH (this project needs Go >= 1.26 and Node 20 with npm)"
  done
}

# load_env_file FILE : exports KEY=VALUE lines from FILE; a variable already set (non-empty) in the
# environment wins over the file. Plain dotenv syntax only (no shell expansion), so the same file
# serves docker compose.
load_env_file() {
  local file=$1 line key val
  [ -f "$file" ] || return 0
  local protected=" "
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%$'\r'}
    [[ $line =~ ^[[:space:]]*(export[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*)= ]] || continue
    key=${BASH_REMATCH[2]}
    [ -n "${!key:-}" ] && protected+="$key "
  done <"$file"
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%$'\r'}
    [[ $line =~ ^[[:space:]]*(export[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]] || continue
    key=${BASH_REMATCH[2]} val=${BASH_REMATCH[3]}
    [[ $protected == *" $key "* ]] && continue
    if [[ $val =~ ^\"(.*)\"[[:space:]]*$ ]] || [[ $val =~ ^\'(.*)\'[[:space:]]*$ ]]; then
      val=${BASH_REMATCH[1]}
    else
      val=${val%%[[:space:]]#*}                      # strip " # comment"
      val=${val%"${val##*[![:space:]]}"}             # strip trailing blanks
    fi
    export "$key=$val"
  done <"$file"
}

_rand_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }
_rand_alnum() { head -c 600 /dev/urandom | LC_ALL=C tr -dc 'A-Za-z0-9' | cut -c "1-$1"; }

# prepare_env : loads ./.env (creating it on first use) and makes sure the secrets and the super
# admin exist there; generated values are appended to .env (never tracked by git) and reused.
prepare_env() {
  local envf="$ROOT/.env"
  load_env_file "$envf"
  local added=()
  _env_default() { # KEY VALUE
    if [ -z "${!1:-}" ]; then
      if [ ! -f "$envf" ]; then
        printf '# Local settings for make run, generated by scripts/run.sh on %s.\n# Not tracked by git. See .env.example for every variable.\n' "$(date -u +%F)" >"$envf"
        chmod 600 "$envf"
      fi
      printf '%s=%s\n' "$1" "$2" >>"$envf"
      export "$1=$2"
      added+=("$1")
    fi
  }
  _env_default APP_ENV development
  _env_default JWT_SECRET "$(_rand_hex 32)"
  _env_default JWT_REFRESH_SECRET "$(_rand_hex 32)"
  _env_default ADMIN_EMAIL admin@atende.local
  _env_default ADMIN_PASSWORD "$(_rand_alnum 20)@1Aa"
  unset -f _env_default
  if [ "${#added[@]}" -gt 0 ]; then ok ".env: generated ${added[*]}"; else ok ".env: loaded"; fi
}

# npm_ci_if_needed : `npm ci --prefer-offline` in frontend/ unless node_modules is newer than the lock.
npm_ci_if_needed() {
  local fe="$ROOT/frontend"
  [ -f "$fe/package.json" ] || die "frontend/package.json not found"
  if [ ! -f "$fe/package-lock.json" ]; then
    warn "frontend/package-lock.json is missing; running npm install (commit the lock file!)"
    (cd "$fe" && npm install --no-audit --no-fund)
  elif [ -L "$fe/node_modules" ]; then
    ok "frontend/node_modules is a link to another checkout's install (npm ci skipped)"
  elif [ -f "$fe/node_modules/.package-lock.json" ] && [ "$fe/node_modules/.package-lock.json" -nt "$fe/package-lock.json" ]; then
    ok "frontend/node_modules up to date (npm ci skipped)"
  else
    say "npm ci (frontend)"
    # The registry mirror here serves no other-platform optional packages (e.g. rollup's
    # android builds), so the lock lacks them and `npm ci` refuses it; `npm install` then
    # installs exactly the locked versions for this platform.
    (cd "$fe" && { npm ci --prefer-offline --no-audit --no-fund 2>/dev/null ||
      npm install --prefer-offline --no-audit --no-fund --no-save; })
  fi
}

build_web() {
  require_tools node npm
  npm_ci_if_needed
  say "building web app (frontend/dist)"
  (cd "$ROOT/frontend" && npm run build)
  ok "web app built: frontend/dist"
}

build_go() {
  require_tools go
  say "go build -o bin/atende ."
  (cd "$ROOT" && go build -o bin/atende .)
  ok "binary built: bin/atende"
}

# stop_pids TIMEOUT PID... : SIGTERM, wait up to TIMEOUT seconds, then SIGKILL what is left.
stop_pids() {
  local secs=$1; shift
  local p alive deadline=$(( $(date +%s) + secs ))
  for p in "$@"; do kill -TERM "$p" 2>/dev/null || true; done
  while :; do
    alive=()
    for p in "$@"; do kill -0 "$p" 2>/dev/null && alive+=("$p"); done
    [ "${#alive[@]}" -eq 0 ] && break
    if [ "$(date +%s)" -ge "$deadline" ]; then
      warn "killing ${alive[*]} (did not stop within ${secs}s)"
      kill -KILL "${alive[@]}" 2>/dev/null || true
      break
    fi
    sleep 0.2
  done
  for p in "$@"; do wait "$p" 2>/dev/null || true; done
}
