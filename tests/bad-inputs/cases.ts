// Bad input a user could write, one mistake per case, across Monitor, Page, Alert and getWebhooks.
// Each case is otherwise valid (pages and alerts use the emulator's seeded uuids), so the one
// failure is the one named. `field` is the property the engine's message names (`property <field>
// value …`; for a Monitor's `urn` that is `target`, the reason then starts with `urn`) or, for the
// lookup, the argument after `getWebhooks: `; `fragment` is a distinctive part of the reason (the fix).
// Used by tests/unit/bad-inputs.test.ts (the check functions) and tests/e2e/bad-inputs.test.ts (a
// real `pulumi preview` per case).
import * as path from "node:path";

export type BadInputKind = "monitor" | "page" | "alert" | "webhooks";

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
export const FILES = {
  missing: "/nonexistent/uptime-bad-inputs/logo.png",
  notAnImage: path.join(__dirname, "not-an-image.png"),
  empty: path.join(__dirname, "empty.png"),
};

const HTTPS: Args = { name: "api", type: "https", urn: "https://api.example.com/health", interval: 60, regions: [1] };
const TCP: Args = { name: "db", type: "tcp", urn: "db.internal:5432", interval: 60, regions: [1] };
const WINDOW = { days: [1], times: [{ startHour: 2, startMinute: 0, stopHour: 3, stopMinute: 0 }], timeZone: "Europe/Paris" };

const without = (args: Args, key: string): Args => Object.fromEntries(Object.entries(args).filter(([k]) => k !== key));

const monitor = (name: string, args: Args, field: string, fragment: string): BadInputCase => ({
  kind: "monitor",
  name: `monitor-${name}`,
  args,
  field,
  fragment,
});
const page = (name: string, args: Args, field: string, fragment: string): BadInputCase => ({
  kind: "page",
  name: `page-${name}`,
  args: { uuid: SEEDED_PAGE, ...args },
  field,
  fragment,
});
const alert = (name: string, args: Args, field: string, fragment: string): BadInputCase => ({
  kind: "alert",
  name: `alert-${name}`,
  args: { uuid: SEEDED_ALERT, ...args },
  field,
  fragment,
});
const webhooks = (name: string, args: Args, field: string, fragment: string): BadInputCase => ({
  kind: "webhooks",
  name: `webhooks-${name}`,
  args,
  field,
  fragment,
});

