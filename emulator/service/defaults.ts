// `fillDefaults`: the emulator as a service that fills what a request leaves out. The document says
// that option objects not supplied are returned as null, and nothing about the keys a supplied one
// leaves out, nor about optional scalars: a service may return its defaults for them. With the
// option on, a supplied option object gets every key it left out, and a created monitor gets its
// optional scalars, as such a service would store them.
import type { HttpRequestOptions, HttpResponseOptions, Maintenance, MonitorData, TcpOptions } from "../types";
import type { MonitorFields } from "./validate-monitor";

const OPTION_DEFAULTS = {
  httpRequest: { method: "GET", headers: [], body: "" } satisfies HttpRequestOptions,
  httpResponse: {
    status: [],
    statusMatches: true,
    keywordHeader: "",
    keywordHeaderExists: false,
    keywordBody: "",
    keywordBodyExists: false,
  } satisfies HttpResponseOptions,
  tcpOptions: { dataRequest: "", keywordResponse: "", keywordResponseExists: false } satisfies TcpOptions,
  maintenance: { days: [], times: [], timeZone: "UTC" } satisfies Maintenance,
} as const;

/** Optional scalars of a created monitor that the request left out. */
const CREATE_DEFAULTS: Partial<MonitorData> = { title: "", description: "", httpFollowRedirects: false };

type OptionKey = keyof typeof OPTION_DEFAULTS;

/** Fills the left-out keys of each option object present in `fields` (a create or an edit), in place. */
export function fillOptionDefaults(fields: Partial<MonitorFields>): void {
  for (const key of Object.keys(OPTION_DEFAULTS) as OptionKey[]) {
    const value = fields[key] as Record<string, unknown> | null | undefined;
    if (!value) continue;
    const defaults = OPTION_DEFAULTS[key] as Record<string, unknown>;
    for (const [inner, fallback] of Object.entries(defaults)) {
      if (value[inner] === null || value[inner] === undefined) value[inner] = Array.isArray(fallback) ? [] : fallback;
    }
  }
}

/** A new monitor's fields with every default a filling service would store. */
export function fillCreateDefaults(fields: MonitorFields): MonitorFields {
  const out = { ...fields } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(CREATE_DEFAULTS)) if (out[key] === null) out[key] = fallback;
  fillOptionDefaults(out as Partial<MonitorFields>);
  return out as MonitorFields;
}
