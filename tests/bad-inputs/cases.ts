// Bad input a user could write, one mistake per otherwise valid case (pages and alerts: the seeded uuids), for
// Monitor, Page, Alert and getWebhooks. `field`: the property the engine's message names (a Monitor's `urn` is
// `target`, its reason starting `urn`), or the lookup's argument; `fragment`: a distinctive part of the fix.
// Run on the check functions (tests/unit), through the SDK (tests/integration/sdk), five through the engine.
import * as path from "node:path";

type BadInputKind = "monitor" | "page" | "alert" | "webhooks";

export interface BadInputCase {
  kind: BadInputKind;
  /** The resource name (unique); for the lookup, a label. */
  name: string;
  /** As a program would write them (a Monitor's target as `urn`); JSON only, so a stack config can carry them. */
  args: Record<string, unknown>;
  field: string;
  fragment: string;
}

type Args = Record<string, unknown>;

/** The seeded page and alert of the emulator's demo seed (tests/helpers/e2e.ts). */
export const SEEDED_PAGE = "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01";
export const SEEDED_ALERT = "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02";

/** Files next to this one: text named like an image, and an empty file. */
const FILES = {
  missing: "/nonexistent/uptime-bad-inputs/logo.png",
  notAnImage: path.join(__dirname, "not-an-image.png"),
  empty: path.join(__dirname, "empty.png"),
};

const HTTPS: Args = { name: "api", type: "https", urn: "https://api.example.com/health", interval: 60, regions: [1] };
const TCP: Args = { name: "db", type: "tcp", urn: "db.internal:5432", interval: 60, regions: [1] };
const WINDOW = { days: [1], times: [{ startHour: 2, startMinute: 0, stopHour: 3, stopMinute: 0 }], timeZone: "Europe/Paris" };

type Make = (name: string, args: Args, field: string, fragment: string) => BadInputCase;
/** The cases of one kind, each named `<kind>-<name>`, with the args `complete` makes of the ones written. */
const maker =
  (kind: BadInputKind, complete: (args: Args) => Args): Make =>
  (name, args, field, fragment) => ({ kind, name: `${kind}-${name}`, args: complete(args), field, fragment });
/** A monitor's args are written over an https monitor's, a key given as undefined left out. */
const monitor = maker("monitor", (args) => Object.fromEntries(Object.entries({ ...HTTPS, ...args }).filter(([, v]) => v !== undefined)));
const page = maker("page", (args) => ({ uuid: SEEDED_PAGE, ...args }));
const alert = maker("alert", (args) => ({ uuid: SEEDED_ALERT, ...args }));
const webhooks = maker("webhooks", (args) => args);

const onTcp = (extra: Args): Args => ({ ...TCP, ...extra });
const window = (patch: Args): Args => ({ maintenance: { ...WINDOW, ...patch } });
const period = (times: Args): Args => window({ times: [times] });
/** A window of one period from startHour:startMinute to stopHour:stopMinute. */
const between = (startHour: number, startMinute: number, stopHour: number, stopMinute: number): Args =>
  period({ startHour, startMinute, stopHour, stopMinute });
const tcpAt = (...urns: string[]): Args[] => urns.map((urn) => onTcp({ urn }));
const headers = (...list: Args[]): Args => ({ httpRequest: { headers: list } });
/** Recipients, each a [type, target]. */
const recipients = (...list: [string, string][]): Args => ({ recipients: list.map(([type, target]) => ({ type, target })) });
const METHODS = "is not one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS";
const STATUS = 'is not a status code 100-599 or a range "low-high" with low <= high';
const UNKNOWN_FIELD = "unknown field; remove it or check its spelling";
const CR_LF = "must not contain CR or LF";
const TWO_VALUES = "same field with different values";
const status = (entry: unknown): Args => ({ httpResponse: { status: ["200", entry] } });

