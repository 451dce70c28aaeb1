// examples/go, an Automation API program in Go with an inline Pulumi program over the generated Go
// SDK (sdks/go), built with `go build` and run as its user would: `up`, an empty `preview`, an edit,
// drift repaired by `refresh` and `up`, `destroy`. The engine finds the plugin on PATH (the
// repository's bin/); the key and the secret header value stay encrypted in the state.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { REPO } from "../helpers/pulumi";
import { SEEDED_PAGE, Json, adminGet, asUser, clearRequests, e2eFile, mutating, requestLines } from "../helpers/e2e";
import { E2E_API_KEY } from "../helpers/servers";

jest.setTimeout(600_000);

const execFileAsync = promisify(execFile);
const PROBE_TOKEN = "Bearer go-probe-51c3";
const { emulator, tempDir } = e2eFile();
const work = tempDir("uptime-go-");
const binary = path.join(work, "uptime-go-example");

beforeAll(async () => {
  // A cold Go build cache compiles the Pulumi Go SDK: minutes, once per machine.
  await execFileAsync("go", ["build", "-o", binary, "."], {
    cwd: path.join(REPO, "examples/go"),
    env: { ...process.env, GOFLAGS: "-mod=readonly -buildvcs=false", GOTOOLCHAIN: "local", CGO_ENABLED: "0" },
    maxBuffer: 16 * 1024 * 1024,
  });
  fs.mkdirSync(path.join(work, "state"));
});

/** The example's command line, in the environment its README gives: its exit code and output. */
async function example(...args: string[]): Promise<string> {
  const env = {
    ...process.env,
    PATH: `${path.join(REPO, "bin")}${path.delimiter}${process.env.PATH}`,
    PULUMI_BACKEND_URL: `file://${path.join(work, "state")}`,
    PULUMI_CONFIG_PASSPHRASE: "go-e2e-passphrase",
    UPTIME_JOURNAL_DIR: path.join(work, "journal"),
    UPTIME_BASE_URL: emulator.url,
    UPTIME_API_KEY: E2E_API_KEY,
    PROBE_TOKEN,
    PAGE_UUID: SEEDED_PAGE,
  };
  try {
    const { stdout, stderr } = await execFileAsync(binary, args, { cwd: work, env, maxBuffer: 64 * 1024 * 1024 });
    return `${stdout}\n${stderr}`;
  } catch (error) {
    const e = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`uptime-go-example ${args.join(" ")} failed: ${e.message}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`, { cause: error });
  }
}

const goMonitor = async (): Promise<Json> => (await adminGet(emulator, "/state")).monitors.find((m: Json) => m.name === "go-api");

test("up, an empty preview, an edit, drift then refresh and up, destroy", async () => {
  const up = await example("up");
  const created = await goMonitor();
  expect(created).toMatchObject({ type: "https", urn: "https://go.example.com/health", regions: [1, 2], intervalId: 60 });
  expect(created.httpRequest.headers).toEqual([{ name: "Authorization", value: PROBE_TOKEN }]);
  const hooks = (await adminGet(emulator, "/state")).webhooks.filter((w: Json) => w.topic === "monitors/status_change").length;
  expect(up).toContain(`result: uuid=${created.uuid} interval=60 statusHooks=${hooks}`);
  const page = (await adminGet(emulator, "/state")).pages.find((p: Json) => p.uuid === SEEDED_PAGE);
  expect(page).toMatchObject({ title: "Go status", items: [created.uuid] });

  // The state, as the backend wrote it: the key and the header value encrypted.
  const stacks = path.join(work, "state", ".pulumi", "stacks");
  const checkpoint = fs
    .readdirSync(stacks, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".json"))
    .map((f) => fs.readFileSync(path.join(stacks, f), "utf8"))
    .join("\n");
  expect(checkpoint).toContain(created.uuid);
  expect(checkpoint).not.toContain(PROBE_TOKEN);
  expect(checkpoint).not.toContain(E2E_API_KEY);

  await clearRequests(emulator);
  expect(await example("preview")).toContain("changes: map[same:3]");
  expect(mutating(await requestLines(emulator))).toEqual([]);

  await clearRequests(emulator);
  expect(await example("-interval", "300", "up")).toContain(`interval=300`);
  expect(mutating(await requestLines(emulator))).toEqual([`PATCH /v1/monitors/${created.uuid}`]);

  const drift = await asUser(emulator, "PATCH", `/monitors/${created.uuid}`, { interval: 900 });
  expect(drift.status).toBe(200);
  await example("-interval", "300", "refresh");
  // The state now holds the drift (900), so the up puts the declared 300 back: a refresh that missed it would send nothing.
  await clearRequests(emulator);
  await example("-interval", "300", "up");
  expect(mutating(await requestLines(emulator))).toEqual([`PATCH /v1/monitors/${created.uuid}`]);
  expect((await goMonitor()).intervalId).toBe(300);

  await clearRequests(emulator);
  await example("-interval", "300", "destroy");
  expect(mutating(await requestLines(emulator))).toEqual([`DELETE /v1/monitors/${created.uuid}`]);
  expect(await goMonitor()).toBeUndefined();
  expect((await adminGet(emulator, "/state")).pages.map((p: Json) => p.uuid)).toContain(SEEDED_PAGE);
});
