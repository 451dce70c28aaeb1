// Every case of tests/bad-inputs/cases.ts on the check functions (a Monitor's `urn` as `target`): only its
// field fails, the reason starts with that field as written, carries the fix, and stays short.
import * as fs from "node:fs";
import * as path from "node:path";
import { alerts } from "../../provider/alert";
import { type EngineFailure, engineFailure } from "../../provider/model/values";
import { pages } from "../../provider/page";
import { checkWebhooksArgs } from "../../provider/webhooks";
import { BAD_INPUT_CASES, BadInputCase } from "../bad-inputs/cases";
import { monitorFailures, shown } from "../helpers/unit-cases";

/** The case's failures as a program reads them (a Monitor's `target` as `urn`). */
async function failuresOf(c: BadInputCase): Promise<EngineFailure[]> {
  switch (c.kind) {
    case "monitor": {
      const { urn, ...rest } = c.args;
      return monitorFailures({ ...rest, target: urn });
    }
    case "page":
      return (await pages.check(c.args)).failures.map((f) => engineFailure(f));
    case "alert":
      return alerts.check(c.args).failures.map((f) => engineFailure(f));
    case "webhooks":
      return checkWebhooksArgs(c.args).map((f) => engineFailure(f));
  }
}

const count = (kind: string) => BAD_INPUT_CASES.filter((c) => c.kind === kind).length;

test("docs/reliability.md and tests/README.md give the table's size as it is", () => {
  const readme = fs.readFileSync(path.join(__dirname, "../../docs/reliability.md"), "utf8");
  const stated = /`tests\/bad-inputs\/cases\.ts` \((\d+) cases: Monitor (\d+),.*?Page (\d+), Alert (\d+), getWebhooks (\d+);/.exec(readme);
  expect(stated?.slice(1).map(Number)).toEqual([BAD_INPUT_CASES.length, ...["monitor", "page", "alert", "webhooks"].map(count)]);
  const testsReadme = fs.readFileSync(path.join(__dirname, "../README.md"), "utf8");
  expect(/all (\d+) cases of `tests\/bad-inputs\/cases\.ts`/.exec(testsReadme)?.[1]).toBe(String(BAD_INPUT_CASES.length));
});

test("the list spreads over the four kinds, at least 60 cases, each name once", () => {
  expect(BAD_INPUT_CASES.length).toBeGreaterThanOrEqual(60);
  expect(count("monitor")).toBeGreaterThanOrEqual(30);
  expect(count("page")).toBeGreaterThanOrEqual(12);
  expect(count("alert")).toBeGreaterThanOrEqual(12);
  expect(count("webhooks")).toBeGreaterThanOrEqual(6);
  expect(new Set(BAD_INPUT_CASES.map((c) => c.name)).size).toBe(BAD_INPUT_CASES.length);
});

test.each(BAD_INPUT_CASES.map((c) => [c.name, c] as const))("%s: only its field fails, with the fix", async (_name, c) => {
  const failures = await failuresOf(c);
  expect(failures.map((f) => f.property)).toEqual(failures.map(() => c.field));
  expect(failures.length).toBeGreaterThan(0);
  for (const { reason } of failures) {
    expect(reason.startsWith(`${shown(c.field)}: `) || reason.startsWith(`${shown(c.field)} and `)).toBe(true);
    expect(reason.length).toBeLessThan(400);
  }
  expect(failures.map((f) => f.reason)).toContainEqual(expect.stringContaining(c.fragment));
});

test("the lookup takes null, and the documented values at their bounds", () => {
  expect(checkWebhooksArgs({ topic: null, pageSize: null, maxPages: null })).toEqual([]);
  expect(checkWebhooksArgs({ topic: "monitors/status_change", pageSize: 1, maxPages: 1 })).toEqual([]);
  expect(checkWebhooksArgs({ topic: "t".repeat(200), pageSize: 100, maxPages: 1_000_000 })).toEqual([]);
});
