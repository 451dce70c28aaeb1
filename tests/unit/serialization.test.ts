// `__provider`: the text Pulumi stores in every resource's state and evaluates in the dynamic-provider
// host. It must stay a small shim that requires the installed package by name, never a copy of the
// implementation (which would pin the code of the day into state, and drag zod and undici along).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { providerShim } from "../../sdk/shim";
import { Monitor } from "../../sdk/monitor";
import { providers } from "../../provider/dynamic";

const REPO = path.resolve(__dirname, "../..");
const METHODS = ["check", "configure", "create", "delete", "diff", "read", "update"];

/** What pulumi.dynamic.Resource stores: serializeFunction(() => provider), as its serializeProvider() does. */
async function serializeLikeTheSdk(provider: object): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { serializeFunction } = require("@pulumi/pulumi/runtime/closure/serializeClosure");
  return (await serializeFunction(() => provider, { allowSecrets: true })).text;
}

/** Evaluates `__provider` as the dynamic-provider host does: require-from-string, then handler(). */
function evaluateLikeTheHost(text: string): Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const requireFromString = require("require-from-string");
  return requireFromString(text).handler();
}

/**
 * The SDK and the stored text resolve the package by name from node_modules, as a user's program
 * does; scripts/bootstrap.sh installs the built package there as a copy (a link would resolve outside
 * node_modules, and Pulumi would then copy the shim by value). Done here too when it is missing.
 */
function ensureInstalled(): void {
  const installed = path.join(REPO, "node_modules", "pulumi-uptime");
  if (fs.existsSync(path.join(installed, "package.json")) && !fs.lstatSync(installed).isSymbolicLink()) return;
  execFileSync("npx", ["tsc", "-p", "tsconfig.json"], { cwd: REPO, stdio: "ignore", timeout: 120_000 });
  fs.rmSync(installed, { recursive: true, force: true });
  fs.mkdirSync(installed, { recursive: true });
  fs.copyFileSync(path.join(REPO, "package.json"), path.join(installed, "package.json"));
  fs.cpSync(path.join(REPO, "dist"), path.join(installed, "dist"), { recursive: true });
}

let text: string;
beforeAll(async () => {
  ensureInstalled();
  text = await serializeLikeTheSdk(providerShim("monitor"));
}, 120_000);

test("__provider is under 1 KiB", () => {
  expect(Buffer.byteLength(text)).toBeLessThan(1024);
});

test("__provider requires the package by name and holds none of the implementation", () => {
  expect(text).toMatch(/require\("pulumi-uptime\/[^"]+"\)/);
  for (const piece of ["zod", "undici", "safeParse", "UptimeClient", "diffMonitor", "strictObject", "Retry-After", "/monitors"]) {
    expect([piece, text.includes(piece)]).toEqual([piece, false]);
  }
});

test("every kind serializes the same way, differing only in its kind", async () => {
  for (const kind of ["page", "alert"] as const) {
    const serialized = await serializeLikeTheSdk(providerShim(kind));
    expect(serialized).toContain(kind);
    expect(serialized.split(kind).join("monitor")).toBe(text);
  }
});

describe("the stored text, evaluated as the dynamic-provider host does", () => {
  test("yields an object with the seven methods", () => {
    const shim = evaluateLikeTheHost(text);
    expect(Object.keys(shim).sort()).toEqual(METHODS);
    for (const method of METHODS) expect(typeof shim[method]).toBe("function");
  });

  test("the implementation it requires has the seven methods too", () => {
    expect(Object.keys(providers.monitor).sort()).toEqual(METHODS);
  });

  test("a method call reaches the installed implementation", async () => {
    const shim = evaluateLikeTheHost(text) as { check(olds: object, news: object): Promise<{ failures?: { property: string }[] }> };
    const result = await shim.check({}, { name: "api", type: "https", target: "https://x.example", interval: 60, regions: [0] });
    expect(result.failures?.map((f) => f.property)).toContain("regions[0]");
  });
});

describe("what a Monitor resource actually stores", () => {
  let stored: string | undefined;
  beforeAll(async () => {
    pulumi.runtime.setMocks({
      newResource: (args) => {
        if (typeof args.inputs.__provider === "string") stored = args.inputs.__provider;
        return { id: "m-1", state: args.inputs };
      },
      call: () => ({}),
    });
    const monitor = new Monitor("api", { name: "api", type: "https", urn: "https://x.example", interval: 60, regions: [1] });
    await new Promise<void>((resolve) => monitor.id.apply(() => resolve()));
  });

  test("is the shim's text, exactly", () => {
    expect(stored).toBe(text);
  });
});
