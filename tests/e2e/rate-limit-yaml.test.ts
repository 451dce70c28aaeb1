// rate-limit.test.ts's fleet written in YAML through the provider plugin (one process for every resource): 300
// monitors at 10 requests/s per key, --parallel 32, default settings.
import * as fs from "node:fs";
import * as path from "node:path";
import { YAML_PLUGIN, e2eFile } from "../helpers/e2e";
import { fleetNamesUpTo, pacedFleetLifecycle } from "../helpers/fleets";

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
  await pacedFleetLifecycle(await stack(fleetProgram(300)), emulator, "YAML");
});
