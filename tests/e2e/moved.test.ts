// uptime:baseUrl changed since the last up, on each face: refresh and destroy use the stored address, so they fail
// naming it and saying to run them with --run-program, which works through the new address.
import { createServer } from "node:http";
import * as path from "node:path";
import { SEEDED_ALERT, clearRequests, e2eFile, fails, requestLines, sending, serviceState, stateResources } from "../helpers/e2e";
import { forwardTo, listenOnLoopback } from "../helpers/servers";

jest.setTimeout(300_000);

const PROGRAM = path.join(__dirname, "programs/settings");
const { emulator, stack } = e2eFile();

/** Each face: the TypeScript program (the dynamic provider) and the same monitors in YAML (the provider plugin). */
const FACES: { face: string; dir: string; config: Record<string, string> }[] = [
  { face: "typescript", dir: PROGRAM, config: { "settings:alertUuid": SEEDED_ALERT } },
  { face: "yaml", dir: path.join(PROGRAM, "yaml"), config: {} },
];

test.each(FACES)(
  "$face: with uptime:baseUrl changed, refresh and destroy fail naming the address of the last up and saying to run them with --run-program; with it they work",
  async ({ face, dir, config }) => {
    // The service first reached through a front at another address, which then stops answering.
    const old = await listenOnLoopback(createServer(forwardTo(emulator.url)));
    const oldUrl = `http://${old.host}/v1`;
    const t = await stack(dir, { stackName: `moved-${face}`, config: { ...config, "uptime:baseUrl": oldUrl, "uptime:maxRetries": "0" } });
    await t.stack.up();
    const resources = async () => (await stateResources(t)).map((r) => `${r.type} ${r.id ?? ""}`);
    const monitors = (await resources()).filter((r) => /uptime:(index:)?Monitor /.test(r)).map((r) => r.split(" ")[1]);
    expect(monitors).toHaveLength(2);
    const before = await resources();
    await old.close();
    await t.stack.setConfig("uptime:baseUrl", { value: emulator.url });

    await clearRequests(emulator);
    for (const command of ["refresh", "destroy"]) {
      const out = await fails((onOutput) => (command === "refresh" ? t.stack.refresh({ onOutput }) : t.stack.destroy({ onOutput })));
      expect(out).toContain(`connection refused by http://${old.host}; check uptime:baseUrl (${oldUrl})`);
      expect(out).toContain(
        "If uptime:baseUrl changed since the last `pulumi up`, `pulumi refresh` and `pulumi destroy` still use the address stored then: run them with --run-program.",
      );
    }
    expect(await resources()).toEqual(before);
    expect(await requestLines(emulator)).toEqual([]);

    // The advice, followed: the address in the configuration is used.
    expect((await t.stack.refresh({ runProgram: true })).summary.resourceChanges).toEqual({ same: 3 });
    const [destroy, sent] = await sending(emulator, () => t.stack.destroy({ runProgram: true }));
    expect(destroy.summary.result).toBe("succeeded");
    expect(sent.sort()).toEqual(monitors.map((id) => `DELETE /v1/monitors/${id}`).sort());
    const inService = (await serviceState(emulator)).monitors.map((m) => m.uuid);
    expect(inService.filter((uuid) => monitors.includes(uuid))).toEqual([]);
    expect(await resources()).toEqual([]);
  },
);
