// Says, without --debug, that a run is being paced to the service's rate limit: once when it
// begins, then every so often as it goes (the pace, what waits, about how long is left), and a
// summary once the requests have drained. A run that spends its time throttled is never silent.
import type { RequestScheduler, SchedulerState } from "./scheduler";

export interface PacingLog {
  info(message: string): void;
}

/** Progress lines this often while paced. @default 10000 */
const EVERY_MS = 10_000;
/** Requests drained for this long: the paced stretch is over. */
const IDLE_MS = 3000;

const perSecond = (rate: number) => (rate >= 10 ? rate.toFixed(0) : rate.toFixed(1));
const seconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;

export class PacingReport {
  private timer: NodeJS.Timeout | undefined;
  private begun: { at: number; sent: number; throttled: number } | undefined;
  private lastLineAt = 0;
  private idleSince: number | undefined;
  /** When the last paced stretch ended (its summary). */
  private endedAt = -Infinity;

  constructor(
    private readonly scheduler: RequestScheduler,
    private readonly log: PacingLog,
  ) {}

  /** Called with every request: watches the scheduler until its requests drain. Never keeps the process alive. */
  watch(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), 1000);
    this.timer.unref();
  }

  /** One look at the scheduler; public so that tests can drive it in simulated time. */
  tick(now: number = this.scheduler.clock.now()): void {
    const state = this.scheduler.state();
    if (!this.begun) {
      if (state.lastPacedAt === undefined || state.lastPacedAt <= this.endedAt) return this.stopIfIdle(state);
      this.begun = { at: now, sent: state.sent, throttled: state.throttled };
      this.line(now, `uptime: the service limits requests (${state.reason ?? "its answers"}): ${this.progress(state, now)}`);
      return;
    }
    const busy = state.waiting > 0 || state.inFlight > 0;
    if (busy) this.idleSince = undefined;
    else this.idleSince ??= now;
    if (this.idleSince !== undefined && now - this.idleSince >= IDLE_MS) {
      const sent = state.sent - this.begun.sent;
      const throttled = state.throttled - this.begun.throttled;
      const took = Math.max(1, this.idleSince - this.begun.at);
      const share = sent > 0 ? ((100 * throttled) / sent).toFixed(1) : "0";
      this.line(
        now,
        `uptime: paced ${sent} requests in ${seconds(took)} (${perSecond((sent * 1000) / took)}/s); ` +
          `${throttled} answered 429 Too Many Requests (${share}%)`,
      );
      this.begun = undefined;
      this.idleSince = undefined;
      this.endedAt = now;
      return this.stop();
    }
    if (busy && now - this.lastLineAt >= EVERY_MS) {
      this.line(now, `uptime: ${this.progress(state, now)}; ${state.sent} sent so far, ${state.throttled} answered 429`);
    }
  }

  /** "pacing to 9.6/s; 31 waiting, 200 resources to come, about 24 s left" */
  private progress(state: SchedulerState, now: number): string {
    const pace = Number.isFinite(state.rate) ? `pacing to ${perSecond(state.rate)}/s` : "waiting as the service asks";
    const ahead = state.waiting + state.inFlight + state.announced;
    const toCome = state.announced > 0 ? `, ${state.announced} more resources announced` : "";
    const pause = Math.max(0, state.pausedUntil - now);
    const eta = Number.isFinite(state.rate) ? `, about ${seconds(pause + (ahead * 1000) / state.rate)} left` : "";
    return `${pace}; ${state.waiting} requests waiting${toCome}${eta}`;
  }

  private line(now: number, text: string): void {
    this.lastLineAt = now;
    this.log.info(text);
  }

  private stopIfIdle(state: SchedulerState): void {
    if (state.waiting === 0 && state.inFlight === 0) this.stop();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
