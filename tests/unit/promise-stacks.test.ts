// sdk/promise-stacks.ts: while our resources are constructed, @pulumi/pulumi's promise stamps skip the costly
// source-map-aware stack formatting; every other stack, a resource's source position among them, keeps it.
import * as pulumi from "@pulumi/pulumi";
import { Alert } from "../../sdk/alert";
import { Monitor } from "../../sdk/monitor";
import { Page } from "../../sdk/page";
import { plainPromiseStacks } from "../../sdk/promise-stacks";
import { mockEngine } from "../helpers/harness";

type Prepare = (error: Error, frames: NodeJS.CallSite[]) => unknown;

/** A stand-in for source-map-support's formatter, installed: it notes the function at the top of each stack it formats. */
function installSpy(): { format: Prepare; tops: string[] } {
  const tops: string[] = [];
  const format: Prepare = (error, frames) => {
    tops.push(frames[0]?.getFunctionName() ?? "");
    return `${error.name}: mapped`;
  };
  Error.prepareStackTrace = format;
  return { format, tops };
}

const original = Error.prepareStackTrace;
afterEach(() => {
  Error.prepareStackTrace = original;
  delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
});

// Named like the frames they stand for.
function debuggablePromise(): string | undefined {
  return new Error().stack;
}
function callsites(): string | undefined {
  return new Error().stack;
}

describe("plainPromiseStacks", () => {
  test("a promise stamp is not formatted by the installed formatter, any other stack is; restoring puts it back", () => {
    const spy = installSpy();
    const restore = plainPromiseStacks();
    const stamp = debuggablePromise();
    const other = callsites();
    restore();
    expect(stamp).toMatch(/stack not kept/);
    expect(other).toBe("Error: mapped");
    expect(spy.tops).toEqual(["callsites"]);
    expect(Error.prepareStackTrace).toBe(spy.format);
    expect(debuggablePromise()).toBe("Error: mapped");
  });

  test("leaves a formatter installed meanwhile by someone else in place, and none when none was installed", () => {
    installSpy();
    const restore = plainPromiseStacks();
    const later = installSpy();
    restore();
    expect(Error.prepareStackTrace).toBe(later.format);
    // Without a formatter installed, it changes nothing.
    (Error as { prepareStackTrace?: unknown }).prepareStackTrace = undefined;
    const none = plainPromiseStacks();
    expect(Error.prepareStackTrace).toBeUndefined();
    none();
    expect(Error.prepareStackTrace).toBeUndefined();
  });

  test("with PULUMI_DEBUG_PROMISE_LEAKS set, stamps keep their formatted stacks", () => {
    process.env.PULUMI_DEBUG_PROMISE_LEAKS = "1";
    const spy = installSpy();
    const restore = plainPromiseStacks();
    const stamp = debuggablePromise();
    restore();
    expect(stamp).toBe("Error: mapped");
    expect(spy.tops).toEqual(["debuggablePromise"]);
  });
});

describe("constructing our resources with the real @pulumi/pulumi", () => {
  beforeAll(() => mockEngine("promise-stacks", (args) => ({ id: `${args.name}-id`, state: args.inputs }), false));

  const construct: Record<string, (name: string) => pulumi.CustomResource> = {
    Monitor: (name) => new Monitor(name, { name, type: "https", urn: "https://x.example", interval: 60, regions: [1] }),
    Page: (name) => new Page(name, { uuid: `${name}-uuid`, name }),
    Alert: (name) => new Alert(name, { uuid: `${name}-uuid`, name }),
  };

  /** The tops of the stacks the formatter was asked for while one resource was constructed. */
  async function formattedDuringConstruction(kind: string, name: string): Promise<string[]> {
    const spy = installSpy();
    const resource = construct[kind](name);
    Error.prepareStackTrace = original;
    await new Promise<void>((resolve) => resource.id.apply(() => resolve()));
    return spy.tops;
  }

  test.each(Object.keys(construct))("%s: the resource's source position is still formatted, its promise stamps are not", async (kind) => {
    const tops = await formattedDuringConstruction(kind, `plain-${kind}`);
    expect(tops).toContain("callsites");
    expect(tops).not.toContain("debuggablePromise");
  });

  test("the stamps come from a frame named debuggablePromise (what plainPromiseStacks recognizes)", async () => {
    // Without our formatter (leak debugging on), the same construction formats every stamp: if a
    // @pulumi/pulumi upgrade renamed the function, this fails and the name in sdk/promise-stacks.ts must follow.
    process.env.PULUMI_DEBUG_PROMISE_LEAKS = "1";
    const tops = await formattedDuringConstruction("Monitor", "debugging");
    expect(tops.filter((t) => t === "debuggablePromise").length).toBeGreaterThanOrEqual(4 * 8);
  });
});
