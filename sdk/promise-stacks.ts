// While a resource is constructed, @pulumi/pulumi stamps four promises per property with `new Error().stack`
// (runtime/debuggable.ts), printed only under PULUMI_DEBUG_PROMISE_LEAKS. Each stamp maps every frame through
// the program's source maps: a large program's largest CPU cost (commit fc40752 has the profile). During our
// constructors those stamps get no frames; every other stack is formatted as before.
type PrepareStackTrace = (error: Error, frames: NodeJS.CallSite[]) => unknown;

/** In @pulumi/pulumi's runtime/debuggable.js. */
const STAMPING_FRAME = "debuggablePromise";

/** Until the returned function is called (around a resource's `super(...)`), promise stamps are not formatted. */
export function plainPromiseStacks(): () => void {
  const mapped = Error.prepareStackTrace as PrepareStackTrace | undefined;
  if (typeof mapped !== "function" || process.env.PULUMI_DEBUG_PROMISE_LEAKS) return () => undefined;
  const prepare: PrepareStackTrace = (error, frames) =>
    frames[0]?.getFunctionName() === STAMPING_FRAME ? plainStack(error) : mapped(error, frames);
  Error.prepareStackTrace = prepare;
  return () => {
    // Unless something replaced ours meanwhile.
    if (Error.prepareStackTrace === prepare) Error.prepareStackTrace = mapped;
  };
}

function plainStack(error: Error): string {
  return `${error.name}: stack not kept (set PULUMI_DEBUG_PROMISE_LEAKS=1 to keep promise stacks)`;
}