const monitorCases: BadInputCase[] = [
  // required fields and wrong types
  monitor("name-missing", without(HTTPS, "name"), "name", "required; set it to a string"),
  monitor("name-number", { ...HTTPS, name: 42 }, "name", "expected a string, got 42"),
  monitor("name-control-char", { ...HTTPS, name: "api\u0007" }, "name", "contains control characters; remove them"),
  monitor("type-number", { ...HTTPS, type: 443 }, "type", "expected a string, got 443"),
  monitor("unknown-field", { ...HTTPS, intervall: 60 }, "intervall", "intervall: unknown field; did you mean interval?"),
  monitor("unknown-field-spelling", { ...HTTPS, followRedirect: true }, "followRedirect", "unknown field; did you mean followRedirects?"),
  monitor("unknown-option-key", { ...HTTPS, httpRequest: { methd: "GET" } }, "httpRequest.methd", "did you mean httpRequest.method?"),
  monitor("unknown-field-far", { ...HTTPS, pingEvery: 60 }, "pingEvery", "unknown field; remove it or check its spelling"),
  // malformed urns and URLs
  monitor("urn-scheme-mismatch", { ...HTTPS, urn: "http://api.example.com/health" }, "target", "a https monitor needs a https:// address"),
  monitor("urn-not-a-url", { ...HTTPS, urn: "api.example.com/health" }, "target", "not a URL; write a full address such as https://"),
  monitor("urn-white-space", { ...HTTPS, urn: "https://api.example.com/a b" }, "target", "contains white space; percent-encode it"),
  monitor("tcp-port-out-of-range", { ...TCP, urn: "db.example.com:70000" }, "target", "port must be 1-65535, got 70000"),
  monitor("tcp-no-port", { ...TCP, urn: "db.internal" }, "target", "a tcp monitor's address is host:port"),
  monitor("tcp-ipv6-unbracketed", { ...TCP, urn: "2001:db8::1:443" }, "target", "IPv6 in brackets"),
  // numbers out of range, empty lists
  monitor("interval-word", { ...HTTPS, interval: "sixty" }, "interval", 'expected a whole number of seconds, got "sixty"'),
  monitor("interval-zero", { ...HTTPS, interval: 0 }, "interval", "must be a positive number of seconds"),
  monitor("interval-two-spellings", { ...HTTPS, intervalId: 120 }, "intervalId", "same field with different values; keep only interval"),
  monitor("regions-empty", { ...HTTPS, regions: [] }, "regions", "give at least one region id"),
  monitor("regions-duplicate", { ...HTTPS, regions: [1, 2, 1] }, "regions", "a region id is listed twice"),
  monitor("region-negative", { ...HTTPS, regions: [-1] }, "regions[0]", "a region id is a positive whole number"),
  // http options
  monitor(
    "method-unknown",
    { ...HTTPS, httpRequest: { method: "FETCH" } },
    "httpRequest.method",
    "is not one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS",
  ),
  monitor(
    "header-name-space",
    { ...HTTPS, httpRequest: { headers: [{ name: "X Probe", value: "1" }] } },
    "httpRequest.headers[0].name",
    "must be an HTTP token",
  ),
  monitor(
    "header-value-crlf",
    { ...HTTPS, httpRequest: { headers: [{ name: "X-Probe", value: "1\r\nX-Evil: 1" }] } },
    "httpRequest.headers[0].value",
    "must not contain CR or LF",
  ),
  monitor(
    "body-huge",
    { ...HTTPS, httpRequest: { body: "b".repeat(70_000) } },
    "httpRequest.body",
    "longer than 65536 characters; shorten it",
  ),
  monitor(
    "status-range-reversed",
    { ...HTTPS, httpResponse: { status: ["299-200"] } },
    "httpResponse.status[0]",
    'is not a status code 100-599 or a range "low-high" with low <= high',
  ),
  monitor("status-number", { ...HTTPS, httpResponse: { status: [200] } }, "httpResponse.status[0]", 'a status code in quotes, e.g. "200"'),
  monitor(
    "status-empty",
    { ...HTTPS, httpResponse: { status: [] } },
    "httpResponse.status",
    "give at least one status code, or leave status out",
  ),
  monitor("http-request-on-tcp", { ...TCP, httpRequest: { method: "GET" } }, "httpRequest", "applies to http and https monitors"),
  // maintenance windows and time zones
  monitor(
    "time-zone-unknown",
    { ...HTTPS, maintenance: { ...WINDOW, timeZone: "Mars/Olympus_Mons" } },
    "maintenance.timeZone",
    "is not an IANA time zone",
  ),
  monitor(
    "time-zone-offset",
    { ...HTTPS, maintenance: { ...WINDOW, timeZone: "+05:00" } },
    "maintenance.timeZone",
    "use a region/city name such as Europe/Paris",
  ),
  monitor("day-8", { ...HTTPS, maintenance: { ...WINDOW, days: [8] } }, "maintenance.days[0]", "must be 0-7"),
  monitor(
    "sunday-twice",
    { ...HTTPS, maintenance: { ...WINDOW, days: [0, 7] } },
    "maintenance.days",
    "listed twice (0 and 7 are both Sunday)",
  ),
  monitor(
    "period-empty",
    { ...HTTPS, maintenance: { ...WINDOW, times: [{ startHour: 4, startMinute: 30, stopHour: 4, stopMinute: 30 }] } },
    "maintenance.times[0]",
    "the period is empty",
  ),
  monitor(
    "hour-24",
    { ...HTTPS, maintenance: { ...WINDOW, times: [{ startHour: 24, startMinute: 0, stopHour: 1, stopMinute: 0 }] } },
    "maintenance.times[0].startHour",
    "must be 0-23",
  ),
  // references and huge strings
  monitor("alert-not-a-uuid", { ...HTTPS, alerts: ["on call!"] }, "alerts[0]", "not a uuid (letters, digits and hyphens only)"),
  monitor("urn-huge", { ...HTTPS, urn: `https://api.example.com/${"p".repeat(3000)}` }, "target", "longer than 2048 characters"),
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
  page(
    "analytics-two-spellings",
    { googleAnalyticsId: "G-ONE", googleAnalitycsId: "G-TWO" },
    "googleAnalyticsId",
    "same field with different values",
  ),
];

const alertCases: BadInputCase[] = [
  alert("uuid-missing", { uuid: undefined, name: "On-call" }, "uuid", "required"),
  alert(
    "recipient-type-unknown",
    { recipients: [{ type: "pager", target: "x" }] },
    "recipients[0].type",
    "is not a recipient type; use one of email, sms, call",
  ),
  alert("email-malformed", { recipients: [{ type: "email", target: "oncall@" }] }, "recipients[0].target", "is not an email address"),
  alert(
    "sms-short",
    { recipients: [{ type: "sms", target: "+12" }] },
    "recipients[0].target",
    "is not a phone number in international form",
  ),
  alert(
    "slack-http",
    { recipients: [{ type: "slack", target: "http://hooks.slack.example/x" }] },
    "recipients[0].target",
    "is not an https URL",
  ),
  alert(
    "webhook-not-a-url",
    { recipients: [{ type: "webhook", target: "hooks.example.com/x" }] },
    "recipients[0].target",
    "a webhook recipient needs its https:// address",
  ),
  alert(
    "recipient-duplicate",
    {
      recipients: [
        { type: "email", target: "a@acme.example" },
        { type: "email", target: "a@acme.example" },
      ],
    },
    "recipients[1]",
    "as recipients[0]; list each once",
  ),
  alert(
    "phone-duplicate-spelling",
    {
      recipients: [
        { type: "sms", target: "+33 6 12-34-56-78" },
        { type: "sms", target: "+33612345678" },
      ],
    },
    "recipients[1]",
    "list each once",
  ),
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

export const BAD_INPUT_CASES: readonly BadInputCase[] = [...monitorCases, ...pageCases, ...alertCases, ...webhookCases];