const monitorCases: BadInputCase[] = [
  // required fields and wrong types
  monitor("name-missing", { name: undefined }, "name", "required; set it to a string"),
  monitor("name-number", { name: 42 }, "name", "expected a string, got 42"),
  monitor("name-control-char", { name: "api\u0007" }, "name", "contains control characters; remove them"),
  monitor("type-number", { type: 443 }, "type", "expected a string, got 443"),
  monitor("unknown-field", { intervall: 60 }, "intervall", "intervall: unknown field; did you mean interval?"),
  monitor("unknown-field-spelling", { followRedirect: true }, "followRedirect", "unknown field; did you mean followRedirects?"),
  monitor("unknown-option-key", { httpRequest: { methd: "GET" } }, "httpRequest.methd", "did you mean httpRequest.method?"),
  monitor("unknown-field-far", { pingEvery: 60 }, "pingEvery", UNKNOWN_FIELD),
  // malformed urns and URLs
  monitor("urn-scheme-mismatch", { urn: "http://api.example.com/health" }, "target", "a https monitor needs a https:// address"),
  monitor("urn-not-a-url", { urn: "api.example.com/health" }, "target", "not a URL; write a full address such as https://"),
  monitor("urn-white-space", { urn: "https://api.example.com/a b" }, "target", "contains white space; percent-encode it"),
  monitor("tcp-port-out-of-range", { ...TCP, urn: "db.example.com:70000" }, "target", "port must be 1-65535, got 70000"),
  monitor("tcp-no-port", { ...TCP, urn: "db.internal" }, "target", "a tcp monitor's address is host:port"),
  monitor("tcp-ipv6-unbracketed", { ...TCP, urn: "2001:db8::1:443" }, "target", "IPv6 in brackets"),
  // numbers out of range, empty lists
  monitor("interval-word", { interval: "sixty" }, "interval", 'expected a whole number of seconds, got "sixty"'),
  monitor("interval-zero", { interval: 0 }, "interval", "must be a positive number of seconds"),
  monitor("interval-two-spellings", { intervalId: 120 }, "intervalId", `${TWO_VALUES}; keep only interval`),
  monitor("regions-empty", { regions: [] }, "regions", "give at least one region id"),
  monitor("regions-duplicate", { regions: [1, 2, 1] }, "regions", "a region id is listed twice"),
  monitor("region-negative", { regions: [-1] }, "regions[0]", "a region id is a positive whole number"),
  // http options
  monitor("method-unknown", { httpRequest: { method: "FETCH" } }, "httpRequest.method", METHODS),
  monitor("header-name-space", headers({ name: "X Probe", value: "1" }), "httpRequest.headers[0].name", "must be an HTTP token"),
  monitor("header-value-crlf", headers({ name: "X-Probe", value: "1\r\nX-Evil: 1" }), "httpRequest.headers[0].value", CR_LF),
  monitor("body-huge", { httpRequest: { body: "b".repeat(70_000) } }, "httpRequest.body", "longer than 65536 characters; shorten it"),
  monitor("status-range-reversed", { httpResponse: { status: ["299-200"] } }, "httpResponse.status[0]", STATUS),
  monitor("status-number", { httpResponse: { status: [200] } }, "httpResponse.status[0]", 'a status code in quotes, e.g. "200"'),
  monitor("status-empty", { httpResponse: { status: [] } }, "httpResponse.status", "give at least one status code, or leave status out"),
  monitor("http-request-on-tcp", onTcp({ httpRequest: { method: "GET" } }), "httpRequest", "applies to http and https monitors"),
  // maintenance windows and time zones
  monitor("time-zone-unknown", window({ timeZone: "Mars/Olympus_Mons" }), "maintenance.timeZone", "is not an IANA time zone"),
  monitor("time-zone-offset", window({ timeZone: "+05:00" }), "maintenance.timeZone", "use a region/city name such as Europe/Paris"),
  monitor("day-8", window({ days: [8] }), "maintenance.days[0]", "must be 0-7"),
  monitor("sunday-twice", window({ days: [0, 7] }), "maintenance.days", "listed twice (0 and 7 are both Sunday)"),
  monitor("period-empty", between(4, 30, 4, 30), "maintenance.times[0]", "the period is empty"),
  monitor("hour-24", between(24, 0, 1, 0), "maintenance.times[0].startHour", "must be 0-23"),
  // references and huge strings
  monitor(
    "alert-not-a-uuid",
    { alerts: ["on call!"] },
    "alerts[0]",
    "not a uuid (1-128 letters, digits, hyphens and underscores, starting with a letter or digit)",
  ),
  monitor("urn-huge", { urn: `https://api.example.com/${"p".repeat(3000)}` }, "target", "longer than 2048 characters"),
];

