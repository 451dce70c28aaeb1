// Monitors as reviewed data: a JSON file lists the monitors, keyed by a stable resource name. The
// program validates every entry before declaring anything, so a bad entry fails the preview with
// the file, the entry and the field named, and no request is sent.
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const file = path.resolve(__dirname, config.get("file") ?? "monitors.json");
const data = JSON.parse(fs.readFileSync(file, "utf8")) as { monitors?: Record<string, unknown> };
if (!data.monitors || typeof data.monitors !== "object") {
  throw new Error(`${path.basename(file)}: expected a top-level "monitors" object keyed by resource name`);
}

// Optional: every monitor alerts these alert uuids (e.g. the team's on-call alert).
const alerts = config.getObject<string[]>("alerts");

const problems: string[] = [];
const declared = Object.entries(data.monitors).flatMap(([key, entry]) => {
  try {
    return [[key, uptime.validateMonitorArgs(entry, `${path.basename(file)}: ${key}`)] as const];
  } catch (error) {
    problems.push((error as Error).message);
    return [];
  }
});
if (problems.length > 0) throw new Error(problems.join("\n"));

const monitors = declared.map(([key, args]) => new uptime.Monitor(key, alerts ? { ...args, alerts } : args));

export const monitorIds = Object.fromEntries(monitors.map((m, i) => [declared[i][0], m.uuid]));
export const count = monitors.length;
