// Monitor inputs in every spelling docs/resources.md documents (Monitor), and spellings the
// provider refuses. See cases.ts for how these are run.
import type { MonitorArgs } from "pulumi-uptime";
import { casesOf } from "./cases";

const { accepts, refuses } = casesOf<MonitorArgs>("monitor");
const https = { name: "api", type: "https", urn: "https://api.acme.example/health", regions: [1, 2] };
const tcp = { name: "db", type: "tcp", urn: "db.acme.example:5432", regions: [2] };
const window = { times: [{ startHour: 2, startMinute: 0, stopHour: 3, stopMinute: 30 }], timeZone: "Europe/Paris" };

// interval: a number or a numeric string, under either name.
accepts({ ...https, interval: 60 });
accepts({ ...https, interval: "60" });
accepts({ ...https, intervalId: 300 });
accepts({ ...https, intervalId: "300" });
// followRedirects under either name; a method in any letter case; statuses as codes and ranges.
accepts({ ...https, interval: 60, followRedirects: true, httpRequest: { method: "GET" } });
accepts({ ...https, interval: 60, httpFollowRedirects: false, httpRequest: { method: "post" } });
accepts({ ...https, interval: 60, httpRequest: { method: "Options", headers: [{ name: "Accept", value: "*/*" }] } });
accepts({
  ...https,
  interval: 60,
  httpResponse: { status: ["200", "301-308"], statusMatches: true, keywordBody: "ok", keywordBodyExists: true },
});
// tcpOptions keys camel-cased or with a leading capital, mixed across keys.
accepts({ ...tcp, interval: 60, tcpOptions: { dataRequest: "PING", keywordResponse: "PONG", keywordResponseExists: true } });
accepts({ ...tcp, interval: 60, tcpOptions: { DataRequest: "PING", KeywordResponse: "PONG", KeywordResponseExists: true } });
accepts({ ...tcp, interval: 60, tcpOptions: { DataRequest: "PING", keywordResponse: "PONG" } });
// maintenance days as numbers or numeric strings.
accepts({ ...tcp, interval: 60, maintenance: { days: [0, 6], ...window } });
accepts({ ...tcp, interval: 60, maintenance: { days: ["1", "5", 7], ...window } });
// A type the provider does not know is sent as written (with a warning).
accepts({ name: "dns", type: "dns", urn: "acme.example", interval: 60, regions: [1] });

// @ts-expect-error interval is required
refuses("interval", { ...https });
// @ts-expect-error an interval is a whole number of seconds, not a word
refuses("interval", { ...https, interval: "sixty" });
// @ts-expect-error one spelling of interval, not two
refuses("intervalId", { ...https, interval: 60, intervalId: 120 });
// @ts-expect-error one spelling of followRedirects, not two
refuses("httpFollowRedirects", { ...https, interval: 60, followRedirects: true, httpFollowRedirects: false });
// @ts-expect-error one spelling of each tcpOptions key
refuses("tcpOptions.DataRequest", { ...tcp, interval: 60, tcpOptions: { dataRequest: "PING", DataRequest: "HELLO" } });
// @ts-expect-error a spelling the API does not have
refuses("tcpOptions.data_request", { ...tcp, interval: 60, tcpOptions: { data_request: "PING" } });
// @ts-expect-error a day is a number 0-7, not a name
refuses("maintenance.days[0]", { ...tcp, interval: 60, maintenance: { days: ["Monday"], ...window } });
// @ts-expect-error a day is 0-7
refuses("maintenance.days[0]", { ...tcp, interval: 60, maintenance: { days: ["8"], ...window } });
// @ts-expect-error not an HTTP method the API lists
refuses("httpRequest.method", { ...https, interval: 60, httpRequest: { method: "FETCH" } });
// @ts-expect-error statuses are quoted
refuses("httpResponse.status[0]", { ...https, interval: 60, httpResponse: { status: [200] } });
// @ts-expect-error a status is a code or a range of codes
refuses("httpResponse.status[0]", { ...https, interval: 60, httpResponse: { status: ["2xx"] } });
