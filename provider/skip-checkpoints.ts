// PULUMI_SKIP_CHECKPOINTS=true makes the engine save the state once, when the run ends, instead of
// after every step. A run stopped before that save loses every step it made from the stack. For an
// edit or a delete that is harmless here (the next run sends the same PATCH again, and a DELETE of a
// monitor already gone is proven gone), but a monitor created in that run would be lost: the create
// journal (journal.ts) drops its note when the engine answers the registration, which with this
// setting is before the save, and the API cannot find a monitor by name. No hook of ours runs after
// the engine's final save (the provider is stopped before it), so the journal cannot tell a run
// stopped midway from a finished one. Monitor creations are therefore refused under this setting.

/** Whether the engine runs with PULUMI_SKIP_CHECKPOINTS, read as the engine reads it ("1" or "true", any case). */
export function skipsCheckpoints(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.PULUMI_SKIP_CHECKPOINTS;
  return value === "1" || value?.toLowerCase() === "true";
}

let explained = false;

/**
 * Why a monitor is not created under PULUMI_SKIP_CHECKPOINTS: in full the first time in a provider
 * process (a run), then in a line, so that a program of many new monitors says it once.
 */
export function skipCheckpointsRefusal(name: unknown, what = "creating it"): string {
  const head = `monitor ${JSON.stringify(name)}: ${what} is refused while PULUMI_SKIP_CHECKPOINTS is set`;
  if (explained) return `${head} (see the first such message); nothing was sent`;
  explained = true;
  return (
    `${head}: the engine then saves the stack only when the run ends, so a run stopped midway would lose the ` +
    `monitors it created from the stack, and nothing could find them again to prevent duplicates. Nothing was ` +
    `sent. Run this update without PULUMI_SKIP_CHECKPOINTS (unset it, or set it to false); edits, refresh ` +
    `and deletes of existing monitors work with it.`
  );
}

/** Tests: the next refusal is explained in full again. */
export function resetSkipCheckpointsNotice(): void {
  explained = false;
}
