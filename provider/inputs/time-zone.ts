// IANA time zone names, as the runtime's ICU data knows them (e.g. Europe/Paris, America/New_York, UTC).
let known: Set<string> | undefined;

/** True for a time zone name the runtime can use; names are case-sensitive, as in the IANA database. */
export function isTimeZone(name: unknown): boolean {
  if (typeof name !== "string" || name.length === 0 || name.length > 64) return false;
  // ICU also takes UTC offsets such as "+05:00": not a zone name, and not what the API describes.
  if (/^[+-]/.test(name)) return false;
  known ??= new Set(Intl.supportedValuesOf("timeZone"));
  if (known.has(name)) return true;
  try {
    // Links such as "UTC" or "Asia/Calcutta" are valid but not always listed: accept what ICU resolves
    // to a zone without changing the spelling's case.
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved === name : /^[A-Z]/.test(name);
  } catch {
    return false;
  }
}
