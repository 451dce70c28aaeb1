#!/usr/bin/env bash
# The release: the npm tarball, made the way a user's install makes the package (a fresh clone of one
# commit, its locked dependencies with `npm ci`, then `npm pack`, whose `prepare` script compiles
# dist/), and the provider plugin's tarballs. Prints each file's path, size and sha256, and the
# commands that install them.
#   bash scripts/release.sh                 # HEAD; the files go to the repository root
#   bash scripts/release.sh --ref v0.2.0    # a tag, branch or commit
#   bash scripts/release.sh --npm-only      # the npm tarball alone (what a TypeScript program installs): no plugin tarballs
#   bash scripts/release.sh --no-executables   # the npm tarball and the Node-run plugin tarball, not the self-contained ones
#   bash scripts/release.sh --worktree      # HEAD plus the work tree's changes, ignored files aside (what the tests pack)
#   bash scripts/release.sh --out <dir>     # where the files go
#   bash scripts/release.sh --clone <dir>   # keep the clone there (a git source to install from; the work tree's changes committed)
#   bash scripts/release.sh --plugin-download-url <base>   # where the plugin tarballs will be served (https://, http:// or github://)
#   bash scripts/release.sh --print-version # the version it would make, and why; nothing built
# The version: a commit tagged `v<semver>` (v0.2.0, v1.0.0-rc.1) is released as that version; so is,
# untagged, the commit that set package.json's version (`--ref v0.2.0` finds it in a clone without
# tags); any other commit is a build after it, named by the next patch and the commit (0.2.1-dev.g1a2b3c4).
# The version goes into the clone's package.json, schema.json and generated SDKs (sdks/), committed
# in the clone, and so into every file of the release. A commit whose own scripts/release.sh differs
# from this one (an earlier tag) is released by its own script, as its tree says.
# The plugin's tarballs, for programs in other languages: one self-contained executable per platform
# (pulumi-resource-uptime-v<version>-linux-amd64.tar.gz, -linux-arm64), which the engine downloads
# itself from the --plugin-download-url base, and one run by Node.js >= 22 on any platform
# (pulumi-resource-uptime-v<version>.tar.gz): `pulumi plugin install resource uptime <version> --file <it>`.
# The npm tarball and the Node-run plugin tarball are reproducible: the same commit gives the same bytes.
# Needs git, Node.js >= 22 with npm (`source scripts/bootstrap.sh` puts one on PATH), the npm
# registry, and Go with --clone or --plugin-download-url (the SDK generator rewrites the clone's sdks/).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ref=HEAD worktree=0 out="$repo" keep="" download_url="" npm_only=0 executables=1 print_version=0
args=("$@")
while [ $# -gt 0 ]; do
  case "$1" in
    --ref) ref="${2:?--ref needs a tag, branch or commit}"; shift 2 ;;
    --worktree) worktree=1; shift ;;
    --out) out="${2:?--out needs a directory}"; shift 2 ;;
    --clone) keep="${2:?--clone needs a directory}"; shift 2 ;;
    --plugin-download-url) download_url="${2:?--plugin-download-url needs a base address}"; shift 2 ;;
    --npm-only) npm_only=1; shift ;;
    --no-executables) executables=0; shift ;;
    --print-version) print_version=1; shift ;;
    -h|--help) sed -n '2,30p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "release: unknown argument '$1' (known: --ref <ref>, --print-version, --npm-only, --no-executables, --worktree, --out <dir>, --clone <dir>, --plugin-download-url <base>)" >&2; exit 2 ;;
  esac
done
case "$download_url" in
  ""|https://?*|http://?*|github://?*) ;;
  *) echo "release: --plugin-download-url must start with https://, http:// or github:// (got '$download_url')" >&2; exit 2 ;;
esac
[ "$worktree" = 0 ] || [ "$ref" = HEAD ] || { echo "release: --worktree packs HEAD and the work tree; it takes no --ref" >&2; exit 2; }

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 22 ]; then
  echo "release: needs Node.js >= 22 (found $(node --version 2>/dev/null || echo none)); run \`source scripts/bootstrap.sh\` first" >&2
  exit 1
