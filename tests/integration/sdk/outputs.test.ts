// The classes' outputs under the mocks: every output schema.json lists resolves to what the provider returned,
// declared or not, so the registered props must name each (sdk/shim.ts outputSeeds).
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as sdk from "../../../sdk";
import { Account, Alert, Monitor, type MonitorArgs, MonitorFleet, Page } from "../../../sdk";
import { mockEngine } from "../../helpers/harness";
import { HTTP_FULL } from "../../helpers/monitor-records";
import { SEEDED_ALERT, SEEDED_PAGE } from "../../bad-inputs/cases";

const schema = JSON.parse(fs.readFileSync(path.join(__dirname, "../../../schema.json"), "utf8"));
const outputsOf = (type: string): string[] => Object.keys(schema.resources[`uptime:index:${type}`]?.properties ?? {});

/** What the provider would answer: a value for every output the schema lists, named after it. */
const stateFor = (type: string): Record<string, unknown> => Object.fromEntries(outputsOf(type).map((name) => [name, `${type}.${name}`]));

const registered: { type: string; name: string; id?: string; inputs: Record<string, unknown> }[] = [];

beforeAll(async () => {
  pulumi.runtime.setAllConfig({ "uptime:baseUrl": "http://127.0.0.1:9/v1" }, []);
  await mockEngine(
    "outputs",
    (args) => {
      // A new resource's `args.id` is "" (a read's is the id asked for): an empty id would stay unknown.
      registered.push({ type: args.type, name: args.name, id: args.id || undefined, inputs: args.inputs });
      const type = args.type.split(":").pop() as string;
      // A fleet's member uuids, by name, for uuidOf.
      const uuids = type === "MonitorFleet" ? { uuids: { api: "uuid-api", web: "uuid-web" } } : {};
      return { id: args.id || `${args.name}-id`, state: { ...stateFor(type), ...uuids } };
    },
    false,
  );
});

const resolved = <T>(output: pulumi.Output<T>): Promise<T> => new Promise((resolve) => output.apply((v) => resolve(v)));

async function expectEveryOutput(resource: pulumi.CustomResource, type: string): Promise<void> {
  const outputs = outputsOf(type);
  expect(outputs.length).toBeGreaterThan(5);
  for (const name of outputs) {
    const value = (resource as unknown as Record<string, pulumi.Output<unknown>>)[name];
    expect([name, pulumi.Output.isInstance(value)]).toEqual([name, true]);
    // The monitor's uuid is its id; every other output is what the provider returned.
    const expected = name === "uuid" && type === "Monitor" ? await resolved(resource.id) : `${type}.${name}`;
    expect([name, await resolved(value)]).toEqual([name, expected]);
  }
}

test("Monitor: every output, declared or not (a minimal and a full program)", async () => {
  const minimal = new Monitor("min", { name: "min", type: "https", urn: "https://min.example.com", interval: 60, regions: [1] });
  await expectEveryOutput(minimal, "Monitor");
  // Every field a program can declare: an https monitor with every option, as the program spells it (urn).
  const { target, ...everyField } = HTTP_FULL;
  const full = new Monitor("full", { ...everyField, urn: target, alerts: [SEEDED_ALERT] } as MonitorArgs);
  await expectEveryOutput(full, "Monitor");
});

test("Page and Alert: every output, declared or not", async () => {
  await expectEveryOutput(new Page("page-min", { uuid: SEEDED_PAGE }), "Page");
  await expectEveryOutput(
    new Page("page-full", { uuid: SEEDED_PAGE, name: "n", title: "t", slug: "s", items: [], useGroups: false }),
    "Page",
  );
  await expectEveryOutput(new Alert("alert-min", { uuid: SEEDED_ALERT }), "Alert");
  await expectEveryOutput(new Alert("alert-full", { uuid: SEEDED_ALERT, name: "a", down: true, recipients: [] }), "Alert");
});

