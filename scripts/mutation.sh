#!/usr/bin/env bash
# A mutation run (StrykerJS, jest runner) over provider/model/, provider/api/ and provider/plugin/: how
# many small changes to that code some test notices. Not part of the test command (it takes hours on
# two cores); run it before and after moving tests between tiers, and compare (tests/README.md).
#   bash scripts/mutation.sh [label]            # all three folders; the report goes to reports/mutation/<label>.json
#   bash scripts/mutation.sh label 'provider/api/**/*.ts'   # only the files matched
# StrykerJS is installed on first use into the toolchain cache, not into the project: the test command
# and CI never download it. It sees the unit and integration tiers (tests/mutation/jest.config.js):
# e2e tests run the package's compiled copy in processes the engine starts, where no mutant is active.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
label="${1:-$(git rev-parse --short HEAD)}"
mutate="${2:-}"
# shellcheck source=bootstrap.sh
source scripts/bootstrap.sh >/dev/null

STRYKER_VERSION=10.0.0
cache="${UPTIME_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-uptime}/stryker-$STRYKER_VERSION"
if [ ! -x "$cache/node_modules/.bin/stryker" ]; then
  mkdir -p "$cache"
  typescript="$(node -p 'require("./node_modules/typescript/package.json").version')"
  (cd "$cache" && echo '{"private":true}' >package.json &&
    npm install --no-audit --no-fund --loglevel=error "@stryker-mutator/core@$STRYKER_VERSION" \
      "@stryker-mutator/jest-runner@$STRYKER_VERSION" "typescript@$typescript" >/dev/null)
  echo "mutation: installed StrykerJS $STRYKER_VERSION into $cache"
fi

mkdir -p reports/mutation
args=(run stryker.config.json)
[ -z "$mutate" ] || args+=(--mutate "$mutate")
start=$(date +%s)
node "$cache/node_modules/@stryker-mutator/core/bin/stryker.js" "${args[@]}"
mv reports/mutation/mutation.json "reports/mutation/$label.json"
echo "mutation: report reports/mutation/$label.json, $(( $(date +%s) - start ))s"
node scripts/mutation-summary.js "reports/mutation/$label.json"
