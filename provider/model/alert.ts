// The Alert's model: every field once (see field.ts). An alert is taken over by its uuid; its
// recipients are a set of (type, target), whatever uuids and timestamps the service gives them.
import { z } from "zod";
import { bool, isHostName, isHttpsUrl, nonEmptyText } from "./field-schemas";
import { show } from "./values";
import { type FieldSpec, defineResource, TIMESTAMPS, identityField } from "./field";
import { TYPE_NAMES } from "./kinds";

const RECIPIENT_TYPES = ["email", "sms", "call", "slack", "discord", "webhook"] as const;

const PHONE = /^\+[1-9]\d{7,14}$/;

function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const m = /^([^\s@<>(),;:"[\]\\]+)@([^\s@]+)$/.exec(value);
  if (!m || m[1].length > 64 || m[1].startsWith(".") || m[1].endsWith(".") || m[1].includes("..")) return false;
  return isHostName(m[2]) && m[2].includes(".");
}

/** What is wrong with `target` for a recipient of `type`, with the fix. */
function recipientTargetProblem(type: string, target: string): string | undefined {
  switch (type) {
    case "email":
      return isEmailAddress(target) ? undefined : `${show(target)} is not an email address; write it as name@example.com`;
    case "sms":
    case "call":
      return PHONE.test(target)
        ? undefined
        : `${show(target)} is not a phone number in international form; write + and the country code, then 8-15 digits in all, e.g. +14155550123`;
    case "slack":
    case "discord":
    case "webhook":
      return isHttpsUrl(target) ? undefined : `${show(target)} is not an https URL; a ${type} recipient needs its https:// address`;
    default:
      return undefined;
  }
}

const Recipient = z
  .strictObject({
    type: z.enum(RECIPIENT_TYPES, { error: (i) => `${show(i.input)} is not a recipient type; use one of ${RECIPIENT_TYPES.join(", ")}` }),
    target: nonEmptyText(2048),
  })
  .superRefine((r, ctx) => {
    const problem = recipientTargetProblem(r.type, r.target);
    if (problem) ctx.addIssue({ code: "custom", path: ["target"], message: problem });
  });

/** A recipient's identity: its (type, target), the order of a set of them and what is listed twice. */
export function recipientKey(recipient: unknown): string {
  const { type, target } = (recipient ?? {}) as { type?: unknown; target?: unknown };
  return `${String(type)}\u0000${String(target)}`;
}

/** Recipients as (type, target) pairs: the service's uuids and timestamps are not the program's concern. */
function recipientPairs(value: unknown): { type: unknown; target: unknown }[] {
  if (!Array.isArray(value)) return [];
  return value.map((r) => ({ type: (r as { type?: unknown }).type, target: (r as { target?: unknown }).target }));
}

const flag = <S extends string>(state: S) =>
  ({
    name: state.toLowerCase() as Lowercase<S>,
    schema: bool(),
    type: { type: "boolean" },
    doc: `notify when a monitor's status changes to ${state}`,
  }) as const satisfies FieldSpec;

export const ALERT = defineResource({
  kind: "alert",
  typeName: TYPE_NAMES.alert,
  doc: "An alert of the service, taken over by its uuid and kept in the declared state; releasing it leaves it as it is.",
  fields: [
    identityField("alert"),
    { name: "name", schema: nonEmptyText(255), type: { type: "string" }, doc: "not blank" },
    flag("Up"),
    flag("Degraded"),
    flag("Disrupted"),
    flag("Down"),
    flag("Maintenance"),
    {
      name: "recipients",
      compare: "set",
      fromRecord: recipientPairs,
      orderBy: recipientKey,
      schema: z.array(Recipient, { error: (i) => `expected a list of { type, target }, got ${show(i.input)}` }),
      type: { type: "array", items: { $ref: "#/types/uptime:index:AlertRecipient" } },
      listAlways: true,
      keys: {
        type: {
          ts: "AlertRecipientTypeArg",
          doc: "One of `email`, `sms`, `call`, `slack`, `discord`, `webhook`, in any letter case (stored in lower case).",
        },
        target: {
          doc: "An email address for `email`; a phone number in international form for `sms` and `call` (`+`, the country code, 8-15 digits in all; spaces and dashes are removed); an https URL for `slack`, `discord` and `webhook`.",
        },
        uuid: { outputOnly: true, ts: "string", doc: "The service's uuid of this recipient." },
        createdAt: { outputOnly: true, ts: "string", doc: "RFC 3339 creation time." },
        updatedAt: { outputOnly: true, ts: "string", doc: "RFC 3339 time of the last edit." },
      },
      doc: "replaces the alert's list; order does not matter; each (type, target) once; `[]` removes all",
    },
  ],
  providerInputs: {},
  extraOutputs: TIMESTAMPS,
});
