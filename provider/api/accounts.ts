// One scheduler per account (origin and credential) and process: the service limits requests per key,
// so every client of a key shares one pace. And what a 429 means: wait the next turn, or fail.
import { createHash } from "node:crypto";
import { RateLimitError, type ApiError, type SettingNames } from "./errors";
import { PacingReport } from "./pacing-report";
import { RequestScheduler, type SchedulerSettings } from "./scheduler";

const schedulers = new Map<string, RequestScheduler>();

/** The scheduler of the account at `origin` whose requests carry `authorization`; made on first use. */
export function accountScheduler(
  origin: string,
  authorization: string,
  settings: Partial<SchedulerSettings>,
  log: { info(message: string): void },
): RequestScheduler {
  // Keyed by a digest: the map outlives the client, and need not hold the credential.
  const key = `${origin}|${createHash("sha256").update(authorization).digest("hex")}`;
  let scheduler = schedulers.get(key);
  if (!scheduler) {
    scheduler = new RequestScheduler();
    scheduler.watcher = new PacingReport(scheduler, log);
    schedulers.set(key, scheduler);
  }
  scheduler.configure(settings);
  return scheduler;
}

export const resetAccountSchedulers = (): void => schedulers.clear();

const secondsText = (ms: number) => `${Math.round(ms / 1000)} s`;

/** The request the service refused, or one not sent (`method` and `path` alone). */
type Refused = Pick<ApiError, "method" | "path"> & Partial<ApiError>;

function refusal({ method, path, code, serviceMessage = "not sent", bodyKind }: Refused, hint: string): RateLimitError {
  return new RateLimitError({ method, path, status: 429, code, serviceMessage, bodyKind, hint });
}

/** The service asks for a wait longer than a run may: the error of the request it refused, or of one not sent. */
export function tooLongError(scheduler: RequestScheduler, askedMs: number, request: Refused, names: SettingNames): RateLimitError {
  const setting = names.name("rateLimitWaitSeconds");
  const hint =
    `the service asks to wait ${secondsText(askedMs)} (Retry-After) before it takes more requests, longer than ` +
    `${setting} (${scheduler.maxWaitMs / 1000}) lets a run wait: run the command again after that wait, or raise ` +
    `${setting} above it`;
  return refusal(request, hint);
}

/**
 * After a 429: when the next turn comes. Throws when the service asks for a wait longer than
 * uptime:rateLimitWaitSeconds (the scheduler then fails every request), or once refused that long.
 */
export function nextTurnAfter429(scheduler: RequestScheduler, error: ApiError, throttledSince: number, names: SettingNames): string {
  const budgetMs = scheduler.maxWaitMs;
  const waited = scheduler.clock.now() - throttledSince;
  const asked = error.retryAfterMs;
  if (asked !== undefined && asked > budgetMs) throw tooLongError(scheduler, asked, error, names);
  if (waited + (asked ?? 0) > budgetMs) {
    const state = scheduler.state();
    const pace = Number.isFinite(state.rate) ? `${state.rate.toFixed(2)} requests/s` : "the service's Retry-After";
    const hint =
      `the service kept refusing it for ${secondsText(waited)}, and ${names.name("rateLimitWaitSeconds")} (${budgetMs / 1000}) allows no more; ` +
      `requests were paced to ${pace} with up to ${state.peakDemand} asked at once (pulumi's --parallel). Another client may be ` +
      `using this key's limit: raise ${names.name("rateLimitWaitSeconds")} to wait longer`;
    throw refusal(error, hint);
  }
  return asked === undefined ? "after a backoff" : `in ${(asked / 1000).toFixed(1)} s (Retry-After)`;
}
