#!/usr/bin/env bash
# `make bench`: generate the benchmark data set once (50 companies, 1M tickets, 10M messages;
# about 15 minutes on 2 cores) in a PostgreSQL of its own (scripts/bench-postgres.sh), start
# Atende against it, and run the load benchmark.
#   BENCH_DB (default atende_bench), BENCH_PORT (8097), BENCH_DURATION (60s), BENCH_WARMUP (30s), BENCH_THINK (1s),
#   BENCH_INBOUND (25000), BENCH_INBOUND_WARMUP (5s: the untimed start of the inbound run), BENCH_BOT (false; true: the conversation bot configured on every sandbox connection),
#   BENCH_CAMPAIGNS (0; N: N campaigns at the fastest allowed pace send during the inbound run),
#   BENCH_CAMPAIGN_INTERVAL (0; their messageInterval in seconds),
#   BENCH_FLOWS (0; N: N customers walk bench/flows's 30-node flow through the same app during the inbound run)
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

db=${BENCH_DB:-atende_bench}
port=${BENCH_PORT:-8097}
pgport=${BENCH_PG_PORT:-5440}
url="postgres://postgres@127.0.0.1:$pgport/$db?sslmode=disable"
# A Redis of its own: no other install or test run may take the bench's tasks.
rport=${BENCH_REDIS_PORT:-6390}
redis="redis://127.0.0.1:$rport/0"

bash scripts/ensure-services.sh
BENCH_PG_PORT=$pgport bash scripts/bench-postgres.sh
psql() { command psql -p "$pgport" "$@"; }
createdb() { command createdb -p "$pgport" "$@"; }
psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1 ||
  createdb -h 127.0.0.1 -U postgres "$db"
tickets=$(psql -h 127.0.0.1 -U postgres -d "$db" -tAc "SELECT count(*) FROM tickets" 2>/dev/null || echo 0)
if [ "${tickets:-0}" -lt 1000000 ]; then
  say "generating the data set (once)"
  go run ./bench/gen -db "$url"
fi
# A measured run must not share the disk and cores with a vacuum of the big tables.
for _ in $(seq 1 600); do
  busy=$(psql -h 127.0.0.1 -U postgres -d "$db" -tAc \
    "SELECT count(*) FROM pg_stat_activity WHERE datname = '$db' AND query LIKE 'autovacuum:%'")
  [ "${busy:-0}" = 0 ] && break
  [ "${waited:-}" ] || { say "waiting for autovacuum to finish"; waited=1; }
  sleep 2
done
# A server in production runs warm: the data set goes into shared buffers once per start
# of the bench cluster (about 4 GB), not page by page during the measured run.
psql -h 127.0.0.1 -U postgres -d "$db" -qtAc "SET client_min_messages = warning; CREATE EXTENSION IF NOT EXISTS pg_prewarm;
  CREATE EXTENSION IF NOT EXISTS pg_stat_statements;
  SELECT count(pg_prewarm(c.oid)) FROM pg_class c
  WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'i');
  SELECT pg_stat_statements_reset()" >/dev/null
# The WAL written since the last run becomes segments to recycle (min_wal_size), as on a
# server that checkpoints; without it every new segment is created during the run.
psql -h 127.0.0.1 -U postgres -d "$db" -qtAc "CHECKPOINT" >/dev/null
# Built before the run: `go run` would compile beside the measured server.
go build -o bin/atende . && go build -o bin/bench-load ./bench/load && go build -o bin/bench-flows ./bench/flows
redis-cli -p "$rport" ping >/dev/null 2>&1 ||
  redis-server --daemonize yes --bind 127.0.0.1 --port "$rport" --save "" --appendonly no \
    --dir /tmp --logfile /tmp/atende-bench-redis.log
for _ in $(seq 1 20); do redis-cli -p "$rport" ping >/dev/null 2>&1 && break; sleep 0.2; done
redis-cli -p "$rport" flushall >/dev/null
psql -h 127.0.0.1 -U postgres -d "$db" -qc "UPDATE inbound_events SET processed_at = now() WHERE processed_at IS NULL" >/dev/null
say "starting bin/atende all on :$port"
APP_ENV=development DATABASE_URL="$url" REDIS_URL="$redis" PORT="$port" LOG_LEVEL=warn \
  PPROF_ADDR="${PPROF_ADDR:-}" WORKER_CONCURRENCY="${WORKER_CONCURRENCY:-10}" bin/atende all >/tmp/atende-bench.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null' EXIT
for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 1; done
# The CPU the app and the bench cluster spend per inbound message (steadier than throughput).
pgdata=$(psql -h 127.0.0.1 -U postgres -d "$db" -tAc "SHOW data_directory")
pgpid=$(head -n 1 "$pgdata/postmaster.pid" 2>/dev/null || echo 0)
# Flows beside the inbound run (BENCH_FLOWS): bench/flows without a worker of its own, so its
# customers' messages go through this app's batches and workers, as production's do. It
# starts once the inbound run has, and after its untimed first seconds.
flows_pid=
if [ "${BENCH_FLOWS:-0}" -gt 0 ]; then
  (
    last=$(psql -h 127.0.0.1 -U postgres -d "$db" -tAc "SELECT coalesce(max(id), 0) FROM inbound_events")
    until [ "$(psql -h 127.0.0.1 -U postgres -d "$db" -tAc "SELECT count(*) FROM inbound_events WHERE id > $last")" -gt 0 ]; do sleep 0.2; done
    sleep "${BENCH_FLOWS_DELAY:-8}"
    bin/bench-flows -worker=false -db "$url" -redis "$redis" -companies 10 -customers "$BENCH_FLOWS" -stages 2 -think 5s \
      >/tmp/atende-bench-flows.log 2>&1
  ) &
  flows_pid=$!
fi
bin/bench-load -url "http://127.0.0.1:$port" -db "$url" -app-pid "$pid" -pg-pid "$pgpid" \
  -duration "${BENCH_DURATION:-60s}" -warmup "${BENCH_WARMUP:-30s}" -think "${BENCH_THINK:-1s}" -inbound "${BENCH_INBOUND:-25000}" -rate "${BENCH_RATE:-1000}" -senders "${BENCH_SENDERS:-64}" \
  -inbound-warmup "${BENCH_INBOUND_WARMUP:-5s}" -bot="${BENCH_BOT:-false}" -campaigns "${BENCH_CAMPAIGNS:-0}" -campaign-interval "${BENCH_CAMPAIGN_INTERVAL:-0}"
if [ -n "$flows_pid" ]; then
  wait "$flows_pid" || true
  say "flows beside the inbound run (bench/flows -worker=false, $BENCH_FLOWS customers)"
  grep -A5 'customers on' /tmp/atende-bench-flows.log || tail -n 20 /tmp/atende-bench-flows.log
fi
say "statements by total time during the run (pg_stat_statements)"
psql -h 127.0.0.1 -U postgres -d "$db" -c "SELECT calls, round(mean_exec_time::numeric, 2) AS mean_ms,
  round(total_exec_time::numeric) AS total_ms, shared_blks_hit / calls AS blocks,
  left(regexp_replace(query, '\s+', ' ', 'g'), 100) AS query
  FROM pg_stat_statements WHERE query NOT LIKE '%pg_prewarm%' ORDER BY total_exec_time DESC LIMIT 12"
