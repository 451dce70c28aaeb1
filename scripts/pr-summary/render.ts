// The pull-request comment: what the preview would do to monitors, pages and alerts, the fields that
// change, the policy violations and the errors, as GitHub-flavoured Markdown.
import { MONITOR } from "../../provider/model/monitor";
import { replacingFields } from "../../provider/model/engine";
import { KINDS as PROVIDER_KINDS, type ProviderKind, TYPE_NAMES, dynamicType, packageToken } from "../../provider/model/kinds";
import { MONITOR_FIELD_NAMES, changedFields, showValue, type FieldChange } from "./fields";
import { isInfrastructure, nameFromUrn, stackFromUrn, type PlannedStep, type PreviewReport, type PolicyViolation } from "./parse";

/** A kind's types on both faces (model/kinds.ts): the TypeScript classes' dynamic type, the provider plugin's token. */
const typesOf = (kind: ProviderKind): string[] => [dynamicType(kind), packageToken(TYPE_NAMES[kind])];
const SECTION: Record<ProviderKind, string> = { monitor: "Monitors", fleet: "Monitors", page: "Pages", alert: "Alerts" };
const KINDS: Record<string, string> = Object.fromEntries(PROVIDER_KINDS.flatMap((kind) => typesOf(kind).map((t) => [t, SECTION[kind]])));
const FLEET_TYPES = new Set(typesOf("fleet"));
/** Monitors deleted in the service when they leave the stack (pages and alerts are released). */
const DELETED = new Set([...typesOf("monitor"), ...FLEET_TYPES]);
/** Types whose programs write a monitor's target as `urn` (the TypeScript classes): shown so. */
const PROGRAM_NAMES = new Set([dynamicType("monitor"), dynamicType("fleet")]);
const KIND_ORDER = ["Monitors", "Pages", "Alerts", "Other resources"];
const COUNTED_OPS = ["create", "update", "replace", "delete"] as const;
const OP_LABEL: Record<string, string> = {
  create: "create",
  update: "update",
  replace: "**replace**",
  delete: "**delete**",
  release: "release",
};

/** The Markdown summary of a parsed preview. */
export function renderSummary(report: PreviewReport): string {
  const steps = report.steps.filter((s) => !isInfrastructure(s.type)).flatMap(withMembers);
  const stack = report.steps.map((s) => stackFromUrn(s.urn)).find(Boolean);
  const out: string[] = [
    `### Pulumi preview${stack ? ` of \`${stack}\`` : ""}`,
    "",
    countsLine(steps, report.unchanged, report.steps.length > 0),
    "",
  ];

  const changing = steps.filter((s) => s.op !== "same");
  for (const kind of KIND_ORDER) {
    const rows = changing.filter((s) => (KINDS[s.type] ?? "Other resources") === kind);
    if (rows.length === 0) continue;
    out.push(`#### ${kind}`, "", "| Resource | Operation | Changes |", "|---|---|---|");
    for (const step of rows) out.push(`| ${resourceCell(step)} | ${OP_LABEL[step.op] ?? escapeText(step.op)} | ${changesCell(step)} |`);
    out.push("");
  }

  out.push(...policySection(report), ...diagnosticsSection(report));
  return `${out.join("\n").trimEnd()}\n`;
}

function countsLine(steps: PlannedStep[], unchanged: number, planned: boolean): string {
  if (!planned) return "**The preview stopped before planning any change**: see the errors below, or the job's log.";
  const count = (op: string) => steps.filter((s) => s.op === op).length;
  const changes = COUNTED_OPS.map((op) => `${count(op)} to ${op}`);
  // A fleet's member removed under retainOnRemove leaves the stack, not the service.
  if (count("release") > 0) changes.push(`${count("release")} to release`);
  const others = steps.filter((s) => !["same", "release", ...COUNTED_OPS].includes(s.op)).length;
  if (others > 0) changes.push(`${others} other`);
  const total = steps.filter((s) => s.op !== "same").length;
  return total === 0 ? `No changes (${unchanged} unchanged).` : `**${changes.join(", ")}**; ${unchanged} unchanged.`;
}

function resourceCell(step: PlannedStep): string {
  const inputs = step.newInputs ?? step.oldInputs ?? {};
  const title = typeof inputs.name === "string" && inputs.name !== nameFromUrn(step.urn) ? ` (${escapeText(inputs.name)})` : "";
  const kind = KINDS[step.type] ? "" : ` ${code(step.type)}`;
  return `${code(nameFromUrn(step.urn))}${title}${kind}`;
}

type Members = Record<string, Record<string, unknown>>;
const membersOf = (inputs: Record<string, unknown> | undefined): Members =>
  inputs && typeof inputs.monitors === "object" && inputs.monitors !== null ? (inputs.monitors as Members) : {};

/**
 * A MonitorFleet's step as its members' steps, each named `<fleet>/<member>`: created, updated,
 * replaced (its alerts changed) or deleted (released under retainOnRemove), so a reviewer reads the
 * monitors, not one resource. What changes of the fleet itself (retainOnRemove) stays a row of its own.
 */
