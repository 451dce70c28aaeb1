// diff(), what `pulumi preview` shows: the stored outputs against the canonical inputs over the fields declared
// now or before; lists whose order means nothing compared as sets; a change of alerts replaces.
import { UNKNOWN } from "../../provider/model/values";
import { MonitorInputs, MonitorState, diffMonitor, monitorOutputs } from "../../provider/monitor";
import { stored } from "../helpers/checked";
import { HTTP_FULL, HTTP_MIN, TCP_FULL, recordOf } from "../helpers/monitor-records";
import { type Args, nest, without } from "../helpers/unit-cases";

/** The state after applying `inputs` (optionally with the service's record drifted by `drift`). */
const stateOf = (inputs: Args, drift: Args = {}) => monitorOutputs(recordOf(inputs, drift), inputs);

// A diff as the engine asks for it (a state and checked inputs, unknowns and `__provider` included): the fields
// it must name changed, and those of them that replace (none when left out).
type Case = [name: string, olds: Args, news: Args, changed: string[], replaces?: string[]];

const WITH_ALERTS = { ...HTTP_MIN, alerts: ["a-1", "a-2"] };
const HTTP_OPTS = { ...HTTP_MIN, httpRequest: { method: "GET" } };
const HEADERS = (HTTP_FULL.httpRequest as Args).headers as unknown[];
const NO_GROUPS = { ...HTTP_MIN, groups: [] };
/** The monitor's own uuid, as a program that adopted it still names it. */
const ADOPTED = stateOf(WITH_ALERTS).uuid;
/** HTTP_FULL with these maintenance days. */
const days = (list: unknown[]) => nest(HTTP_FULL, "maintenance", { days: list });
/** A fresh state after applying HTTP_FULL. */
const full = () => stateOf(HTTP_FULL);

