// Request bodies, in the spelling this client sends: the request-table names of the API document
// (`followRedirects`, `interval`), option objects in camel case. `null` clears a field in an edit.
import type { HttpRequest, HttpResponse, Maintenance, TcpOptions } from "./schemas";

type Clearable<T> = { [K in keyof T]?: T[K] | null };

export interface MonitorRequestBody {
  name?: string;
  title?: string | null;
  type?: string;
  urn?: string;
  followRedirects?: boolean | null;
  timeout?: number | null;
  interval?: number;
  regions?: number[];
  description?: string | null;
  groups?: string[] | null;
  /** Create only: the edit endpoint does not take `alerts`. */
  alerts?: string[];
  degradedThreshold?: number | null;
  apdexThreshold?: number | null;
  httpRequest?: HttpRequest | null;
  httpResponse?: HttpResponse | null;
  tcpOptions?: TcpOptions | null;
  maintenance?: Maintenance | null;
}

export interface PageFields {
  name: string;
  title: string;
  slug: string;
  customDomain: string;
  useGroups: boolean;
  items: string[];
  description: string;
  /** Base64 of the image bytes. */
  logoFileBase64: string;
  faviconFileBase64: string;
  googleAnalitycsId: string;
}
export type PageRequestBody = Clearable<PageFields>;

export interface AlertFields {
  name: string;
  up: boolean;
  degraded: boolean;
  disrupted: boolean;
  down: boolean;
  maintenance: boolean;
  recipients: { type: string; target: string }[];
}
export type AlertRequestBody = Clearable<AlertFields>;
