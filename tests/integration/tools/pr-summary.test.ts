// The pull-request summary on previews captured from real runs (tests/fixtures/pr-summary/README.md
// says how), and on small hand-made inputs for what the examples never produce. A live run's items known
// after up, policy note and blocking violation: tests/e2e/pr-summary.test.ts.
import * as fs from "node:fs";
import * as path from "node:path";
import { parsePreview } from "../../../scripts/pr-summary/parse";
import { renderSummary } from "../../../scripts/pr-summary/render";

const FIXTURES = path.join(__dirname, "../../fixtures/pr-summary");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const summarize = (text: string) => renderSummary(parsePreview(text));
const rowOf = (markdown: string, resource: string) => markdown.split("\n").find((l) => l.startsWith(`| \`${resource}\``));

const SIG = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
const MONITOR = "pulumi-nodejs:dynamic/uptime:Monitor";
const urnOf = (type: string, name: string) => `urn:pulumi:dev::demo::${type}::${name}`;
const digestOf = (steps: object[], same = 0) => JSON.stringify({ steps, diagnostics: [], changeSummary: { same } });
/** A step of the resource `name` of `type`, from the inputs `olds` to `news` (undefined: no such state). */
const step = (op: string, type: string, name: string, olds?: object, news?: object) => ({
  op,
  urn: urnOf(type, name),
  ...(olds && { oldState: { type, inputs: olds } }),
  ...(news && { newState: { type, inputs: news } }),
});

describe("the quickstart's first up (digest)", () => {
  const md = summarize(fixture("quickstart-first-up.digest.json"));

  test("counts and lists every resource to create, by kind", () => {
    expect(md).toContain("### Pulumi preview of `uptime-quickstart/dev`");
    expect(md).toContain("**4 to create, 0 to update, 0 to replace, 0 to delete**; 0 unchanged.");
    for (const [heading, resource] of [
      ["Monitors", "public-api"],
      ["Monitors", "database"],
      ["Pages", "status-page"],
      ["Alerts", "on-call"],
    ]) {
      expect(md).toContain(`#### ${heading}`);
      expect(rowOf(md, resource)).toMatch(/\| create \|/);
    }
  });

  test("shows the monitor's target as urn, masks the secret header, hides the provider's bookkeeping", () => {
    const api = rowOf(md, "public-api")!;
    expect(api).toContain('`urn`: `"https://api.acme.example/health"`');
    expect(api).not.toContain("`target`");
    expect(api).toContain('`httpRequest`: `{"headers":[secret],"method":"GET"}`');
    expect(md).not.toMatch(/__provider|journalKey|not-a-real-token/);
  });
});

describe("the quickstart's first up (event stream, default policy config)", () => {
  const raw = fixture("quickstart-first-up.events.jsonl");
  const md = summarize(raw);

  test("lists the preview's failure among the errors", () => {
    expect(md).toContain("- **error**: preview failed");
  });

  test("drops the SDK's debug messages, which carry the secret header in plain text", () => {
    expect(raw).toContain("not-a-real-token"); // captured as the engine streams it
    expect(md).not.toContain("not-a-real-token");
    expect(md).not.toContain("RegisterResource");
  });
});

describe("an edit of the quickstart", () => {
  test.each(["quickstart-edit.digest.json", "quickstart-edit.events.jsonl"])("%s: an update, a replacement and the page", (name) => {
    const md = summarize(fixture(name));
    expect(md).toContain("**0 to create, 2 to update, 1 to replace, 0 to delete**; 1 unchanged.");
    expect(rowOf(md, "public-api")).toBe("| `public-api` (Public API) | update | `interval`: `60` → `120` |");
    expect(rowOf(md, "database")).toBe(
      '| `database` (Primary database) | **replace** | `alerts`: (none) → `["5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02"]` (forces replacement) |',
    );
    expect(rowOf(md, "status-page")).toMatch(
      /`items`: `\["[0-9a-f-]{36}","[0-9a-f-]{36}"\]` → `\[\(known after up\),\(known after up\)\]`/,
    );
    expect(rowOf(md, "on-call")).toBeUndefined(); // unchanged resources get no row
  });

  test("the event stream says the policy pack ran and found nothing", () => {
    expect(summarize(fixture("quickstart-edit.events.jsonl"))).toContain("No violations (uptime 0.1.0).");
  });
});

