// Inline programs of the Automation API. The engine starts the dynamic-provider host
// (pulumi-resource-pulumi-nodejs, which runs `require.resolve('@pulumi/pulumi/cmd/dynamic-provider')`)
// in the workspace's directory, and the host loads this package by name from there too: a temporary
// workDir has no node_modules, and the run fails with "Cannot find module". The Automation API starts
// the engine with this process's environment, so the node_modules this package's @pulumi/pulumi was
// loaded from joins NODE_PATH when the package is imported, before any stack operation.
import * as path from "node:path";

/** Adds the node_modules holding @pulumi/pulumi (and this package, beside it) to NODE_PATH, once. */
export function shareModulesWithTheEngine(env: NodeJS.ProcessEnv = process.env): void {
  let modules: string;
  try {
    // .../node_modules/@pulumi/pulumi/package.json -> .../node_modules
    modules = path.resolve(path.dirname(require.resolve("@pulumi/pulumi/package.json")), "..", "..");
  } catch {
    return;
  }
  const entries = (env.NODE_PATH ?? "").split(path.delimiter).filter(Boolean);
  if (!entries.includes(modules)) env.NODE_PATH = [...entries, modules].join(path.delimiter);
}
