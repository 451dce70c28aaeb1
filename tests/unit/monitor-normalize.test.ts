// Every spelling the API document allows for a monitor normalizes to one canonical form: the
// request-table names, numbers as numbers, TcpOptions keys in camel case, nulls meaning "not set".
import { checkMonitorArgs, normalizeMonitorArgs } from "../../provider/validation/monitor";
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

describe("generated spellings of the same monitor (property)", () => {
  // A small deterministic PRNG, so a failure names a reproducible seed.
  const prng = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  function respell(base: Args, random: () => number): Args {
    const pick = <T>(...options: T[]) => options[Math.floor(random() * options.length)];
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
      if (random() < 0.3) tcp.dataRequest = tcp.dataRequest ?? null;
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
      if (out[optional] === undefined && random() < 0.5) out[optional] = null;
    return out;
  }

  test.each([1, 2, 3, 4, 5, 6, 7, 8])("seed %i: 25 spellings each of an http and a tcp monitor", (seed) => {
    const random = prng(seed);
    for (let i = 0; i < 25; i++) {
      for (const base of [HTTP, TCP]) {
        const raw = respell(base, random);
        const result = checkMonitorArgs(raw);
        expect({ raw, failures: result.failures, inputs: result.inputs }).toEqual({ raw, failures: [], inputs: base });
      }
    }
  });
});
