// The keys and the quickstart's secret header value against all Pulumi stores and prints, at every log level. Pulumi
// itself prints decrypted values only in the engine's -v=9 property dumps and the Node SDK's "RegisterResource RPC
// finished" line (--debug, logs from -v=3, every event stream): allowed there alone. A failure names only where.
import * as fs from "node:fs";
import * as path from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import type { TestStack } from "../helpers/pulumi";
import { adminGet, e2eFile, pulumiOk } from "../helpers/e2e";
import { startE2eEmulator } from "../helpers/servers";

jest.setTimeout(600_000);

const API_KEY = "sk-live-E2Esecret-4f9c2a7d1b";
const WRONG_KEY = "sk-live-WRONGkey-8e3b6d0c5a";
const HEADER_VALUE = "not-a-real-token";
const SECRETS = { "the API key": API_KEY, "the wrong API key": WRONG_KEY, "the secret header value": HEADER_VALUE } as const;
type SecretName = keyof typeof SECRETS;
const ALL = Object.keys(SECRETS) as SecretName[];
const KEYS: SecretName[] = ["the API key", "the wrong API key"];
const HEADER: SecretName[] = ["the secret header value"];

/** One line of Pulumi's own dumps of decrypted values: an engine log line (JSON) or an engine event. */
const PULUMI_DUMP = /"msg":"(Un)?[Mm]arshaling property for RPC\[|"(msg|message)":"RegisterResource RPC finished: /;

interface Captured {
  where: string;
  text: string;
  /** Secrets that must not appear at all. */
  absent: SecretName[];
  /** Secrets that may appear, but only on lines of Pulumi's own dumps. */
  dumpOnly: SecretName[];
}

const { emulator, stack, track } = e2eFile({ apiKey: API_KEY });
let t: TestStack;
const captured: Captured[] = [];

type Level = "plain" | "debug, -v=8" | "-v=8" | "-v=9";
const LEVELS: Record<Level, object> = {
  plain: {},
  "debug, -v=8": { debug: true, logVerbosity: 8, logToStdErr: true, logFlow: true },
  "-v=8": { logVerbosity: 8, logToStdErr: true, logFlow: true },
  "-v=9": { logVerbosity: 9, logToStdErr: true, logFlow: true },
};

/**
 * Runs one engine operation at a log level and files what it printed: output, stderr (the engine's
 * logs), events, and the thrown error. What may hold what depends on the level (see the header).
 */
async function run(
  name: string,
  level: Level,
  operation: (options: object) => Promise<unknown>,
): Promise<{ output: string; logs: string; error?: Error }> {
  const out: string[] = [];
  const err: string[] = [];
  const events: string[] = [];
  const options = {
    color: "never",
    ...LEVELS[level],
    onOutput: (l: string) => void out.push(l),
    onError: (l: string) => void err.push(l),
    onEvent: (e: EngineEvent) => void events.push(JSON.stringify(e)),
  };
  const error = await operation(options).then(
    () => undefined,
    (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
  );
  const file = (what: string, text: string, absent: SecretName[], dumpOnly: SecretName[]) =>
    captured.push({ where: `${name} (${level}): ${what}`, text, absent, dumpOnly });
  const v9 = level === "-v=9";
  const logged = level !== "plain"; // the SDK's debug line reaches the engine's log from -v=3
  // --debug shows the SDK's dump in the output too, as a message over many lines: there only the keys are looked for.
  file("output", out.join(""), level === "debug, -v=8" ? KEYS : ALL, []);
  file("engine logs", err.join(""), v9 ? [] : logged ? KEYS : ALL, v9 ? ALL : logged ? HEADER : []);
  // Events carry the SDK's debug line at every level (the display filters it out).
  file("events", events.join("\n"), v9 ? [] : KEYS, v9 ? ALL : HEADER);
  // The Automation API's error carries the run's output and logs: judged as the logs are.
  if (error) file("the thrown error", textOf(error), v9 ? [] : KEYS, v9 ? ALL : HEADER);
  return { output: out.join(""), logs: err.join(""), error };
}

/** What an error shows: its message (for the Automation API's, the run's output and logs), stack and cause. */
function textOf(error: Error): string {
  return [error.message, error.stack ?? "", error.cause instanceof Error ? textOf(error.cause) : ""].join("\n");
}

/** Every form a secret could take in a text: as is, and base64 at each alignment. */
function forms(secret: string): string[] {
  return [
    secret,
    ...[0, 1, 2].map((pad) =>
      Buffer.from("x".repeat(pad) + secret)
        .toString("base64")
        .slice(pad === 0 ? 0 : 4, -4),
    ),
  ];
}
const holds = (text: string, name: SecretName) => forms(SECRETS[name]).some((f) => text.includes(f));

/** "<secret> in <where>" for each leak, never the text around it. */
function leaks(): string[] {
  const found: string[] = [];
  for (const c of captured) {
    for (const name of c.absent) if (holds(c.text, name)) found.push(`${name} in ${c.where}`);
    for (const name of c.dumpOnly) {
      if (c.text.split("\n").some((line) => holds(line, name) && !PULUMI_DUMP.test(line)))
        found.push(`${name} in ${c.where}, outside Pulumi's own dumps`);
    }
  }
  return found;
}

function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[])
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).isFile());
}