fi
# package.json's version at a commit ("" where there is none); and the commit, newest first from HEAD,
# that set it to $1: a release is that commit, tagged or not (a clone may have no tags).
version_at() { { git -C "$repo" show "$1:package.json" 2>/dev/null || true; } | sed -n 's/^  "version": "\(.*\)",\{0,1\}$/\1/p' | head -n 1; }
set_here() { # $1 a commit: did it set its package.json's version? 0 yes, 1 no, 2 a shallow clone cannot tell
  local parent
  if parent="$(git -C "$repo" rev-parse --verify --quiet "$1^" 2>/dev/null)"; then
    [ "$(version_at "$parent")" != "$(version_at "$1")" ]
  elif [ "$(git -C "$repo" rev-parse --is-shallow-repository)" = true ]; then
    return 2
  fi # else a root commit: it set it
}
release_commit() {
  local c
  for c in $(git -C "$repo" log --format=%H HEAD -- package.json); do
    [ "$(version_at "$c")" = "$1" ] && set_here "$c" && { echo "$c"; return 0; }
  done
  return 1
}
if ! commit=$(git -C "$repo" rev-parse --verify --quiet "$ref^{commit}"); then
  # `--ref v0.2.0` in a clone without that tag: the commit that set package.json's version to 0.2.0.
  if [[ "$ref" =~ ^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]] && commit="$(release_commit "${ref#v}")"; then
    echo "release: no tag $ref here: releasing $(git -C "$repo" rev-parse --short=7 "$commit"), the commit that set package.json's version to ${ref#v}"
  else
    shallow=""
    [ "$(git -C "$repo" rev-parse --is-shallow-repository)" != true ] || shallow=" (a shallow clone: \`git fetch --unshallow\` first)"
    echo "release: '$ref' is no commit of $repo, nor a v<version> that a commit of its history set in package.json$shallow" >&2; exit 1
  fi
fi
described="$(git -C "$repo" describe --tags --always "$commit")"
# The version: the commit's `v<semver>` tag; else package.json's when this commit set it (the release
# commit, in a clone without tags); else a build, named after the next patch release and the commit,
# so that it sorts after the release it follows (0.2.0, then 0.2.1-dev.g1a2b3c4).
tag="$(git -C "$repo" tag --points-at "$commit" --list 'v[0-9]*' | grep -E '^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$' | sort -V | tail -n 1 || true)"
base_version="$(version_at "$commit")"
set_here "$commit" && here=0 || here=$?
if [ -n "$tag" ] && [ "$worktree" = 0 ]; then
  version="${tag#v}"
  said=("release: version $version, from the tag $tag")
  [ "$version" = "$base_version" ] || said+=("release: note: the tagged tree's package.json says $base_version, so \`npm install git+…#$tag\` would install it as $base_version; set its version (\`npm version --no-git-tag-version $version\`) in the commit you tag")
elif [ "$worktree" = 0 ] && [ "$here" = 0 ] && [[ "$base_version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  version="$base_version"
  said=("release: version $version, from package.json, which this commit set (tag it v$version to name it so everywhere)")
else
  if [[ "$base_version" =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]]; then
    next="${BASH_REMATCH[1]}.${BASH_REMATCH[2]}.$((BASH_REMATCH[3] + 1))"
  else
    next="${base_version%%-*}"
  fi
  version="$next-dev.g$(git -C "$repo" rev-parse --short=7 "$commit")"
  why="is no release"
  [ "$here" != 2 ] || why="is in a shallow clone, whose history cannot tell a release (\`git fetch --unshallow\`)"
  [ "$worktree" = 0 ] || why="with the work tree's changes is no commit"
  said=("release: version $version: a build after $base_version; $described $why (a release is a commit tagged v<version>, or the commit that sets package.json's version: RELEASING.md)")
fi
# Said after an earlier tree's own script is handed the work (below), which names its version its own way.
[ "$print_version" = 0 ] || { printf '%s\n' "${said[@]}"; exit 0; }
mkdir -p "$out" && out="$(cd "$out" && pwd)"

work="$(mktemp -d "${TMPDIR:-/tmp}/uptime-release.XXXXXX")"
trap 'rm -rf "$work"' EXIT
src="$work/pulumi-uptime"
if [ -n "$keep" ]; then
  [ ! -e "$keep" ] || [ -z "$(ls -A "$keep")" ] || { echo "release: --clone $keep is not empty" >&2; exit 1; }
  mkdir -p "$keep" && src="$(cd "$keep" && pwd)"
fi
git clone --quiet --no-checkout "$repo" "$src"
git -C "$src" checkout --quiet --detach "$commit"
# An earlier tree releases itself, the way it was written to: today's checks would refuse its layout.
if [ "$worktree" = 0 ] && ! cmp -s "$src/scripts/release.sh" "${BASH_SOURCE[0]}"; then
  if [ ! -f "$src/scripts/release.sh" ]; then
    echo "release: $described has no scripts/release.sh: it predates releases; release a later commit" >&2; exit 1
  fi
  # Its arguments: ours but the flags it lacks (--npm-only, --no-executables: in an earlier tree), --ref (it releases its own checkout), --clone (that
  # checkout is the kept clone already) and --out (given once, absolute, since it runs from there).
  own=() lacks=()
  for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[i]}" in
      --npm-only|--no-executables) if grep -q -e "^ *${args[i]})" "$src/scripts/release.sh"; then own+=("${args[i]}"); else lacks+=("${args[i]}"); fi ;;
      --ref|--clone|--out) i=$((i + 1)) ;;
      *) own+=("${args[i]}") ;;
    esac
  done
  [ "${#lacks[@]}" = 0 ] || echo "release: $described's own release script makes every tarball (it has no ${lacks[*]})"
  echo "release: $described has its own scripts/release.sh: releasing it with that, as its tree says"
  git -C "$src" config advice.detachedHead false
  (cd "$src" && exec bash scripts/release.sh "${own[@]}" --out "$out")
  exit $?
