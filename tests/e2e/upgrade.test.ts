// A stack written by an earlier version keeps working: `__provider` as a serialized closure (now one line,
// sdk/shim.ts) and the state's shape from before the resource model (beforeTheModel).
import type { TestStack } from "../helpers/pulumi";
import { clearRequests, e2eFile, mutating, requestLines, sending } from "../helpers/e2e";

jest.setTimeout(300_000);

type Props = Record<string, unknown>;
type Deployment = { resources: { type: string; urn: string; inputs?: Props; outputs?: Props }[] };

/** A resource's inputs and outputs as the version before the resource model wrote them. */
function beforeTheModel(r: Deployment["resources"][number]): void {
  const name = r.urn.replace(/^.*::/, "");
  const [, stack, project] = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(r.urn) ?? [];
  for (const props of [r.inputs, r.outputs]) {
    if (!props) continue;
    if (typeof props.journalKey === "string") props.journalKey = `${project}/${stack}/${name}`;
    if (Array.isArray(props.declaredFields)) props.declaredFields = (props.declaredFields as string[]).filter((f) => !f.includes("."));
  }
  if (r.type.endsWith(":Page") && r.outputs) {
    delete r.outputs.logo;
    delete r.outputs.favicon;
  }
}
const KIND = /^pulumi-nodejs:dynamic\/uptime:(Monitor|Page|Alert)$/;

/** What the earlier versions stored: pulumi.dynamic.Resource's serialization of the installed shim module. */
async function earlierProviderText(kind: string): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal module of @pulumi/pulumi, with no typed export
  const { serializeFunction } = require("@pulumi/pulumi/runtime/closure/serializeClosure");
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the installed package, by name, as the earlier versions serialized it
  const shim = require(`pulumi-uptime/dist/provider/shim/${kind}.js`);
  return (await serializeFunction(() => shim, { allowSecrets: true })).text;
}

const { emulator, stack } = e2eFile();
let t: TestStack;
/** The stack as the earlier version left it. */
let earlier: Awaited<ReturnType<TestStack["stack"]["exportStack"]>>;
beforeAll(async () => {
  t = await stack("quickstart");
  await t.stack.up();
  // The stack as the earlier version left it: every resource of ours with the closure text.
  const exported = await t.stack.exportStack();
  const deployment = exported.deployment as Deployment;
  for (const r of deployment.resources) {
    const match = KIND.exec(r.type);
    if (!match) continue;
    const text = await earlierProviderText(match[1].toLowerCase());
    expect(text).toContain("function __f0()"); // a closure, not this version's line
    for (const props of [r.inputs, r.outputs]) if (props) props.__provider = text;
    beforeTheModel(r);
  }
  earlier = exported;
  await t.stack.importStack(earlier);
});

test("the earlier shape was really there: old journal keys, no option keys declared, no image files in the outputs", () => {
  const resources = (earlier.deployment as Deployment).resources.filter((r) => KIND.test(r.type));
  const monitor = resources.find((r) => r.type.endsWith(":Monitor"))!;
  expect(monitor.inputs?.journalKey).toMatch(/^uptime-quickstart\/[^/]+\/(public-api|database)$/);
  expect((monitor.outputs?.declaredFields as string[]).some((f) => f.includes("."))).toBe(false);
  expect(resources.find((r) => r.type.endsWith(":Page"))!.outputs).not.toHaveProperty("logo");
});

test("up proposes nothing and sends nothing for the resources; the inputs take this version's one-line text (outputs keep theirs until an update)", async () => {
  await clearRequests(emulator);
  const up = await t.stack.up();
  expect(up.summary.resourceChanges).toEqual({ same: 5 });
  // The program's getWebhooks lookup is the only call.
  expect((await requestLines(emulator)).filter((l) => !l.startsWith("GET /v1/webhooks"))).toEqual([]);
  const ours = ((await t.stack.exportStack()).deployment as Deployment).resources.filter((r) => KIND.test(r.type));
  expect(ours).toHaveLength(4); // 2 monitors, the alert, the page
  for (const r of ours) {
    expect(r.inputs?.__provider).toMatch(
      /^exports\.handler = \(\) => require\("pulumi-uptime\/dist\/provider\/shim\/(monitor|page|alert)\.js"\);\n$/,
    );
    // A same step keeps the stored outputs: the earlier text stays there, and still works, until the resource is updated.
    expect(r.outputs?.__provider).toContain("function __f0()");
  }
});

test("refresh runs through the earlier text (reads only)", async () => {
  await t.stack.importStack(earlier); // the up above changed nothing in the service: the same resources
  await clearRequests(emulator);
  const refresh = await t.stack.refresh();
  expect(refresh.summary.result).toBe("succeeded");
  const lines = await requestLines(emulator);
  expect(lines.filter((l) => l.startsWith("GET /v1/monitors/"))).toHaveLength(2);
  expect(mutating(lines)).toEqual([]);
});

test("destroy through the earlier text removes the monitors", async () => {
  await t.stack.importStack(earlier); // the up above changed nothing in the service: the same resources
  const [destroy, sent] = await sending(emulator, () => t.stack.destroy());
  expect(destroy.summary.resourceChanges).toMatchObject({ delete: 5 });
  expect(sent.filter((l) => l.startsWith("DELETE /v1/monitors/"))).toHaveLength(2);
});
