#!/usr/bin/env bash
# Builds the web app (frontend/dist) and/or the binary (bin/atende).
#   scripts/build.sh [all|web|go]      (default: all)
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
case "${1:-all}" in
  all) build_web; build_go ;;
  web) build_web ;;
  go) build_go ;;
  *) die "usage: scripts/build.sh [all|web|go]" ;;
esac
