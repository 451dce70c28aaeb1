// What a Monitor's inputs accept: valid programs, unknown values at preview, and the refusals a row of the
// bad-input table (tests/bad-inputs/cases.ts, where each rule's refusals are) cannot state.
import { UNKNOWN } from "../../provider/model/values";
import { checkMonitorArgs } from "../../provider/validation/monitor";
import { type Args, monitorFailures as failuresOf, shown, without } from "../helpers/unit-cases";

const HTTPS: Args = { name: "api", type: "https", target: "https://api.example.com/health", interval: 60, regions: [1] };
const TCP: Args = { name: "db", type: "tcp", target: "db.internal:5432", interval: 60, regions: [1] };
const WINDOW = { days: [1], times: [{ startHour: 2, startMinute: 0, stopHour: 3, stopMinute: 0 }], timeZone: "Europe/Paris" };

function expectRejected(args: Args, property: string, reason: RegExp | string): void {
  const failures = failuresOf(args);
  const failure = failures.find((f) => f.property === property);
  expect({ property, failures }).toEqual({ property, failures: expect.arrayContaining([expect.objectContaining({ property })]) });
  expect(failure!.reason.startsWith(`${shown(property)}: `) || failure!.reason.startsWith(`${shown(property)} `)).toBe(true);
  expect(failure!.reason).toMatch(reason);
  expect(failure!.reason.length).toBeLessThan(400);
}

const valid: [string, Args][] = [
  ["the smallest https monitor", HTTPS],
  ["an http monitor with a port and query", { ...HTTPS, type: "http", target: "http://localhost:8080/x?y=1" }],
  ["a tcp monitor", TCP],
  ["a tcp monitor on IPv6", { ...TCP, target: "[2001:db8::1]:443" }],
  ["a tcp monitor on IPv4", { ...TCP, target: "10.0.0.7:6379" }],
  ["a tcp monitor on a host name with digits", { ...TCP, target: "db-1.10.example:6379" }],
  ["a tcp monitor on 255.255.255.254", { ...TCP, target: "255.255.255.254:1" }],
  ["port 1", { ...TCP, target: "db:1" }],
  ["port 65535", { ...TCP, target: "db:65535" }],
  [
    "every http option",
    {
      ...HTTPS,
      followRedirects: false,
      timeout: 2.5,
      degradedThreshold: 1,
      apdexThreshold: 0.5,
      title: "",
      description: "",
      httpRequest: { method: "HEAD", headers: [{ name: "X-Token_1.b~", value: "a b\tc" }], body: "" },
      httpResponse: {
        status: ["100", "599", "200-299", "301-301"],
        statusMatches: false,
        keywordHeader: "x",
        keywordHeaderExists: false,
        keywordBody: "y",
        keywordBodyExists: true,
      },
      maintenance: {
        days: [0, 1, 2, 3, 4, 5, 6],
        times: [{ startHour: 23, startMinute: 59, stopHour: 0, stopMinute: 0 }],
        timeZone: "America/New_York",
      },
      groups: ["g1", "g2"],
      alerts: ["a1"],
    },
  ],
  ["day 7 (Sunday) and UTC", { ...HTTPS, maintenance: { ...WINDOW, days: [7], timeZone: "UTC" } }],
  ["a time zone link name", { ...HTTPS, maintenance: { ...WINDOW, timeZone: "Asia/Calcutta" } }],
  ["every tcp option", { ...TCP, tcpOptions: { dataRequest: "PING\r\n", keywordResponse: "PONG", keywordResponseExists: true } }],
  ["adoptUuid", { ...HTTPS, adoptUuid: "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01" }],
  ["uuids of 128 characters, and with _ inside", { ...HTTPS, alerts: [`a${"b".repeat(127)}`, "a_1-B"] }],
];
test.each(valid)("accepted: %s", (_name, args) => {
  expect(failuresOf(args)).toEqual([]);
});

test("all five required fields missing: five failures, one per field", () => {
  expect(
    failuresOf({})
      .map((f) => f.property)
      .sort(),
  ).toEqual(["interval", "name", "regions", "target", "type"]);
});

test("a type other than http, https or tcp passes, with a warning naming it; known types give none", () => {
  const result = checkMonitorArgs({ ...HTTPS, type: "dns", target: "example.com" });
  expect(result.failures).toEqual([]);
  expect(result.warnings).toEqual([expect.stringContaining('type "dns" is not one the API document lists (http, https, tcp)')]);
  for (const args of [HTTPS, TCP, { ...HTTPS, type: "http", target: "http://x.example" }])
    expect(checkMonitorArgs(args).warnings).toEqual([]);
});

test("the message quotes the value as the user wrote it, under the name urn, a huge one shortened", () => {
  expect(failuresOf({ ...TCP, target: "db:99999" })).toEqual([
    { property: "target", reason: 'urn: "db:99999": port must be 1-65535, got 99999' },
  ]);
  // A huge bad value is quoted shortened, so the message stays short.
  const failures = failuresOf({ ...TCP, target: `${"h".repeat(100_000)}:1` });
  expect(failures.length).toBeGreaterThan(0);
  for (const f of failures) expect(f.reason.length).toBeLessThan(400);
});

