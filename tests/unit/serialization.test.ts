// `__provider`, the text every resource stores for the dynamic-provider host: one line requiring the installed
// package by name, never a copy of the implementation (which would pin it into state); what resources register.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { providerModuleText, requireGetSupport } from "../../sdk/shim";
import { KINDS, dynamicType } from "../../provider/model/kinds";
import { Alert } from "../../sdk/alert";
import { Monitor } from "../../sdk/monitor";
import { Page } from "../../sdk/page";
import { MonitorFleet } from "../../sdk/fleet";
import { providers } from "../../provider/providers";
import { mockEngine } from "../helpers/harness";

const REPO = path.resolve(__dirname, "../..");
const METHODS = ["check", "configure", "create", "delete", "diff", "read", "update"];

/** What pulumi.dynamic.Resource would store for the same object: serializeFunction(() => provider). */
async function serializeLikeDynamicResource(provider: object): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal module of @pulumi/pulumi, with no typed export
  const { serializeFunction } = require("@pulumi/pulumi/runtime/closure/serializeClosure");
  return (await serializeFunction(() => provider, { allowSecrets: true })).text;
}

/** Evaluates `__provider` as the dynamic-provider host does: require-from-string, then handler(). */
function evaluateLikeTheHost(text: string): Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- what the dynamic-provider host uses, untyped
  const requireFromString = require("require-from-string");
  return requireFromString(text).handler();
}

/** The package the stored text requires, installed as scripts/bootstrap.sh does when it is missing. */
function ensureInstalled(): void {
  const installed = path.join(REPO, "node_modules", "pulumi-uptime");
  if (fs.existsSync(path.join(installed, "package.json"))) return;
  execFileSync("npx", ["tsc", "-p", "tsconfig.json"], { cwd: REPO, stdio: "ignore", timeout: 120_000 });
  fs.rmSync(installed, { recursive: true, force: true });
  fs.mkdirSync(installed, { recursive: true });
  fs.copyFileSync(path.join(REPO, "package.json"), path.join(installed, "package.json"));
  fs.cpSync(path.join(REPO, "dist"), path.join(installed, "dist"), { recursive: true });
}

const text = providerModuleText("monitor");
beforeAll(ensureInstalled, 120_000);

test("__provider is one line of 80 bytes (CONTRIBUTING.md) requiring the package by name, none of the implementation", () => {
  expect(text.trimEnd().split("\n")).toHaveLength(1);
  expect(Buffer.byteLength(text)).toBe(80);
  expect(text).toMatch(/require\("pulumi-uptime\/[^"]+"\)/);
  for (const piece of ["zod", "undici", "safeParse", "UptimeClient", "diffMonitor", "strictObject", "Retry-After", "/monitors"]) {
    expect([piece, text.includes(piece)]).toEqual([piece, false]);
  }
});

test("is smaller than what pulumi.dynamic.Resource would store for the same object", async () => {
  // The installed shim module, as a program would hand it to pulumi.dynamic.Resource.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the installed package, by name, as __provider names it
  const serialized = await serializeLikeDynamicResource(require("pulumi-uptime/dist/provider/shim/monitor.js"));
  expect(serialized).toContain("pulumi-uptime/dist/provider/shim/monitor.js");
  expect(Buffer.byteLength(text)).toBeLessThan(Buffer.byteLength(serialized) / 3);
});

test("every kind's text differs only in its kind", () => {
  for (const kind of ["page", "alert"] as const) {
    const own = providerModuleText(kind);
    expect(own).toContain(`shim/${kind}.js`);
    expect(own.split(kind).join("monitor")).toBe(text);
  }
});

describe("the stored text, evaluated as the dynamic-provider host does", () => {
  test.each(KINDS)("%s: yields an object with the seven methods", (kind) => {
    const shim = evaluateLikeTheHost(providerModuleText(kind));
    expect(Object.keys(shim).sort()).toEqual(METHODS);
    for (const method of METHODS) expect(typeof shim[method]).toBe("function");
  });

  test("a method call reaches the installed implementation", async () => {
    const shim = evaluateLikeTheHost(text) as { check(olds: object, news: object): Promise<{ failures?: { reason: string }[] }> };
    const result = await shim.check({}, { name: "api", type: "https", target: "https://x.example", interval: 60, regions: [0] });
    expect(result.failures?.map((f) => f.reason)).toContainEqual(expect.stringMatching(/^regions\[0\]: /));
  });
});

/** A resource made the way Pulumi's docs make dynamic resources, for comparison. */
class PlainDynamicResource extends pulumi.dynamic.Resource {
  constructor(name: string, type: string) {
    super({ create: async () => ({ id: name }) }, name, {}, undefined, "uptime", type);
  }
}

describe("what the resources actually register", () => {
  const registered = new Map<string, { type: string; provider: unknown }>();
  // The names existing stacks hold, written here so that a rename in TYPE_NAMES fails this test.
  const STORED_NAMES = { monitor: "Monitor", page: "Page", alert: "Alert", fleet: "MonitorFleet" } as const;
  beforeAll(async () => {
    const register = (args: pulumi.runtime.MockResourceArgs) => {
      registered.set(args.name, { type: args.type, provider: args.inputs.__provider });
      return { id: `${args.name}-id`, state: args.inputs };
    };
    await mockEngine("serialization", register, false);
    const resources = [
      new Monitor("api", { name: "api", type: "https", urn: "https://x.example", interval: 60, regions: [1] }),
      new Page("status", { uuid: "p-1" }),
      new Alert("on-call", { uuid: "a-1" }),
      new MonitorFleet("edge", { monitors: {} }),
      ...KINDS.map((kind) => new PlainDynamicResource(`plain-${kind}`, STORED_NAMES[kind])),
    ];
    await Promise.all(resources.map((r) => new Promise<void>((resolve) => r.id.apply(() => resolve()))));
  });

  // The type is also the one pulumi.dynamic.Resource gives (module uptime), so existing stacks keep their resources.
  test.each([
    ["api", "monitor"],
    ["status", "page"],
    ["on-call", "alert"],
    ["edge", "fleet"],
  ] as const)("%s: the %s text and the dynamic type", (name, kind) => {
    expect(registered.get(name)).toEqual({ type: dynamicType(kind), provider: providerModuleText(kind) });
    expect(registered.get(`plain-${kind}`)?.type).toBe(dynamicType(kind));
  });
});

test("the implementation, and the path the texts of 2026-11-22 require by package name, have the seven methods", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the installed package, by name, as those stored texts name it
  const installed = require("pulumi-uptime/dist/provider/dynamic").providers;
  for (const kind of KINDS) for (const source of [providers, installed]) expect(Object.keys(source[kind]).sort()).toEqual(METHODS);
});

test("get is refused under a @pulumi/pulumi whose dynamic-provider host cannot read without state, naming the version", () => {
  expect(() => requireGetSupport("Monitor", "3.267.2")).toThrow(
    "Monitor.get needs @pulumi/pulumi 3.268.0 or later (this program has 3.267.2)",
  );
  for (const ok of ["3.268.0", "3.270.0", "4.0.0"]) expect(() => requireGetSupport("Page", ok)).not.toThrow();
});
