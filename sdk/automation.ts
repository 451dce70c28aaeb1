// Automation API inline programs: the engine starts the dynamic host in the workspace's directory, where it
// loads this package by name; a temporary workDir has no node_modules ("Cannot find module"). The engine
// gets this process's environment, so our node_modules joins NODE_PATH when the package is imported.
import * as path from "node:path";

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
