/** Runs `run` with `vars` set in process.env, and deletes them afterwards whatever happens. */
export async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  Object.assign(process.env, vars);
  try {
    return await run();
  } finally {
    for (const name of Object.keys(vars)) delete process.env[name];
  }
}
