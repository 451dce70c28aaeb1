#!/usr/bin/env bash
# The test command: set-up (toolchain, dependencies, build) then every test — unit, integration,
# e2e — and the type check of the tests. Works on a fresh clone; a second run reuses every cache.
#   bash scripts/test.sh                    # everything (what CI runs)
#   bash scripts/test.sh unit integration   # the quick loop (`npm test`): lint, types, the in-process tiers
#   bash scripts/test.sh e2e                # one or more jest projects (unit | integration | e2e), after set-up
# Test files run on several Jest workers (UPTIME_TEST_WORKERS, default: the cores plus one; e2e files wait
# on builds, paced services and killed runs, and one more worker keeps the cores busy meanwhile):
# each file starts its own emulator, stacks and backends, so none shares anything with another.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
start=$(date +%s)
projects=("$@")
[ ${#projects[@]} -gt 0 ] || projects=(unit integration e2e)
# The e2e project holds the browser test (bootstrap then finds Chromium, or installs it if missing) and the
# oldest supported CLI's runs (bootstrap builds that CLI too).
case " ${projects[*]} " in *" e2e "*) export UPTIME_BROWSER=1 UPTIME_CLI_RANGE=1 ;; esac
# shellcheck source=bootstrap.sh
# The local, offline Pulumi environment whatever the caller is logged in to: these runs are throwaway.
export UPTIME_LOCAL_PULUMI=1
source scripts/bootstrap.sh

echo "test: lint (typescript-eslint) and format (Prettier)"
npx eslint .
npx prettier --check . --log-level warn

echo "test: type-checking sources, tests and examples"
npx tsc -p tsconfig.test.json
project_start_first=$(date +%s)

# Node's on-disk compile cache: every engine run starts two or three Node processes that load the same
# modules (@pulumi/pulumi, this package), and reading them compiled saves a tenth of each run's CPU.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-${UPTIME_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-uptime}/node-compile-cache}"
cores=$(nproc 2>/dev/null || echo 2)
workers="${UPTIME_TEST_WORKERS:-$(( cores + 1 ))}"
split=""
# Each e2e file notes its engine runs here (tests/helpers/engine-runs.ts); the count is printed at the end.
UPTIME_ENGINE_RUNS_DIR="$(mktemp -d)"
export UPTIME_ENGINE_RUNS_DIR
for project in "${projects[@]}"; do
  echo "test: jest project '$project' ($workers workers)"
  project_start=$(date +%s)
  npx jest --selectProjects "$project" --ci --maxWorkers="$workers" || { failed="$project"; break; }
  split="$split $project $(( $(date +%s) - project_start ))s"
done
if [ -s "$UPTIME_ENGINE_RUNS_DIR/counts" ]; then
  echo "test: engine runs, seconds and CPU seconds per e2e file:"
  sort -k2,2nr "$UPTIME_ENGINE_RUNS_DIR/counts" | awk '{ printf "  %4d runs %5d s %5d s CPU  %s\n", $2, $3, $4, $1 }'
  total=$(awk '{ n += $2 } END { print n }' "$UPTIME_ENGINE_RUNS_DIR/counts")
  echo "test: e2e engine runs: $total"
  # The whole tier makes exactly what tests/README.md allows: more fails a file; fewer (a counter that stopped
  # counting, or runs cut without the table) fails here, so the table stays the count.
  allowed=$(grep -E '^\| `[^`]+\.test\.ts` \| [0-9]+ \|$' tests/README.md | awk -F'|' '{ n += $3 } END { print n }')
  if [ -z "${failed:-}" ] && [ "$total" != "$allowed" ]; then
    echo "test: the e2e tier made $total engine runs; tests/README.md (\"Engine runs\") allows $allowed: make them equal"
    failed=e2e
  fi
fi
if [ -n "${failed:-}" ]; then echo "test: jest project '$failed' failed ($(( $(date +%s) - start ))s;$split)"; exit 1; fi
echo "test: all passed in $(( $(date +%s) - start ))s (set-up, lint and types $(( project_start_first - start ))s;$split)"
