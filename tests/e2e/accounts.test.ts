// Two accounts in one TypeScript program (programs/accounts): the stack's own settings and an `uptime.Account`,
// against two emulators with different keys, each seeded with its page and alert.
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import { TestStack, collect, rawCheckpoint } from "../helpers/pulumi";
import { SEEDED_ALERT, SEEDED_PAGE, Json, adminGet, e2eFile, journalNotes, monitorNames, pulumiOk, sendingTo } from "../helpers/e2e";
import { monitorNamed, seededPage, serviceState } from "../helpers/e2e";
import { startE2eEmulator } from "../helpers/servers";

jest.setTimeout(600_000);

const PROD_KEY = "prod-key-3b9f2c71e0";
const STAGING_KEY = "staging-key-8d4a6e15c2";
const { emulator: prod, stack, track } = e2eFile({ apiKey: PROD_KEY });
let staging: RunningEmulator;
let t: TestStack;
const out: string[] = [];

beforeAll(async () => {
  staging = track(await startE2eEmulator({ apiKey: STAGING_KEY }));
  t = await stack(path.join(__dirname, "programs/accounts"), {
    config: {
      "uptime:apiKey": { value: PROD_KEY, secret: true },
      "accounts:stagingUrl": staging.url,
      "accounts:stagingKey": { value: STAGING_KEY, secret: true },
      "accounts:pageUuid": SEEDED_PAGE,
      "accounts:alertUuid": SEEDED_ALERT,
    },
  });
});

const refused = async (emulator: RunningEmulator) =>
  ((await adminGet(emulator, "/requests")).requests as Json[]).filter((r) => r.status === 401).length;
/** `operation`'s result, and the requests that changed something in each account meanwhile. */
const sendingToBoth = <T>(operation: () => Promise<T>) => sendingTo([prod, staging], operation);

test("up: each account's objects in its own service, reached with its own key", async () => {
  const up = await t.stack.up({ onOutput: collect(out) });
  expect(up.summary.result).toBe("succeeded");
  expect(await monitorNames(prod)).toEqual(["prod API", "prod edge a", "prod edge b", "shared"]);
  expect(await monitorNames(staging)).toEqual(["staging API", "staging edge a", "staging edge b"]);
  // The staging fleet's members are staging's monitors, their creation notes (in staging's scope) confirmed.
  const [prodState, stagingState] = [await serviceState(prod), await serviceState(staging)];
  expect(stagingState.monitors.map((m) => m.uuid)).toEqual(expect.arrayContaining(Object.values(up.outputs.stagingEnv.value.edge)));
  expect(journalNotes(t)).toEqual([]);
  expect(prodState.alerts.find((a) => a.uuid === SEEDED_ALERT).name).toBe("prod on-call");
  expect(stagingState.alerts.find((a) => a.uuid === SEEDED_ALERT).name).toBe("staging on-call");
  expect((await seededPage(prod)).title).toBe("prod status");
  // Each page lists its own account's monitor; each lookup read its own account's subscriptions.
  expect(await seededPage(staging)).toMatchObject({ title: "staging status", items: [up.outputs.stagingEnv.value.monitor] });
  expect(up.outputs.production.value.webhooks).toBe(prodState.webhooks.length);
  expect(up.outputs.stagingEnv.value.webhooks).toBe(stagingState.webhooks.length);
  // A request with the other account's key would have been refused.
  expect([await refused(prod), await refused(staging)]).toEqual([0, 0]);
});

test("refresh finds nothing to do and sends no change to either account", async () => {
  const [refresh, sent] = await sendingToBoth(() => t.stack.refresh({ onOutput: collect(out) }));
  expect(refresh.summary.resourceChanges).not.toHaveProperty("update");
  expect(sent).toEqual([[], []]);
});

