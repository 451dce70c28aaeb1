#!/usr/bin/env bash
# Generates the Go, Node.js and Python SDKs (sdks/go, sdks/nodejs, sdks/python) from schema.json with
# tools/gen-sdk, the checked-in Go program that calls Pulumi's code generators (pkg v3.274.1).
#   bash scripts/gen-sdks.sh                    # regenerate sdks/
#   bash scripts/gen-sdks.sh --check            # exit 1, naming the stale files, if sdks/ is not what
#                                               # schema.json gives today (writes nothing)
#   bash scripts/gen-sdks.sh [--check] --dir D  # the same with D in place of sdks/
# The tool is built once per version of its sources, into the toolchain cache bootstrap.sh uses.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
check=0
dir="$repo/sdks"
while [ $# -gt 0 ]; do
  case "$1" in
    --check) check=1 ;;
    --dir) [ $# -ge 2 ] || { echo "gen-sdks: --dir needs a directory" >&2; exit 2; }; dir="$2"; shift ;;
    *) echo "usage: gen-sdks.sh [--check] [--dir DIR]" >&2; exit 2 ;;
  esac
  shift
done
command -v go >/dev/null || { echo "gen-sdks: Go is needed to build tools/gen-sdk" >&2; exit 1; }
now_ms() { date +%s%3N; }
secs() { local ms=$(( $(now_ms) - $1 )); printf '%d.%03ds' $((ms / 1000)) $((ms % 1000)); }

# go.sum and go.mod pin the generators, main.go is the tool, gosdk.mod/gosdk.sum and python/ are embedded
# in it: the binary is keyed by all of them, so an edit to any one rebuilds it.
tool_src="$repo/tools/gen-sdk"
key=$(cd "$tool_src" && cat go.mod go.sum gosdk.mod gosdk.sum ./*.go python/* | sha256sum | cut -c1-16)
cache="${UPTIME_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-uptime}"
bin="$cache/gen-sdk-$key/gen-sdk"
# -mod=readonly: a build must not rewrite the checked-in go.mod/go.sum; one that would need to fails.
export GOFLAGS="-mod=readonly -buildvcs=false" GOTOOLCHAIN=local CGO_ENABLED=0
if [ ! -x "$bin" ]; then
  t=$(now_ms)
  echo "gen-sdks: building tools/gen-sdk into $(dirname "$bin") (minutes on a cold Go build cache) ..."
  mkdir -p "$(dirname "$bin")"
  # Built beside the target then renamed, so a concurrent run never executes a half-written binary.
  (cd "$tool_src" && go build -trimpath -o "$bin.tmp.$$" .)
  mv -f "$bin.tmp.$$" "$bin"
  echo "gen-sdks: built in $(secs "$t")"
fi

if [ "$check" = 0 ]; then
  t=$(now_ms)
  mkdir -p "$dir"
  "$bin" -schema "$repo/schema.json" -out "$dir"
  echo "gen-sdks: wrote $dir/{go,nodejs,python} in $(secs "$t")"
  exit 0
fi

t=$(now_ms)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bin" -schema "$repo/schema.json" -out "$work/sdks"
# Only the three directories the tool writes (and replaces whole) are compared, so files beside them
# (a README) are allowed. What compiling, installing or byte-compiling an SDK leaves behind is not
# generated output (the generated .gitignore files ignore it), so it is left out too: `pip install
# sdks/python` builds in the source tree, leaving build/ and pulumi_uptime.egg-info/ there.
stale=0
for lang in go nodejs python; do
  if [ ! -d "$dir/$lang" ]; then
    echo "Only in $work/sdks: $lang" >>"$work/diff"; stale=1
  elif ! diff -rq -x node_modules -x bin -x __pycache__ -x '*.pyc' -x build -x '*.egg-info' "$work/sdks/$lang" "$dir/$lang" >>"$work/diff"; then
    stale=1
  fi
done
if [ "$stale" = 1 ]; then
  fix="bash scripts/gen-sdks.sh"
  [ "$dir" = "$repo/sdks" ] || fix="$fix --dir $dir"
  echo "gen-sdks: $dir is stale: it is not what tools/gen-sdk makes from schema.json:" >&2
  # "Files A and B differ" / "Only in D: F", with the paths made relative to the SDK directory.
  sed -e "s#^Files $work/sdks/\(.*\) and .* differ\$#  changed: \1#" \
    -e "s#^Only in $work/sdks/*\(.*\): \(.*\)\$#  missing: \1/\2#" \
    -e "s#^Only in $dir/*\(.*\): \(.*\)\$#  not generated: \1/\2#" \
    -e "s#: /#: #" "$work/diff" >&2
  echo "gen-sdks: regenerate with: $fix" >&2
  exit 1
fi
echo "gen-sdks: $dir is up to date (checked in $(secs "$t"))"