test("a monitor removed from the data file is deleted, the others updated", () => {
  const md = summarize(fixture("monitors-as-data-delete.digest.json"));
  expect(md).toContain("**0 to create, 2 to update, 0 to replace, 1 to delete**; 0 unchanged.");
  expect(rowOf(md, "website")).toBe("| `website` (Website) | **delete** | deleted in the service |");
  expect(rowOf(md, "public-api")).toContain('`urn`: `"https://api.acme.example/health"` → `"https://api.acme.example/v2/health"`');
  expect(rowOf(md, "postgres")).toContain("`interval`: `120` → `300`");
});

test("no changes: one line, no tables", () => {
  const md = summarize(fixture("monitors-as-data-no-changes.digest.json"));
  expect(md).toContain("No changes (3 unchanged).");
  expect(md).not.toContain("| Resource |");
});

test("advisory violations: listed, none blocking, with the configured parameters applied", () => {
  const md = summarize(fixture("policy-violations-advisory.events.jsonl"));
  expect(md).toContain("0 mandatory (blocking), 4 advisory (uptime 0.1.0).");
  expect(md).toContain("| `tcp-keyword-has-probe` | `silent-tcp` | ⚠️ advisory |");
  expect(md).toContain(
    '| `monitor-interval-bounds` | `too-often` | ⚠️ advisory | monitor "too-often": timeout 20 s is longer than its interval 10 s |',
  );
  expect(md).not.toContain("monitor-has-alert"); // disabled in that run's config
  expect(md).not.toContain("page-lists-stack-monitors"); // its external id was given a reason
});

describe("a MonitorFleet: its members, not one resource", () => {
  const text = fixture("fleet-edit.digest.json");
  const fleetStep = () => JSON.parse(text).steps.find((s: { urn: string }) => s.urn.endsWith("::fleet"));

  test("each member created, updated or replaced (its alerts changed) is a row of the monitors, named fleet/member", () => {
    const md = summarize(text);
    expect(md).toContain("**2 to create, 3 to update, 1 to replace, 0 to delete**; 0 unchanged.");
    expect(md).toContain("#### Monitors");
    expect(md).not.toContain("Other resources");
    for (const m of ["m0", "m1", "m2"]) expect(rowOf(md, `fleet/${m}`)).toMatch(/\| update \| `interval`: `60` → `120` \|$/);
    expect(rowOf(md, "fleet/m5")).toContain(
      '| **replace** | `alerts`: (none) → `["5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02"]` (forces replacement) |',
    );
    // A member's target as the TypeScript program writes it.
    expect(rowOf(md, "fleet/m30")).toMatch(/\| create \| .*`urn`: `"https:\/\/svc-30\.fleet\.example\/health"`/);
    // Unchanged members are not listed.
    expect(rowOf(md, "fleet/m3")).toBeUndefined();
    expect(rowOf(md, "fleet/m29")).toBeUndefined();
  });

  test("members removed are deleted, or released under retainOnRemove; the fleet's own change is a row; the plugin's type reads the same", () => {
    const step = fleetStep();
    delete step.newState.inputs.monitors.m29;
    delete step.newState.inputs.monitors.m3;
    const deleted = summarize(digestOf([step]));
    expect(deleted).toContain("**2 to create, 3 to update, 1 to replace, 2 to delete**");
    expect(rowOf(deleted, "fleet/m29")).toMatch(/\| \*\*delete\*\* \| deleted in the service \|$/);

    step.newState.inputs.retainOnRemove = true;
    const released = summarize(digestOf([step]));
    expect(released).toContain("**2 to create, 4 to update, 1 to replace, 0 to delete, 2 to release**");
    expect(rowOf(released, "fleet/m3")).toContain("| release | released from the fleet: left in the service as it is (retainOnRemove) |");
    expect(rowOf(released, "fleet")).toBe("| `fleet` | update | `retainOnRemove`: (none) → `true` |");

    // Through the plugin (YAML, Go, Python): the same rows, the target under its schema name.
    const plugin = { ...step, urn: step.urn.replace("pulumi-nodejs:dynamic/uptime:MonitorFleet", "uptime:index:MonitorFleet") };
    plugin.newState = { ...step.newState, type: "uptime:index:MonitorFleet" };
    plugin.oldState = { ...step.oldState, type: "uptime:index:MonitorFleet" };
    const viaPlugin = summarize(digestOf([plugin]));
    expect(rowOf(viaPlugin, "fleet/m5")).toContain("| **replace** |");
    expect(rowOf(viaPlugin, "fleet/m30")).toContain('`target`: `"https://svc-30.fleet.example/health"`');
  });

  test("a whole fleet destroyed: every member deleted in the service; replaced (another account): every member replaced", () => {
    const step = fleetStep();
    const md = summarize(digestOf([{ op: "delete", urn: step.urn, oldState: step.oldState }]));
    expect(md).toContain("**0 to create, 0 to update, 0 to replace, 6 to delete**");
    expect(rowOf(md, "fleet/m0")).toMatch(/\| \*\*delete\*\* \| deleted in the service \|$/);

    const moved = summarize(digestOf([{ ...step, op: "replace", replaceReasons: ["account"] }]));
    expect(moved).toContain("**2 to create, 0 to update, 6 to replace, 0 to delete**");
    expect(rowOf(moved, "fleet/m3")).toBe("| `fleet/m3` (fleet-0003) | **replace** | replaced: `account` changes |");
  });
});

