// The same fleet as rate-limit.test.ts, written in YAML and run through the provider plugin (one
// process for every resource): 300 monitors against a service that allows 10 requests a second per
// key (429 and Retry-After only), --parallel 32, default settings. up, an empty preview and destroy
// succeed with exactly the declared monitors, the stack equal to the service.
import * as fs from "node:fs";
import * as path from "node:path";
import { collect } from "../helpers/pulumi";
import { YAML_PLUGIN, adminCall, clearRequests, e2eFile, monitorNames, requestLines, serviceState } from "../helpers/e2e";
import { expectStateIsService, rateLimitShare, fleetNamesUpTo } from "../helpers/fleets";

jest.setTimeout(900_000);

const { emulator, stack, tempDir } = e2eFile({ seed: {}, rateLimit: { rps: 10, burst: 10 } });
const work = tempDir("uptime-yaml-fleet-");

/** A YAML program of `n` https monitors, as a team generates one from its list, naming the repository's plugin. */
function fleetProgram(n: number): string {
  const monitor = (name: string, i: number) =>
    `  m${i}:\n    type: uptime:index:Monitor\n    properties:\n      name: ${name}\n      type: https\n` +
    `      target: https://svc-${i}.fleet.example/health\n      regions: [${1 + (i % 3)}]\n      interval: 60\n`;
  fs.writeFileSync(
    path.join(work, "Pulumi.yaml"),
    `name: yaml-fleet\nruntime: yaml\n${YAML_PLUGIN}resources:\n${fleetNamesUpTo(n).map(monitor).join("")}`,
  );
  return work;
}

test("YAML through the plugin: 300 monitors at 10 requests/s, --parallel 32: up, an empty preview and destroy", async () => {
  const t = await stack(fleetProgram(300));
  const out: string[] = [];
  const started = Date.now();
  const up = await t.stack.up({ parallel: 32, onOutput: collect(out) });
  const seconds = (Date.now() - started) / 1000;
  expect(up.summary.result).toBe("succeeded");
  expect(up.summary.resourceChanges).toMatchObject({ create: 301 });
  expect(await monitorNames(emulator)).toEqual(fleetNamesUpTo(300));
  await expectStateIsService(t, emulator);
  expect(out.join("")).toMatch(/uptime: the service limits requests \(429 Too Many Requests\): pacing to \d+(\.\d)?\/s/);
  console.log(
    `YAML up of 300 at 10/s, --parallel 32: ${seconds.toFixed(1)} s (${(seconds / 30).toFixed(2)}x N/rps), ${(await rateLimitShare(emulator)).text}`,
  );

  await clearRequests(emulator);
  const preview = await t.stack.preview({ parallel: 32, expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: 301 });
  // Nothing but the account check, once (provider/session.ts accountProblem).
  expect(await requestLines(emulator)).toEqual(["GET /v1/webhooks"]);

  await adminCall(emulator, "DELETE", "/counters");
  const destroy = await t.stack.destroy({ parallel: 32 });
  expect(destroy.summary.result).toBe("succeeded");
  expect((await serviceState(emulator)).monitors).toEqual([]);
  console.log(`YAML destroy of 300: ${(await rateLimitShare(emulator)).text}`);
});
