#!/usr/bin/env bash
# Builds and runs Dockerfile + docker-compose.yml on a machine that reaches no image registry,
# then checks the stack end to end. Not part of `make test` (it takes minutes; see README,
# "Containers").
#   1. tools      docker.io, docker-compose and debootstrap from apt; dockerd started if down
#   2. images     the base images the two files name, made locally under those exact names:
#                 debian:bookworm-slim by debootstrap (minbase, from apt's own mirror) and
#                 `docker import`; golang:<ver> and node:<ver> from it plus this machine's Go
#                 (/usr/local/go) and Node (node + npm); postgres:<ver> and redis:<ver> from
#                 Debian's packages, with entrypoints that honour what the compose file uses.
#                 An image that exists already is reused (KEEP_IMAGES=0 remakes them).
#   3. up         docker-compose up -d --build (migrate, then api, worker and scheduler)
#   4. check      /readyz; sign in as the super admin; a sandbox connection; a customer message
#                 becomes a ticket; the attendant's answer reaches the sandbox outbound, read (ack 3)
#   5. down       docker-compose down -v (KEEP_UP=1 leaves the stack running)
# The files stay standard: real users get the official images by the same names.
#   API_PORT  host port of the api (default 18080)
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

T0=$(date +%s)
WORK=${DOCKER_CHECK_DIR:-/var/tmp/atende-docker}
API_PORT=${API_PORT:-18080}
PROJECT=atende-check
mkdir -p "$WORK"
elapsed() { printf '%ss' "$(( $(date +%s) - T0 ))"; }

# ---------------------------------------------------------------- 1. tools
ensure_tools() {
  local missing=()
  command -v docker >/dev/null 2>&1 || missing+=(docker.io)
  command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
  command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
  command -v curl >/dev/null 2>&1 || missing+=(curl)
  command -v jq >/dev/null 2>&1 || missing+=(jq)
  [ "${#missing[@]}" -eq 0 ] || apt_install "${missing[@]}"
  if ! docker info >/dev/null 2>&1; then
    command -v dockerd >/dev/null 2>&1 || apt_install docker.io
    say "starting dockerd (log: /var/log/atende-dockerd.log)"
    as_root sh -c 'nohup dockerd >/var/log/atende-dockerd.log 2>&1 &'
    wait_until 60 docker info || die "dockerd did not come up; see /var/log/atende-dockerd.log"
  fi
  ok "docker $(docker version -f '{{.Server.Version}}'), $(docker-compose version --short)"
}

# ---------------------------------------------------------------- 2. images
have_image() { [ "${KEEP_IMAGES:-1}" = 1 ] && docker image inspect "$1" >/dev/null 2>&1; }

# The mirror apt uses here (deb822 or one-line sources), so debootstrap needs nothing else.
apt_mirror() {
  local m
  m=$(grep -hsE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list |
    grep -v security | sed -E 's/^URIs:[[:space:]]*//; s/^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?//' | awk '{print $1; exit}')
  printf '%s' "${m:-http://deb.debian.org/debian}"
}

# FROM lines of the Dockerfile and image: lines of the compose file.
dockerfile_image() { awk -v p="$1" 'toupper($1) == "FROM" && index($2, p ":") == 1 {print $2; exit}' Dockerfile; }
compose_image() { awk -v p="$1" '$1 == "image:" && index($2, p ":") == 1 {print $2; exit}' docker-compose.yml; }

