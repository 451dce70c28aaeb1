// Each validation rule of monitor inputs, one by one: the bad value is rejected, the failure's
// property is the field's path, and the reason starts with the field (as the user wrote it: `urn`
// for the target) and says what to do. Values still unknown during preview are never rejected.
import { CheckFailure, UNKNOWN } from "../../provider/model/values";
import { checkMonitorArgs } from "../../provider/validation/monitor";

type Args = Record<string, unknown>;

const HTTPS: Args = { name: "api", type: "https", target: "https://api.example.com/health", interval: 60, regions: [1] };
const TCP: Args = { name: "db", type: "tcp", target: "db.internal:5432", interval: 60, regions: [1] };
const WINDOW = { days: [1], times: [{ startHour: 2, startMinute: 0, stopHour: 3, stopMinute: 0 }], timeZone: "Europe/Paris" };

function failuresOf(args: Args): CheckFailure[] {
  return checkMonitorArgs(args).failures;
}

/** The name a user reads: the SDK takes `urn` and hands it over as `target`. */
const shown = (property: string) => property.replace(/^target\b/, "urn");

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
  ["ports 1 and 65535", { ...TCP, target: "db:1" }],
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
];
test.each(valid)("accepted: %s", (_name, args) => {
  expect(failuresOf(args)).toEqual([]);
});

describe("required fields", () => {
  test.each([
    ["name", /required/],
    ["type", /required/],
    ["target", /required/],
    ["interval", /required/],
    ["regions", /required/],
  ])("%s missing", (field, reason) => {
    const args = { ...HTTPS };
    delete args[field];
    expectRejected(args, field, reason);
  });

  test("all five missing: five failures, one per field", () => {
    expect(
      failuresOf({})
        .map((f) => f.property)
        .sort(),
    ).toEqual(["interval", "name", "regions", "target", "type"]);
  });

  test.each(["", "   "])("name %j is empty", (name) => expectRejected({ ...HTTPS, name }, "name", /must not be empty/));
  test("type empty", () => expectRejected({ ...HTTPS, type: "" }, "type", /must not be empty/));
  test("name not a string", () => expectRejected({ ...HTTPS, name: 42 }, "name", /expected a string, got 42/));
});

describe("type", () => {
  test("a type other than http, https or tcp passes, with a warning naming it", () => {
    const result = checkMonitorArgs({ ...HTTPS, type: "dns", target: "example.com" });
    expect(result.failures).toEqual([]);
    expect(result.warnings).toEqual([expect.stringContaining('type "dns" is not one the API document lists (http, https, tcp)')]);
  });

  test("known types give no warning", () => {
    for (const args of [HTTPS, TCP, { ...HTTPS, type: "http", target: "http://x.example" }])
      expect(checkMonitorArgs(args).warnings).toEqual([]);
  });
});

describe("urn (the target)", () => {
  test.each([
    ["https", "http://api.example.com", /a https monitor needs a https:\/\/ address; change the address or set type to http/],
    ["http", "https://api.example.com", /set type to https/],
    ["https", "api.example.com/health", /not a URL; write a full address such as https:\/\/example.com\/health/],
    ["https", "https://api.example.com/a b", /white space/],
    ["https", "ftp://files.example.com", /set type to ftp/],
  ])("%s monitor, urn %j", (type, target, reason) => expectRejected({ ...HTTPS, type, target }, "target", reason));

  test.each([
    ["db.internal", /host:port/],
    ["db.internal:", /host:port/],
    ["db.internal:0", /port must be 1-65535, got 0/],
    ["db:99999", /port must be 1-65535, got 99999/],
    ["db.internal:65536", /port must be 1-65535/],
    ["db.internal:port", /host:port/],
    ["2001:db8::1:443", /IPv6 in brackets/],
    ["[1:2]:443", /\[1:2\] is not an IPv6 address/],
    ["[db.internal]:443", /host:port|IPv6/],
    ["bad_host!:80", /not a valid host name/],
    ["300.1.1.1:80", /not a valid host name or IPv4 address/],
    ["1.2.3:80", /not a valid host name or IPv4 address/],
    ["10.0.0.256:80", /not a valid host name or IPv4 address/],
    ["db.123:80", /not a valid host name or IPv4 address/],
    ["tcp://db.internal:5432", /host:port/],
    ["db internal:5432", /host:port/],
  ])("tcp urn %j", (target, reason) => expectRejected({ ...TCP, target }, "target", reason));

  test("the message quotes the value as the user wrote it, under the name urn", () => {
    expect(failuresOf({ ...TCP, target: "db:99999" })).toEqual([
      { property: "target", reason: 'urn: "db:99999": port must be 1-65535, got 99999' },
    ]);
  });
});

