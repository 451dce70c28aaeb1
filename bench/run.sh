#!/usr/bin/env bash
# Runs the benchmark (bench/run.ts) with the project's toolchain: Node, the Pulumi CLI and the built
# package, as scripts/bootstrap.sh sets them up. Arguments go to the runner unchanged, e.g.
#   bash bench/run.sh --sizes 10,100 --repeat 3
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../scripts/bootstrap.sh
# The local, offline Pulumi environment whatever the caller is logged in to: these runs are throwaway.
export UPTIME_LOCAL_PULUMI=1
source "$repo/scripts/bootstrap.sh"
cd "$repo"
exec npx ts-node --transpile-only bench/run.ts "$@"