make_debian() { # debian:bookworm-slim: debootstrap minbase + docker import
  local tag=$1 suite=${1#debian:}; suite=${suite%%-*}
  have_image "$tag" && { ok "$tag: present"; return; }
  local root="$WORK/rootfs-$suite"
  if [ -f "$root.done" ]; then
    ok "$tag: reusing the debootstrap of an interrupted run ($root)"
  else
    say "$tag: debootstrap --variant=minbase $suite from $(apt_mirror)"
    as_root rm -rf "$root"
    as_root debootstrap --variant=minbase "$suite" "$root" "$(apt_mirror)" >"$WORK/debootstrap.log" 2>&1 ||
      { tail -n 20 "$WORK/debootstrap.log" >&2; die "debootstrap failed"; }
    touch "$root.done"
  fi
  # As the official image: apt sources for the release, its updates and security; no caches.
  rm -f "$root/etc/apt/sources.list"
  cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $(apt_mirror)
Suites: $suite $suite-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: $suite-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log
  tar -C "$root" -c . | docker import -c 'CMD ["bash"]' -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$tag" >/dev/null
  rm -rf "$root" "$root.done"
  ok "$tag: imported"
}

# stand_in TAG DIR: docker build of DIR (a Dockerfile and what it copies), tagged TAG.
stand_in() {
  docker build -q -t "$1" "$2" >/dev/null || die "building the stand-in $1 failed"
  rm -rf "$2"
  ok "$1: built"
}

# The machine's CA bundle rides along in the toolchain stand-ins: builds here reach the Go
# and npm registries through this machine's network, which the bundle is made for.
copy_ca() { mkdir -p "$1/ca" && cp /etc/ssl/certs/ca-certificates.crt "$1/ca/"; }

make_golang() { # golang:<ver>-<suite>: the base + /usr/local/go, laid out as the official image
  local tag=$1 base=$2 ctx
  have_image "$tag" && { ok "$tag: present"; return; }
  local want=${tag#golang:}; want=${want%%-*}
  local have; have=$(/usr/local/go/bin/go env GOVERSION); have=${have#go}
  [[ $have == "$want" || $have == "$want".* ]] || die "the Dockerfile wants $tag but /usr/local/go is Go $have"
  say "$tag: $base + this machine's Go $have"
  ctx=$(mktemp -d "$WORK/golang.XXXX")
  cp -a /usr/local/go "$ctx/go"
  rm -rf "$ctx/go/pkg/obj" "$ctx/go/pkg/bench" 2>/dev/null || true
  copy_ca "$ctx"
  cat >"$ctx/Dockerfile" <<EOF
FROM $base
COPY ca/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY go /usr/local/go
ENV GOLANG_VERSION=$have GOPATH=/go GOTOOLCHAIN=local PATH=/go/bin:/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
RUN mkdir -p /go/src /go/bin && chmod -R 1777 /go
WORKDIR /go
EOF
  stand_in "$tag" "$ctx"
}

make_node() { # node:<major>-<suite>: the base + this machine's node and npm
  local tag=$1 base=$2 ctx node npmdir
  have_image "$tag" && { ok "$tag: present"; return; }
  local want=${tag#node:}; want=${want%%-*}
  node=$(command -v node) || die "node not found"
  local have; have=$(node --version); have=${have#v}
  [[ $have == "$want" || $have == "$want".* ]] || die "the Dockerfile wants $tag but this machine has Node $have"
  npmdir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  say "$tag: $base + this machine's Node $have and npm $(npm --version)"
  ctx=$(mktemp -d "$WORK/node.XXXX")
  cp "$(readlink -f "$node")" "$ctx/node"
  cp -a "$npmdir" "$ctx/npm"
  copy_ca "$ctx"
  cat >"$ctx/Dockerfile" <<EOF
FROM $base
COPY ca/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
ENV NODE_VERSION=$have NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
EOF
  stand_in "$tag" "$ctx"
}

make_postgres() { # postgres:<major>: Debian's postgresql-<major>, the official image's variables
  local tag=$1 base=$2 ctx major=${1#postgres:}
  have_image "$tag" && { ok "$tag: present"; return; }
  say "$tag: $base + Debian's postgresql-$major"
  ctx=$(mktemp -d "$WORK/postgres.XXXX")
  cat >"$ctx/Dockerfile" <<EOF
FROM $base
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-$major \
 && rm -rf /var/lib/apt/lists/* && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/$major/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PGDATA=/var/lib/postgresql/data
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
CMD ["postgres"]
EOF
  # POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB and PGDATA as the official image reads them.
  cat >"$ctx/entrypoint.sh" <<'EOF'
#!/bin/bash
set -euo pipefail
if [ "${1:-}" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" && chown -R postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
  user=${POSTGRES_USER:-postgres} db=${POSTGRES_DB:-${POSTGRES_USER:-postgres}}
  initdb --username="$user" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") --auth-local=trust \
    --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  printf 'host all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  printf "listen_addresses = '*'\n" >>"$PGDATA/postgresql.auto.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  [ "$db" = postgres ] || psql -v ON_ERROR_STOP=1 -U "$user" -d postgres -qc "CREATE DATABASE \"$db\""
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "database initialised"
fi
exec "$@"
EOF
  chmod +x "$ctx/entrypoint.sh"
  stand_in "$tag" "$ctx"
}

make_redis() { # redis:<major>: Debian's redis-server, /data, reachable from other containers
  local tag=$1 base=$2 ctx
  have_image "$tag" && { ok "$tag: present"; return; }
  say "$tag: $base + Debian's redis-server"
  ctx=$(mktemp -d "$WORK/redis.XXXX")
  cat >"$ctx/Dockerfile" <<EOF
FROM $base
RUN apt-get update && apt-get install -y --no-install-recommends redis-server redis-tools \
 && rm -rf /var/lib/apt/lists/* && mkdir -p /data && chown redis:redis /data
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
WORKDIR /data
VOLUME /data
EXPOSE 6379
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["redis-server"]
EOF
  # As the official image: without a config file, protected mode is off (other containers
  # connect), and the server runs as the redis user in /data.
  cat >"$ctx/entrypoint.sh" <<'EOF'
#!/bin/bash
set -e
if [ "${1:-}" = redis-server ]; then
  shift
  set -- redis-server --bind '* -::*' --protected-mode no --dir /data "$@"
  if [ "$(id -u)" = 0 ]; then
    chown -R redis:redis /data
    exec setpriv --reuid=redis --regid=redis --init-groups "$@"
  fi
fi
exec "$@"
EOF
  chmod +x "$ctx/entrypoint.sh"
  stand_in "$tag" "$ctx"
}

make_images() {
  local debian golang node pg redis
  debian=$(dockerfile_image debian) golang=$(dockerfile_image golang) node=$(dockerfile_image node)
  pg=$(compose_image postgres) redis=$(compose_image redis)
  for v in debian golang node pg redis; do [ -n "${!v}" ] || die "no $v image named in Dockerfile/docker-compose.yml"; done
  # One Debian base for all: the stand-ins are of the release the runtime image uses.
  make_debian "$debian"
  make_golang "$golang" "$debian"
  make_node "$node" "$debian"
  make_postgres "$pg" "$debian"
  make_redis "$redis" "$debian"
}

# ---------------------------------------------------------------- 3.–5. compose
compose() { docker-compose -p "$PROJECT" --env-file "$WORK/check.env" "$@"; }

write_env() { # throwaway secrets for this run only
  umask 077
  cat >"$WORK/check.env" <<EOF
JWT_SECRET=$(_rand_hex 32)
JWT_REFRESH_SECRET=$(_rand_hex 32)
ADMIN_EMAIL=admin@atende.local
ADMIN_PASSWORD=$(_rand_alnum 16)@1Aa
POSTGRES_PASSWORD=$(_rand_hex 12)
API_PORT=$API_PORT
EOF
}

BASE="http://127.0.0.1:$API_PORT"
TOKEN=''
api() { # api METHOD PATH [JSON] : prints the body; fails on a non-2xx answer
  local args=(-fsS --max-time 20 -X "$1" "$BASE$2" -H 'Content-Type: application/json')
  [ -z "$TOKEN" ] || args+=(-H "Authorization: Bearer $TOKEN")
  [ $# -lt 3 ] || args+=(-d "$3")
  curl "${args[@]}"
}

# until_ok SECONDS WHAT CMD... : CMD every second until it succeeds.
until_ok() {
  local secs=$1 what=$2; shift 2
  wait_until "$secs" "$@" || die "timed out after ${secs}s waiting for $what"
  ok "$what"
}

round_trip() {
  local pw conn id ctoken number=5511999990001 ticket
  pw=$(sed -n 's/^ADMIN_PASSWORD=//p' "$WORK/check.env")
  until_ok 180 "api answers /readyz on :$API_PORT" http_ok "$BASE/readyz"
  TOKEN=$(api POST /auth/login "$(jq -nc --arg p "$pw" '{email: "admin@atende.local", password: $p}')" | jq -r .token)
  [ -n "$TOKEN" ] && [ "$TOKEN" != null ] || die "sign-in as the super admin gave no token"
  ok "signed in as the super admin"
  conn=$(api POST /whatsapp '{"name":"Docker check","channel":"sandbox"}')
  id=$(jq -r .id <<<"$conn") ctoken=$(jq -r .token <<<"$conn")
  ok "sandbox connection $id"
  sandbox() { curl -fsS --max-time 20 -H "Authorization: Bearer $ctoken" -H 'Content-Type: application/json' "$@"; }
  sandbox -X POST "$BASE/sandbox/$id/inbound" \
    -d "{\"number\":\"$number\",\"name\":\"Maria\",\"body\":\"Olá do docker-check\",\"id\":\"dc-1\"}" >/dev/null
  # The ticket's id from the database: which tickets the super admin's list shows depends on
  # queues and permissions, not on the containers.
  ticket_id() { compose exec -T postgres psql -U postgres -d atende -tAc \
    "SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = '$number'" | grep -E '^[0-9]+$'; }
  until_ok 60 "the customer's message became a ticket (worker)" ticket_id
  ticket=$(ticket_id)
  api POST "/messages/$ticket" '{"body":"Resposta do docker-check"}' >/dev/null
  read_ack() {
    sandbox "$BASE/sandbox/$id/outbound?number=$number" |
      jq -e '[.. | objects | select(.body? == "Resposta do docker-check" and .ack? == 3)] | length > 0'
  }
  until_ok 60 "the answer reached the sandbox outbound, read (ack 3)" read_ack
}

down() { compose down -v --remove-orphans >/dev/null 2>&1 || true; }

main() {
  say "docker check (work folder $WORK)"
  ensure_tools
  make_images
  ok "images ready after $(elapsed)"
  write_env
  down
  [ "${KEEP_UP:-0}" = 1 ] || trap 'rc=$?; [ $rc -eq 0 ] || compose logs --tail=40 >&2 || true; down; exit $rc' EXIT
  say "docker-compose up -d --build"
  compose up -d --build
  ok "stack up after $(elapsed)"
  round_trip
  ok "docker check passed in $(elapsed)"
}

main "$@"
