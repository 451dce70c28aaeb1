// Resource construction without the cost of @pulumi/pulumi's debugging stacks.
//
// While a resource is constructed, @pulumi/pulumi makes four promises per property and stamps each
// with `new Error().stack` (runtime/debuggable.ts), which is only ever printed when
// PULUMI_DEBUG_PROMISE_LEAKS is set. Reading `.stack` runs the source-map-aware
// Error.prepareStackTrace that every Pulumi program has installed (source-map-support, and ts-node
// for TypeScript programs), so each stamp maps every frame through source maps: the largest CPU
// cost of a large program, taken from the engine it runs beside (commit fc40752 has the profile).
//
// During our constructors those stamps are left without frames, since nothing reads them. Every
// other stack, the resource's own source position and stack trace that the engine records among
// them, is formatted as before; with PULUMI_DEBUG_PROMISE_LEAKS set nothing changes.
type PrepareStackTrace = (error: Error, frames: NodeJS.CallSite[]) => unknown;

/** The function name of the frame that stamps the promises, in @pulumi/pulumi's runtime/debuggable.js. */
const STAMPING_FRAME = "debuggablePromise";

/**
 * From now until the returned function is called (around a resource's `super(...)` call, in a
 * `try`/`finally`), promise stamps are not formatted.
 */
export function plainPromiseStacks(): () => void {
  const mapped = Error.prepareStackTrace as PrepareStackTrace | undefined;
  if (typeof mapped !== "function" || process.env.PULUMI_DEBUG_PROMISE_LEAKS) return () => undefined;
  const prepare: PrepareStackTrace = (error, frames) =>
    frames[0]?.getFunctionName() === STAMPING_FRAME ? plainStack(error) : mapped(error, frames);
  Error.prepareStackTrace = prepare;
  return () => {
    // Put back what was there, unless something replaced ours meanwhile.
    if (Error.prepareStackTrace === prepare) Error.prepareStackTrace = mapped;
  };
}

/** What a stamp reads instead: nothing prints it unless PULUMI_DEBUG_PROMISE_LEAKS is set, and then no stamp is replaced. */
function plainStack(error: Error): string {
  return `${error.name}: stack not kept (set PULUMI_DEBUG_PROMISE_LEAKS=1 to keep promise stacks)`;
}