const cases: Case[] = [
  ["the same inputs", full(), HTTP_FULL, []],
  ["the same tcp inputs", stateOf(TCP_FULL), TCP_FULL, []],
  ["regions in another order", full(), { ...HTTP_FULL, regions: [3, 1, 2] }, []],
  ["groups in another order", full(), { ...HTTP_FULL, groups: ["g-2", "g-1"] }, []],
  ["alerts in another order", stateOf(WITH_ALERTS), { ...WITH_ALERTS, alerts: ["a-2", "a-1"] }, []],
  ["status entries in another order", full(), nest(HTTP_FULL, "httpResponse", { status: ["301", "200-299"] }), []],
  ["maintenance days in another order", full(), days([5, 1, 3]), []],
  ["a field set outside Pulumi that the program never declared", stateOf(HTTP_MIN, { description: "by hand", timeout: 9 }), HTTP_MIN, []],
  ["adoptUuid added after creation", stateOf(HTTP_MIN), { ...HTTP_MIN, adoptUuid: "m-0001" }, []],
  ["__provider differs", { ...stateOf(HTTP_MIN), __provider: "old" }, { ...HTTP_MIN, __provider: "new" }, []],
  ["an empty groups list, stored as none", stateOf(NO_GROUPS), NO_GROUPS, []],
  ["an empty alerts list, stored as none", stateOf({ ...HTTP_MIN, alerts: [] }), { ...HTTP_MIN, alerts: [] }, []],
  ["an empty groups list removed", stateOf(NO_GROUPS), HTTP_MIN, []],
  ["an empty string kept", stateOf({ ...HTTP_MIN, title: "" }), { ...HTTP_MIN, title: "" }, []],
  ["a partial option object, the record filling in nulls", stateOf(HTTP_OPTS), HTTP_OPTS, []],
  ["a number written as 2.50 vs 2.5", stateOf({ ...HTTP_MIN, timeout: 2.5 }), { ...HTTP_MIN, timeout: 2.5 }, []],

  ["the name", full(), { ...HTTP_FULL, name: "api-2" }, ["name"]],
  ["the interval", full(), { ...HTTP_FULL, interval: 120 }, ["interval"]],
  ["a region added", full(), { ...HTTP_FULL, regions: [1, 2, 3, 4] }, ["regions"]],
  ["type and target together", stateOf(HTTP_MIN), { ...HTTP_MIN, type: "http", target: "http://www.example.com" }, ["type", "target"]],
  ["a field added", stateOf(HTTP_MIN), { ...HTTP_MIN, timeout: 5 }, ["timeout"]],
  ["a declared field removed (it is cleared)", full(), without(HTTP_FULL, "title", "httpRequest"), ["title", "httpRequest"]],
  ["a declared field changed outside Pulumi (drift seen by refresh)", stateOf(HTTP_FULL, { title: "edited" }), HTTP_FULL, ["title"]],
  ["a declared empty list, filled outside Pulumi", stateOf(NO_GROUPS, { groups: ["g-9"] }), NO_GROUPS, ["groups"]],
  ["one key inside an option object", full(), nest(HTTP_FULL, "httpRequest", { method: "GET" }), ["httpRequest"]],
  [
    "headers in another order (sent as written)",
    full(),
    nest(HTTP_FULL, "httpRequest", { headers: [...HEADERS].reverse() }),
    ["httpRequest"],
  ],
  [
    "a key of an option object removed",
    full(),
    { ...HTTP_FULL, httpResponse: without(HTTP_FULL.httpResponse as Args, "keywordBody", "keywordBodyExists") },
    ["httpResponse"],
  ],
  ["Sunday as 7 instead of 0", stateOf(days([0])), days([7]), ["maintenance"]],
  ["a different status multiset", full(), nest(HTTP_FULL, "httpResponse", { status: ["200-299", "301", "301"] }), ["httpResponse"]],
  ["a tcp option", stateOf(TCP_FULL), { ...TCP_FULL, tcpOptions: { dataRequest: "PING" } }, ["tcpOptions"]],

  ["alerts changed: replace", stateOf(WITH_ALERTS), { ...WITH_ALERTS, alerts: ["a-1", "a-3"] }, ["alerts"], ["alerts"]],
  ["alerts added: replace", stateOf(HTTP_MIN), { ...HTTP_MIN, alerts: ["a-1"] }, ["alerts"], ["alerts"]],
  ["alerts removed: replace", stateOf(WITH_ALERTS), HTTP_MIN, ["alerts"], ["alerts"]],
  ["alerts and the name: one replace", stateOf(WITH_ALERTS), { ...WITH_ALERTS, name: "x", alerts: [] }, ["name", "alerts"], ["alerts"]],

  ["an unknown name (preview)", full(), { ...HTTP_FULL, name: UNKNOWN }, ["name"]],
  ["an unknown region inside the list", full(), { ...HTTP_FULL, regions: [1, UNKNOWN, 3] }, ["regions"]],
  ["an unknown header value", full(), nest(HTTP_FULL, "httpRequest", { headers: [{ name: "X-Probe", value: UNKNOWN }] }), ["httpRequest"]],
  ["unknown alerts: a possible replace", stateOf(WITH_ALERTS), { ...WITH_ALERTS, alerts: UNKNOWN }, ["alerts"], ["alerts"]],

  // adoptUuid left in the program after creation (the state's uuid, or another monitor's)
  ["adoptUuid naming the monitor, an ordinary change", stateOf(WITH_ALERTS), { ...WITH_ALERTS, name: "x", adoptUuid: ADOPTED }, ["name"]],
  ["adoptUuid naming another monitor, a replace", stateOf(WITH_ALERTS), { ...HTTP_MIN, adoptUuid: "other" }, ["alerts"], ["alerts"]],

  [
    "state without declaredFields (older state): only fields declared now",
    without(full(), "declaredFields"),
    { ...HTTP_MIN, name: "api" },
    ["target", "regions"],
  ],
];

test("the table has at least 25 cases", () => {
  expect(cases.length).toBeGreaterThanOrEqual(25);
});

test.each(cases.map((c) => [c[0], c] as const))("%s", (_name, [, olds, news, changed, replaces]) => {
  const result = diffMonitor(stored<MonitorState>(olds), stored<MonitorInputs>(news));
  expect({ changed: [...result.changed].sort(), replaces: result.replaces, changes: result.changes }).toEqual({
    changed: [...changed].sort(),
    replaces: replaces ?? [],
    changes: changed.length > 0,
  });
});

test("adoptUuid left in the program after creation refuses a replace that would adopt, then delete, the monitor itself", () => {
  const adopted = stateOf(WITH_ALERTS);
  expect(() => diffMonitor(adopted, { ...HTTP_MIN, adoptUuid: adopted.uuid })).toThrow(/remove adoptUuid and run again/);
});
