// Real Pulumi engine runs for the e2e tests: the Automation API over the CLI that scripts/bootstrap.sh
// put on PATH, a fresh local file backend per stack, and nothing that reaches the network.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { EngineEvent, LocalWorkspace, OutputMap, PulumiCommand, Stack, UpdateSummary } from "@pulumi/pulumi/automation";

export const REPO = path.resolve(__dirname, "../..");
export const PASSPHRASE = "e2e-passphrase";
let stacksMade = 0;
/** The CLI on PATH, asked its version once per test file rather than once per stack (a `pulumi version` each). */
let cli: Promise<PulumiCommand> | undefined;

export interface TestStack {
  stack: Stack;
  backendDir: string;
  /** The environment every engine run of this stack gets (backend, passphrase, journal). */
  env: Record<string, string>;
  remove(): Promise<void>;
}

export async function createStack(
  workDir: string,
  options: { config?: Record<string, { value: string; secret?: boolean }>; env?: Record<string, string>; stackName?: string } = {},
): Promise<TestStack> {
  const backendDir = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-e2e-state-"));
  const envVars: Record<string, string> = {
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
    // Each stack its own create journal (see provider/journal.ts), so tests cannot see each other's.
    UPTIME_JOURNAL_DIR: path.join(backendDir, "journal"),
    ...options.env,
  };
  // A name of its own: stacks of one program in parallel test files must not share Pulumi.<stack>.yaml.
  const stackName = `${options.stackName ?? "e2e"}-${process.pid}-${++stacksMade}`;
  // A new name in a new backend: `stack init` alone (createOrSelectStack would first try, and fail, to select it).
  const pulumiCommand = await (cli ??= PulumiCommand.get());
  const stack = await LocalWorkspace.createStack({ stackName, workDir }, { envVars, pulumiCommand });
  if (options.config) await stack.setAllConfig(options.config);
  summaryFromEvents(stack);
  return {
    stack,
    backendDir,
    env: envVars,
    // What `pulumi stack rm --force` would delete, without a CLI run: the backend and the stack's config file.
    async remove() {
      fs.rmSync(path.join(workDir, `Pulumi.${stackName}.yaml`), { force: true });
      fs.rmSync(backendDir, { recursive: true, force: true });
    },
  };
}

/**
 * up, refresh and destroy with the summary (and up's outputs) from the run's own events, not two more CLI runs
 * each (`stack history`, `stack output`); outputs holding a secret, which events mask, are still read by the CLI.
 */
function summaryFromEvents(stack: Stack): void {
  for (const op of ["up", "refresh", "destroy"] as const) {
    const run = Stack.prototype[op] as (this: Stack, opts?: { onEvent?: (event: EngineEvent) => void }) => Promise<unknown>;
    (stack as unknown as Record<string, unknown>)[op] = (opts: { onEvent?: (event: EngineEvent) => void } = {}) => {
      let summary: UpdateSummary | undefined;
      let outputs: OutputMap | undefined;
      const onEvent = (event: EngineEvent) => {
        // Read only once the run succeeded (a failed one throws first): its result is "succeeded".
        if (event.summaryEvent) {
          const at = new Date(event.timestamp * 1000);
          const { resourceChanges } = event.summaryEvent;
          summary = {
            kind: op === "up" ? "update" : op,
            startTime: at,
            endTime: at,
            message: "",
            environment: {},
            config: {},
            version: 0,
            result: "succeeded",
            resourceChanges,
          } as UpdateSummary;
        }
        const stackOutputs = event.resOutputsEvent?.metadata;
        if (stackOutputs?.type === "pulumi:pulumi:Stack") {
          const values = (stackOutputs.new?.outputs ?? {}) as Record<string, unknown>;
          outputs = JSON.stringify(values).includes('"[secret]"')
            ? undefined
            : Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value, secret: false }]));
        }
        opts.onEvent?.(event);
      };
      const self = Object.create(stack, {
        info: { value: () => summary ?? stack.info() },
        outputs: { value: () => outputs ?? stack.outputs() },
      }) as Stack;
      return run.call(self, { ...opts, onEvent });
    };
  }
}

/** Collects engine output lines into `into` (pass as onOutput). */
export const collect = (into: string[]) => (line: string) => {
  into.push(line);
};

/** The stack's checkpoint file as the local backend stored it: secrets still encrypted. */
export function rawCheckpoint(t: TestStack): string {
  const stacks = path.join(t.backendDir, ".pulumi", "stacks");
  const files = fs
    .readdirSync(stacks, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(`${t.stack.name}.json`))
    .map((f) => path.join(stacks, f));
  if (files.length !== 1) throw new Error(`expected one checkpoint for ${t.stack.name} in ${stacks}, found ${files.length}`);
  return fs.readFileSync(files[0], "utf8");
}

/** scripts/versions.sh's pins, as the shell reads them: the CLI the tests run on and the oldest supported one. */
export const versions = Object.fromEntries(
  [...fs.readFileSync(path.join(REPO, "scripts/versions.sh"), "utf8").matchAll(/^(\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]),
) as Record<"PULUMI_VERSION" | "PULUMI_OLDEST_VERSION" | "YAML_HOST_VERSION", string>;

/** The directory of the oldest supported Pulumi CLI, which bootstrap builds when UPTIME_CLI_RANGE=1 (the e2e tier's). */
export function oldestPulumi(): string {
  const dir = process.env.UPTIME_OLDEST_PULUMI;
  if (!dir || !fs.existsSync(path.join(dir, "pulumi")))
    throw new Error("no oldest supported CLI: run `bash scripts/test.sh e2e`, or `UPTIME_CLI_RANGE=1 source scripts/bootstrap.sh` first");
  return dir;
}
