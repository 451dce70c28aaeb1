// Alert inputs: the five status flags and the recipients, each recipient's target checked against
// its type (an email address, a phone number, an https URL). Phone numbers lose their spaces and
// dashes, so "+33 6 12-34-56-78" and "+33612345678" are one recipient.
import { z } from "zod";
import {
  CheckFailure, CheckResult, bool, dropNulls, isHostName, isHttpsUrl, isUnknown, nonEmptyText, show, toFailures,
  unknownPaths, uuidRef,
} from "./common";

export const RECIPIENT_TYPES = ["email", "sms", "call", "slack", "discord", "webhook"] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

export const ALERT_FIELDS = ["name", "up", "degraded", "disrupted", "down", "maintenance", "recipients"] as const;
export type AlertField = (typeof ALERT_FIELDS)[number];

const PHONE = /^\+[1-9]\d{7,14}$/;

export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const m = /^([^\s@<>(),;:"[\]\\]+)@([^\s@]+)$/.exec(value);
  if (!m || m[1].length > 64 || m[1].startsWith(".") || m[1].endsWith(".") || m[1].includes("..")) return false;
  return isHostName(m[2]) && m[2].includes(".");
}

/** What is wrong with `target` for a recipient of `type`, with the fix; undefined when it is fine. */
export function recipientTargetProblem(type: string, target: string): string | undefined {
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

export const AlertInputs = z.strictObject({
  uuid: uuidRef(),
  name: nonEmptyText(255).optional(),
  up: bool().optional(),
  degraded: bool().optional(),
  disrupted: bool().optional(),
  down: bool().optional(),
  maintenance: bool().optional(),
  recipients: z.array(Recipient, { error: (i) => `expected a list of { type, target }, got ${show(i.input)}` }).optional(),
});

/** Lower-case recipient types; phone targets without spaces and dashes. `null` means "not set". */
export function normalizeAlertArgs(raw: Record<string, unknown>): Record<string, unknown> {
  const args = dropNulls(Object.fromEntries(Object.entries(raw).filter(([k]) => k !== "__provider"))) as Record<string, unknown>;
  if (Array.isArray(args.recipients)) {
    args.recipients = args.recipients.map((r) => {
      if (!r || typeof r !== "object" || Array.isArray(r)) return r;
      const out = { ...(r as Record<string, unknown>) };
      if (typeof out.type === "string" && !isUnknown(out.type)) out.type = out.type.trim().toLowerCase();
      if ((out.type === "sms" || out.type === "call") && typeof out.target === "string" && !isUnknown(out.target)) {
        out.target = out.target.replace(/[\s-]/g, "");
      }
      return out;
    });
  }
  return args;
}

function duplicateFailures(recipients: unknown): CheckFailure[] {
  if (!Array.isArray(recipients)) return [];
  const failures: CheckFailure[] = [];
  const seen = new Map<string, number>();
  recipients.forEach((r, index) => {
    const { type, target } = (r ?? {}) as { type?: unknown; target?: unknown };
    if (typeof type !== "string" || typeof target !== "string" || isUnknown(type) || isUnknown(target)) return;
    const key = `${type}\u0000${target}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else {
      const property = `recipients[${index}]`;
      failures.push({ property, reason: `${property}: the same ${type} recipient ${show(target)} as recipients[${first}]; list each once` });
    }
  });
  return failures;
}

/** check(): canonical inputs, and failures that name the field and the fix. */
export function checkAlertArgs(raw: Record<string, unknown>): CheckResult<Record<string, unknown>> {
  const args = normalizeAlertArgs(raw);
  const failures: CheckFailure[] = [];
  const parsed = AlertInputs.safeParse(args);
  if (!parsed.success) failures.push(...toFailures(parsed.error.issues, unknownPaths(args)));
  failures.push(...duplicateFailures(args.recipients));
  return { inputs: args, failures, warnings: [] };
}
