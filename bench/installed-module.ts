// The benchmark's comparison providers are installed under node_modules as packages of their own:
// Pulumi stores a dynamic resource's provider object by reference (a one-line `require`) only when
// it comes from there, so their `__provider` is as thin as ours.
import * as fs from "node:fs";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");

/** Copies `source` (a file of bench/) into node_modules as package `name`, when missing or stale; returns its exports. */
export function installedModule<T>(name: string, source: string): T {
  const dir = path.join(REPO, "node_modules", name);
  const text = fs.readFileSync(path.join(__dirname, source), "utf8");
  const target = path.join(dir, "index.js");
  if (!fs.existsSync(target) || fs.readFileSync(target, "utf8") !== text) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, version: "0.0.0", main: "index.js", private: true }));
    fs.writeFileSync(`${target}.tmp-${process.pid}`, text);
    fs.renameSync(`${target}.tmp-${process.pid}`, target);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- by package name, so Pulumi serializes it as a require
  return require(name) as T;
}
