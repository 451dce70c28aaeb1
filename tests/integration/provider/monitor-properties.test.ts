// Monitor inputs against the emulator: args in every spelling check() accepts (written-out shapes first,
// then generated ones) go to the service and back with no diff; one field made bad is refused with its path.
import fc from "fast-check";
import { MonitorInputs, checkMonitorArgs, inProgramWords } from "../../../provider/validation/monitor";
import { createMonitor, deleteMonitor, diffMonitor, readMonitor, updateMonitor } from "../../../provider/monitor";
import { useEmulator } from "../../helpers/emulator";
import { HTTP_FULL, HTTP_MIN, TCP_FULL } from "../../helpers/monitor-records";
import { Mutation, SEED, acceptedInputs, expectFieldPaths, nonBlank, optional, set, text, uuidRef } from "../../helpers/arbitraries";
import { found } from "../../helpers/checked";

type Args = Record<string, unknown>;
jest.setTimeout(120_000);

const ALERTS = ["alert-0001", "alert-0002"];

const { t } = useEmulator({
  seed: { alerts: ALERTS.map((uuid) => ({ uuid, name: uuid, recipients: [] })) },
  testClient: { retry: { maxRetries: 0 } },
});

// ---- arbitraries of accepted args ------------------------------------------------------------

const seconds = fc.oneof(fc.integer({ min: 1, max: 3600 }), fc.double({ min: 0.001, max: 3600, noNaN: true }));
const token = fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,20}$/);

const httpTarget = (type: "http" | "https") =>
  fc.webUrl({ validSchemes: [type], withQueryParameters: true, withFragments: true }).filter((u) => u.length <= 2048 && !/\s/.test(u));
const tcpTarget = fc
  .tuple(
    fc.oneof(
      fc.domain(),
      fc.ipV4(),
      fc.ipV6().map((h) => `[${h}]`),
    ),
    fc.integer({ min: 1, max: 65535 }),
  )
  .map(([host, port]) => `${host}:${port}`);

const statusEntry = fc.oneof(
  fc.integer({ min: 100, max: 599 }).map(String),
  fc.tuple(fc.integer({ min: 100, max: 599 }), fc.integer({ min: 100, max: 599 })).map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
);

const httpRequest = fc.record(
  {
    method: fc.mixedCase(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")),
    headers: fc.array(fc.record({ name: token, value: text(40).filter((v) => !/[\r\n]/.test(v)) }), { maxLength: 4 }),
    body: text(200),
  },
  { requiredKeys: [] },
);

/** A keyword and its Exists flag: the flag only with its keyword. */
const keyword = (name: string) =>
  fc
    .option(fc.tuple(nonBlank(30), fc.option(fc.boolean(), { nil: undefined })), { nil: undefined })
    .map((k): Args => (k === undefined ? {} : { [name]: k[0], ...(k[1] === undefined ? {} : { [`${name}Exists`]: k[1] }) }));

const httpResponse = fc
  .tuple(
    fc.option(fc.tuple(fc.array(statusEntry, { minLength: 1, maxLength: 4 }), fc.option(fc.boolean(), { nil: undefined })), {
      nil: undefined,
    }),
    keyword("keywordHeader"),
    keyword("keywordBody"),
  )
  .map(([status, header, body]): Args => ({
    ...(status === undefined ? {} : { status: status[0], ...(status[1] === undefined ? {} : { statusMatches: status[1] }) }),
    ...header,
    ...body,
  }));

const tcpOptions = fc
  .tuple(fc.option(text(60), { nil: undefined }), keyword("keywordResponse"), fc.boolean())
  .map(([dataRequest, kw, capitalised]): Args => {
    const options: Args = { ...(dataRequest === undefined ? {} : { dataRequest }), ...kw };
    // TcpOptions keys may be written with a leading capital (DataRequest), as the document shows.
    return capitalised ? Object.fromEntries(Object.entries(options).map(([k, v]) => [k[0].toUpperCase() + k.slice(1), v])) : options;
  });

const period = fc
  .record({
    startHour: fc.integer({ min: 0, max: 23 }),
    startMinute: fc.integer({ min: 0, max: 59 }),
    stopHour: fc.integer({ min: 0, max: 23 }),
    stopMinute: fc.integer({ min: 0, max: 59 }),
  })
  .filter((p) => p.startHour * 60 + p.startMinute !== p.stopHour * 60 + p.stopMinute);

const maintenance = fc.record({
  // 0 and 7 are both Sunday: at most one of them. Days may be quoted.
  days: fc
    .uniqueArray(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 7, selector: (d) => d % 7 })
    .chain((days) => fc.tuple(...days.map((d) => fc.constantFrom<number | string>(d, String(d))))),
  times: fc.array(period, { minLength: 1, maxLength: 3 }),
  timeZone: fc.constantFrom("Europe/Paris", "UTC", "America/New_York", "Asia/Kolkata", "Asia/Calcutta", "Australia/Lord_Howe", "Etc/GMT+5"),
});