test("get: read by id, every output, nothing declared; isInstance tells each class apart", async () => {
  const monitor = Monitor.get("got-monitor", "m-uuid");
  const page = Page.get("got-page", SEEDED_PAGE);
  const alert = Alert.get("got-alert", SEEDED_ALERT);
  await expectEveryOutput(page, "Page");
  await expectEveryOutput(alert, "Alert");
  expect(await resolved(monitor.uuid)).toBe("m-uuid");
  expect(await resolved(monitor.intervalId)).toBe("Monitor.intervalId");
  const reads = registered.filter((r) => r.name.startsWith("got-")).sort((a, b) => a.name.localeCompare(b.name));
  expect(reads.map((r) => [r.name, r.id])).toEqual([
    ["got-alert", SEEDED_ALERT],
    ["got-monitor", "m-uuid"],
    ["got-page", SEEDED_PAGE],
  ]);
  // A read declares nothing: no input but the provider's line, and no journal key.
  for (const r of reads) expect(Object.keys(r.inputs).filter((k) => r.inputs[k] !== undefined)).toEqual(["__provider"]);

  expect([Monitor.isInstance(monitor), Page.isInstance(monitor), Alert.isInstance(monitor)]).toEqual([true, false, false]);
  expect([Monitor.isInstance(page), Page.isInstance(page), Alert.isInstance(alert)]).toEqual([false, true, true]);
  expect([Monitor.isInstance(undefined), Monitor.isInstance({ __pulumiType: "uptime:index:Monitor" })]).toEqual([false, false]);
});

test("isInstance tells a resource of another copy of the package (and of @pulumi/pulumi) by its type", async () => {
  let other: typeof sdk | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second copy of the package and of @pulumi/pulumi
    other = require("../../../sdk");
  });
  expect(other!.Monitor).not.toBe(Monitor);
  const monitor = Monitor.get("copy-monitor", "m-uuid-2");
  const account = new Account("copy-account", { baseUrl: "http://127.0.0.1:9/v1", apiKey: "k" });
  expect([other!.Monitor.isInstance(monitor), other!.Page.isInstance(monitor), other!.Account.isInstance(account)]).toEqual([
    true,
    false,
    true,
  ]);
});

test("MonitorFleet.uuidOf: a member's uuid; a name the fleet lacks fails, naming the members", async () => {
  const member = { name: "api", type: "https", urn: "https://api.example.com", interval: 60, regions: [1] };
  const fleet = new MonitorFleet("uuid-of", { monitors: { api: member, web: { ...member, name: "web" } } });
  expect(await resolved(fleet.uuidOf("api"))).toBe("uuid-api");
  // The Output's own promises (known, secret, resources) fail with it: each is caught, the value's asserted.
  const output = fleet.uuidOf("db") as unknown as Record<string, unknown> & { promise(): Promise<unknown> };
  for (const inner of Object.values(output)) if (inner instanceof Promise) inner.catch(() => undefined);
  const missing = output.promise();
  await expect(missing).rejects.toThrow('monitor fleet: no member "db" with a uuid');
  await expect(missing).rejects.toThrow("the members: api, web");
});

test("an Account aliased inside its component by the component's URN registers, and so do its monitors", async () => {
  // `parent` given as a URN (an Output) must not make the Account wait on its own component's children.
  class Team extends pulumi.ComponentResource {
    monitor: Monitor;
    constructor(name: string) {
      super("acme:index:Team", name);
      const account = new Account(
        "team-account",
        { baseUrl: "http://127.0.0.1:9/v1", apiKey: "k" },
        {
          parent: this,
          aliases: [{ name: "former-account", parent: this.urn }],
        },
      );
      const args = { name: "team", type: "https", urn: "https://team.example.com", interval: 60, regions: [1] };
      this.monitor = new Monitor("team-monitor", args, { parent: this, provider: account });
      this.registerOutputs({});
    }
  }
  expect(await resolved(new Team("team").monitor.id)).toBe("team-monitor-id");
  const account = registered.find((r) => r.name === "team-account");
  expect(JSON.stringify(account?.inputs)).toContain("former-account");
});
