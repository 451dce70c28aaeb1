// diff(): what `pulumi preview` shows. The stored outputs (a record with nulls dropped, plus the
// fields the program declared) against the new canonical inputs, over the fields declared now or
// before; lists whose order means nothing compared as sets; a change of alerts replaces.
import { UNKNOWN } from "../../provider/model/values";
import { checkMonitorArgs } from "../../provider/validation/monitor";
import { MonitorInputs, MonitorState, diffMonitor, monitorOutputs } from "../../provider/monitor";
import { stored } from "../helpers/checked";
import { HTTP_FULL, HTTP_MIN, TCP_FULL, recordOf } from "../helpers/monitor-records";

type Args = Record<string, unknown>;

/** The state after applying `inputs` (optionally with the service's record drifted by `drift`). */
const stateOf = (inputs: Args, drift: Args = {}) => monitorOutputs(recordOf(inputs, drift), inputs);
/** What check() hands to diff: the canonical form of what the program wrote. */
const canonical = (raw: Args) => {
  const result = checkMonitorArgs(raw);
  expect(result.failures).toEqual([]);
  return result.inputs;
};

/** A diff as the engine asks for it: a stored state and checked inputs, unknowns and `__provider` included. */
interface Case {
  name: string;
  olds: Args;
  news: Args;
  changed: string[];
  replaces?: string[];
}

const WITH_ALERTS = { ...HTTP_MIN, alerts: ["a-1", "a-2"] };
const HTTP_OPTS = { ...HTTP_MIN, httpRequest: { method: "GET" } };

