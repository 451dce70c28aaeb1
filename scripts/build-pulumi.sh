#!/usr/bin/env bash
# Builds the Pulumi CLI and pulumi-language-nodejs from the Go module proxy into DEST/bin.
# Called by bootstrap.sh when no suitable `pulumi` is on PATH. Usage: build-pulumi.sh DEST [VERSION]
# With a VERSION other than PULUMI_VERSION (the oldest supported CLI, for tests/e2e/cli-range.test.ts)
# it builds the CLI alone: the language hosts are the ones built for PULUMI_VERSION.
set -euo pipefail
dest="$1"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$repo/scripts/versions.sh"
cli_only=""
if [ -n "${2:-}" ] && [ "$2" != "$PULUMI_VERSION" ]; then PULUMI_VERSION="$2"; cli_only=1; fi
command -v go >/dev/null || { echo "build-pulumi: Go is needed to build the Pulumi CLI (or put pulumi >= v$PULUMI_VERSION on PATH)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0
ldflags_for() { echo "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$1"; }

# `go install pkg/v3/cmd/pulumi@v...` is refused because pkg/go.mod has replace directives, so the
# build happens in a throwaway module that requires pkg and sdk at the pinned version and repeats
# the one non-local replace of pkg/go.mod (versions.sh pkg_replace_line).
clip_replace=$(pkg_replace_line "$PULUMI_VERSION")
mkdir -p "$work/cli" "$work/langhost" "$dest.tmp/bin"
cat > "$work/cli/go.mod" <<MOD
module uptime-pulumi-cli-build

go 1.25

require (
	github.com/pulumi/pulumi/pkg/v3 v$PULUMI_VERSION
	github.com/pulumi/pulumi/sdk/v3 v$PULUMI_VERSION
)

$clip_replace
MOD
printf '//go:build tools\npackage tools\nimport _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"\n' > "$work/cli/tools.go"

cat > "$work/langhost/go.mod" <<MOD
module uptime-pulumi-langhost-build

go 1.20

require github.com/pulumi/pulumi/sdk/v3 v$LANGHOST_SDK_VERSION
MOD
printf '//go:build tools\npackage tools\nimport _ "github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs"\n' > "$work/langhost/tools.go"

start=$(date +%s)
echo "build-pulumi: resolving modules (pulumi v$PULUMI_VERSION${cli_only:+ alone}, language host from sdk v$LANGHOST_SDK_VERSION) ..."
(cd "$work/cli" && go mod tidy) 2>"$work/cli.log" || { tail -20 "$work/cli.log" >&2; exit 1; }
lh=""
if [ -z "$cli_only" ]; then
  (cd "$work/langhost" && go mod tidy) 2>"$work/langhost.log" || { tail -20 "$work/langhost.log" >&2; exit 1; }
fi
echo "build-pulumi: compiling (a few minutes on a cold Go build cache) ..."
if [ -z "$cli_only" ]; then
  (cd "$work/langhost" && go build -trimpath -ldflags "$(ldflags_for "$LANGHOST_SDK_VERSION")" \
    -o "$dest.tmp/bin/pulumi-language-nodejs" github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs) &
  lh=$!
fi
(cd "$work/cli" && go build -trimpath -ldflags "$(ldflags_for "$PULUMI_VERSION")" \
  -o "$dest.tmp/bin/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
[ -z "$lh" ] || wait "$lh"
rm -rf "$dest" && mv "$dest.tmp" "$dest"
echo "build-pulumi: done in $(( $(date +%s) - start ))s: $("$dest/bin/pulumi" version)"
