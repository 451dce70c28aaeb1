// Monitor inputs: every spelling the API document allows normalized to one, then validated.
import { CheckFailure, CheckResult, failureText, isUnknown, programArgs, show } from "../model/values";
import { isHostName } from "../model/field-schemas";
import { schemaFailures } from "./failures";
import { canonicalNames, checkedInputs, inputPath, inputsSchema, sortSets } from "../model/engine";
import type { InputsOf } from "../model/field";
import { KNOWN_TYPES, MONITOR } from "../model/monitor";

export const MonitorInputs = inputsSchema(MONITOR);
export type MonitorInputs = InputsOf<typeof MONITOR>;

/** The type decides what the target and the option objects may be. */
function crossFieldFailures(m: Record<string, unknown>): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (typeof m.type !== "string" || isUnknown(m.type)) return failures;
  const add = (property: string, problem: string) => failures.push({ property, problem });
  const isHttp = m.type === "http" || m.type === "https";
  if (typeof m.target === "string" && !isUnknown(m.target)) {
    const problem = isHttp ? httpUrnProblem(m.target, m.type) : m.type === "tcp" ? tcpUrnProblem(m.target) : undefined;
    if (problem) add("target", `${show(m.target)}: ${problem}`);
  }
  if (m.type === "tcp") {
    if (m.httpRequest !== undefined) add("httpRequest", "applies to http and https monitors; remove it or set type to https");
    if (m.httpResponse !== undefined) add("httpResponse", "applies to http and https monitors; remove it or set type to https");
    if (m.followRedirects !== undefined) add("followRedirects", "applies to http and https monitors; remove it");
  }
  if (isHttp && m.tcpOptions !== undefined) add("tcpOptions", "applies to tcp monitors; remove it or set type to tcp");
  return failures;
}

function httpUrnProblem(urn: string, type: string): string | undefined {
  let url: URL;
  try {
    url = new URL(urn);
  } catch {
    return `not a URL; write a full address such as ${type}://example.com/health`;
  }
  if (url.protocol !== `${type}:`) {
    return `a ${type} monitor needs a ${type}:// address; change the address or set type to ${url.protocol.replace(":", "")}`;
  }
  if (!url.hostname) return "the address has no host";
  if (/\s/.test(urn)) return "the address contains white space; percent-encode it";
  return undefined;
}

function tcpUrnProblem(urn: string): string | undefined {
  const m = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]\s/]+):(\d{1,5})$/.exec(urn);
  if (!m) return "a tcp monitor's address is host:port (IPv6 in brackets: [2001:db8::1]:443), e.g. db.internal:5432";
  const [, host, portText] = m;
  const port = Number(portText);
  if (port < 1 || port > 65535) return `port must be 1-65535, got ${port}`;
  if (host.startsWith("[")) return URL.canParse(`tcp://${host}:1`) ? undefined : `${host} is not an IPv6 address`;
  return isHostName(host) ? undefined : `${show(host)} is not a valid host name or IPv4 address`;
}

/** The accepted spellings as the canonical ones; numeric strings (interval, maintenance days) as numbers. */
export function normalizeMonitorArgs(raw: Record<string, unknown>): { args: Record<string, unknown>; failures: CheckFailure[] } {
  const args = programArgs(raw);
  const failures = canonicalNames(MONITOR, args);
  // The unknown sentinel, a uuid, is never digits alone.
  if (typeof args.interval === "string" && /^\s*\d+\s*$/.test(args.interval)) args.interval = Number(args.interval);
  const maintenance = args.maintenance as { days?: unknown } | undefined;
  if (maintenance && Array.isArray(maintenance.days)) {
    maintenance.days = maintenance.days.map((d) => (typeof d === "string" && /^\d+$/.test(d) ? Number(d) : d));
  }
  const request = args.httpRequest as { method?: unknown } | undefined;
  if (request && typeof request.method === "string" && !isUnknown(request.method)) request.method = request.method.toUpperCase();
  return { args, failures };
}

/** The field as a program wrote it (`urn`, which the SDK hands over as `target`). */
export const inProgramWords = (f: CheckFailure): string => failureText(f, inputPath(MONITOR));

export function checkMonitorArgs(raw: Record<string, unknown>): CheckResult<MonitorInputs> {
  const { args, failures } = normalizeMonitorArgs(raw);
  const warnings: string[] = [];
  failures.push(...schemaFailures(MONITOR, MonitorInputs, args), ...crossFieldFailures(args));
  if (typeof args.type === "string" && !isUnknown(args.type) && !(KNOWN_TYPES as readonly string[]).includes(args.type)) {
    warnings.push(`type ${show(args.type)} is not one the API document lists (${KNOWN_TYPES.join(", ")}); it is sent as written`);
  }
  return { inputs: sortSets(MONITOR, checkedInputs(MONITOR, args)), failures, warnings };
}
