# Atende — the two commands a developer needs:
#   make run    build everything and run it on this machine (prints URL and super admin login)
#   make test   every test: go vet, go test (race), web unit tests, end-to-end in Chromium
# Other targets: build web migrate e2e services clean. Logic lives in scripts/.

SHELL := /bin/bash

.PHONY: help run test build web binary migrate e2e services bench clean

help:
	@echo "make run       build and run Atende locally (RUN_MODE=split for 3 processes)"
	@echo "make test      all tests (SKIP_GO=1 SKIP_WEB=1 SKIP_E2E=1 to leave parts out)"
	@echo "make build     web app (frontend/dist) + binary (bin/atende)"
	@echo "make web       web app only"
	@echo "make binary    bin/atende only"
	@echo "make migrate   apply migrations + seed to DATABASE_URL"
	@echo "make e2e       end-to-end tests only"
	@echo "make services  start/install PostgreSQL and Redis"
	@echo "make bench     load benchmark on 1M tickets / 10M messages (see docs/bench.md)"
	@echo "make clean     remove bin/ and frontend/dist"

run:
	@bash scripts/run.sh

test:
	@bash scripts/test.sh

build:
	@bash scripts/build.sh all

web:
	@bash scripts/build.sh web

binary:
	@bash scripts/build.sh go

migrate:
	@bash scripts/migrate.sh

e2e:
	@bash scripts/e2e.sh

services:
	@bash scripts/ensure-services.sh

bench:
	@bash scripts/bench.sh

clean:
	rm -rf bin frontend/dist
