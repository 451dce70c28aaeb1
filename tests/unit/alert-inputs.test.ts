// Alert check(): the recipient types, each type's target rule with its message, phone numbers
// stripped to one canonical form, duplicates, flags, and unknown values left alone.
import { UNKNOWN, failureText } from "../../provider/model/values";
import { checkAlertArgs } from "../../provider/validation/alert";

const UUID = "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02";
const check = (args: Record<string, unknown>) => checkAlertArgs({ uuid: UUID, ...args });
const reasons = (args: Record<string, unknown>) => check(args).failures.map((f) => failureText(f));
const one = (type: string, target: string) => reasons({ recipients: [{ type, target }] });

test("a full alert passes and keeps the declared fields", () => {
  const recipients = [
    { type: "email", target: "oncall@acme.example" },
    { type: "sms", target: "+14155550123" },
    { type: "call", target: "+33612345678" },
    { type: "slack", target: "https://hooks.slack.com/services/T0/B0/X" },
    { type: "discord", target: "https://discord.com/api/webhooks/1/abc" },
    { type: "webhook", target: "https://hooks.acme.example/alert" },
  ];
  const flags = { up: true, degraded: false, disrupted: true, down: true, maintenance: false };
  const inputs = { uuid: UUID, name: "On-call", ...flags, recipients };
  expect(check({ ...inputs, __provider: "x" })).toEqual({ inputs, failures: [], warnings: [] });
});

test("a recipient type outside the six is refused, naming them; types are case-insensitive and kept in lower case", () => {
  expect(one("pager", "x")).toEqual([
    'recipients[0].type: "pager" is not a recipient type; use one of email, sms, call, slack, discord, webhook',
  ]);
  expect(check({ recipients: [{ type: "Email", target: "a@b.example" }] })).toEqual({
    inputs: { uuid: UUID, recipients: [{ type: "email", target: "a@b.example" }] },
    failures: [],
    warnings: [],
  });
});

test.each(["oncall", "oncall@", "@acme.example", "on call@acme.example", "oncall@localhost", "a@b@acme.example", "oncall@acme..example"])(
  "email target %j is refused",
  (target) => {
    expect(one("email", target)).toEqual([
      expect.stringMatching(/^recipients\[0\]\.target: .* is not an email address; write it as name@example\.com$/),
    ]);
  },
);

test.each(["sms", "call"])("%s targets: international form, 8-15 digits; spaces and dashes are removed", (type) => {
  for (const target of ["0612345678", "+1234567", "+1234567890123456", "+0612345678", "+33 (0)6 12 34 56 78", "tel:+33612345678"]) {
    expect(one(type, target)).toEqual([
      expect.stringMatching(/^recipients\[0\]\.target: .* is not a phone number in international form; write \+ and the country code/),
    ]);
  }
  const inputs = { uuid: UUID, recipients: [{ type, target: "+33612345678" }] };
  expect(check({ recipients: [{ type, target: "+33 6 12-34-56-78" }] })).toEqual({ inputs, failures: [], warnings: [] });
  expect(one(type, "+12345678")).toEqual([]);
  expect(one(type, "+123456789012345")).toEqual([]);
});

test.each(["slack", "discord", "webhook"])("%s targets must be https URLs", (type) => {
  for (const target of ["http://hooks.example/x", "hooks.example/x", "https://", "https://hooks.example/a b", "ftp://hooks.example"]) {
    expect(one(type, target)).toEqual([
      expect.stringMatching(
        new RegExp(`^recipients\\[0\\]\\.target: .* is not an https URL; a ${type} recipient needs its https:// address$`),
      ),
    ]);
  }
  expect(one(type, "https://hooks.example/x?token=1")).toEqual([]);
});

test("a target that is fine for one type is refused for another", () => {
  expect(one("email", "https://hooks.example/x")).toEqual([
    'recipients[0].target: "https://hooks.example/x" is not an email address; write it as name@example.com',
  ]);
  expect(one("webhook", "oncall@acme.example")).toEqual([
    'recipients[0].target: "oncall@acme.example" is not an https URL; a webhook recipient needs its https:// address',
  ]);
  expect(one("sms", "oncall@acme.example")).toEqual([
    expect.stringMatching(/^recipients\[0\]\.target: "oncall@acme\.example" is not a phone number in international form; /),
  ]);
});

test("the same (type, target) twice is refused, also when only spacing differs", () => {
  const sms = { type: "sms", target: "+33612345678" };
  expect(reasons({ recipients: [sms, { type: "email", target: "a@b.example" }, { ...sms, target: "+33 6 12 34 56 78" }] })).toEqual([
    'recipients[2]: the same sms recipient "+33612345678" as recipients[0]; list each once',
  ]);
  expect(reasons({ recipients: [sms, { ...sms, type: "call" }] })).toEqual([]);
});

// A recipient without a target, recipients not a list: rows of tests/bad-inputs/cases.ts.
test("flags are booleans; recipients are objects of type and target only", () => {
  expect(reasons({ up: "true", down: 1 })).toEqual(['up: expected true or false, got "true"', "down: expected true or false, got 1"]);
  expect(reasons({ recipients: [{ type: "email", target: "a@b.example", uuid: "r-1" }] })).toEqual([
    expect.stringMatching(/^recipients\[0\]\.uuid: unknown field/),
  ]);
  expect(reasons({ name: "" })).toEqual(["name: must not be empty"]);
});

test("unknown values (preview) are not rejected", () => {
  const result = checkAlertArgs({
    uuid: UNKNOWN,
    name: UNKNOWN,
    up: UNKNOWN,
    recipients: [{ type: "email", target: UNKNOWN }, { type: UNKNOWN, target: "anything" }, UNKNOWN],
  });
  expect(result.failures).toEqual([]);
});