const cases: Case[] = [
  { name: "the same inputs", olds: stateOf(HTTP_FULL), news: HTTP_FULL, changed: [] },
  { name: "the same tcp inputs", olds: stateOf(TCP_FULL), news: TCP_FULL, changed: [] },
  {
    name: "written with the record's spellings",
    olds: stateOf(HTTP_FULL),
    news: canonical({ ...without(HTTP_FULL, "followRedirects", "interval"), httpFollowRedirects: true, intervalId: "60" }),
    changed: [],
  },
  {
    name: "TcpOptions keys with capitals",
    olds: stateOf(TCP_FULL),
    news: canonical({ ...TCP_FULL, tcpOptions: { DataRequest: "PING", KeywordResponse: "PONG", KeywordResponseExists: true } }),
    changed: [],
  },
  {
    name: "nulls written for unset fields",
    olds: stateOf(HTTP_MIN),
    news: canonical({ ...HTTP_MIN, title: null, httpRequest: null }),
    changed: [],
  },
  { name: "regions in another order", olds: stateOf(HTTP_FULL), news: { ...HTTP_FULL, regions: [3, 1, 2] }, changed: [] },
  { name: "groups in another order", olds: stateOf(HTTP_FULL), news: { ...HTTP_FULL, groups: ["g-2", "g-1"] }, changed: [] },
  { name: "alerts in another order", olds: stateOf(WITH_ALERTS), news: { ...WITH_ALERTS, alerts: ["a-2", "a-1"] }, changed: [] },
  {
    name: "status entries in another order",
    olds: stateOf(HTTP_FULL),
    news: { ...HTTP_FULL, httpResponse: { ...(HTTP_FULL.httpResponse as Args), status: ["301", "200-299"] } },
    changed: [],
  },
  {
    name: "maintenance days in another order",
    olds: stateOf(HTTP_FULL),
    news: { ...HTTP_FULL, maintenance: { ...(HTTP_FULL.maintenance as Args), days: [5, 1, 3] } },
    changed: [],
  },
  {
    name: "a field set outside Pulumi that the program never declared",
    olds: stateOf(HTTP_MIN, { description: "by hand", timeout: 9 }),
    news: HTTP_MIN,
    changed: [],
  },
  { name: "adoptUuid added after creation", olds: stateOf(HTTP_MIN), news: { ...HTTP_MIN, adoptUuid: "m-0001" }, changed: [] },
  { name: "__provider differs", olds: { ...stateOf(HTTP_MIN), __provider: "old" }, news: { ...HTTP_MIN, __provider: "new" }, changed: [] },
  {
    name: "an empty groups list, stored as none",
    olds: stateOf({ ...HTTP_MIN, groups: [] }),
    news: { ...HTTP_MIN, groups: [] },
    changed: [],
  },
  {
    name: "an empty alerts list, stored as none",
    olds: stateOf({ ...HTTP_MIN, alerts: [] }),
    news: { ...HTTP_MIN, alerts: [] },
    changed: [],
  },
  { name: "an empty groups list removed", olds: stateOf({ ...HTTP_MIN, groups: [] }), news: HTTP_MIN, changed: [] },
  { name: "an empty string kept", olds: stateOf({ ...HTTP_MIN, title: "" }), news: { ...HTTP_MIN, title: "" }, changed: [] },
  { name: "a partial option object, the record filling in nulls", olds: stateOf(HTTP_OPTS), news: HTTP_OPTS, changed: [] },
  {
    name: "a number written as 2.50 vs 2.5",
    olds: stateOf({ ...HTTP_MIN, timeout: 2.5 }),
    news: { ...HTTP_MIN, timeout: 2.5 },
    changed: [],
  },

  { name: "the name", olds: stateOf(HTTP_FULL), news: { ...HTTP_FULL, name: "api-2" }, changed: ["name"] },
  { name: "the interval", olds: stateOf(HTTP_FULL), news: { ...HTTP_FULL, interval: 120 }, changed: ["interval"] },
  { name: "a region added", olds: stateOf(HTTP_FULL), news: { ...HTTP_FULL, regions: [1, 2, 3, 4] }, changed: ["regions"] },
  {
    name: "type and target together",
    olds: stateOf(HTTP_MIN),
    news: { ...HTTP_MIN, type: "http", target: "http://www.example.com" },
    changed: ["type", "target"],
  },
  { name: "a field added", olds: stateOf(HTTP_MIN), news: { ...HTTP_MIN, timeout: 5 }, changed: ["timeout"] },
  {
    name: "a declared field removed (it is cleared)",
    olds: stateOf(HTTP_FULL),
    news: without(HTTP_FULL, "title", "httpRequest"),
    changed: ["title", "httpRequest"],
  },
  {
    name: "a declared field changed outside Pulumi (drift seen by refresh)",
    olds: stateOf(HTTP_FULL, { title: "edited" }),
    news: HTTP_FULL,
    changed: ["title"],
  },
  {
    name: "a declared empty list, filled outside Pulumi",
    olds: stateOf({ ...HTTP_MIN, groups: [] }, { groups: ["g-9"] }),
    news: { ...HTTP_MIN, groups: [] },
    changed: ["groups"],
  },
  {
    name: "one key inside an option object",
    olds: stateOf(HTTP_FULL),
    news: { ...HTTP_FULL, httpRequest: { ...(HTTP_FULL.httpRequest as Args), method: "GET" } },
    changed: ["httpRequest"],
  },
  {
    name: "headers in another order (order is sent as written)",
    olds: stateOf(HTTP_FULL),
    news: {
      ...HTTP_FULL,
      httpRequest: { ...(HTTP_FULL.httpRequest as Args), headers: [...((HTTP_FULL.httpRequest as Args).headers as unknown[])].reverse() },
    },
    changed: ["httpRequest"],
  },
  {
    name: "a key of an option object removed",
    olds: stateOf(HTTP_FULL),
    news: { ...HTTP_FULL, httpResponse: without(HTTP_FULL.httpResponse as Args, "keywordBody", "keywordBodyExists") },
    changed: ["httpResponse"],
  },
  {
    name: "Sunday as 7 instead of 0",
    olds: stateOf({ ...HTTP_FULL, maintenance: { ...(HTTP_FULL.maintenance as Args), days: [0] } }),
    news: { ...HTTP_FULL, maintenance: { ...(HTTP_FULL.maintenance as Args), days: [7] } },
    changed: ["maintenance"],
  },
  {
    name: "a different status multiset",
    olds: stateOf(HTTP_FULL),
    news: { ...HTTP_FULL, httpResponse: { ...(HTTP_FULL.httpResponse as Args), status: ["200-299", "301", "301"] } },
    changed: ["httpResponse"],
  },
  { name: "a tcp option", olds: stateOf(TCP_FULL), news: { ...TCP_FULL, tcpOptions: { dataRequest: "PING" } }, changed: ["tcpOptions"] },

  {
    name: "alerts changed: replace",
    olds: stateOf(WITH_ALERTS),
    news: { ...WITH_ALERTS, alerts: ["a-1", "a-3"] },
    changed: ["alerts"],
    replaces: ["alerts"],
  },
  {
    name: "alerts added: replace",
    olds: stateOf(HTTP_MIN),
    news: { ...HTTP_MIN, alerts: ["a-1"] },
    changed: ["alerts"],
    replaces: ["alerts"],
  },
  { name: "alerts removed: replace", olds: stateOf(WITH_ALERTS), news: HTTP_MIN, changed: ["alerts"], replaces: ["alerts"] },
  {
    name: "alerts and the name: one replace",
    olds: stateOf(WITH_ALERTS),
    news: { ...WITH_ALERTS, name: "x", alerts: [] },
    changed: ["name", "alerts"],
    replaces: ["alerts"],
  },

  { name: "an unknown name (preview)", olds: stateOf(HTTP_FULL), news: { ...HTTP_FULL, name: UNKNOWN }, changed: ["name"] },
  {
    name: "an unknown region inside the list",
    olds: stateOf(HTTP_FULL),
    news: { ...HTTP_FULL, regions: [1, UNKNOWN, 3] },
    changed: ["regions"],
  },
  {
    name: "an unknown header value",
    olds: stateOf(HTTP_FULL),
    news: { ...HTTP_FULL, httpRequest: { ...(HTTP_FULL.httpRequest as Args), headers: [{ name: "X-Probe", value: UNKNOWN }] } },
    changed: ["httpRequest"],
  },
  {
    name: "unknown alerts: a possible replace",
    olds: stateOf(WITH_ALERTS),
    news: { ...WITH_ALERTS, alerts: UNKNOWN },
    changed: ["alerts"],
    replaces: ["alerts"],
  },

  {
    name: "state without declaredFields (older state): only fields declared now",
    olds: without(stateOf(HTTP_FULL), "declaredFields"),
    news: { ...HTTP_MIN, name: "api" },
    changed: ["target", "regions"],
  },
];

