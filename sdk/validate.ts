import type { MonitorArgs } from "./generated";

/**
 * Validates plain data (from a JSON or YAML file) as {@link MonitorArgs} with the provider's rules; throws one
 * error listing every problem, prefixed with `where` (e.g. `monitors.json: api`).
 */
export function validateMonitorArgs(data: unknown, where: string): MonitorArgs {
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new Error(`${where}: expected an object of monitor fields, got ${JSON.stringify(data)}`);
  }
  const { urn, ...rest } = data as Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on use: the checks the provider runs, not a copy
  const { checkMonitorArgs, inProgramWords } = require("../provider/validation/monitor") as typeof import("../provider/validation/monitor");
  const { failures } = checkMonitorArgs({ ...rest, target: urn });
  if (failures.length > 0) {
    throw new Error(`${where}: invalid monitor:\n${failures.map((f) => `  - ${inProgramWords(f)}`).join("\n")}`);
  }
  return data as MonitorArgs;
}
