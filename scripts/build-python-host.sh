#!/usr/bin/env bash
# Builds pulumi-language-python, the language host that runs Python Pulumi programs, its executor
# script pulumi-language-python-exec, and pulumi-language-python-programgen (below) from the Go module
# proxy into DEST/bin. Called by bootstrap.sh when no `pulumi-language-python` is on PATH (or when it
# built the CLI). Usage: build-python-host.sh DEST
#
# The host's own module (github.com/pulumi/pulumi/sdk/python/cmd/pulumi-language-python/v3) is not
# served by the proxy; until v3.68.0 the host was a package of github.com/pulumi/pulumi/sdk/v3, which
# the proxy serves, so it is built from there, as build-pulumi.sh builds the Node.js host. Its gRPC
# protocol is still one CLI v3.259.0 speaks, and the executor's calls into the `pulumi` package
# (runtime.Settings, set_all_config, configure, run_in_stack) are still those of pulumi 3.259.0.
#
# Two files are added to the host's package, whose own file is copied unchanged:
# - virtualenv_option.go: a v3.68.0 host takes Pulumi.yaml's `runtime.options.virtualenv` from a
#   `-virtualenv` flag, which the CLI no longer passes (it sends the options inside the requests, in
#   fields v3.68.0 does not know); without it the option is ignored and the program runs with
#   whatever `python3` is on PATH. Its init() reads the option from the project's Pulumi.yaml and
#   supplies the flag (and -root), as the CLI of v3.68.0 did.
# - generate_program.go: GenerateProgram, which `pulumi import` calls for the code it prints, is not
#   implemented by the v3.68.0 host ("method GenerateProgram not implemented"). It hands the request,
#   as the CLI encoded it, to pulumi-language-python-programgen, which is today's host's GenerateProgram
#   (the PCL program bound with the CLI's schema loader, then Pulumi's Python program generator) built
#   against pkg at PULUMI_VERSION, the CLI's own: the CLI's build has filled its module and build caches.
set -euo pipefail
dest="$1"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$repo/scripts/versions.sh"
command -v go >/dev/null || { echo "build-python-host: Go is needed to build pulumi-language-python (or put pulumi-language-python on PATH)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0
sdk="github.com/pulumi/pulumi/sdk/v3"
pkg="github.com/pulumi/pulumi/pkg/v3"
ldflags_for() { echo "-s -w -X $sdk/go/common/version.Version=v$1"; }

start=$(date +%s)
echo "build-python-host: resolving modules (language host from sdk v$PYTHON_HOST_SDK_VERSION, program generator from pkg v$PULUMI_VERSION) ..."
go mod download -json "$sdk@v$PYTHON_HOST_SDK_VERSION" >"$work/download.json" 2>&1 || true
sdk_dir=$(sed -n 's/.*"Dir": "\(.*\)".*/\1/p' "$work/download.json")
[ -n "$sdk_dir" ] && [ -f "$sdk_dir/python/cmd/pulumi-language-python/main.go" ] || {
  tail -20 "$work/download.json" >&2; echo "build-python-host: cannot download $sdk@v$PYTHON_HOST_SDK_VERSION" >&2; exit 1; }

# --- the host: its package copied into a throwaway module that requires sdk/v3 at that version -----
mkdir -p "$work/host"
cp "$sdk_dir/python/cmd/pulumi-language-python/main.go" "$work/host/"
cat > "$work/host/go.mod" <<MOD
module uptime-pulumi-language-python-build

go 1.20

require $sdk v$PYTHON_HOST_SDK_VERSION
MOD

cat > "$work/host/virtualenv_option.go" <<'GO'
package main

// Added by scripts/build-python-host.sh (see there): supplies -virtualenv and -root from the
// project's Pulumi.yaml (runtime.options.virtualenv), which the CLI no longer passes as flags.

import (
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

func init() {
	for _, arg := range os.Args[1:] {
		if strings.HasPrefix(strings.TrimLeft(arg, "-"), "virtualenv") {
			return // given on the command line: that wins
		}
	}
	dir, err := os.Getwd()
	if err != nil {
		return
	}
	for {
		for _, name := range []string{"Pulumi.yaml", "Pulumi.yml"} {
			text, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				continue
			}
			var project struct {
				Runtime yaml.Node `yaml:"runtime"`
			}
			var runtime struct {
				Options struct {
					Virtualenv string `yaml:"virtualenv"`
				} `yaml:"options"`
			}
			// `runtime: python` (a string) has no options.
			if yaml.Unmarshal(text, &project) != nil || project.Runtime.Kind != yaml.MappingNode ||
				project.Runtime.Decode(&runtime) != nil || runtime.Options.Virtualenv == "" {
				return
			}
			os.Args = append([]string{os.Args[0], "-root", dir, "-virtualenv", runtime.Options.Virtualenv}, os.Args[1:]...)
			return
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return
		}
		dir = parent
	}
}
GO

cat > "$work/host/generate_program.go" <<'GO'
package main

// Added by scripts/build-python-host.sh (see there): GenerateProgram, by today's code generator.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/proto"
)

