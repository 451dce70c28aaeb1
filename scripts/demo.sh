#!/usr/bin/env bash
# The demo: on a fresh clone, set up the toolchain, start the emulator with its demo seed on a free
# loopback port, `pulumi up` the quickstart, show the stack outputs and what now exists in the
# service, check that a second `pulumi preview` proposes nothing, print the addresses of the status
# page and the dashboard the emulator renders, then stop everything.
#   bash scripts/demo.sh           # ends with nothing left running
#   bash scripts/demo.sh --keep    # keeps the emulator running (Ctrl-C stops it) so you can open the page
set -euo pipefail
keep=0
for arg in "$@"; do
  case "$arg" in
    --keep) keep=1 ;;
    -h|--help) sed -n '2,7p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "demo: unknown argument '$arg' (known: --keep)" >&2; exit 2 ;;
  esac
done
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
# shellcheck source=bootstrap.sh
# The local, offline Pulumi environment whatever the caller is logged in to: these runs are throwaway.
export UPTIME_LOCAL_PULUMI=1
source scripts/bootstrap.sh

work="$(mktemp -d "${TMPDIR:-/tmp}/uptime-demo.XXXXXX")"
emulator_pid=""
cleanup() {
  if [ -n "$emulator_pid" ] && kill -0 "$emulator_pid" 2>/dev/null; then
    kill "$emulator_pid" 2>/dev/null || true
    wait "$emulator_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A throwaway key and a throwaway local backend: the demo touches nothing outside $work.
api_key="demo-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
export PULUMI_BACKEND_URL="file://$work/state" PULUMI_CONFIG_PASSPHRASE="demo-passphrase"
mkdir -p "$work/state"

echo "demo: starting the emulator"
UPTIME_API_KEY="$api_key" node dist/emulator/main.js --port 0 --seed emulator/seed.json --quiet > "$work/emulator.out" 2> "$work/emulator.err" &
emulator_pid=$!
base_url=""
for _ in $(seq 1 100); do
  base_url=$(sed -n 's/^uptime-emulator listening on \(http[^ ]*\)$/\1/p' "$work/emulator.out")
  [ -n "$base_url" ] && break
  kill -0 "$emulator_pid" 2>/dev/null || { cat "$work/emulator.err" >&2; echo "demo: the emulator did not start" >&2; exit 1; }
  sleep 0.1
done
[ -n "$base_url" ] || { echo "demo: the emulator did not report its address" >&2; exit 1; }
echo "demo: emulator at $base_url"

cd examples/quickstart
pulumi stack init demo --non-interactive >/dev/null
pulumi config set uptime:baseUrl "$base_url"
pulumi config set --secret uptime:apiKey "$api_key"

echo; echo "demo: pulumi up --yes"
pulumi up --yes --non-interactive --skip-preview

echo; echo "demo: stack outputs"
pulumi stack output --json
api_monitor="$(pulumi stack output apiMonitor)"

node "$repo/scripts/show-emulator.js" "${base_url%/v1}/admin"

echo; echo "demo: pulumi preview --expect-no-changes (a second run must propose nothing)"
pulumi preview --non-interactive --expect-no-changes

pulumi stack rm demo --yes --force --non-interactive >/dev/null
cd "$repo"

echo; echo "demo: what you declared, rendered by the emulator (the status page as a visitor sees it, and the dashboard):"
node scripts/show-emulator.js "${base_url%/v1}/admin" --view
if [ "$keep" = 1 ]; then
  echo; echo "demo: the emulator keeps running at ${base_url%/v1} until you press Ctrl-C (the demo's stack is already removed)"
  echo "demo: set a monitor's status to see the page change, e.g."
  echo "  curl -X PUT ${base_url%/v1}/admin/monitors/$api_monitor/status -d '{\"status\":\"Down\"}'"
  wait "$emulator_pid" || true
  echo "demo: the emulator stopped"
else
  echo; echo "demo: done; the emulator is stopped and the demo's state removed (bash scripts/demo.sh --keep keeps it running to open these)"
fi