test("an unknown field is rejected even while its value is unknown (the name is known); `urn` and `target` are one field", () => {
  expectRejected({ ...HTTPS, urn: "https://x.example" }, "urn", /^urn and target are the same field with different values; keep only urn$/);
  expectRejected({ ...HTTPS, colour: UNKNOWN }, "colour", /unknown field/);
  expectRejected({ ...HTTPS, httpRequest: { method: "GET", timeoutMs: UNKNOWN } }, "httpRequest.timeoutMs", /unknown field/);
});

// Where the canonical inputs are given, the unknown value is passed on untouched (never converted).
describe("values still unknown during preview are never rejected", () => {
  test("the unknown value here is the sentinel the engine sends during preview", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal module of @pulumi/pulumi, with no typed export
    expect(UNKNOWN).toBe(require("@pulumi/pulumi/runtime/rpc").unknownValue);
  });

  const cases: [name: string, args: Args, inputs?: Args][] = [
    ["name", { ...HTTPS, name: UNKNOWN }],
    [
      "type, with a tcp address and http options",
      { ...HTTPS, type: UNKNOWN, target: "db:5432", httpRequest: { method: "GET" }, tcpOptions: { dataRequest: "x" } },
    ],
    ["target", { ...TCP, target: UNKNOWN }],
    ["interval, kept as it is", { ...HTTPS, interval: UNKNOWN }, { ...HTTPS, interval: UNKNOWN }],
    ["intervalId, the interval then unknown", { ...without(HTTPS, "interval"), intervalId: UNKNOWN }, { ...HTTPS, interval: UNKNOWN }],
    ["regions", { ...HTTPS, regions: UNKNOWN }],
    ["a region", { ...HTTPS, regions: [1, UNKNOWN] }],
    ["a region next to its future duplicate", { ...HTTPS, regions: [UNKNOWN, UNKNOWN] }],
    ["timeout", { ...HTTPS, timeout: UNKNOWN }],
    ["httpRequest", { ...HTTPS, httpRequest: UNKNOWN }],
    ["a method, not upper-cased", { ...HTTPS, httpRequest: { method: UNKNOWN } }, { ...HTTPS, httpRequest: { method: UNKNOWN } }],
    ["a header name", { ...HTTPS, httpRequest: { headers: [{ name: UNKNOWN, value: "1" }] } }],
    ["a header", { ...HTTPS, httpRequest: { headers: [UNKNOWN] } }],
    ["the header list", { ...HTTPS, httpRequest: { headers: UNKNOWN } }],
    ["a status entry", { ...HTTPS, httpResponse: { status: [UNKNOWN] } }],
    ["the keyword an Exists flag needs", { ...HTTPS, httpResponse: { keywordHeader: UNKNOWN, keywordHeaderExists: true } }],
    ["an Exists flag", { ...HTTPS, httpResponse: { keywordBody: "x", keywordBodyExists: UNKNOWN } }],
    ["maintenance", { ...HTTPS, maintenance: UNKNOWN }],
    ["a day", { ...HTTPS, maintenance: { ...WINDOW, days: [UNKNOWN] } }],
    ["the periods", { ...HTTPS, maintenance: { ...WINDOW, times: UNKNOWN } }],
    [
      "a period's hour",
      { ...HTTPS, maintenance: { ...WINDOW, times: [{ startHour: UNKNOWN, startMinute: 0, stopHour: 2, stopMinute: 0 }] } },
    ],
    ["the time zone", { ...HTTPS, maintenance: { ...WINDOW, timeZone: UNKNOWN } }],
    ["groups", { ...HTTPS, groups: [UNKNOWN, "g1"] }],
    ["alerts", { ...HTTPS, alerts: UNKNOWN }],
    ["tcpOptions", { ...TCP, tcpOptions: UNKNOWN }],
    ["a capitalised TcpOptions key", { ...TCP, tcpOptions: { DataRequest: UNKNOWN } }],
    ["one spelling of interval, next to the other", { ...HTTPS, intervalId: UNKNOWN }, { ...HTTPS, interval: UNKNOWN }],
    ["the other spelling of interval, next to one", { ...HTTPS, interval: UNKNOWN, intervalId: 60 }, { ...HTTPS, interval: UNKNOWN }],
    ["one spelling of followRedirects, next to the other", { ...HTTPS, followRedirects: UNKNOWN, httpFollowRedirects: true }],
    ["one spelling of a TcpOptions key, next to the other", { ...TCP, tcpOptions: { dataRequest: "x", DataRequest: UNKNOWN } }],
    ["adoptUuid", { ...HTTPS, adoptUuid: UNKNOWN }],
  ];
  test.each(cases.map(([name, args, inputs]) => [name, args, inputs ?? expect.anything()] as const))("%s", (_name, args, inputs) => {
    expect(checkMonitorArgs(args)).toEqual({ inputs, failures: [], warnings: [] });
  });

  test("known values next to unknown ones are still checked", () => {
    expectRejected({ ...HTTPS, name: UNKNOWN, regions: [UNKNOWN, 0] }, "regions[1]", /positive whole number/);
    expectRejected({ ...HTTPS, target: UNKNOWN, interval: -1 }, "interval", /positive/);
  });
});
