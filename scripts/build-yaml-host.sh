#!/usr/bin/env bash
# Builds pulumi-language-yaml, the language host that runs YAML Pulumi programs, from the Go module
# proxy into DEST/bin. Called by bootstrap.sh when no `pulumi-language-yaml` is on PATH.
# Usage: build-yaml-host.sh DEST
set -euo pipefail
dest="$1"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$repo/scripts/versions.sh"
command -v go >/dev/null || { echo "build-yaml-host: Go is needed to build pulumi-language-yaml (or put pulumi-language-yaml on PATH)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0
ldflags="-s -w -X github.com/pulumi/pulumi-yaml/pkg/version.Version=v$YAML_HOST_VERSION"

# Built in a throwaway module that requires only pulumi-yaml, so the pulumi pkg/sdk it compiles
# against are the ones its own go.mod asks for (v3.206.0 for v1.25.0; it does not compile against
# PULUMI_VERSION's pkg, v3.274.1, whose plugin context changed). A dependency's replace directives do
# not apply to the module that requires it, so pulumi-yaml's non-local ones (none in v1.25.0) are
# repeated here; local-path ones are dropped.
go mod download -json "github.com/pulumi/pulumi-yaml@v$YAML_HOST_VERSION" >"$work/download.json" 2>&1 || true
yaml_gomod=$(sed -n 's/.*"GoMod": "\(.*\)".*/\1/p' "$work/download.json")
[ -n "$yaml_gomod" ] || { tail -20 "$work/download.json" >&2; echo "build-yaml-host: cannot download github.com/pulumi/pulumi-yaml@v$YAML_HOST_VERSION" >&2; exit 1; }
replaces=$(awk '/^replace[ \t]*\(/ { block = 1; next }
  block && /^\)/ { block = 0; next }
  block { print "replace " $0; next }
  /^replace[ \t]/ { print }' "$yaml_gomod" | sed 's://.*$::' | grep -Ev '=>[[:space:]]*(\.|/)' | grep -v '^replace[[:space:]]*$' || true)

mkdir -p "$work/yaml"
rm -rf "$dest.tmp" && mkdir -p "$dest.tmp/bin"
cat > "$work/yaml/go.mod" <<MOD
module uptime-pulumi-yaml-build

go 1.23

require github.com/pulumi/pulumi-yaml v$YAML_HOST_VERSION

$replaces
MOD
printf '//go:build tools\npackage tools\nimport _ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"\n' > "$work/yaml/tools.go"

start=$(date +%s)
echo "build-yaml-host: resolving modules (pulumi-yaml v$YAML_HOST_VERSION) ..."
(cd "$work/yaml" && go mod tidy) 2>"$work/yaml.log" || { tail -20 "$work/yaml.log" >&2; exit 1; }
pkg_version=$(cd "$work/yaml" && go list -m -f '{{.Version}}' github.com/pulumi/pulumi/pkg/v3)
echo "build-yaml-host: compiling against pulumi pkg $pkg_version (a few minutes on a cold Go build cache) ..."
(cd "$work/yaml" && go build -trimpath -ldflags "$ldflags" \
  -o "$dest.tmp/bin/pulumi-language-yaml" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml) \
  >"$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; exit 1; }
rm -rf "$dest" && mv "$dest.tmp" "$dest"
echo "build-yaml-host: done in $(( $(date +%s) - start ))s: $dest/bin/pulumi-language-yaml v$YAML_HOST_VERSION (pulumi pkg $pkg_version)"
