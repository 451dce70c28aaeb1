// Says without --debug that a run is paced to the service's limit: when it begins, every so often as it
// goes, and a summary once requests drain, so a throttled run is never silent. How many resources are
// left it cannot say: the engine hands over the next only as a --parallel slot frees up.
import type { RequestScheduler, SchedulerState } from "./scheduler";

/** Progress lines this often while paced. */
const EVERY_MS = 10_000;
/** Drained for this long: the paced stretch is over. */
const IDLE_MS = 3000;

const perSecond = (rate: number) => (rate >= 10 ? rate.toFixed(0) : rate.toFixed(1));
const seconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;

export class PacingReport {
  private timer: NodeJS.Timeout | undefined;
  private begun: { at: number; sent: number; throttled: number } | undefined;
  private lastLineAt = 0;
  private idleSince: number | undefined;
  private endedAt = -Infinity;

  constructor(
    private readonly scheduler: RequestScheduler,
    private readonly log: { info(message: string): void },
  ) {}

  /** Called with every request: watches until requests drain, never keeping the process alive. */
  watch(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), 1000);
    this.timer.unref();
  }

  /** Public: tests drive it in simulated time (the scheduler's clock). */
  tick(): void {
    const now = this.scheduler.clock.now();
    const state = this.scheduler.state();
    const busy = state.waiting > 0 || state.inFlight > 0;
    if (!this.begun) {
      if (state.lastPacedAt === undefined || state.lastPacedAt <= this.endedAt) {
        if (!busy) this.stop();
        return;
      }
      this.begun = { at: now, sent: state.sent, throttled: state.throttled };
      this.line(
        now,
        `uptime: the service limits requests (${state.reason ?? "its answers"}): ${this.pace(state)}; ${this.waiting(state, now)}`,
      );
      return;
    }
    if (busy) this.idleSince = undefined;
    else this.idleSince ??= now;
    const sent = state.sent - this.begun.sent;
    const throttled = state.throttled - this.begun.throttled;
    if (this.idleSince !== undefined && now - this.idleSince >= IDLE_MS) {
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
      this.line(
        now,
        `uptime: ${this.pace(state)}: ${sent} requests sent in ${seconds(now - this.begun.at)}, ` +
          `${throttled} answered 429; ${this.waiting(state, now)}`,
      );
    }
  }

  /** "pacing to 9.6/s (about 10 s per 100 requests)" */
  private pace(state: SchedulerState): string {
    if (!Number.isFinite(state.rate)) return "waiting as the service asks";
    return `pacing to ${perSecond(state.rate)}/s (about ${seconds(100_000 / state.rate)} per 100 requests)`;
  }

  /** "31 requests waiting, about 3 s for them" */
  private waiting(state: SchedulerState, now: number): string {
    const pause = Math.max(0, state.pausedUntil - now);
    const ahead = state.waiting + state.inFlight;
    const eta = Number.isFinite(state.rate) ? `, about ${seconds(pause + (ahead * 1000) / state.rate)} for them` : "";
    return `${state.waiting} requests waiting${eta}`;
  }

  private line(now: number, text: string): void {
    this.lastLineAt = now;
    this.log.info(text);
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
