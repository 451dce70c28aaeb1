// The running release: the version in the package.json above this file (dist/provider/ or provider/).
import * as fs from "node:fs";
import * as path from "node:path";

let found: string | undefined;

/** This package's version, e.g. `0.2.0` or `0.2.0-dev.g1a2b3c4`; "unknown" outside a package. */
export function packageVersion(): string {
  if (found !== undefined) return found;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (manifest.name === "pulumi-uptime" && typeof manifest.version === "string") return (found = manifest.version);
    } catch {
      // none here: one level up
    }
    if (path.dirname(dir) === dir) return (found = "unknown");
  }
}