test("the table has at least 25 cases", () => {
  expect(cases.length).toBeGreaterThanOrEqual(25);
});

test.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
  const result = diffMonitor(stored<MonitorState>(c.olds), stored<MonitorInputs>(c.news));
  expect({ changed: [...result.changed].sort(), replaces: result.replaces, changes: result.changes }).toEqual({
    changed: [...c.changed].sort(),
    replaces: c.replaces ?? [],
    changes: c.changed.length > 0,
  });
});

describe("adoptUuid left in the program after creation", () => {
  const adopted = stateOf(WITH_ALERTS);
  test("is ignored by ordinary changes", () => {
    expect(diffMonitor(adopted, { ...WITH_ALERTS, name: "x", adoptUuid: adopted.uuid }).changed).toEqual(["name"]);
  });

  test("refuses a replace that would adopt, then delete, the monitor itself", () => {
    expect(() => diffMonitor(adopted, { ...HTTP_MIN, adoptUuid: adopted.uuid })).toThrow(/remove adoptUuid and run again/);
  });

  test("a replace is fine when adoptUuid names another monitor or nothing", () => {
    expect(diffMonitor(adopted, { ...HTTP_MIN, adoptUuid: "other" }).replaces).toEqual(["alerts"]);
    expect(diffMonitor(adopted, HTTP_MIN).replaces).toEqual(["alerts"]);
  });
});

function without(args: Args, ...keys: string[]): Args {
  const out = { ...args };
  for (const k of keys) delete out[k];
  return out;
}
