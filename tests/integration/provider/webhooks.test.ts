// The webhook lookup: every page, each subscription once, the topic filter, no endless loop against a server
// that ignores pagination; the SDK's getWebhooks configured from UPTIME_*.
import { UptimeClient } from "../../../provider/api/client";
import type { WebhookPage } from "../../../provider/api/schemas";
import { listWebhooks } from "../../../provider/webhooks";
import { getWebhooks, getWebhooksOutput } from "../../../sdk/get-webhooks";
import { type Json, useEmulator } from "../../helpers/emulator";
import { isolatedEnv } from "../../helpers/env";
import { API_KEY } from "../../helpers/servers";

// The SDK requires its implementation by package name (as installed); here that is the source.
jest.mock("pulumi-uptime/dist/provider/webhooks", () => jest.requireActual("../../../provider/webhooks"), { virtual: true });

const TOTAL = 250;
const hooks = Array.from({ length: TOTAL }, (_, i) => ({
  uuid: `hook-${String(i).padStart(3, "0")}`,
  topic: i % 5 === 0 ? "monitors/delete" : "monitors/status_change",
  url: `https://hooks.acme.example/${i}`,
}));

const { emulator, admin, client } = useEmulator({ seed: { webhooks: hooks }, resetEach: true });

const webhookRequests = async (): Promise<string[]> =>
  (await admin.requests()).map((r: Json) => `${r.path}?${new URLSearchParams(r.query).toString()}`);

test("250 subscriptions over three pages of 100 are all returned, once each, in order, with three requests; pages of 60 in five", async () => {
  const result = await listWebhooks(client);
  expect(result.count).toBe(TOTAL);
  expect(result.webhooks.map((w) => w.uuid)).toEqual(hooks.map((h) => h.uuid));
  expect(result.webhooks[7]).toEqual({ ...hooks[7], createdAt: expect.any(String) });
  expect(await webhookRequests()).toEqual([
    "/v1/webhooks?recordOffset=0&pageSize=100",
    "/v1/webhooks?recordOffset=100&pageSize=100",
    "/v1/webhooks?recordOffset=200&pageSize=100",
  ]);
  await admin.clearRequests();
  expect((await listWebhooks(client, { pageSize: 60 })).webhooks.map((w) => w.uuid)).toEqual(hooks.map((h) => h.uuid));
  expect(await webhookRequests()).toHaveLength(5);
});

test("the topic filter keeps only that topic's subscriptions, and count says how many", async () => {
  const result = await listWebhooks(client, { topic: "monitors/delete" });
  expect(result.count).toBe(50);
  expect(result.webhooks.every((w) => w.topic === "monitors/delete")).toBe(true);
  expect(result.webhooks[1]).toMatchObject({ uuid: "hook-005", url: "https://hooks.acme.example/5" });
});

test("a server that ignores recordOffset/pageSize does not make the lookup loop: two requests, a warning naming the shortfall", async () => {
  await admin.faults({ ignorePagination: true });
  const warnings: string[] = [];
  const result = await listWebhooks(client, { warn: (m) => warnings.push(m) });
  expect(result.webhooks.map((w) => w.uuid)).toEqual(hooks.slice(0, 20).map((h) => h.uuid));
  expect(await webhookRequests()).toHaveLength(2);
  expect(warnings).toEqual([expect.stringMatching(/only 20 of its 250 subscriptions could be read/)]);
});

test("a server that pages forever is stopped at the page cap with an error", async () => {
  let served = 0;
  const endless = {
    webhooks: {
      listPage: async ({ pageSize }: { recordOffset: number; pageSize: number }): Promise<WebhookPage> => ({
        webhook: Array.from({ length: pageSize }, () => ({ uuid: `w-${served++}`, topic: "t", url: "https://x.example" })),
        paginator: null,
      }),
    },
  } as unknown as UptimeClient;
  await expect(listWebhooks(endless, { pageSize: 10, maxPages: 25 })).rejects.toThrow(
    /^GET \/webhooks: still not at the end after 25 pages \(250 subscriptions\); the service's pagination looks broken/,
  );
  expect(served).toBe(250);
});

test("no subscriptions: one request, an empty list", async () => {
  await admin.reset({});
  expect(await listWebhooks(client)).toEqual({ webhooks: [], count: 0 });
  expect(await admin.requests()).toHaveLength(1);
});

describe("SDK getWebhooks", () => {
  isolatedEnv();

  test("reads UPTIME_* when the stack sets nothing, and returns the typed list", async () => {
    process.env.UPTIME_BASE_URL = emulator.url;
    process.env.UPTIME_API_KEY = API_KEY;
    const result = await getWebhooks({ topic: "monitors/delete" });
    expect(result.count).toBe(50);
    expect(result.webhooks[0]).toEqual({ ...hooks[0], createdAt: expect.any(String) }); // hook-000, monitors/delete
    const output = getWebhooksOutput({ topic: Promise.resolve("monitors/status_change") });
    const count = await new Promise((resolve) => output.apply((r) => resolve(r.count)));
    expect(count).toBe(200);
  });

  test("a missing API key is an error naming both ways to give it", async () => {
    process.env.UPTIME_BASE_URL = emulator.url;
    delete process.env.UPTIME_API_KEY;
    await expect(getWebhooks()).rejects.toThrow(
      /^getWebhooks: no API key: run `pulumi config set --secret uptime:apiKey <key>` or set UPTIME_API_KEY/,
    );
  });
});
