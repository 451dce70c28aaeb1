// Reads what `pulumi preview --json` prints into one shape. Two forms exist:
// - the digest (the default): one object with `steps`, `diagnostics`, `changeSummary`; the CLI
//   leaves policy results out of it ("we don't handle policy events in JSON serialization");
// - the event stream (with PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true): one engine event per line,
//   policy violations included. It also carries the SDK's debug messages, which can hold secret
//   values in plain text: they are dropped here and never reach the summary.

/** One resource the preview plans to touch (or leave alone). */
export interface PlannedStep {
  /** create, update, replace, delete, same, read, ... */
  op: string;
  urn: string;
  type: string;
  /** The inputs before (absent for a create). */
  oldInputs?: Record<string, unknown>;
  /** The inputs after (absent for a delete). */
  newInputs?: Record<string, unknown>;
  /** The fields whose change forces the replacement. */
  replaceReasons: string[];
}

export interface PolicyViolation {
  policy: string;
  pack: string;
  urn?: string;
  /** mandatory, advisory, remediate. */
  level: string;
  message: string;
}

export interface Diagnostic {
  severity: "error" | "warning";
  message: string;
  urn?: string;
}

export interface PreviewReport {
  steps: PlannedStep[];
  /** Undefined when the input cannot carry policy results (the digest form). */
  violations?: PolicyViolation[];
  /** Policy packs that ran ("uptime 0.1.0"); known from the event stream's summary, absent when it ended early. */
  policyPacks?: string[];
  diagnostics: Diagnostic[];
  /** Resources left as they are (the digest lists only those that change, so it is counted apart). */
  unchanged: number;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- events of any shape; each reader checks what it uses

/** The steps of a replacement that the engine also reports on their own, beside the logical `replace`. */
const PHYSICAL_OPS = new Set(["create-replacement", "delete-replaced", "import-replacement", "discard-replaced"]);

export function parsePreview(text: string): PreviewReport {
  const values = parseJsonValues(text);
  if (values.length === 0) {
    const message = "the preview printed no JSON: it failed before planning (see its error output)";
    return { steps: [], diagnostics: [{ severity: "error", message }], unchanged: 0 };
  }
  // A preview that fails before planning prints the digest as `{}`.
  if (values.length === 1 && (Array.isArray(values[0].steps) || Object.keys(values[0]).length === 0)) return fromDigest(values[0]);
  if (values.every((v) => typeof v.sequence === "number")) return fromEvents(values);
  throw new Error("not the output of `pulumi preview --json`: expected an object with `steps`, or engine events");
}

/** One JSON document, or several one after the other (the event stream is one per line). */
function parseJsonValues(text: string): Json[] {
  const trimmed = text.trim();
  if (trimmed === "") return [];
  try {
    return [JSON.parse(trimmed)];
  } catch {
    return trimmed
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "")
      .map((line, i) => {
        try {
          return JSON.parse(line);
        } catch (error) {
          throw new Error(`line ${i + 1} is not JSON: ${(error as Error).message}`, { cause: error });
        }
      });
  }
}

function fromDigest(digest: Json): PreviewReport {
  const steps = ((digest.steps ?? []) as Json[]).map((s): PlannedStep => ({
    op: String(s.op),
    urn: String(s.urn),
    type: String(s.newState?.type ?? s.oldState?.type ?? typeFromUrn(String(s.urn))),
    oldInputs: s.oldState?.inputs,
    newInputs: s.newState?.inputs,
    replaceReasons: s.replaceReasons ?? [],
  }));
  // changeSummary counts the stack resource too; the digest shows the stack's own step whatever it is.
  const stackUnchanged = steps.some((s) => s.type === STACK_TYPE && s.op === "same") ? 1 : 0;
  const unchanged = Math.max(0, Number(digest.changeSummary?.same ?? 0) - stackUnchanged);
  return { steps, diagnostics: diagnosticsOf((digest.diagnostics ?? []) as Json[]), unchanged };
}

function fromEvents(events: Json[]): PreviewReport {
  const steps = new Map<string, PlannedStep>();
  const violations: PolicyViolation[] = [];
  const diagnostics: Json[] = [];
  let policyPacks: string[] | undefined;
  for (const event of events) {
    const step = event.resourcePreEvent?.metadata;
    if (step && !PHYSICAL_OPS.has(step.op) && !steps.has(step.urn)) {
      steps.set(step.urn, {
        op: step.op,
        urn: step.urn,
        type: step.type,
        oldInputs: step.old?.inputs,
        newInputs: step.new?.inputs,
        replaceReasons: step.keys ?? [],
      });
    }
    const policy = event.policyEvent;
    if (policy) {
      violations.push({
        policy: policy.policyName,
        pack: policy.policyPackName,
        urn: policy.resourceUrn || undefined,
        level: policy.enforcementLevel,
        message: violationMessage(policy.message),
      });
    }
    if (event.diagnosticEvent)
      diagnostics.push({ ...event.diagnosticEvent, message: `${event.diagnosticEvent.prefix ?? ""}${event.diagnosticEvent.message}` });
    const packs = event.summaryEvent?.PolicyPacks;
    if (packs) policyPacks = Object.entries(packs as Record<string, string>).map(([key, version]) => `${key.split("|")[0]} ${version}`);
  }
  const all = [...steps.values()];
  const unchanged = all.filter((s) => s.op === "same" && !isInfrastructure(s.type)).length;
  return { steps: all, violations, policyPacks, diagnostics: diagnosticsOf(diagnostics), unchanged };
}

/** The engine sends "<policy description>\n<message>"; the description is the policy's, not this violation's. */
function violationMessage(text: string): string {
  const lines = String(text).trim().split("\n");
  return (lines.length > 1 ? lines.slice(1) : lines).join(" ").trim();
}

function diagnosticsOf(raw: Json[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of raw) {
    // Debug and info messages are the SDK's and the program's chatter (and debug ones can hold secrets).
    if (d.severity !== "error" && d.severity !== "warning") continue;
    const message = String(d.message)
      .replace(/^(error|warning): /, "")
      .trim();
    if (seen.has(message)) continue;
    seen.add(message);
    out.push({ severity: d.severity, message, urn: d.urn || undefined });
  }
  return out;
}

const STACK_TYPE = "pulumi:pulumi:Stack";

/** The stack itself and provider instances are Pulumi's plumbing, not what a reviewer reviews. */
export const isInfrastructure = (type: string) => type === STACK_TYPE || type.startsWith("pulumi:providers:");

export function typeFromUrn(urn: string): string {
  const parts = urn.split("::");
  return parts.length >= 4 ? (parts[2].split("$").pop() ?? "") : "";
}

export function nameFromUrn(urn: string): string {
  return urn.split("::").pop() ?? urn;
}

/** "project/stack" from a URN (`urn:pulumi:<stack>::<project>::...`). */
export function stackFromUrn(urn: string): string | undefined {
  const match = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(urn);
  return match ? `${match[2]}/${match[1]}` : undefined;
}