fi
# Every file of the release is dated at the released commit (reproducible: see repro_tar below).
epoch="$(git -C "$src" log -1 --format=%ct)"
printf '%s\n' "${said[@]}"
if [ "$worktree" = 1 ]; then
  # Read-only on $repo: no index refresh, so a git command running there meanwhile is never blocked.
  git -C "$repo" --no-optional-locks diff --binary HEAD | git -C "$src" apply --allow-empty --whitespace=nowarn
  (cd "$repo" && git --no-optional-locks ls-files -z --others --exclude-standard | tar --null -T - -cf -) | tar -xf - -C "$src"
  # Committed in the clone only, so that it is a git source like any other (npm installs commits).
  git -C "$src" add -A
  git -C "$src" -c user.name=release.sh -c user.email=release.sh@localhost commit --quiet --allow-empty -m "work tree of $commit"
  commit="$(git -C "$src" rev-parse HEAD)"
  described="$described + work tree"
fi

echo "release: pulumi-uptime from $described (commit $commit), in a fresh clone${keep:+ kept at $src}"
# Dependencies' install scripts are not needed to compile; `npm pack` runs our `prepare` (tsc).
(cd "$src" && npm ci --ignore-scripts --no-audit --no-fund --prefer-offline --loglevel=error >/dev/null)
if [ -z "$download_url" ] && [ -z "$keep" ]; then
  # The tarballs read the version from package.json and schema.json (which the plugin serves); sdks/ are the
  # sources of a kept clone, so without one they are not regenerated (nor Go needed).
  (cd "$src" && npm pkg set "version=$version" && npx ts-node --transpile-only scripts/gen-schema.ts >/dev/null) ||
    { echo "release: writing the version into package.json and schema.json failed" >&2; exit 1; }
elif [ -n "$download_url" ] || [ "$version" != "$base_version" ]; then
  # The version and the download base go where every consumer reads them: package.json, schema.json (the
  # plugin's schema) and the SDKs generated from it (their versions, their default resource options), in one
  # commit of the clone.
  (cd "$src" && npm pkg set "version=$version" && { [ -z "$download_url" ] || npm pkg set "pluginDownloadURL=$download_url"; } &&
    npx ts-node --transpile-only scripts/gen-schema.ts >/dev/null && bash scripts/gen-sdks.sh >/dev/null) ||
    { echo "release: writing the version and download address into package.json, schema.json and sdks/ failed" >&2; exit 1; }
  git -C "$src" add -A
  GIT_COMMITTER_DATE="@$epoch" git -C "$src" -c user.name=release.sh -c user.email=release.sh@localhost commit --quiet --date="@$epoch" \
    -m "Release $version${download_url:+: plugins served from $download_url}"
  commit="$(git -C "$src" rev-parse HEAD)"
  echo "release: version $version${download_url:+, plugin download address $download_url} in package.json, schema.json, sdks/ (commit $commit of the clone)"
fi
# Reproducible: every file of a tarball dated at the commit, owned by no one, in name order.
export SOURCE_DATE_EPOCH="$epoch"
repro_tar() { tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner -cf - -C "$1" . | gzip -n -9 >"$2"; }
(cd "$src" && npm pack --json --pack-destination "$out" --loglevel=error >"$work/pack.json" 2>"$work/pack.err") || {
  cat "$work/pack.err" "$work/pack.json" >&2; echo "release: npm pack failed" >&2; exit 1; }