const pageCases: BadInputCase[] = [
  page("uuid-missing", { uuid: undefined, name: "Status" }, "uuid", "required; set it to a uuid string"),
  page("uuid-malformed", { uuid: "not a uuid" }, "uuid", "not a uuid"),
  page("slug-spaces", { slug: "Not A Slug!" }, "slug", "is not URL-safe: use 1-100 lowercase letters, digits and hyphens"),
  page("custom-domain-scheme", { customDomain: "https://status.example.com" }, "customDomain", "without a scheme"),
  page("custom-domain-port", { customDomain: "status.example.com:8443" }, "customDomain", "without a port"),
  page("custom-domain-no-dot", { customDomain: "localhost" }, "customDomain", "needs a domain with at least one dot"),
  page("items-duplicate", { useGroups: false, items: ["m-1", "m-2", "m-1"] }, "items", "an item uuid is listed twice"),
  page("items-without-use-groups", { items: ["m-1"] }, "useGroups", "required with items"),
  page("logo-missing-file", { logo: { path: FILES.missing } }, "logo", "no file at"),
  page("favicon-not-an-image", { favicon: { path: FILES.notAnImage } }, "favicon", "is not an image this provider recognizes"),
  page("logo-empty-file", { logo: { path: FILES.empty } }, "logo", "is empty; give an image file"),
  page("logo-inline-base64", { logo: { base64: "iVBORw0KGgo=" } }, "logo", "inline base64 is not accepted"),
  page("analytics-two-spellings", { googleAnalyticsId: "G-ONE", googleAnalitycsId: "G-TWO" }, "googleAnalyticsId", TWO_VALUES),
];

const alertCases: BadInputCase[] = [
  alert("uuid-missing", { uuid: undefined, name: "On-call" }, "uuid", "required"),
  alert("recipient-type-unknown", recipients(["pager", "x"]), "recipients[0].type", "is not a recipient type; use one of email, sms, call"),
  alert("email-malformed", recipients(["email", "oncall@"]), "recipients[0].target", "is not an email address"),
  alert("sms-short", recipients(["sms", "+12"]), "recipients[0].target", "is not a phone number in international form"),
  alert("slack-http", recipients(["slack", "http://hooks.slack.example/x"]), "recipients[0].target", "is not an https URL"),
  alert(
    "webhook-not-a-url",
    recipients(["webhook", "hooks.example.com/x"]),
    "recipients[0].target",
    "a webhook recipient needs its https:// address",
  ),
  alert(
    "recipient-duplicate",
    recipients(["email", "a@acme.example"], ["email", "a@acme.example"]),
    "recipients[1]",
    "as recipients[0]; list each once",
  ),
  alert("phone-duplicate-spelling", recipients(["sms", "+33 6 12-34-56-78"], ["sms", "+33612345678"]), "recipients[1]", "list each once"),
  alert("recipient-no-target", { recipients: [{ type: "email" }] }, "recipients[0].target", "required"),
  alert("recipients-not-a-list", { recipients: "oncall@acme.example" }, "recipients", "expected a list of { type, target }"),
  alert("flag-string", { up: "yes" }, "up", 'expected true or false, got "yes"'),
  alert("flag-number", { down: 1 }, "down", "expected true or false, got 1"),
  alert("unknown-field", { recipient: [] }, "recipient", "unknown field; did you mean recipients?"),
];

const webhookCases: BadInputCase[] = [
  webhooks("topic-number", { topic: 5 }, "topic", 'expected a topic string such as "monitors/status_change", got 5'),
  webhooks("topic-empty", { topic: "" }, "topic", "must not be empty"),
  webhooks("topic-white-space", { topic: "monitors/ status_change" }, "topic", "contains white space"),
  webhooks("topic-huge", { topic: "t".repeat(300) }, "topic", "longer than 200 characters"),
  webhooks("page-size-zero", { pageSize: 0 }, "pageSize", "must be a whole number 1-100, got 0"),
  webhooks("max-pages-zero", { maxPages: 0 }, "maxPages", "must be a whole number >= 1, got 0"),
  webhooks("max-pages-string", { maxPages: "10" }, "maxPages", 'must be a whole number >= 1, got "10"'),
];

// Every other rule of a monitor's inputs, a few values each, a variant being the args it changes (cases named
// by field and index): with the cases above, the one table of what a Monitor refuses.
const rulesOf = new Map<string, number>();
function rule(field: string, fragment: string, ...variants: Args[]): BadInputCase[] {
  return variants.map((variant) => {
    rulesOf.set(field, (rulesOf.get(field) ?? 0) + 1);
    return monitor(`rule-${field}-${rulesOf.get(field)}`, variant, field, fragment);
  });
}

