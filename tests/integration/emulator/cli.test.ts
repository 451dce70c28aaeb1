// The uptime-emulator command, spawned as a real process: flags, the "listening on" line that
// scripts parse, the bundled demo seed and a clean exit on SIGTERM/SIGINT.

import { ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import { toReply, type Json, type Reply } from "../../helpers/emulator";
import { tempDir } from "../../helpers/images";

const SOURCE = join(__dirname, "..", "..", "..", "emulator");
const { dir: build, remove } = tempDir("uptime-emulator-cli-");
const main = join(build, "main.js");

beforeAll(() => {
  // The emulator's sources compiled the way tsc compiles them (CommonJS), without building the whole project.
  for (const file of readdirSync(SOURCE, { recursive: true, encoding: "utf8" })) {
    mkdirSync(dirname(join(build, file)), { recursive: true });
    if (file.endsWith(".json")) copyFileSync(join(SOURCE, file), join(build, file));
    if (!file.endsWith(".ts")) continue;
    const output = ts.transpileModule(readFileSync(join(SOURCE, file), "utf8"), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, resolveJsonModule: true },
    });
    writeFileSync(join(build, file.replace(/\.ts$/, ".js")), output.outputText);
  }
});
afterAll(remove);

const json = async (response: Response | Promise<Response>): Promise<Json> => (await response).json();

type Finished = { code: number | null; stdout: string; stderr: string };

function run(args: string[], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; finished: Promise<Finished>; url: Promise<string> } {
  const child = spawn(process.execPath, [main, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^uptime-emulator listening on (http:\/\/127\.0\.0\.1:\d+\/v1)$/m.exec(stdout);
      if (match) resolve(match[1]);
    });
    child.on("exit", () => reject(new Error(`exited before listening: ${stderr}`)));
  });
  url.catch(() => undefined);
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const finished = new Promise<Finished>((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
  return { child, finished, url };
}

test("--help prints the usage and exits 0; a missing API key exits 2 naming the flag", async () => {
  const help = await run(["--help"]).finished;
  expect([help.code, help.stdout]).toEqual([0, expect.stringMatching(/Usage: uptime-emulator --api-key <key>/)]);
  expect(help.stdout).toMatch(/--documented-only/);
  const missing = await run(["--port", "0"]).finished;
  expect([missing.code, missing.stderr]).toEqual([2, expect.stringMatching(/--api-key \(or UPTIME_API_KEY\) is required/)]);
});

test("starts with the bundled demo seed, prints the listening line, exits 0 on SIGTERM", async () => {
  const started = run(["--port", "0", "--api-key", "cli-key", "--quiet"]);
  const url = await started.url;
  const headers = { authorization: "cli-key" };
  const webhooks = await json(fetch(`${url}/webhooks`, { headers }));
  expect(webhooks.paginator.recordsCount).toBe(3);
  expect(new Set(webhooks.webhook.map((w: { topic: string }) => w.topic))).toEqual(new Set(["monitors/status_change", "monitors/delete"]));
  const pages = await json(fetch(`${url}/pages/3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01`, { headers }));
  expect(pages.pages[0]).toMatchObject({ name: "Acme status", slug: "acme" });
  const alert = await json(fetch(`${url}/alerts/5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02`, { headers }));
  expect(alert.alert).toMatchObject({ name: "On-call", recipients: [{ type: "email" }] });
  started.child.kill("SIGTERM");
  expect((await started.finished).code).toBe(0);
});

test("UPTIME_API_KEY, --no-seed, --documented-only, --timestamp-offset and --data across a SIGINT restart", async () => {
  const dataFile = join(build, "data.json"); // removed with the build
  const args = ["--port", "0", "--no-seed", "--documented-only", "--timestamp-offset", "-05:00", "--data", dataFile, "--quiet"];
  const headers = { authorization: "env-key", "content-type": "application/json" };
  const send = (url: string, method: string, body: unknown) => fetch(url, { method, headers, body: JSON.stringify(body) });
  const first = run(args, { UPTIME_API_KEY: "env-key" });
  const url = await first.url;
  expect((await json(fetch(`${url}/webhooks`, { headers }))).webhook).toEqual([]);
  const created = send(`${url}/monitors`, "POST", { name: "cli", type: "https", urn: "https://x.example", interval: 60, regions: [1] });
  const monitor = (await json(created)).monitor;
  expect(monitor.createdAt).toMatch(/-05:00$/);
  expect((await fetch(`${url}/monitors/${monitor.uuid}`, { headers })).status).toBe(405);
  first.child.kill("SIGINT");
  expect((await first.finished).code).toBe(0);

  const second = run(args, { UPTIME_API_KEY: "env-key" });
  const again = await second.url;
  const edited = await send(`${again}/monitors/${monitor.uuid}`, "PATCH", { title: "after restart" });
  expect(edited.status).toBe(200);
  expect((await json(edited)).monitor).toMatchObject({ name: "cli", title: "after restart", createdAt: monitor.createdAt });
  second.child.kill("SIGTERM");
  expect((await second.finished).code).toBe(0);
});

test("--rate-limit, --rate-limit-burst and --rate-limit-headers limit /v1 per key", async () => {
  const limit = ["--rate-limit", "0.5", "--rate-limit-burst", "2", "--rate-limit-headers", "ietf"];
  const started = run(["--port", "0", "--api-key", "cli-key", "--no-seed", "--quiet", ...limit]);
  const url = await started.url;
  const replies: Reply[] = [];
  for (let i = 0; i < 3; i++) replies.push(await toReply(await fetch(`${url}/webhooks`, { headers: { authorization: "cli-key" } })));
  expect(replies.map((r) => r.status)).toEqual([200, 200, 429]);
  const admin = url.replace(/\/v1$/, "/admin");
  expect(await json(fetch(`${admin}/rate-limit`))).toEqual({ rateLimit: { rps: 0.5, burst: 2, headers: "ietf" }, buckets: 1 });
  started.child.kill("SIGTERM");
  expect((await started.finished).code).toBe(0);
});

test.each([
  [["--rate-limit", "0"], /--rate-limit 0: expected a number > 0/],
  [["--rate-limit", "fast"], /--rate-limit fast: expected a number > 0/],
  [["--rate-limit", "5", "--rate-limit-burst", "1.5"], /--rate-limit-burst 1\.5: expected an integer >= 1/],
  [["--rate-limit", "5", "--rate-limit-headers", "draft"], /--rate-limit-headers draft: expected one of none, x-ratelimit, ietf/],
  [["--rate-limit-burst", "3"], /--rate-limit-burst needs --rate-limit <rps>/],
])("bad rate-limit flags exit 2 naming the flag and the value: %j", async (flags, message) => {
  const { code, stderr } = await run(["--port", "0", "--api-key", "cli-key", "--no-seed", ...flags]).finished;
  expect([code, stderr]).toEqual([2, expect.stringMatching(message)]);
});
