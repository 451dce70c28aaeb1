// The e2e tier's engine runs, whoever starts them: each file puts a `pulumi` first on PATH (and before the oldest
// CLI) that notes each engine command in the file's log, then runs the real CLI; tests/README.md holds the allowances.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vm from "node:vm";

const ENGINE = ["up", "update", "preview", "refresh", "destroy", "import"];
// Subcommands that never start the engine: the first of these words ends the search for one.
const OTHER = [
  "config",
  "stack",
  "state",
  "plugin",
  "version",
  "whoami",
  "login",
  "logout",
  "package",
  "convert",
  "about",
  "cancel",
  "schema",
  "install",
  "new",
  "policy",
];

function shim(dir: string, real: string, log: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const script = `#!/bin/sh
for a in "$@"; do
  case "$a" in
    ${ENGINE.join("|")}) echo "$a" >> ${JSON.stringify(log)}; break ;;
    ${OTHER.join("|")}) break ;;
  esac
done
exec ${JSON.stringify(real)} "$@"
`;
  fs.writeFileSync(path.join(dir, "pulumi"), script, { mode: 0o755 });
}

/**
 * Puts the counting `pulumi` first on PATH, in Jest's copy of the environment and in the worker's own (a
 * child started without `env`); each file of a worker starts again from the worker's first PATH. Returns the log.
 */
export function countEngineRuns(): string {
  const worker = vm.runInThisContext("process") as NodeJS.Process;
  worker.env.UPTIME_PATH_UNCOUNTED ??= worker.env.PATH ?? "";
  if (worker.env.UPTIME_OLDEST_PULUMI) worker.env.UPTIME_OLDEST_UNCOUNTED ??= worker.env.UPTIME_OLDEST_PULUMI;
  const set = (key: string, value: string) => {
    worker.env[key] = value;
    process.env[key] = value;
  };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-engine-runs-"));
  const log = path.join(root, "runs.log");
  fs.writeFileSync(log, "");
  const uncounted = worker.env.UPTIME_PATH_UNCOUNTED;
  const real = uncounted
    .split(":")
    .map((dir) => path.join(dir, "pulumi"))
    .find((file) => fs.existsSync(file));
  if (real) {
    shim(path.join(root, "bin"), real, log);
    set("PATH", `${path.join(root, "bin")}:${uncounted}`);
  }
  // The oldest supported CLI: a directory of the same files, its `pulumi` counted too.
  const oldest = worker.env.UPTIME_OLDEST_UNCOUNTED;
  if (oldest && fs.existsSync(path.join(oldest, "pulumi"))) {
    const dir = path.join(root, "oldest");
    fs.mkdirSync(dir);
    for (const f of fs.readdirSync(oldest)) if (f !== "pulumi") fs.symlinkSync(path.join(oldest, f), path.join(dir, f));
    shim(dir, path.join(oldest, "pulumi"), log);
    set("UPTIME_OLDEST_PULUMI", dir);
  }
  return log;
}

export const runsIn = (log: string): number => fs.readFileSync(log, "utf8").split("\n").filter(Boolean).length;

/** tests/README.md's allowance per e2e file: the rows `| \`name.test.ts\` | N |` of its engine-run table. */
export function allowances(): Record<string, number> {
  const text = fs.readFileSync(path.resolve(__dirname, "../README.md"), "utf8");
  return Object.fromEntries([...text.matchAll(/^\| `([\w.-]+\.test\.ts)` \| (\d+) \|/gm)].map((m) => [m[1], Number(m[2])]));
}
