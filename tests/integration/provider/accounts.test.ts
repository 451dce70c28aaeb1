// An Account's settings in process (docs/accounts.md): its provider objects and the lookup with `{ provider:
// account }` name its settings as the program gives them, its address and key its own; "default" is the stack's.
import * as pulumi from "@pulumi/pulumi";
import { ACCOUNT_ALIASES_KEY, ACCOUNT_ID_KEY, ACCOUNT_KEY } from "../../../provider/model/package";
import { providerLog } from "../../../provider/log";
import { providers } from "../../../provider/providers";
import { resetSession } from "../../../provider/session";
import * as uptime from "../../../sdk";
import { checkedMonitor } from "../../helpers/checked";
import { createMonitor, until, useEmulator } from "../../helpers/emulator";
import { configureProvider, mockEngine, previewProgram } from "../../helpers/harness";
import { isolatedEnv } from "../../helpers/env";
import { rejection } from "../../helpers/rejection";
import { API_KEY } from "../../helpers/servers";

const provider = providers.monitor;
const MONITOR = { name: "api", type: "https", target: "https://api.example.com/health", interval: 60, regions: [1] };
const { emulator, admin } = useEmulator();
isolatedEnv();
afterEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

/** The provider process of Account `account` (none: the stack's own settings), configured as the engine does. */
async function serving(
  account: string | undefined,
  settings: Record<string, string>,
  identity: { aliases?: string[]; id?: string } = {},
): Promise<void> {
  const config: Record<string, string | undefined> = {
    [ACCOUNT_KEY]: account,
    [ACCOUNT_ALIASES_KEY]: identity.aliases && JSON.stringify(identity.aliases),
    [ACCOUNT_ID_KEY]: identity.id,
  };
  for (const [key, value] of Object.entries(settings)) config[`uptime:${key}`] = value;
  await configureProvider(config);
}

/** A failed operation's error, with the state the engine keeps of it. */
type Kept = Error & { id: string; properties: Record<string, unknown> };

test("what the engine keeps of a failed run keeps its Account too: the next diff is no move, so nothing is replaced", async () => {
  await serving("staging", { baseUrl: emulator.url, apiKey: API_KEY });
  const fleet = providers.fleet;
  const monitors = { api: { ...MONITOR, name: "kept api" }, web: { ...MONITOR, name: "kept web" } };
  const checked = async (interval: number) =>
    (await fleet.check(undefined, { monitors: { ...monitors, web: { ...monitors.web, interval } }, journalKey: "urn:fleet" })).inputs!;
  const made = await fleet.create(await checked(60));
  expect(made.outs).toMatchObject({ account: "staging" });
  // A member deleted outside Pulumi: the update fails for it, and the engine keeps the error's state.
  await admin.remove((made.outs as { uuids: Record<string, string> }).uuids.web);
  const news = await checked(120);
  const failed = await rejection<Kept>(fleet.update(made.id, made.outs!, news));
  expect(failed).toMatchObject({ id: made.id, properties: { account: "staging" } });
  // (Once the kept state had no account: the diff took it for the default account's and replaced every member.)
  expect(await fleet.diff(made.id, failed.properties, news)).toMatchObject({ replaces: [], changed: ["monitors"] });
  // A state kept so by 0.2.0, without the account: `pulumi refresh` reads it back in (CHANGELOG).
  const { account: _lost, ...kept } = failed.properties;
  expect((await fleet.diff(made.id, kept, news)).replaces).toEqual(["account"]);
  const refreshed = await fleet.read(made.id, kept);
  expect(refreshed.props).toMatchObject({ account: "staging" });
  expect(await fleet.diff(made.id, refreshed.props!, news)).toMatchObject({ replaces: [] });
});

test("a Monitor the engine keeps from a failed create (adopted, with other alerts) keeps its Account: the next diff replaces it there, no move", async () => {
  await serving("staging", { baseUrl: emulator.url, apiKey: API_KEY });
  const existing = await createMonitor(emulator, { name: "adopted" });
  const inputs = checkedMonitor({ ...MONITOR, name: "adopted", adoptUuid: existing.uuid, alerts: ["a-1"] });
  const failed = await rejection<Kept>(provider.create(inputs));
  expect(failed).toMatchObject({ id: existing.uuid, properties: { account: "staging" } });
  // Its error's advice followed (adoptUuid removed): the alerts replace it, in its own account, not a move to another.
  const { adoptUuid: _adopt, ...declared } = inputs;
  expect((await provider.diff(failed.id, failed.properties, declared)).replaces).toEqual(["alerts"]);
});

test("a resource keeps its Account's name; an Account named default is the stack's own settings, as a resource without one", async () => {
  const outputsUnder = async (account: string | undefined) => {
    await serving(account, { baseUrl: emulator.url, apiKey: API_KEY });
    const made = await provider.create(checkedMonitor({ ...MONITOR, name: `under ${account}` }));
    return made.outs as Record<string, unknown>;
  };
  expect((await outputsUnder("staging")).account).toBe("staging");
  expect(await outputsUnder("default")).not.toHaveProperty("account");
  expect(await outputsUnder(undefined)).not.toHaveProperty("account");
});