describe("option objects belong to their type", () => {
  test.each([
    ["httpRequest", { httpRequest: { method: "GET" } }],
    ["httpResponse", { httpResponse: { status: ["200"] } }],
    ["followRedirects", { followRedirects: true }],
  ])("%s on a tcp monitor", (field, extra) => expectRejected({ ...TCP, ...extra }, field, /applies to http and https monitors; remove it/));

  test("tcpOptions on an https monitor", () =>
    expectRejected({ ...HTTPS, tcpOptions: { dataRequest: "x" } }, "tcpOptions", /applies to tcp monitors; remove it or set type to tcp/));
});

describe("httpRequest and httpResponse", () => {
  test.each(["FETCH", "", "CONNECT"])("method %j", (method) =>
    expectRejected(
      { ...HTTPS, httpRequest: { method } },
      "httpRequest.method",
      /is not one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS/,
    ),
  );

  test.each(["X Probe", "X:Probe", "", "Bad\u00e9", "X-Probe\r\nEvil: 1", "X(1)"])("header name %j", (name) =>
    expectRejected(
      {
        ...HTTPS,
        httpRequest: {
          headers: [
            { name: "ok", value: "1" },
            { name, value: "1" },
          ],
        },
      },
      "httpRequest.headers[1].name",
      /HTTP token/,
    ),
  );

  test.each(["a\r\nEvil: 1", "a\nb", "a\rb"])("header value %j", (value) =>
    expectRejected(
      { ...HTTPS, httpRequest: { headers: [{ name: "X", value }] } },
      "httpRequest.headers[0].value",
      /must not contain CR or LF/,
    ),
  );

  test("a header without a value", () =>
    expectRejected({ ...HTTPS, httpRequest: { headers: [{ name: "X" }] } }, "httpRequest.headers[0].value", /required/));

  test.each(["99", "600", "2xx", "200-", "-200", "299-200", "200-600", "abc", "200 ", " 200", "0200"])("status entry %j", (entry) =>
    expectRejected(
      { ...HTTPS, httpResponse: { status: ["200", entry] } },
      "httpResponse.status[1]",
      /is not a status code 100-599 or a range "low-high" with low <= high, e.g. "200-299"/,
    ),
  );

  test("a status given as a number says to quote it", () =>
    expectRejected({ ...HTTPS, httpResponse: { status: [200] } }, "httpResponse.status[0]", /"200"/));

  test("an empty status list", () =>
    expectRejected({ ...HTTPS, httpResponse: { status: [] } }, "httpResponse.status", /at least one status code, or leave status out/));

  test.each([
    ["keywordHeaderExists", { keywordHeaderExists: true }, /set keywordHeader too/],
    ["keywordBodyExists", { keywordBodyExists: false }, /set keywordBody too/],
    ["statusMatches", { statusMatches: true }, /set status too/],
  ])("%s without its subject", (field, response, reason) =>
    expectRejected({ ...HTTPS, httpResponse: response }, `httpResponse.${field}`, reason),
  );

  test("keywordResponseExists without keywordResponse", () =>
    expectRejected({ ...TCP, tcpOptions: { keywordResponseExists: true } }, "tcpOptions.keywordResponseExists", /set keywordResponse too/));

  test("an empty keyword", () =>
    expectRejected({ ...HTTPS, httpResponse: { keywordBody: " " } }, "httpResponse.keywordBody", /must not be empty/));
  test("a boolean given as a string", () =>
    expectRejected(
      { ...HTTPS, httpResponse: { keywordBody: "x", keywordBodyExists: "true" } },
      "httpResponse.keywordBodyExists",
      /expected true or false, got "true"/,
    ));
});

describe("numbers", () => {
  test.each([0, -60, 1.5, "abc", "1.5", "-5", "0", true, [60]])("interval %j", (interval) =>
    expectRejected({ ...HTTPS, interval }, "interval", /whole number of seconds|positive number of seconds/),
  );

  test.each([
    ["regions", [], /at least one region id/],
    ["regions", "1", /expected a list of region ids/],
    ["regions[0]", [0], /positive whole number/],
    ["regions[1]", [1, -2], /positive whole number/],
    ["regions[0]", [1.5], /positive whole number/],
    ["regions[0]", ["1"], /expected a region id/],
    ["regions", [1, 2, 1], /listed twice; list each once/],
  ])("%s in %j", (property, regions, reason) => expectRejected({ ...HTTPS, regions }, property, reason));

  test.each(["timeout", "degradedThreshold", "apdexThreshold"])("%s must be positive", (field) => {
    for (const value of [0, -1]) expectRejected({ ...HTTPS, [field]: value }, field, /must be a positive number of seconds/);
    expectRejected({ ...HTTPS, [field]: "5" }, field, /expected a number of seconds, got "5"/);
  });
});

