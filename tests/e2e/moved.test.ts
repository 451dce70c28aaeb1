// The address moved (uptime:baseUrl changed since the last up), on each face: the TypeScript program
// (the dynamic provider) and the same two monitors in YAML (the provider plugin). Refresh and destroy
// still use the address the last up stored, so they fail naming it and say to run them with
// --run-program; nothing changes; following the advice refreshes and destroys through the new address.
import { createServer, request as httpRequest } from "node:http";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import { TestStack, createStack } from "../helpers/pulumi";
import { Json, SEEDED_ALERT, adminGet, clearRequests, mutating, requestLines } from "../helpers/e2e";
import { E2E_API_KEY, listenOnLoopback, startE2eEmulator } from "../helpers/servers";

jest.setTimeout(300_000);

const PROGRAM = path.join(__dirname, "programs/settings");
let emulator: RunningEmulator;
const stacks: TestStack[] = [];

beforeAll(async () => {
  emulator = await startE2eEmulator();
});
afterAll(async () => {
  for (const t of stacks) await t.remove();
  await emulator?.close();
});

/** Each face, and the commands whose failure it proves to name the stored address and give the advice. */
const FACES: { face: string; dir: string; config: Record<string, { value: string }>; failing: string }[] = [
  { face: "typescript", dir: PROGRAM, config: { "settings:alertUuid": { value: SEEDED_ALERT } }, failing: "refresh and destroy" },
  // Through the plugin a failed destroy names the stored address but not --run-program: the state the plugin hands
  // delete has no declaredFields, which provider/providers.ts staleAddressAdvice looks for. Only refresh here.
  { face: "yaml", dir: path.join(PROGRAM, "yaml"), config: {}, failing: "refresh" },
];

test.each(FACES)(
  "$face: with uptime:baseUrl changed, $failing fail naming the address of the last up and saying to run them with --run-program; refresh and destroy with it work",
  async ({ face, dir, config, failing }) => {
    // The service first reached through a front at another address, which then stops answering.
    const upstream = new URL(emulator.url);
    const old = await listenOnLoopback(
      createServer((req, res) => {
        const forward = httpRequest(
          { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        req.pipe(forward);
      }),
    );
    const oldUrl = `http://${old.host}/v1`;
    const t = await createStack(dir, {
      stackName: `moved-${face}`,
      config: {
        ...config,
        "uptime:apiKey": { value: E2E_API_KEY, secret: true },
        "uptime:baseUrl": { value: oldUrl },
        "uptime:maxRetries": { value: "0" },
      },
    });
    stacks.push(t);
    await t.stack.up();
    const resources = async () =>
      (((await t.stack.exportStack()).deployment.resources ?? []) as Json[]).map((r) => `${r.type} ${r.id ?? ""}`);
    const monitors = (await resources()).filter((r) => /uptime:(index:)?Monitor /.test(r)).map((r) => r.split(" ")[1]);
    expect(monitors).toHaveLength(2);
    const before = await resources();
    await old.close();
    await t.stack.setConfig("uptime:baseUrl", { value: emulator.url });

    await clearRequests(emulator);
    for (const command of failing.split(" and ")) {
      const out: string[] = [];
      const onOutput = (l: string) => out.push(l);
      await expect(command === "refresh" ? t.stack.refresh({ onOutput }) : t.stack.destroy({ onOutput })).rejects.toThrow();
      expect(out.join("")).toContain(`connection refused by http://${old.host}; check uptime:baseUrl (${oldUrl})`);
      expect(out.join("")).toContain(
        "If uptime:baseUrl changed since the last `pulumi up`, `pulumi refresh` and `pulumi destroy` still use the address stored then: run them with --run-program.",
      );
    }
    expect(await resources()).toEqual(before);
    expect(await requestLines(emulator)).toEqual([]);

    // The advice, followed: the address in the configuration is used.
    expect((await t.stack.refresh({ runProgram: true })).summary.resourceChanges).toEqual({ same: 3 });
    await clearRequests(emulator);
    expect((await t.stack.destroy({ runProgram: true })).summary.result).toBe("succeeded");
    expect(mutating(await requestLines(emulator)).sort()).toEqual(monitors.map((id) => `DELETE /v1/monitors/${id}`).sort());
    const inService = ((await adminGet(emulator, "/state")).monitors as Json[]).map((m) => m.uuid);
    expect(inService.filter((uuid) => monitors.includes(uuid))).toEqual([]);
    expect(await resources()).toEqual([]);
  },
);
