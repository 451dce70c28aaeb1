// A program with bad input fails at `pulumi preview`, naming the resource and the field, before
// any request that changes anything reaches the service.
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/types";
import { TestStack, createStack } from "../helpers/pulumi";
import { E2E_API_KEY, SEEDED_ALERT, SEEDED_PAGE, clearRequests, mutating, requestLines, startE2eEmulator } from "../helpers/e2e";

jest.setTimeout(300_000);

const PROGRAM = path.join(__dirname, "programs/bad-input");
let emulator: RunningEmulator;
let t: TestStack;

beforeAll(async () => {
  emulator = await startE2eEmulator();
  t = await createStack(PROGRAM, {
    config: { "uptime:baseUrl": { value: emulator.url }, "uptime:apiKey": { value: E2E_API_KEY, secret: true } },
  });
});
afterAll(async () => {
  await t?.remove();
  await emulator?.close();
});

const cases = [
  {
    kind: "monitor", name: "bad-port",
    args: { name: "db", type: "tcp", urn: "db.example.com:70000", interval: 60, regions: [1] },
    expect: ["bad-port", "urn", "port must be 1-65535"],
  },
  {
    kind: "page", name: "bad-slug",
    args: { uuid: SEEDED_PAGE, name: "Status", slug: "Not A Slug!" },
    expect: ["bad-slug", "slug"],
  },
  {
    kind: "alert", name: "bad-recipient",
    args: { uuid: SEEDED_ALERT, name: "On-call", recipients: [{ type: "pager", target: "x" }] },
    expect: ["bad-recipient", "recipients[0].type"],
  },
];

test.each(cases)("$kind $name fails the preview with the resource and field named, and nothing is sent", async (c) => {
  await t.stack.setConfig("bad-input:case", { value: JSON.stringify(c) });
  await clearRequests(emulator);
  const output: string[] = [];
  await expect(t.stack.preview({ onOutput: (l) => output.push(l) })).rejects.toThrow();
  const text = output.join("");
  for (const fragment of c.expect) expect(text).toContain(fragment);
  expect(mutating(await requestLines(emulator))).toEqual([]);
});
