// What a paced run says without --debug (provider/api/pacing-report.ts), in simulated time: a line as pacing
// begins, one every 10 s while requests wait, a summary as they drain; nothing if the service never slowed.
import { PacingReport } from "../../provider/api/pacing-report";
import { RequestScheduler } from "../../provider/api/scheduler";
import { SimClock, limitedService, runFleet } from "../helpers/pacing-sim";

async function reported(args: { n: number; rps: number }): Promise<{ lines: string[]; at: number[] }> {
  const clock = new SimClock();
  const scheduler = new RequestScheduler({}, clock);
  const lines: string[] = [];
  const at: number[] = [];
  const report = new PacingReport(scheduler, { info: (line) => (lines.push(line), at.push(clock.now())) });
  const fleet = runFleet({ clock, scheduler, n: args.n, parallel: 32, serve: limitedService(clock, { rps: args.rps }) });
  // The report looks once a second, as its real timer does.
  let doneAt: number | undefined;
  const tick = () => {
    report.tick();
    if (fleet.done()) doneAt ??= clock.now();
    if (doneAt === undefined || clock.now() < doneAt + 10_000) clock.after(1000, tick);
  };
  clock.after(1000, tick);
  await clock.run(() => false);
  await fleet.result;
  return { lines, at };
}

test("a paced run: the start, the pace and what it means in time, progress every 10 s, and a summary", async () => {
  const { lines, at } = await reported({ n: 300, rps: 10 });
  expect(lines[0]).toMatch(
    /^uptime: the service limits requests \(429 Too Many Requests\): pacing to \d\.\d\/s \(about 1\d s per 100 requests\); \d+ requests waiting, about \d+ s for them$/,
  );
  const progress = lines.slice(1, -1);
  expect(progress.length).toBeGreaterThanOrEqual(2);
  for (const line of progress) {
    expect(line).toMatch(
      /^uptime: pacing to \d+(\.\d)?\/s \(about \d+ s per 100 requests\): \d+ requests sent in \d+ s, \d+ answered 429; \d+ requests waiting, about \d+ s for them$/,
    );
  }
  for (let i = 2; i < at.length - 1; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(10_000);
  expect(lines.at(-1)).toMatch(/^uptime: paced \d+ requests in \d+ s \(\d+(\.\d)?\/s\); \d+ answered 429 Too Many Requests \(\d+\.\d%\)$/);
  // What the first line says 100 requests take is within a fifth of what they took.
  const per100 = Number(/about (\d+) s per 100/.exec(lines[0])![1]);
  const [sent, took] = /paced (\d+) requests in (\d+) s/.exec(lines.at(-1)!)!.slice(1).map(Number);
  expect(Math.abs(per100 - (100 * took) / sent) / per100).toBeLessThan(0.2);
});

test("a run the service never slowed says nothing", async () => {
  const { lines } = await reported({ n: 100, rps: 1000 });
  expect(lines).toEqual([]);
});