describe("edge cases", () => {
  test("a secret is [secret] whatever its form, and a secret that may have changed shows no value", () => {
    const secret = (plaintext: string) => ({ [SIG]: SECRET_SIG, plaintext: JSON.stringify(plaintext) });
    const olds = { name: "API", description: secret("old-hunter2"), title: "[secret]", timeout: 5 };
    const md = summarize(
      digestOf([step("update", MONITOR, "api", olds, { ...olds, description: secret("new-hunter2"), title: "plain now", timeout: 6 })]),
    );
    expect(md).not.toMatch(/hunter2/);
    expect(rowOf(md, "api")).toBe('| `api` (API) | update | `timeout`: `5` → `6`<br>`title`: `[secret]` → `"plain now"` |');
  });

  test("an update that changes only secrets says so instead of an empty cell", () => {
    const inputs = { name: "API", description: "[secret]" };
    const md = summarize(digestOf([step("update", MONITOR, "api", inputs, inputs)]));
    expect(rowOf(md, "api")).toContain("only secret values (not shown)");
  });

  test("nested changes are named by path; removed fields say so", () => {
    const olds = { name: "DB", tcpOptions: { dataRequest: "PING", keywordResponse: "PONG" }, description: "x" };
    const news = { name: "DB", tcpOptions: { dataRequest: "HELLO", keywordResponse: "PONG" } };
    const md = summarize(digestOf([step("update", MONITOR, "db", olds, news)]));
    expect(rowOf(md, "db")).toBe(
      '| `db` (DB) | update | `description`: `"x"` → (removed)<br>`tcpOptions.dataRequest`: `"PING"` → `"HELLO"` |',
    );
  });

  test("a page or alert leaving the stack is released, not deleted", () => {
    const md = summarize(digestOf([step("delete", "pulumi-nodejs:dynamic/uptime:Page", "status", { uuid: "p1" })]));
    expect(rowOf(md, "status")).toBe("| `status` | **delete** | released: left in the service as it is |");
  });

  test("pipes, backticks, HTML and long values cannot break the table", () => {
    const news = { name: "a|b <img src=x>", description: "has `ticks` | pipes", title: "t".repeat(200) };
    const md = summarize(digestOf([step("create", MONITOR, "odd", undefined, news)]));
    const row = rowOf(md, "odd")!;
    expect(row).toContain("(a\\|b &lt;img src=x&gt;)");
    expect(row).toContain('`description`: `` "has `ticks` \\| pipes" ``');
    expect(row).toMatch(/`title`: `"t{78}…`/);
    expect(row.split(/(?<!\\)\|/)).toHaveLength(5); // four cell borders, no more
  });

  test("resources that are not the provider's get their own table with their type", () => {
    const md = summarize(digestOf([step("create", "random:index/randomPet:RandomPet", "pet", undefined, { length: 2 })]));
    expect(md).toContain("#### Other resources");
    expect(rowOf(md, "pet")).toBe("| `pet` `random:index/randomPet:RandomPet` | create | `length`: `2` |");
  });

  test('a preview that stopped before planning says so, not "no changes"', () => {
    // What v3.259 prints when the policy pack cannot start: `{}` as the digest, two events as the stream.
    for (const text of ["{}", '{"sequence":0,"timestamp":0,"policyLoadEvent":{}}\n{"sequence":1,"timestamp":0,"cancelEvent":{}}']) {
      const md = summarize(text);
      expect(md).toContain("**The preview stopped before planning any change**");
      expect(md).not.toContain("No changes");
    }
    expect(summarize('{"sequence":1,"timestamp":0,"cancelEvent":{}}')).toContain(
      "No policy results: the preview ended before the policy packs ran.",
    );
  });

  test("an empty input (the preview failed before printing) still gives a summary; garbage does not", () => {
    expect(summarize("  \n")).toContain("the preview printed no JSON");
    expect(() => parsePreview('{"hello": 1}')).toThrow(/not the output of `pulumi preview --json`/);
    expect(() => parsePreview('{"sequence": 0}\nnot json')).toThrow(/line 2 is not JSON/);
  });
});