beforeAll(async () => (t = await stack("quickstart", { config: { "uptime:apiKey": { value: API_KEY, secret: true } } })));

test("up, then preview and refresh at every log level, succeed", async () => {
  expect((await run("up", "plain", (o) => t.stack.up(o))).error).toBeUndefined();
  const debug = await run("preview", "debug, -v=8", (o) => t.stack.preview({ ...o, expectNoChanges: true }));
  expect(debug.error).toBeUndefined();
  // The search means something only if the logs are verbose indeed and the SDK's dump was there.
  expect(debug.logs.length).toBeGreaterThan(20_000);
  expect(debug.output).toContain("RegisterResource RPC finished");
  expect((await run("refresh", "-v=9", (o) => t.stack.refresh(o))).error).toBeUndefined();
});

test("a wrong key in the stack: the service answers 401 to the program's webhook lookup, and preview fails saying so", async () => {
  await t.stack.setConfig("uptime:apiKey", { value: WRONG_KEY, secret: true });
  try {
    // At -v=8 only: the output is what a plain run prints, and the engine's logs hold a plain run's stderr and more.
    const { output, error } = await run("preview with a wrong key", "-v=8", (o) => t.stack.preview(o));
    expect(error).toBeDefined();
    expect(output).toMatch(/getWebhooks: GET \/webhooks\?recordOffset=0&pageSize=100 failed with 401 Unauthorized: .*check uptime:apiKey/);
  } finally {
    await t.stack.setConfig("uptime:apiKey", { value: API_KEY, secret: true });
  }
});

test("the service's request log has the credential as [REDACTED], and the header value the service must receive", async () => {
  const { requests } = await adminGet(emulator, "/requests");
  expect(requests.length).toBeGreaterThan(10);
  for (const r of requests) expect(r.headers.authorization).toBe("[REDACTED]");
  const log = JSON.stringify(requests);
  expect(KEYS.filter((k) => holds(log, k))).toEqual([]);
  // The positive control: the search finds the value where it legitimately is.
  expect(holds(log, "the secret header value")).toBe(true);
});

test("a key the service no longer accepts: refresh fails on the provider's reads with 401, saying which setting to check", async () => {
  // The same address, now a service that wants another key: every request is refused.
  const port = Number(new URL(emulator.url).port);
  await emulator.close();
  track(await startE2eEmulator({ apiKey: "sk-service-side-rotated-0000", port }));
  const { output, error } = await run("refresh with a revoked key", "-v=8", (o) => t.stack.refresh(o));
  expect(error).toBeDefined();
  expect(output).toMatch(/GET \/monitors\/[\w-]+ failed with 401 Unauthorized: .*check uptime:apiKey/);
});

test("the backend's files, the stack's config file and `pulumi stack export` hold none of them", async () => {
  const files = filesUnder(t.backendDir);
  expect(files.some((f) => f.endsWith(`${t.stack.name}.json`))).toBe(true);
  /** Text where no secret may be at all. */
  const none = (where: string, text: string) => captured.push({ where, text, absent: ALL, dumpOnly: [] });
  for (const file of files) none(`backend file ${path.relative(t.backendDir, file)}`, fs.readFileSync(file, "utf8"));
  none("the stack's config file", fs.readFileSync(path.join(t.stack.workspace.workDir, `Pulumi.${t.stack.name}.yaml`), "utf8"));
  // The log the CLI keeps of each run of this stack (CLI v3.274.1, under $PULUMI_HOME/logs): not plain text.
  const home = process.env.PULUMI_HOME ?? path.join(process.env.HOME ?? "", ".pulumi");
  const runLogs = fs.existsSync(path.join(home, "logs"))
    ? fs.readdirSync(path.join(home, "logs")).filter((f) => f.includes(`+${t.stack.name}-`))
    : [];
  expect(runLogs.length).toBeGreaterThan(0);
  for (const file of runLogs) none(`run log ${file}`, fs.readFileSync(path.join(home, "logs", file), "latin1"));
  const exported = (await pulumiOk(t, ["stack", "export"])).out;
  expect(exported).toContain("pulumi-nodejs:dynamic/uptime:Monitor");
  none("pulumi stack export", exported);
});

test("sweep: no secret anywhere it may not be", () => {
  expect(captured.length).toBeGreaterThan(30);
  expect(leaks()).toEqual([]);
  // The positive control of the attribution: Pulumi's dumps (the SDK's debug line, in the events and from -v=3 in
  // the logs) did hold the header value, and were told apart.
  const dumped = captured.filter((c) => c.where.startsWith("preview (debug, -v=8): ") && c.dumpOnly.includes("the secret header value"));
  expect(dumped.map((c) => c.where).sort()).toEqual(["preview (debug, -v=8): engine logs", "preview (debug, -v=8): events"]);
  expect(dumped.every((c) => holds(c.text, "the secret header value"))).toBe(true);
});