describe("maintenance", () => {
  const withWindow = (patch: Args) => ({ ...HTTPS, maintenance: { ...WINDOW, ...patch } });
  test.each([
    ["maintenance.days[0]", { days: [8] }, /must be 0-7/],
    ["maintenance.days[0]", { days: [-1] }, /must be 0-7/],
    ["maintenance.days[0]", { days: [1.5] }, /whole number 0-7/],
    ["maintenance.days[0]", { days: ["Monday"] }, /whole number 0-7/],
    ["maintenance.days", { days: [] }, /at least one day/],
    ["maintenance.days", { days: [0, 7] }, /listed twice \(0 and 7 are both Sunday\)/],
    ["maintenance.times[0].startHour", { times: [{ startHour: 24, startMinute: 0, stopHour: 1, stopMinute: 0 }] }, /must be 0-23/],
    ["maintenance.times[0].stopHour", { times: [{ startHour: 1, startMinute: 0, stopHour: -1, stopMinute: 0 }] }, /must be 0-23/],
    ["maintenance.times[0].startMinute", { times: [{ startHour: 1, startMinute: 60, stopHour: 2, stopMinute: 0 }] }, /must be 0-59/],
    ["maintenance.times[0].stopMinute", { times: [{ startHour: 1, startMinute: 0, stopHour: 2, stopMinute: 0.5 }] }, /whole number 0-59/],
    [
      "maintenance.times[0]",
      { times: [{ startHour: 4, startMinute: 30, stopHour: 4, stopMinute: 30 }] },
      /period is empty .*give a stop time different from the start/,
    ],
    ["maintenance.times", { times: [] }, /at least one period/],
    ["maintenance.times[0].stopMinute", { times: [{ startHour: 1, startMinute: 0, stopHour: 2 }] }, /required/],
    ["maintenance.timeZone", { timeZone: "Mars/Olympus_Mons" }, /is not an IANA time zone; use a region\/city name such as Europe\/Paris/],
    ["maintenance.timeZone", { timeZone: "europe/paris" }, /not an IANA time zone/],
    ["maintenance.timeZone", { timeZone: "+05:00" }, /not an IANA time zone/],
    ["maintenance.timeZone", { timeZone: "-03:00" }, /not an IANA time zone/],
    ["maintenance.timeZone", { timeZone: "" }, /not an IANA time zone/],
    ["maintenance.timeZone", { timeZone: 1 }, /time zone name such as Europe\/Paris/],
  ])("%s: %j", (property, patch, reason) => expectRejected(withWindow(patch), property, reason));

  test("a window without a time zone", () => {
    const { timeZone: _, ...rest } = WINDOW;
    expectRejected({ ...HTTPS, maintenance: rest }, "maintenance.timeZone", /Europe\/Paris/);
  });
});

describe("unknown fields and double spellings", () => {
  test.each([
    ["colour", { colour: "red" }],
    ["urn", { urn: "https://x.example" }],
    ["uuid", { uuid: "abc" }],
    ["httpRequest.timeoutMs", { httpRequest: { timeoutMs: 1 } }],
    ["httpRequest.headers[0].secret", { httpRequest: { headers: [{ name: "X", value: "1", secret: true }] } }],
    ["httpResponse.keyword", { httpResponse: { keyword: "x" } }],
    ["maintenance.times[0].startSecond", { maintenance: { ...WINDOW, times: [{ ...WINDOW.times[0], startSecond: 0 }] } }],
  ])("%s", (property, extra) => expectRejected({ ...HTTPS, ...extra }, property, /unknown field; remove it or check its spelling/));

  test.each([
    ["maintenance.timezone", { maintenance: { ...WINDOW, timezone: "UTC" } }, "maintenance.timeZone"],
    ["intervalSeconds", { intervalSeconds: 60 }, undefined],
    ["regoins", { regoins: [1] }, "regions"],
    ["httpResponse.keywordBodyExist", { httpResponse: { keywordBody: "ok", keywordBodyExist: true } }, "httpResponse.keywordBodyExists"],
    [
      "tcpOptions.dataRequests",
      { type: "tcp", urn: undefined, target: "db.example:5432", tcpOptions: { dataRequests: "x" } },
      "tcpOptions.dataRequest",
    ],
  ])("%s: a name near a documented one is answered with it", (property, extra, suggested) => {
    const args = Object.fromEntries(Object.entries({ ...HTTPS, ...extra }).filter(([, v]) => v !== undefined));
    expectRejected(
      args,
      property,
      suggested ? `unknown field; did you mean ${suggested}?` : /unknown field; remove it or check its spelling/,
    );
  });

  test("an unknown field is rejected even while its value is unknown (the name is known)", () => {
    expectRejected({ ...HTTPS, colour: UNKNOWN }, "colour", /unknown field/);
    expectRejected({ ...HTTPS, httpRequest: { method: "GET", timeoutMs: UNKNOWN } }, "httpRequest.timeoutMs", /unknown field/);
  });

  test("an unknown tcpOptions key", () =>
    expectRejected({ ...TCP, tcpOptions: { dataRequest: "x", DataResponse: "y" } }, "tcpOptions.DataResponse", /unknown field/));

  test.each([
    [
      "httpFollowRedirects",
      { followRedirects: true, httpFollowRedirects: false },
      /httpFollowRedirects and followRedirects are the same field with different values; keep only followRedirects/,
    ],
    [
      "intervalId",
      { interval: 60, intervalId: 120 },
      /intervalId and interval are the same field with different values; keep only interval/,
    ],
    ["intervalId", { interval: 60, intervalId: "120" }, /keep only interval/],
  ])("%s given twice, differently", (property, extra, reason) => expectRejected({ ...HTTPS, ...extra }, property, reason));

  test("a TcpOptions key given in both spellings, differently", () =>
    expectRejected(
      { ...TCP, tcpOptions: { dataRequest: "a", DataRequest: "b" } },
      "tcpOptions.DataRequest",
      /keep only tcpOptions.dataRequest/,
    ));
});

