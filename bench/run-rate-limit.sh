#!/usr/bin/env bash
# Runs the rate-limit benchmark (bench/rate-limit.ts) with the project's toolchain, as bench/run.sh
# does for the main one. Arguments go to the runner unchanged, e.g.
#   bash bench/run-rate-limit.sh --sizes 300 --rates 10 --parallel 32
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../scripts/bootstrap.sh
# The local, offline Pulumi environment whatever the caller is logged in to: these runs are throwaway.
export UPTIME_LOCAL_PULUMI=1
source "$repo/scripts/bootstrap.sh"
cd "$repo"
exec npx ts-node --transpile-only bench/rate-limit.ts "$@"
