// A monitor's current status. The document names the states (Up, Degraded, Disrupted, Down,
// Maintenance) but shows no field that carries one, so the status lives beside the records in the
// store (default Up), is set through the admin API only, and never appears in a /v1 record.

import { ValidationError } from "./errors";

export const MONITOR_STATUSES = ["Up", "Degraded", "Disrupted", "Down", "Maintenance"] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

/** A monitor nobody has set a status for is Up. */
export const DEFAULT_STATUS: MonitorStatus = "Up";

/** How bad a status is for a page's headline: a page shows the worst of its monitors. */
const SEVERITY: Record<MonitorStatus, number> = { Up: 0, Maintenance: 1, Degraded: 2, Disrupted: 3, Down: 4 };

export function worstStatus(statuses: readonly MonitorStatus[]): MonitorStatus {
  return statuses.reduce<MonitorStatus>((worst, s) => (SEVERITY[s] > SEVERITY[worst] ? s : worst), DEFAULT_STATUS);
}

/** Accepts a state name in any letter case ("down", "DOWN") and answers it as the document spells it. */
export function parseStatus(value: unknown, field = "status"): MonitorStatus {
  const found = typeof value === "string" ? MONITOR_STATUSES.find((s) => s.toLowerCase() === value.toLowerCase()) : undefined;
  if (found === undefined) {
    throw new ValidationError(field, `expected one of ${MONITOR_STATUSES.join(", ")}, got ${JSON.stringify(value) ?? "nothing"}`);
  }
  return found;
}
