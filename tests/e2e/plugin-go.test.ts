// examples/go, a Go Automation API program over the generated Go SDK, built with `go build` and run as its
// user would, the plugin on PATH.
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO } from "../helpers/pulumi";
import { SEEDED_PAGE, Json, asUser, e2eFile, exec, monitorNamed, pluginOnPath, seededPage, sending, serviceState } from "../helpers/e2e";
import { E2E_API_KEY } from "../helpers/servers";

jest.setTimeout(600_000);

const PROBE_TOKEN = "Bearer go-probe-51c3";
const { emulator, tempDir } = e2eFile();
const work = tempDir("uptime-go-");
const binary = path.join(work, "uptime-go-example");

beforeAll(async () => {
  // A cold Go build cache compiles the Pulumi Go SDK: minutes, once per machine.
  const env = { ...process.env, GOFLAGS: "-mod=readonly -buildvcs=false", GOTOOLCHAIN: "local", CGO_ENABLED: "0" };
  await exec("go", ["build", "-o", binary, "."], { cwd: path.join(REPO, "examples/go"), env });
  fs.mkdirSync(path.join(work, "state"));
});

/** The example's command line, in the environment its README gives: what it printed. */
async function example(...args: string[]): Promise<string> {
  const env = {
    ...process.env,
    ...pluginOnPath(),
    PULUMI_BACKEND_URL: `file://${path.join(work, "state")}`,
    PULUMI_CONFIG_PASSPHRASE: "go-e2e-passphrase",
    UPTIME_JOURNAL_DIR: path.join(work, "journal"),
    UPTIME_BASE_URL: emulator.url,
    UPTIME_API_KEY: E2E_API_KEY,
    PROBE_TOKEN,
    PAGE_UUID: SEEDED_PAGE,
  };
  return (await exec(binary, args, { cwd: work, env })).out;
}

const goMonitor = () => monitorNamed(emulator, "go-api");

test("up, an empty preview, an edit, drift then refresh and up, destroy", async () => {
  const up = await example("up");
  const created = await goMonitor();
  expect(created).toMatchObject({ type: "https", urn: "https://go.example.com/health", regions: [1, 2], intervalId: 60 });
  expect(created.httpRequest.headers).toEqual([{ name: "Authorization", value: PROBE_TOKEN }]);
  const hooks = (await serviceState(emulator)).webhooks.filter((w: Json) => w.topic === "monitors/status_change").length;
  expect(up).toContain(`result: uuid=${created.uuid} interval=60 statusHooks=${hooks}`);
  expect(await seededPage(emulator)).toMatchObject({ title: "Go status", items: [created.uuid] });

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

  const [preview, previewSent] = await sending(emulator, () => example("preview"));
  expect(preview).toContain("changes: map[same:3]");
  expect(previewSent).toEqual([]);

  const [edit, editSent] = await sending(emulator, () => example("-interval", "300", "up"));
  expect(edit).toContain(`interval=300`);
  expect(editSent).toEqual([`PATCH /v1/monitors/${created.uuid}`]);

  const drift = await asUser(emulator, "PATCH", `/monitors/${created.uuid}`, { interval: 900 });
  expect(drift.status).toBe(200);
  await example("-interval", "300", "refresh");
  // The state now holds the drift (900), so the up puts the declared 300 back: a refresh that missed it would send nothing.
  expect((await sending(emulator, () => example("-interval", "300", "up")))[1]).toEqual([`PATCH /v1/monitors/${created.uuid}`]);
  expect((await goMonitor()).intervalId).toBe(300);

  expect((await sending(emulator, () => example("-interval", "300", "destroy")))[1]).toEqual([`DELETE /v1/monitors/${created.uuid}`]);
  expect(await goMonitor()).toBeUndefined();
  expect(await seededPage(emulator)).toBeDefined();
});