/** The interval in one of its spellings: `interval` or `intervalId`, a number or a quoted one, or both names with one value. */
const interval = fc
  .tuple(
    fc.integer({ min: 1, max: 86_400 }),
    fc.constantFrom("number", "quoted", "padded"),
    fc.constantFrom("interval", "intervalId", "both"),
  )
  .map(([n, form, key]): Args => {
    const value = form === "number" ? n : form === "quoted" ? String(n) : ` ${n} `;
    return key === "both" ? { interval: value, intervalId: value } : { [key]: value };
  });

/** followRedirects under either name, or both names with one value (http and https only). */
const redirects = fc
  .tuple(fc.boolean(), fc.constantFrom("followRedirects", "httpFollowRedirects", "both", "none"))
  .map(([value, key]): Args =>
    key === "none" ? {} : key === "both" ? { followRedirects: value, httpFollowRedirects: value } : { [key]: value },
  );

const common = fc.record(
  {
    name: nonBlank(60),
    title: optional(text(60)),
    description: optional(text(200)),
    timeout: optional(seconds),
    degradedThreshold: optional(seconds),
    apdexThreshold: optional(seconds),
    regions: fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 5 }),
    groups: optional(fc.uniqueArray(uuidRef, { maxLength: 3 })),
    alerts: optional(fc.subarray(ALERTS)),
    maintenance: optional(maintenance),
  },
  { requiredKeys: ["name", "regions"] },
);

const httpArgs = fc.constantFrom<"http" | "https">("http", "https").chain((type) =>
  fc
    .tuple(common, interval, redirects, httpTarget(type), optional(httpRequest), optional(httpResponse))
    .map(([c, i, r, target, request, response]): Args => ({
      ...c,
      ...i,
      ...r,
      type,
      target,
      httpRequest: request,
      httpResponse: response,
    })),
);

const tcpArgs = fc
  .tuple(common, interval, tcpTarget, optional(tcpOptions))
  .map(([c, i, target, options]): Args => ({ ...c, ...i, type: "tcp", target, tcpOptions: options }));

/** Args as the SDK hands them to check(): canonical `target`, any accepted spelling of the rest. */
const acceptedArgs = fc.oneof(httpArgs, tcpArgs);

// ---- the properties --------------------------------------------------------------------------

const accepted = (raw: Args): MonitorInputs => acceptedInputs(checkMonitorArgs(raw), raw);

/** Shapes run before the generated ones: capitalised TcpOptions keys, days as strings, empty values, the record's spellings. */
const { interval: _interval, ...HTTP_NO_INTERVAL } = HTTP_MIN;
const SHAPES: Args[] = [
  { ...HTTP_FULL, alerts: [ALERTS[0]] },
  { ...TCP_FULL, interval: "300", tcpOptions: { DataRequest: "PING", KeywordResponse: "PONG", KeywordResponseExists: false } },
  {
    ...HTTP_MIN,
    maintenance: {
      days: ["0", "6"],
      times: [{ startHour: 22, startMinute: 15, stopHour: 1, stopMinute: 0 }],
      timeZone: "America/New_York",
    },
  },
  { ...HTTP_MIN, groups: [], alerts: [], title: "", description: "", httpRequest: { headers: [] } },
  { ...HTTP_MIN, httpRequest: { method: "head" }, httpResponse: { status: ["200"] } },
  { ...HTTP_NO_INTERVAL, httpFollowRedirects: false, intervalId: 30 },
];

test("accepted args: created through the service, then no diff, and refresh reads back the same canonical inputs", async () => {
  await fc.assert(
    fc.asyncProperty(acceptedArgs, async (raw) => {
      const inputs = accepted(raw);
      const { id, outs } = await createMonitor(t.client, inputs);
      try {
        expect(diffMonitor(outs, inputs)).toEqual({ changes: false, replaces: [], changed: [] });
        const read = found(await readMonitor(t.client, id, outs));
        // Refresh gives back the state as created and exactly the canonical inputs (a declared empty list as []).
        expect(read.props).toEqual(outs);
        expect(read.inputs).toEqual(inputs);
        expect(diffMonitor(read.props, inputs).changes).toBe(false);
      } finally {
        await deleteMonitor(t.client, id, inputs.name);
      }
    }),
    { numRuns: 100, seed: SEED, examples: SHAPES.map((shape) => [shape]) },
  );
});