test("an Account passes its provider process the names its aliases give it: an alias's name, a URN's last part", async () => {
  const registered: Record<string, unknown>[] = [];
  await mockEngine("accounts", (args) => {
    if (args.type === "pulumi:providers:pulumi-nodejs") registered.push(args.inputs as Record<string, unknown>);
    return { id: `${args.name}-id`, state: args.inputs };
  });
  const args = { baseUrl: emulator.url, apiKey: pulumi.secret(API_KEY) };
  new uptime.Account("stg", args, {
    aliases: [{ name: "staging" }, "urn:pulumi:dev::accounts::pulumi:providers:pulumi-nodejs::stage", { project: "other" }],
  });
  new uptime.Account("plain", args);
  await until(() => registered.length >= 2, "both Accounts to register");
  const byName = Object.fromEntries(registered.map((inputs) => [inputs[ACCOUNT_KEY], inputs]));
  // An alias that keeps the name (another project, parent or type) adds none.
  expect(byName.stg[ACCOUNT_ALIASES_KEY]).toBe(JSON.stringify(["stage", "staging"]));
  expect(byName.plain).not.toHaveProperty(ACCOUNT_ALIASES_KEY);
});

describe("an account renamed", () => {
  const settings = () => ({ baseUrl: emulator.url, apiKey: API_KEY });
  /** A monitor created under Account "staging" (the plugin's provider of id `id`), as the state holds it. */
  async function madeUnderStaging(id?: string) {
    await serving("staging", settings(), { id });
    const inputs = checkedMonitor({ ...MONITOR, name: `renamed ${id ?? "ts"}` });
    const made = await provider.create({ ...inputs, journalKey: undefined });
    return { uuid: made.id, outs: made.outs as Record<string, unknown>, inputs };
  }
  const mutations = async () => (await admin.requests()).filter((r) => r.method !== "GET");

  test("with `aliases` naming its old name: no replacement; the state takes the new name with no request", async () => {
    const { uuid, outs, inputs } = await madeUnderStaging();
    await serving("stg", settings(), { aliases: ["staging"] });
    const news = (await provider.check(outs, inputs)).inputs as typeof inputs;
    const diff = await provider.diff(uuid, outs as never, news);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    await admin.clearRequests();
    const updated = await provider.update(uuid, outs as never, news);
    expect(await mutations()).toEqual([]);
    expect(updated.outs).toMatchObject({ uuid, account: "stg" });
    expect((await provider.diff(uuid, updated.outs as never, news)).changes).toBe(false);
  });

  test("the plugin's provider keeps its engine id through an aliased rename: no change at all", async () => {
    const { uuid, outs, inputs } = await madeUnderStaging("0b7c1d2e-provider-id");
    expect(outs).toMatchObject({ account: "staging", accountId: "0b7c1d2e-provider-id" });
    await serving("stg", settings(), { id: "0b7c1d2e-provider-id" });
    expect(await provider.diff(uuid, outs as never, checkedMonitor(inputs))).toMatchObject({ changes: false, replaces: [] });
  });

  test("without an alias (or to another provider): replaced, and the preview says how a rename avoids it", async () => {
    const { uuid, outs, inputs } = await madeUnderStaging("0b7c1d2e-provider-id");
    // What the provider logs as warnings (the engine prints them on the resource's line).
    const warn = jest.spyOn(providerLog, "warn").mockImplementation(() => undefined);
    await serving("stg", settings(), { id: "another-provider-id" });
    expect(await provider.diff(uuid, outs as never, checkedMonitor(inputs))).toMatchObject({ changes: true, replaces: ["account"] });
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'monitors of account "staging" now have account "stg": each is replaced, created in "stg" and then deleted from "staging". ' +
        'If "stg" is "staging" renamed, give it the `aliases` resource option naming its old name, "staging" (or its old URN): ' +
        "nothing is then replaced.",
    ]);
  });
});

test("the lookup with { provider: account } names the Account's settings, not the variables it does not read", async () => {
  process.env.UPTIME_API_KEY = API_KEY;
  const refusals: string[] = [];
  await previewProgram(
    async () => {
      for (const args of [{ baseUrl: emulator.url }, { baseUrl: emulator.url, apiKey: API_KEY, maxRetries: "many" }]) {
        // Deliberately incomplete or wrong, as a program without types may give them.
        const account = new uptime.Account("staging", args as unknown as uptime.AccountArgs);
        await uptime.getWebhooks({}, { provider: account }).catch((error: Error) => refusals.push(error.message));
      }
    },
    { "uptime:baseUrl": emulator.url, "uptime:apiKey": API_KEY },
  );
  expect(refusals).toEqual([
    'getWebhooks: no API key: give Account "staging" its apiKey',
    'getWebhooks: maxRetries of Account "staging" must be a whole number >= 0, got "many"',
  ]);
});
