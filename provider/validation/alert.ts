// Alert inputs. Phone numbers lose their spaces and dashes: "+33 6 12-34-56-78" and "+33612345678" are one recipient.
import { CheckFailure, CheckResult, isUnknown, programArgs, show } from "../model/values";
import { schemaFailures } from "./failures";
import { ALERT, recipientKey } from "../model/alert";
import { canonicalNames, checkedInputs, inputsSchema } from "../model/engine";
import type { InputsOf } from "../model/field";

export const AlertInputs = inputsSchema(ALERT);
export type AlertInputs = InputsOf<typeof ALERT>;

function duplicateFailures(recipients: unknown): CheckFailure[] {
  if (!Array.isArray(recipients)) return [];
  const failures: CheckFailure[] = [];
  const seen = new Map<string, number>();
  recipients.forEach((r, index) => {
    const { type, target } = (r ?? {}) as { type?: unknown; target?: unknown };
    if (typeof type !== "string" || typeof target !== "string" || isUnknown(type) || isUnknown(target)) return;
    const key = recipientKey(r);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else {
      const problem = `the same ${type} recipient ${show(target)} as recipients[${first}]; list each once`;
      failures.push({ property: `recipients[${index}]`, problem });
    }
  });
  return failures;
}

/** Recipient types in lower case, phone targets without spaces and dashes. */
export function checkAlertArgs(raw: Record<string, unknown>): CheckResult<AlertInputs> {
  const args = programArgs(raw);
  // As for the other kinds: a name the table gives a field besides its own (none today) is read as it.
  const spellings = canonicalNames(ALERT, args);
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
  const failures = [...spellings, ...schemaFailures(ALERT, AlertInputs, args), ...duplicateFailures(args.recipients)];
  return { inputs: checkedInputs(ALERT, args), failures, warnings: [] };
}
