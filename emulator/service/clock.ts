// Timestamps: stored as epoch milliseconds, rendered as RFC 3339 with a millisecond fraction,
// either in UTC ("Z") or shifted to a fixed numeric offset ("+02:00") for the same instant.

const OFFSET_PATTERN = /^([+-])(\d{2}):(\d{2})$/;

/** Minutes east of UTC for "+HH:MM"/"-HH:MM"; null for "Z" or undefined. Throws on anything else. */
export function parseOffset(offset: string | undefined): number | null {
  if (offset === undefined || offset === "Z") return null;
  const match = OFFSET_PATTERN.exec(offset);
  if (!match) throw new Error(`timestampOffset "${offset}": expected +HH:MM or -HH:MM`);
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 23 || minutes > 59) throw new Error(`timestampOffset "${offset}": out of range`);
  return (match[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
}

export class Clock {
  private readonly offsetMinutes: number | null;

  constructor(private readonly offset?: string) {
    this.offsetMinutes = parseOffset(offset);
  }

  now(): number {
    return Date.now();
  }

  /** e.g. 2026-11-22T01:41:53.123Z, or 2026-11-22T03:41:53.123+02:00 with offset "+02:00". */
  format(ms: number): string;
  format(ms: number | null): string | null;
  format(ms: number | null): string | null {
    if (ms === null) return null;
    if (this.offsetMinutes === null) return new Date(ms).toISOString();
    const shifted = new Date(ms + this.offsetMinutes * 60_000).toISOString();
    return shifted.slice(0, -1) + (this.offset as string);
  }
}