describe("huge values", () => {
  test.each([
    ["name", { name: "n".repeat(256) }, /longer than 255 characters; shorten it/],
    ["title", { title: "t".repeat(256) }, /longer than 255/],
    ["target", { target: `https://example.com/${"p".repeat(3000)}` }, /longer than 2048/],
    ["description", { description: "d".repeat(4097) }, /longer than 4096/],
    ["type", { type: "t".repeat(33) }, /longer than 32/],
    ["httpRequest.body", { httpRequest: { body: "b".repeat(65537) } }, /longer than 65536/],
    ["httpRequest.headers[0].value", { httpRequest: { headers: [{ name: "X", value: "v".repeat(8193) }] } }, /longer than 8192/],
    ["httpRequest.headers[0].name", { httpRequest: { headers: [{ name: "N".repeat(257), value: "1" }] } }, /longer than 256/],
    ["httpResponse.keywordBody", { httpResponse: { keywordBody: "k".repeat(1025) } }, /longer than 1024/],
    ["groups[0]", { groups: ["g".repeat(200)] }, /not a uuid/],
  ])("%s", (property, extra, reason) => expectRejected({ ...HTTPS, ...extra }, property, reason));

  test("a huge bad value is quoted shortened, so the message stays short", () => {
    const failures = failuresOf({ ...TCP, target: `${"h".repeat(100_000)}:1` });
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) expect(f.reason.length).toBeLessThan(400);
  });

  test("control characters in text are refused", () => {
    expectRejected({ ...HTTPS, name: "api\u0000" }, "name", /control characters; remove them/);
  });
});

describe("values still unknown during preview are never rejected", () => {
  const cases: [string, Args][] = [
    ["name", { ...HTTPS, name: UNKNOWN }],
    [
      "type, with a tcp address and http options",
      { ...HTTPS, type: UNKNOWN, target: "db:5432", httpRequest: { method: "GET" }, tcpOptions: { dataRequest: "x" } },
    ],
    ["target", { ...TCP, target: UNKNOWN }],
    ["interval", { ...HTTPS, interval: UNKNOWN }],
    ["intervalId", { ...without(HTTPS, "interval"), intervalId: UNKNOWN }],
    ["regions", { ...HTTPS, regions: UNKNOWN }],
    ["a region", { ...HTTPS, regions: [1, UNKNOWN] }],
    ["a region next to its future duplicate", { ...HTTPS, regions: [UNKNOWN, UNKNOWN] }],
    ["timeout", { ...HTTPS, timeout: UNKNOWN }],
    ["httpRequest", { ...HTTPS, httpRequest: UNKNOWN }],
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
    ["one spelling of interval, next to the other", { ...HTTPS, interval: 60, intervalId: UNKNOWN }],
    ["one spelling of followRedirects, next to the other", { ...HTTPS, followRedirects: UNKNOWN, httpFollowRedirects: true }],
    ["one spelling of a TcpOptions key, next to the other", { ...TCP, tcpOptions: { dataRequest: "x", DataRequest: UNKNOWN } }],
    ["adoptUuid", { ...HTTPS, adoptUuid: UNKNOWN }],
  ];
  test.each(cases)("%s", (_name, args) => {
    expect(failuresOf(args)).toEqual([]);
  });

  test("known values next to unknown ones are still checked", () => {
    expectRejected({ ...HTTPS, name: UNKNOWN, regions: [UNKNOWN, 0] }, "regions[1]", /positive whole number/);
    expectRejected({ ...HTTPS, target: UNKNOWN, interval: -1 }, "interval", /positive/);
  });
});

function without(args: Args, ...keys: string[]): Args {
  const out = { ...args };
  for (const k of keys) delete out[k];
  return out;
}