func (host *pythonLanguageHost) GenerateProgram(
	ctx context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	// The request as the CLI sent it: the fields this version does not know (the schema loader's
	// address, strictness) are kept as unknown fields and encoded again.
	in, err := proto.Marshal(req)
	if err != nil {
		return nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	var out, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, filepath.Join(filepath.Dir(self), "pulumi-language-python-programgen"))
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(in), &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("generating Python: %w: %s", err, stderr.String())
	}
	var resp pulumirpc.GenerateProgramResponse
	if err := proto.Unmarshal(out.Bytes(), &resp); err != nil {
		return nil, err
	}
	return &resp, nil
}
GO

# --- the program generator: a throwaway module at the CLI's pkg/sdk version -----------------------
# pkg/go.mod's one non-local replace is repeated (versions.sh pkg_replace_line).
clip_replace=$(pkg_replace_line)
mkdir -p "$work/programgen"
cat > "$work/programgen/go.mod" <<MOD
module uptime-pulumi-language-python-programgen

go 1.25

require (
	$pkg v$PULUMI_VERSION
	$sdk v$PULUMI_VERSION
)

$clip_replace
MOD
cat > "$work/programgen/main.go" <<'GO'
// pulumi-language-python-programgen: a GenerateProgramRequest on stdin, its GenerateProgramResponse
// on stdout, both as protobuf; the body of today's pulumi-language-python GenerateProgram.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	python "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/proto"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		return err
	}
	var req pulumirpc.GenerateProgramRequest
	if err := proto.Unmarshal(in, &req); err != nil {
		return err
	}
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return err
	}
	defer loader.Close()

	parser := syntax.NewParser()
	for path, contents := range req.Source {
		if err := parser.ParseFile(strings.NewReader(contents), path); err != nil {
			return err
		}
		if parser.Diagnostics.HasErrors() {
			return parser.Diagnostics
		}
	}
	var options []pcl.BindOption
	if !req.Strict {
		options = pcl.NonStrictBindOptions()
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return err
	}
	resp := &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}
	if program != nil {
		files, diags, err := python.GenerateProgram(program)
		if err != nil {
			return err
		}
		resp.Source = files
		resp.Diagnostics = append(resp.Diagnostics, plugin.HclDiagnosticsToRPCDiagnostics(diags)...)
	}
	out, err := proto.Marshal(resp)
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(out)
	return err
}
GO

(cd "$work/host" && go mod tidy) 2>"$work/tidy.log" || { tail -20 "$work/tidy.log" >&2; exit 1; }
(cd "$work/programgen" && go mod tidy) 2>"$work/tidy-programgen.log" || { tail -20 "$work/tidy-programgen.log" >&2; exit 1; }
echo "build-python-host: compiling (minutes on a cold Go build cache) ..."
rm -rf "$dest.tmp" && mkdir -p "$dest.tmp/bin"
(cd "$work/host" && go build -trimpath -ldflags "$(ldflags_for "$PYTHON_HOST_SDK_VERSION")" -o "$dest.tmp/bin/pulumi-language-python" .) \
  >"$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; exit 1; }
(cd "$work/programgen" && go build -trimpath -ldflags "$(ldflags_for "$PULUMI_VERSION")" -o "$dest.tmp/bin/pulumi-language-python-programgen" .) \
  >"$work/build-programgen.log" 2>&1 || { tail -20 "$work/build-programgen.log" >&2; exit 1; }
# The host runs the executor found next to its own (real) path, with the program's python.
install -m 0755 "$sdk_dir/python/cmd/pulumi-language-python-exec" "$dest.tmp/bin/pulumi-language-python-exec"
rm -rf "$dest" && mv "$dest.tmp" "$dest"
echo "build-python-host: done in $(( $(date +%s) - start ))s: $dest/bin/pulumi-language-python (sdk v$PYTHON_HOST_SDK_VERSION), its program generator (pkg v$PULUMI_VERSION)"
