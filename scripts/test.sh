#!/usr/bin/env bash
# The test command: set-up (toolchain, dependencies, build) then every test — unit, integration,
# e2e — and the type check of the tests. Works on a fresh clone; a second run reuses every cache.
#   bash scripts/test.sh            # everything
#   bash scripts/test.sh unit       # one jest project (unit | integration | e2e), after set-up
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
start=$(date +%s)
projects=("$@")
[ ${#projects[@]} -gt 0 ] || projects=(unit integration e2e)
# The e2e project holds the browser test: bootstrap then finds Chromium, or installs it if missing.
case " ${projects[*]} " in *" e2e "*) export UPTIME_BROWSER=1 ;; esac
# shellcheck source=bootstrap.sh
source scripts/bootstrap.sh

echo "test: lint (typescript-eslint) and format (Prettier)"
npx eslint .
npx prettier --check . --log-level warn

echo "test: type-checking sources, tests and examples"
npx tsc -p tsconfig.test.json

for project in "${projects[@]}"; do
  echo "test: jest project '$project'"
  npx jest --selectProjects "$project" --ci
done
echo "test: all passed in $(( $(date +%s) - start ))s"