test("accepted args, then other accepted args (same alerts): one update, then no diff and the new inputs read back", async () => {
  await fc.assert(
    fc.asyncProperty(acceptedArgs, acceptedArgs, async (before, after) => {
      const first = accepted(before);
      const second = accepted({ ...after, alerts: before.alerts });
      const { id, outs } = await createMonitor(t.client, first);
      try {
        const updated = await updateMonitor(t.client, id, outs, second);
        expect(diffMonitor(updated.outs, second)).toEqual({ changes: false, replaces: [], changed: [] });
        const read = found(await readMonitor(t.client, id, updated.outs));
        expect(read.inputs).toEqual(second);
      } finally {
        await deleteMonitor(t.client, id, first.name);
      }
    }),
    {
      numRuns: 50,
      seed: SEED + 1,
      // An edit to fewer fields and fewer keys of an option object (sent whole): nothing left to change afterwards.
      examples: [
        [
          SHAPES[0],
          { ...HTTP_FULL, title: undefined, httpResponse: { status: ["200"] }, maintenance: undefined, regions: [2], timeout: 9 },
        ],
      ],
    },
  );
});

// ---- one field made bad ----------------------------------------------------------------------

const MUTATIONS: Mutation[] = [
  (a) => set(a, "name", ["", "   ", 42, null, "n".repeat(256), "a\u0000b"]),
  (a) => set(a, "type", ["", 7, null, ["https"]]),
  (a) =>
    set(
      a,
      "target",
      a.type === "tcp"
        ? ["db.internal", "db:99999", "db:0", "[1:2]:80", "300.1.1.1:80"]
        : ["example.com", `ftp://x.example`, "https://a b.example", null],
    ),
  (a) => {
    const { intervalId: _, ...rest } = a;
    return set(rest, "interval", [0, -60, 1.5, "abc", "1.5", true, null]);
  },
  (a) => set(a, "regions", [[], [0], [1, 1], "1", [1.5], null]),
  (a) => fc.constantFrom("timeout", "degradedThreshold", "apdexThreshold").chain((f) => set(a, f, [0, -1, "5", Number.NaN])),
  (a) =>
    set(a, "httpRequest", [
      { method: "FETCH" },
      { headers: [{ name: "X Y", value: "1" }] },
      { headers: [{ name: "X", value: "a\r\nb" }] },
      { body: "b".repeat(65_537) },
    ]),
  (a) => set(a, "httpResponse", [{ status: ["99"] }, { status: [] }, { status: [200] }, { statusMatches: true }, { keywordBody: " " }]),
  (a) =>
    set(
      a,
      "tcpOptions",
      a.type === "tcp"
        ? [{ keywordResponseExists: true }, { dataRequest: "a", DataRequest: "b" }, { Keyword: "x" }]
        : [{ dataRequest: "PING" }],
    ),
  (a) =>
    set(a, "maintenance", [
      { days: [1], times: [{ startHour: 1, startMinute: 0, stopHour: 2, stopMinute: 0 }], timeZone: "Mars/Olympus" },
      { days: [0, 7], times: [{ startHour: 1, startMinute: 0, stopHour: 2, stopMinute: 0 }], timeZone: "UTC" },
      { days: [1], times: [{ startHour: 1, startMinute: 0, stopHour: 1, stopMinute: 0 }], timeZone: "UTC" },
      { days: [], times: [], timeZone: "UTC" },
    ]),
  (a) => set(a, "groups", [["g", "g"], ["not a uuid"], "g-1"]),
  (a) => set(a, "alerts", [["../alert"], [ALERTS[0], ALERTS[0]]]),
  (a) => set(a, "adoptUuid", ["", "../monitors/x", 5]),
  (a) => {
    const { httpFollowRedirects: _, ...rest } = a;
    return set(rest, "followRedirects", a.type === "tcp" ? [true] : ["yes", 1]);
  },
  (a) => fc.constantFrom("colour", "intervalSeconds", "Name").map((field) => ({ args: { ...a, [field]: 1 }, field })),
];

const badArgs = fc.tuple(acceptedArgs, fc.nat({ max: MUTATIONS.length - 1 })).chain(([args, i]) => MUTATIONS[i](args));

// check() holds no client: that a refusal sends nothing is proved through the SDK (tests/integration/sdk/bad-inputs).
test("one field made bad: check() refuses it with that field's path", () => {
  fc.assert(
    fc.property(badArgs, ({ args, field }) =>
      expectFieldPaths(checkMonitorArgs(args).failures, field, (f) => inProgramWords(f).startsWith(f.property.replace(/^target\b/, "urn"))),
    ),
    { numRuns: 300, seed: SEED + 2 },
  );
});