test("one up: an edit reaches each account, and moving a monitor to the other account replaces it there; then nothing to do", async () => {
  const before = await monitorNamed(prod, "shared");
  await t.stack.setAllConfig({ "accounts:interval": { value: "90" }, "accounts:move": { value: "true" } });
  const preview = await t.stack.preview({ diff: true });
  expect(preview.changeSummary).toMatchObject({ replace: 1 });
  // The preview names both the move (the provider) and the account the monitor goes to.
  expect(preview.stdout).toMatch(
    /\+-pulumi-nodejs:dynamic\/uptime:Monitor: \(replace\)[\s\S]*provider: [^\n]*::default::[^\n]*=> [^\n]*::staging::[\s\S]*\+ account\s*: "staging"/,
  );
  const [up, [toProd, toStaging]] = await sendingToBoth(() => t.stack.up({ onOutput: collect(out) }));
  expect(up.summary.resourceChanges).toMatchObject({ update: 4, replace: 1 });
  // Prod: its monitor and its fleet's two members edited, the moved one deleted there.
  expect(toProd.sort()).toEqual([`DELETE /v1/monitors/${before.uuid}`, ...Array(3).fill(expect.stringMatching(/^PATCH \/v1\/monitors\//))]);
  // Staging: its monitor and its fleet's two members edited, the moved one made there.
  expect(toStaging.sort()).toEqual([...Array(3).fill(expect.stringMatching(/^PATCH \/v1\/monitors\//)), "POST /v1/monitors"]);
  expect(await monitorNames(prod)).toEqual(["prod API", "prod edge a", "prod edge b"]);
  expect(await monitorNames(staging)).toEqual(["shared", "staging API", "staging edge a", "staging edge b"]);
  expect(up.outputs.sharedUuid.value).not.toBe(before.uuid);
  expect((await sendingToBoth(() => t.stack.preview({ expectNoChanges: true })))[1]).toEqual([[], []]);
});

test("the Account renamed: without `aliases` the preview replaces its resources and says how to avoid it; with them nothing is replaced or sent", async () => {
  const uuids = async () => (await serviceState(staging)).monitors.map((m) => m.uuid).sort();
  const before = await uuids();
  await t.stack.setConfig("accounts:stagingName", { value: "stg" });
  // The preview without aliases, then the up with them: nothing sent to either account by both.
  const [[bare, up], sent] = await sendingToBoth(async () => {
    const preview = await t.stack.preview({ onOutput: collect(out) });
    await t.stack.setConfig("accounts:stagingAliases", { value: "staging" });
    return [preview, await t.stack.up({ onOutput: collect(out) })] as const;
  });
  // Its monitor, alert, page and fleet, and the monitor moved to it above.
  expect(bare.changeSummary).toMatchObject({ replace: 5 });
  expect(bare.stdout).toContain('If "stg" is "staging" renamed, give it the `aliases` resource option naming its old name, "staging"');

  // The Account (its name and aliases are its inputs) and its five resources, each recording the new name.
  expect(Object.keys(up.summary.resourceChanges ?? {}).sort()).toEqual(["same", "update"]);
  expect(up.summary.resourceChanges?.update).toBe(6);
  expect(sent).toEqual([[], []]);
  expect(await uuids()).toEqual(before);
  // The alias can go once an `up` has run with it (as for any rename): an update of the Account alone.
  await t.stack.removeConfig("accounts:stagingAliases");
  const [dropped, droppedSent] = await sendingToBoth(() => t.stack.up({ onOutput: collect(out) }));
  expect(Object.keys(dropped.summary.resourceChanges ?? {}).sort()).toEqual(["same", "update"]);
  expect(dropped.summary.resourceChanges?.update).toBe(1);
  expect(droppedSent).toEqual([[], []]);
  expect(await uuids()).toEqual(before);
  await t.stack.preview({ expectNoChanges: true });
});

test("neither key in the state, its export or any output; destroy empties both accounts", async () => {
  // `pulumi stack export` as a user runs it (the Automation API's exportStack shows secrets).
  const exported = (await pulumiOk(t, ["stack", "export"])).stdout;
  expect(exported).toContain("pulumi:providers:pulumi-nodejs::stg");
  for (const key of [PROD_KEY, STAGING_KEY]) {
    expect(rawCheckpoint(t)).not.toContain(key);
    expect(exported).not.toContain(key);
    expect(out.join("")).not.toContain(key);
  }
  await t.stack.destroy({ onOutput: collect(out) });
  expect([await monitorNames(prod), await monitorNames(staging)]).toEqual([[], []]);
  expect(out.join("")).not.toContain(STAGING_KEY);
});