function withMembers(step: PlannedStep): PlannedStep[] {
  if (!FLEET_TYPES.has(step.type)) return [step];
  const [olds, news] = [membersOf(step.oldInputs), membersOf(step.newInputs)];
  const member = (key: string, op: string, replaceReasons: string[] = []): PlannedStep => ({
    op,
    urn: `${step.urn}/${key}`,
    type: step.type,
    ...(olds[key] && op !== "create" ? { oldInputs: olds[key] } : {}),
    ...(news[key] && op !== "delete" ? { newInputs: news[key] } : {}),
    replaceReasons,
  });
  const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].sort(new Intl.Collator("en", { numeric: true }).compare);
  const released = step.newInputs?.retainOnRemove === true;
  const members = keys.flatMap((key): PlannedStep[] => {
    if (step.op === "delete" || !news[key]) return [member(key, released && step.op !== "delete" ? "release" : "delete")];
    if (step.op === "create" || !olds[key]) return [member(key, "create")];
    // The whole fleet replaced (moved to another account): every member made anew, the old ones deleted.
    if (step.op === "replace") return [member(key, "replace", step.replaceReasons)];
    const changed = [...new Set(changedFields(olds[key], news[key], false).map((c) => c.path.split(".")[0]))];
    if (changed.length === 0) return [];
    // What replaces a member is what replaces a Monitor: the model says which fields (its alerts).
    const replacing = replacingFields(MONITOR, changed);
    return [replacing.length > 0 ? member(key, "replace", replacing) : member(key, "update")];
  });
  const own = (inputs?: Record<string, unknown>) => inputs && Object.fromEntries(Object.entries(inputs).filter(([k]) => k !== "monitors"));
  const fleetChanges = step.op === "update" ? changedFields(own(step.oldInputs), own(step.newInputs), false) : [];
  return [...(fleetChanges.length > 0 ? [{ ...step, oldInputs: own(step.oldInputs), newInputs: own(step.newInputs) }] : []), ...members];
}

function changesCell(step: PlannedStep): string {
  const isMonitor = PROGRAM_NAMES.has(step.type);
  if (step.op === "release") return "released from the fleet: left in the service as it is (retainOnRemove)";
  if (step.op === "delete") {
    if (DELETED.has(step.type)) return "deleted in the service";
    return KINDS[step.type] ? "released: left in the service as it is" : "removed from the stack";
  }
  const changes = changedFields(step.op === "create" ? undefined : step.oldInputs, step.newInputs, isMonitor);
  if (changes.length === 0) {
    if (step.op === "update") return "only secret values (not shown)";
    // Replaced for what is not among its inputs: the fleet moved to another account.
    return step.op === "replace" && step.replaceReasons.length > 0 ? `replaced: ${step.replaceReasons.map(code).join(", ")} changes` : "";
  }
  const forcing = new Set(step.replaceReasons.map((r) => (isMonitor ? (MONITOR_FIELD_NAMES[r] ?? r) : r)));
  return changes.map((c) => fieldLine(c, step.op === "create", forcing.has(c.path.split(".")[0]))).join("<br>");
}

function fieldLine(change: FieldChange, created: boolean, forcesReplace: boolean): string {
  const value = created
    ? code(showValue(change.new))
    : `${"old" in change ? code(showValue(change.old)) : "(none)"} → ${"new" in change ? code(showValue(change.new)) : "(removed)"}`;
  return `${code(change.path)}: ${value}${forcesReplace ? " (forces replacement)" : ""}`;
}

function policySection(report: PreviewReport): string[] {
  if (report.violations === undefined) {
    return [
      "#### Policy",
      "",
      "Not in this input: the `pulumi preview --json` digest leaves policy results out. Run the preview with " +
        "`PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true` to list violations here.",
      "",
    ];
  }
  const packs = report.policyPacks?.length ? ` (${report.policyPacks.join(", ")})` : "";
  if (report.violations.length === 0) {
    const verdict =
      report.policyPacks === undefined
        ? "No policy results: the preview ended before the policy packs ran."
        : report.policyPacks.length > 0
          ? `No violations${packs}.`
          : "No policy pack ran.";
    return ["#### Policy", "", verdict, ""];
  }
  const rows = [...report.violations].sort((a, b) => levelRank(a) - levelRank(b));
  const mandatory = rows.filter((v) => v.level === "mandatory").length;
  return [
    "#### Policy violations",
    "",
    `${mandatory} mandatory (blocking), ${rows.length - mandatory} advisory${packs}.`,
    "",
    "| Policy | Resource | Enforcement | Message |",
    "|---|---|---|---|",
    ...rows.map(
      (v) => `| ${code(v.policy)} | ${v.urn ? code(nameFromUrn(v.urn)) : "the stack"} | ${levelCell(v)} | ${escapeText(v.message)} |`,
    ),
    "",
  ];
}

const levelRank = (v: PolicyViolation) => (v.level === "mandatory" ? 0 : 1);
const levelCell = (v: PolicyViolation) => (v.level === "mandatory" ? "❌ mandatory" : `⚠️ ${escapeText(v.level)}`);

function diagnosticsSection(report: PreviewReport): string[] {
  if (report.diagnostics.length === 0) return [];
  const line = (d: { severity: string; message: string; urn?: string }) =>
    `- **${d.severity}**${d.urn ? ` (${code(nameFromUrn(d.urn))})` : ""}: ${escapeText(d.message.slice(0, 600))}`;
  return ["#### Errors and warnings", "", ...report.diagnostics.map(line), ""];
}

/** A code span that survives a table cell: pipes escaped, backticks fenced, one line. */
function code(text: string): string {
  const flat = text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
  return flat.includes("`") ? `\`\` ${flat} \`\`` : `\`${flat}\``;
}

/** Plain text in a table cell or list item: no HTML, no table breaks, one line. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}