const monitorRules: BadInputCase[] = [
  ...rule("type", "required", { type: undefined }),
  ...rule("target", "required", { urn: undefined }),
  ...rule("interval", "required", { interval: undefined }),
  ...rule("regions", "required", { regions: undefined }),
  ...rule("name", "must not be empty", { name: "" }, { name: "   " }),
  ...rule("type", "must not be empty", { type: "" }),
  // urns of http and https monitors
  ...rule("target", "a https monitor needs a https:// address; change the address or set type to http", { urn: "http://api.example.com" }),
  ...rule("target", "set type to https", { type: "http", urn: "https://api.example.com" }),
  ...rule("target", "set type to ftp", { urn: "ftp://files.example.com" }),
  // tcp addresses
  ...rule(
    "target",
    "host:port",
    ...tcpAt("db.internal:", "db.internal:port", "tcp://db.internal:5432", "db internal:5432", "[db.internal]:443"),
  ),
  ...rule("target", "port must be 1-65535, got 0", onTcp({ urn: "db.internal:0" })),
  ...rule("target", "port must be 1-65535, got 99999", onTcp({ urn: "db:99999" })),
  ...rule("target", "port must be 1-65535", onTcp({ urn: "db.internal:65536" })),
  ...rule("target", "[1:2] is not an IPv6 address", onTcp({ urn: "[1:2]:443" })),
  ...rule("target", "not a valid host name", onTcp({ urn: "bad_host!:80" })),
  ...rule("target", "not a valid host name or IPv4 address", ...tcpAt("300.1.1.1:80", "1.2.3:80", "10.0.0.256:80", "db.123:80")),
  // option objects belong to their type
  ...rule("httpResponse", "applies to http and https monitors; remove it", onTcp({ httpResponse: { status: ["200"] } })),
  ...rule("followRedirects", "applies to http and https monitors; remove it", onTcp({ followRedirects: true })),
  ...rule("tcpOptions", "applies to tcp monitors; remove it or set type to tcp", { tcpOptions: { dataRequest: "x" } }),
  // httpRequest and httpResponse
  ...rule("httpRequest.method", METHODS, ...["", "CONNECT"].map((method) => ({ httpRequest: { method } }))),
  ...rule(
    "httpRequest.headers[1].name",
    "HTTP token",
    ...["X:Probe", "", "Bad\u00e9", "X-Probe\r\nEvil: 1", "X(1)"].map((name) => headers({ name: "ok", value: "1" }, { name, value: "1" })),
  ),
  ...rule("httpRequest.headers[0].value", CR_LF, ...["a\nb", "a\rb"].map((value) => headers({ name: "X", value }))),
  ...rule("httpRequest.headers[0].value", "required", headers({ name: "X" })),
  ...rule(
    "httpResponse.status[1]",
    `${STATUS}, e.g. "200-299"`,
    ...["99", "600", "2xx", "200-", "-200", "200-600", "abc", "200 ", " 200", "0200"].map(status),
  ),
  ...rule("httpResponse.keywordHeaderExists", "set keywordHeader too", { httpResponse: { keywordHeaderExists: true } }),
  ...rule("httpResponse.keywordBodyExists", "set keywordBody too", { httpResponse: { keywordBodyExists: false } }),
  ...rule("httpResponse.statusMatches", "set status too", { httpResponse: { statusMatches: true } }),
  ...rule("tcpOptions.keywordResponseExists", "set keywordResponse too", onTcp({ tcpOptions: { keywordResponseExists: true } })),
  ...rule("httpResponse.keywordBody", "must not be empty", { httpResponse: { keywordBody: " " } }),
  ...rule("httpResponse.keywordBodyExists", 'expected true or false, got "true"', {
    httpResponse: { keywordBody: "x", keywordBodyExists: "true" },
  }),
  // numbers
  ...rule("interval", "positive number of seconds", ...[-60, "0"].map((interval) => ({ interval }))),
  ...rule("interval", "whole number of seconds", ...[1.5, "abc", "1.5", "-5", true, [60]].map((interval) => ({ interval }))),
  ...rule("regions", "expected a list of region ids", { regions: "1" }),
  ...rule("regions[1]", "positive whole number", { regions: [1, -2] }),
  ...rule("regions[0]", "positive whole number", { regions: [0] }, { regions: [1.5] }),
  ...rule("regions[0]", "expected a region id", { regions: ["1"] }),
  ...["timeout", "degradedThreshold", "apdexThreshold"].flatMap((field) => [
    ...rule(field, "must be a positive number of seconds", { [field]: 0 }, { [field]: -1 }),
    ...rule(field, 'expected a number of seconds, got "5"', { [field]: "5" }),
  ]),
  // maintenance windows
  ...rule("maintenance.days[0]", "must be 0-7", window({ days: [-1] })),
  ...rule("maintenance.days[0]", "whole number 0-7", window({ days: [1.5] }), window({ days: ["Monday"] })),
  ...rule("maintenance.days", "at least one day", window({ days: [] })),
  ...rule("maintenance.times[0].stopHour", "must be 0-23", between(1, 0, -1, 0)),
  ...rule("maintenance.times[0].startMinute", "must be 0-59", between(1, 60, 5, 0)),
  ...rule("maintenance.times[0].stopMinute", "whole number 0-59", between(1, 0, 2, 0.5)),
  ...rule("maintenance.times[0]", "give a stop time different from the start", between(4, 30, 4, 30)),
  ...rule("maintenance.times", "at least one period", window({ times: [] })),
  ...rule("maintenance.times[0].stopMinute", "required", period({ startHour: 1, startMinute: 0, stopHour: 2 })),
  ...rule("maintenance.timeZone", "not an IANA time zone", ...["europe/paris", "-03:00", ""].map((timeZone) => window({ timeZone }))),
  ...rule("maintenance.timeZone", "time zone name such as Europe/Paris", window({ timeZone: 1 }), window({ timeZone: undefined })),
  // unknown fields and two spellings of one field
  ...rule("colour", UNKNOWN_FIELD, { colour: "red" }),
  ...rule("uuid", UNKNOWN_FIELD, { uuid: "abc" }),
  ...rule("httpRequest.timeoutMs", UNKNOWN_FIELD, { httpRequest: { timeoutMs: 1 } }),
  ...rule("httpRequest.headers[0].secret", UNKNOWN_FIELD, headers({ name: "X", value: "1", secret: true })),
  ...rule("httpResponse.keyword", UNKNOWN_FIELD, { httpResponse: { keyword: "x" } }),
  ...rule("maintenance.times[0].startSecond", UNKNOWN_FIELD, period({ ...WINDOW.times[0], startSecond: 0 })),
  ...rule("intervalSeconds", UNKNOWN_FIELD, { intervalSeconds: 60 }),
  ...rule("tcpOptions.DataResponse", "unknown field", onTcp({ tcpOptions: { dataRequest: "x", DataResponse: "y" } })),
  ...rule("maintenance.timezone", "unknown field; did you mean maintenance.timeZone?", window({ timezone: "UTC" })),
  ...rule("regoins", "unknown field; did you mean regions?", { regoins: [1] }),
  ...rule("httpResponse.keywordBodyExist", "unknown field; did you mean httpResponse.keywordBodyExists?", {
    httpResponse: { keywordBody: "ok", keywordBodyExist: true },
  }),
  ...rule("tcpOptions.dataRequests", "unknown field; did you mean tcpOptions.dataRequest?", onTcp({ tcpOptions: { dataRequests: "x" } })),
  ...rule(
    "httpFollowRedirects",
    "httpFollowRedirects and followRedirects are the same field with different values; keep only followRedirects",
    { followRedirects: true, httpFollowRedirects: false },
  ),
  ...rule("intervalId", "keep only interval", { intervalId: "120" }),
  ...rule("tcpOptions.DataRequest", "keep only tcpOptions.dataRequest", onTcp({ tcpOptions: { dataRequest: "a", DataRequest: "b" } })),
  // huge values
  ...rule("name", "longer than 255 characters; shorten it", { name: "n".repeat(256) }),
  ...rule("title", "longer than 255", { title: "t".repeat(256) }),
  ...rule("description", "longer than 4096", { description: "d".repeat(4097) }),
  ...rule("type", "longer than 32", { type: "t".repeat(33) }),
  ...rule("httpRequest.body", "longer than 65536", { httpRequest: { body: "b".repeat(65537) } }),
  ...rule("httpRequest.headers[0].value", "longer than 8192", headers({ name: "X", value: "v".repeat(8193) })),
  ...rule("httpRequest.headers[0].name", "longer than 256", headers({ name: "N".repeat(257), value: "1" })),
  ...rule("httpResponse.keywordBody", "longer than 1024", { httpResponse: { keywordBody: "k".repeat(1025) } }),
  ...rule("groups[0]", "not a uuid", ...["g".repeat(200), "g".repeat(129), "-g1", "_g1"].map((uuid) => ({ groups: [uuid] }))),
  ...rule("name", "control characters; remove them", { name: "api\u0000" }),
];

export const BAD_INPUT_CASES: readonly BadInputCase[] = [...monitorCases, ...monitorRules, ...pageCases, ...alertCases, ...webhookCases];

/** Whether the engine prints the field's value (`property <field> value {…}`): a short top-level scalar only. */
export function printedByEngine(c: BadInputCase): boolean {
  const top = c.field.split(/[.[]/)[0];
  const value = c.args[top === "target" ? "urn" : top];
  return !/[.[]/.test(c.field) && ["string", "number", "boolean"].includes(typeof value) && String(value).length <= 120;
}
