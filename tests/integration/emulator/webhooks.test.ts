// GET /webhooks: the singular `webhook` list key, the paginator, and pagination by recordOffset
// and pageSize (the document shows no parameters; the emulator decides these).

import { useEmulator, admin, api, Reply, RFC3339_MS_Z } from "../../helpers/emulator";

const TOTAL = 45;
const webhooks = Array.from({ length: TOTAL }, (_, i) => ({
  uuid: `hook-${String(i).padStart(2, "0")}`,
  topic: i % 2 ? "monitors/delete" : "monitors/status_change",
  url: `https://hooks.example/${i}`,
}));
const { emulator } = useEmulator({ seed: { webhooks }, resetEach: true });

test("{ webhook: [...], paginator }, 20 a page by default; walking recordOffset across 3 pages returns every subscription once, in order", async () => {
  const pages: Reply[] = [];
  for (const query of ["", "?recordOffset=20&pageSize=20", "?recordOffset=40"]) pages.push(await api(emulator, "GET", `/webhooks${query}`));
  expect(pages.map((reply) => [reply.status, Object.keys(reply.json).sort()])).toEqual(Array(3).fill([200, ["paginator", "webhook"]]));
  const paginators = [0, 20, 40].map((recordOffset) => ({ recordOffset, pageSize: 20, pagesCount: 3, recordsCount: TOTAL }));
  expect(pages.map((reply) => reply.json.paginator)).toEqual(paginators);
  expect(pages.flatMap((reply) => reply.json.webhook.map((w: { uuid: string }) => w.uuid))).toEqual(webhooks.map((w) => w.uuid));
  const stamps = { createdAt: expect.stringMatching(RFC3339_MS_Z), updatedAt: null };
  expect(pages[0].json.webhook[0]).toEqual({ uuid: "hook-00", topic: "monitors/status_change", url: "https://hooks.example/0", ...stamps });
});

test("pageSize up to 100; an offset past the end gives an empty list", async () => {
  expect((await api(emulator, "GET", "/webhooks?pageSize=100")).json.webhook).toHaveLength(TOTAL);
  const past = await api(emulator, "GET", "/webhooks?recordOffset=45");
  expect(past.json.webhook).toEqual([]);
  expect(past.json.paginator.recordsCount).toBe(TOTAL);
});

test.each([
  ["pageSize=0", "pageSize"],
  ["pageSize=101", "pageSize"],
  ["pageSize=ten", "pageSize"],
  ["recordOffset=-1", "recordOffset"],
  ["recordOffset=1.5", "recordOffset"],
])("%s is 422 naming the parameter", async (query, field) => {
  const reply = await api(emulator, "GET", `/webhooks?${query}`);
  expect([reply.status, reply.json.error.message]).toEqual([422, expect.stringMatching(new RegExp(`^${field}: `))]);
});

test("ignorePagination fault: always the first page, with a truthful paginator", async () => {
  await admin(emulator, "PUT", "/faults", { ignorePagination: true });
  const reply = await api(emulator, "GET", "/webhooks?recordOffset=20&pageSize=100");
  expect(reply.json.webhook.map((w: { uuid: string }) => w.uuid)).toEqual(webhooks.slice(0, 20).map((w) => w.uuid));
  expect(reply.json.paginator).toEqual({ recordOffset: 0, pageSize: 20, pagesCount: 3, recordsCount: TOTAL });
});
