#!/usr/bin/env bash
# `make bench`: generate the benchmark data set once (50 companies, 1M tickets, 10M messages;
# about 15 minutes on 2 cores), start Atende against it, and run the load benchmark.
#   BENCH_DB (default atende_bench), BENCH_PORT (8097), BENCH_DURATION (60s), BENCH_INBOUND (20000)
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

db=${BENCH_DB:-atende_bench}
port=${BENCH_PORT:-8097}
url="postgres://postgres@127.0.0.1:5432/$db?sslmode=disable"
redis="redis://127.0.0.1:6379/15"

bash scripts/ensure-services.sh
psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1 ||
  createdb -h 127.0.0.1 -U postgres "$db"
tickets=$(psql -h 127.0.0.1 -U postgres -d "$db" -tAc "SELECT count(*) FROM tickets" 2>/dev/null || echo 0)
if [ "${tickets:-0}" -lt 1000000 ]; then
  say "generating the data set (once)"
  go run ./bench/gen -db "$url"
fi
go build -o bin/atende .
redis-cli -n 15 flushdb >/dev/null
say "starting bin/atende all on :$port"
APP_ENV=development DATABASE_URL="$url" REDIS_URL="$redis" PORT="$port" LOG_LEVEL=warn \
  WORKER_CONCURRENCY=20 bin/atende all >/tmp/atende-bench.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null' EXIT
for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 1; done
go run ./bench/load -url "http://127.0.0.1:$port" -db "$url" \
  -duration "${BENCH_DURATION:-60s}" -inbound "${BENCH_INBOUND:-20000}"