# `npm pack --json` prints the prepare script's output first, then the JSON array.
node - "$work/pack.json" "$out" <<'EOF' > "$work/summary"
const fs = require("node:fs");
const [file, out] = process.argv.slice(2);
const text = fs.readFileSync(file, "utf8");
const [pack] = JSON.parse(text.slice(text.search(/^\[/m)));
const paths = pack.files.map((f) => f.path);
// A package without these is the two-file package a build-less pack gives: no program could use it.
const needed = ["bin/pulumi-resource-uptime", "schema.json", "dist/provider/plugin/main.js", "dist/sdk/index.js", "dist/sdk/index.d.ts", "dist/provider/shim/monitor.js", "dist/provider/providers.js", "dist/provider/dynamic.js", "dist/emulator/main.js"];
const missing = needed.filter((p) => !paths.includes(p));
if (missing.length) { console.error(`release: the tarball lacks ${missing.join(", ")}`); process.exit(1); }
const strays = paths.filter((p) => !/^(dist\/(sdk|provider|emulator)\/|bin\/pulumi-resource-uptime$|schema\.json$|README\.md$|CHANGELOG\.md$|package\.json$|LICENSE)/.test(p) || p.endsWith(".map"));
if (strays.length) { console.error(`release: the tarball holds files a program does not need: ${strays.join(", ")}`); process.exit(1); }
const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
console.log(`tarball=${out}/${pack.filename}`);
console.log(`size=${pack.size}`);
console.log(`files=${pack.entryCount}`);
console.log(`line=${pack.filename}: ${kB(pack.size)} (${kB(pack.unpackedSize)} unpacked), ${pack.entryCount} files, sha256 ${require("node:crypto").createHash("sha256").update(fs.readFileSync(`${out}/${pack.filename}`)).digest("hex")}`);
EOF
tarball="$(sed -n 's/^tarball=//p' "$work/summary")"
echo "release: $(sed -n 's/^line=//p' "$work/summary")"
echo "release: wrote $tarball"
if [ "$npm_only" = 1 ]; then
  echo "release: --npm-only: no plugin tarballs. Install it in a Pulumi TypeScript program:"
  echo "  npm install $tarball"
  exit 0
fi
# The plugin: the package's files with the executable at the root, and its production dependencies
# with the @pulumi/pulumi this repository builds with (its gRPC bindings serve the engine), since no
# program's node_modules is there to lend one. Needs only Node.js >= 22 on the PATH of the engine.
plugin="$work/plugin"
mkdir -p "$plugin" && tar -xzf "$tarball" -C "$plugin" --strip-components=1
mv "$plugin/bin/pulumi-resource-uptime" "$plugin/pulumi-resource-uptime" && rmdir "$plugin/bin"
# The plugin's own manifest: @pulumi/pulumi a pinned dependency, no longer a peer a program provides.
node -e 'const f = process.argv[1], m = require(f), dev = require(process.argv[2]).devDependencies;
  m.dependencies = { ...m.dependencies, "@pulumi/pulumi": dev["@pulumi/pulumi"] }; delete m.peerDependencies; delete m.devDependencies;
  require("node:fs").writeFileSync(f, JSON.stringify(m, null, 2) + "\n");' "$plugin/package.json" "$src/package.json"
(cd "$plugin" && npm install --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline --no-package-lock --loglevel=error >/dev/null) ||
  { echo "release: installing the plugin's dependencies failed" >&2; exit 1; }
plugin_tarball="$out/pulumi-resource-uptime-v$version.tar.gz"
repro_tar "$plugin" "$plugin_tarball"
echo "release: $(basename "$plugin_tarball"): $(( $(stat -c %s "$plugin_tarball") / 1000 )) kB, sha256 $(sha256sum "$plugin_tarball" | cut -c1-64)"
echo "release: wrote $plugin_tarball"
# The self-contained executables: no Node.js where they run (scripts/build-plugin.js).
if [ "$executables" = 1 ]; then
  (cd "$src" && node scripts/build-plugin.js --out "$out") >"$work/native" || { echo "release: building the self-contained plugins failed" >&2; exit 1; }
else
  echo "release: --no-executables: no self-contained plugin tarballs"
  : >"$work/native"
fi
while read -r file size sha rest; do
  echo "release: $(basename "$file"): $(( size / 1000 )) kB, sha256 $sha${rest:+ $rest}"
  echo "release: wrote $file"
done <"$work/native"
if [ -n "$download_url" ]; then
  echo "release: serve the pulumi-resource-uptime-v$version-*.tar.gz files at $download_url: the engine downloads the one for its platform on first use"
else
  echo "release: no --plugin-download-url: programs in other languages install the plugin by hand"
fi
echo "release: install the provider plugin by hand for programs in any language (YAML, Go, Python, ...):"
echo "  pulumi plugin install resource uptime $version --file $out/pulumi-resource-uptime-v$version-linux-amd64.tar.gz   # no Node.js needed (linux-arm64 too)"
echo "  pulumi plugin install resource uptime $version --file $plugin_tarball   # any platform, with Node.js >= 22 on PATH"
peer="$(node -p 'require(process.argv[1]).peerDependencies["@pulumi/pulumi"]' "$src/package.json")"
echo "release: install it in a Pulumi TypeScript program (it uses the program's own @pulumi/pulumi, $peer):"
echo "  npm install $tarball"
if [ -n "$keep" ]; then
  echo "  npm install --allow-git=root git+file://$src#$commit   # the same package, built by npm from this clone"
else
  echo "  npm install --allow-git=root git+https://<git host>/<owner>/pulumi-uptime.git#<tag or commit>   # the same package, built by npm from git (npm 12 needs --allow-git)"
fi
