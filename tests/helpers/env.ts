/** Runs `run` with `vars` set in process.env, and deletes them afterwards whatever happens. */
export async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  Object.assign(process.env, vars);
  try {
    return await run();
  } finally {
    for (const name of Object.keys(vars)) delete process.env[name];
  }
}

/** For the calling file or describe: `unset` removed from process.env before each test, all of it restored after. */
export function isolatedEnv(...unset: string[]): void {
  const saved = { ...process.env };
  beforeEach(() => unset.forEach((name) => delete process.env[name]));
  afterEach(() => void (process.env = { ...saved }));
}
