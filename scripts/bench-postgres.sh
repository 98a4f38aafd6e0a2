#!/usr/bin/env bash
# A PostgreSQL cluster of the bench's own (port BENCH_PG_PORT, default 5440), sized for the
# 1M-ticket data set, so a measured run neither shares the development server's 128 MB of
# buffers nor changes that server's settings. Creates the cluster once, starts it when down.
# Durability settings stay PostgreSQL's defaults (fsync, synchronous_commit): the bench
# measures what production would pay for every commit.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

port=${BENCH_PG_PORT:-5440}
data=${BENCH_PG_DATA:-/var/lib/postgresql/atende-bench}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { bash "$ROOT/scripts/ensure-services.sh"; bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1); }
pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ ! -s "$data/PG_VERSION" ]; then
  say "bench PostgreSQL: creating a cluster in $data"
  mkdir -p "$data"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$data"; fi
  pg "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  # A third of the memory for buffers, the planner told the page cache holds the rest; no
  # checkpoint inside a 90 s run; more sessions than the bench's pools open.
  cat >>"$data/postgresql.conf" <<EOF
# atende bench (scripts/bench-postgres.sh)
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '/tmp'
max_connections = 200
shared_buffers = 6GB
effective_cache_size = 16GB
work_mem = 16MB
maintenance_work_mem = 1GB
max_wal_size = 16GB
checkpoint_timeout = 30min
random_page_cost = 1.1
effective_io_concurrency = 200
max_parallel_workers_per_gather = 0
jit = off
# What the figures in docs/bench.md are read with: per-query totals, and the background
# work (slow statements, autovacuum, checkpoints) that a burst of slow requests lines up with.
shared_preload_libraries = 'pg_stat_statements'
log_min_duration_statement = 50
log_autovacuum_min_duration = 0
log_checkpoints = on
log_line_prefix = '%m [%p] '
EOF
fi
# Huge pages for the 6 GB of buffers: with 4 kB pages every backend faults each buffer
# page in on first touch, which was a tenth of PostgreSQL's CPU under the inbound load.
# Reserved when we may (root); `huge_pages = try` runs without them otherwise.
grep -q '^huge_pages' "$data/postgresql.conf" || echo "huge_pages = try" >>"$data/postgresql.conf"
# WAL segments to recycle: with no checkpoint inside a run, every 16 MB segment was a new
# file, zero-filled and synced while every commit waited (50-80 ms, every 3 s at 1,000
# messages a second). A server in production recycles segments at each checkpoint; the
# bench checkpoints before a run (scripts/bench.sh) so that it does too.
grep -q '^min_wal_size' "$data/postgresql.conf" || echo "min_wal_size = 4GB" >>"$data/postgresql.conf"
if ! "$bin/pg_isready" -q -h 127.0.0.1 -p "$port"; then
  if [ "$(id -u)" = 0 ] && [ -w /proc/sys/vm/nr_hugepages ]; then
    need=$(pg "$bin/postgres" -D "$data" -C shared_memory_size_in_huge_pages 2>/dev/null || echo 0)
    [ "$(cat /proc/sys/vm/nr_hugepages)" -ge "$need" ] || echo "$need" >/proc/sys/vm/nr_hugepages
  fi
  say "bench PostgreSQL: starting on :$port"
  pg "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w start >/dev/null
fi
ok "bench PostgreSQL: up at 127.0.0.1:$port"
