// Every spelling the API document allows for a monitor normalizes to one canonical form: the
// request-table names, numbers as numbers, TcpOptions keys in camel case, nulls meaning "not set".
import fc from "fast-check";
import { checkMonitorArgs, normalizeMonitorArgs } from "../../provider/validation/monitor";
import { SEED } from "../helpers/arbitraries";
import { checkedMonitor } from "../helpers/checked";
// The canonical forms every spelling below normalizes to.
import { HTTP_FULL as HTTP, TCP_FULL as TCP } from "../helpers/monitor-records";
import { type Args, nest, without } from "../helpers/unit-cases";

describe("each alternative spelling gives the canonical inputs", () => {
  const cases: [string, Args, Args][] = [
    ["httpFollowRedirects for followRedirects", { ...without(HTTP, "followRedirects"), httpFollowRedirects: true }, HTTP],
    ["both spellings with the same value", { ...HTTP, httpFollowRedirects: true }, HTTP],
    ["intervalId for interval", { ...without(HTTP, "interval"), intervalId: 60 }, HTTP],
    ["urn (the API's name) for target", { ...without(HTTP, "target"), urn: HTTP.target }, HTTP],
    ["urn and target with the same value", { ...HTTP, urn: HTTP.target }, HTTP],
    ["a quoted interval", { ...HTTP, interval: "60" }, HTTP],
    ["a quoted interval with spaces", { ...HTTP, interval: " 60 " }, HTTP],
    ["a quoted intervalId", { ...without(HTTP, "interval"), intervalId: "60" }, HTTP],
    ["a lower-case method", nest(HTTP, "httpRequest", { method: "post" }), HTTP],
    ["maintenance days as numeric strings", nest(HTTP, "maintenance", { days: ["1", "3", "5"] }), HTTP],
    ["nulls for fields not set", { ...TCP, title: null, timeout: null, groups: null, httpRequest: null, maintenance: null }, TCP],
    ["nulls inside option objects", nest(TCP, "tcpOptions", { DataRequest: null }), TCP],
    ["__provider is not an input", { ...TCP, __provider: "exports.handler = ..." }, TCP],
    [
      "TcpOptions keys with a leading capital",
      { ...TCP, tcpOptions: { DataRequest: "PING", KeywordResponse: "PONG", KeywordResponseExists: true } },
      TCP,
    ],
    [
      "TcpOptions keys with a leading capital, a false kept",
      { ...TCP, tcpOptions: { DataRequest: "PING", KeywordResponse: "PONG", KeywordResponseExists: false } },
      nest(TCP, "tcpOptions", { keywordResponseExists: false }),
    ],
    ["TcpOptions keys mixed", { ...TCP, tcpOptions: { dataRequest: "PING", KeywordResponse: "PONG", keywordResponseExists: true } }, TCP],
    ["a TcpOptions key in both spellings, same value", nest(TCP, "tcpOptions", { DataRequest: "PING" }), TCP],
  ];
  test.each(cases)("%s", (_name, raw, expected) => {
    expect(checkedMonitor(raw)).toEqual(expected);
  });

  test("the canonical form is a fixed point", () => {
    for (const c of [HTTP, TCP]) expect(checkedMonitor(checkedMonitor(c))).toEqual(c);
  });

  test("normalizing does not change the caller's object", () => {
    const raw = { ...TCP, intervalId: "300", tcpOptions: { DataRequest: "PING" }, maintenance: null };
    const copy = JSON.parse(JSON.stringify(raw));
    delete (copy as Args).interval;
    delete (raw as Args).interval;
    normalizeMonitorArgs(raw);
    expect(raw).toEqual(copy);
  });
});

/** `base` respelled: each spelling the API document allows for its fields, picked by `g`. */
function respell(base: Args, g: fc.GeneratorValue): Args {
  const pick = <T>(...options: T[]): T => g((...values: T[]) => fc.constantFrom(...values), ...options);
  const out: Args = { ...base };
  if (out.followRedirects !== undefined) {
    const v = out.followRedirects;
    delete out.followRedirects;
    Object.assign(out, pick({ followRedirects: v }, { httpFollowRedirects: v }, { followRedirects: v, httpFollowRedirects: v }));
  }
  const interval = out.interval as number;
  delete out.interval;
  const value = pick<unknown>(interval, String(interval), ` ${interval}`);
  Object.assign(out, pick({ interval: value }, { intervalId: value }));
  if (out.tcpOptions) {
    const tcp: Args = {};
    for (const [k, v] of Object.entries(out.tcpOptions as Args)) tcp[pick(k, k[0].toUpperCase() + k.slice(1))] = v;
    if (g(fc.boolean)) tcp.dataRequest = tcp.dataRequest ?? null;
    out.tcpOptions = tcp;
  }
  if (out.maintenance) {
    const m = out.maintenance as Args;
    out.maintenance = { ...m, days: (m.days as number[]).map((d) => pick<unknown>(d, String(d))) };
  }
  if (out.httpRequest) {
    const r = out.httpRequest as Args;
    out.httpRequest = { ...r, method: pick(String(r.method).toLowerCase(), String(r.method), "Post") };
  }
  for (const optional of ["title", "description", "timeout", "groups"])
    if (out[optional] === undefined && g(fc.boolean)) out[optional] = null;
  return out;
}

test("generated spellings of an http and a tcp monitor each give its canonical inputs (property)", () => {
  fc.assert(
    fc.property(fc.constantFrom(HTTP, TCP), fc.gen(), (base, g) => {
      const raw = respell(base, g);
      const result = checkMonitorArgs(raw);
      expect({ raw, failures: result.failures, inputs: result.inputs }).toEqual({ raw, failures: [], inputs: base });
    }),
    // Not shrunk: shrinking fc.gen() picks runs for minutes, and the first counterexample already reads well.
    { seed: SEED, numRuns: 400, endOnFailure: true },
  );
});
