// PULUMI_SKIP_CHECKPOINTS as the engine reads it, and the refusal's wording: in full once per run.
import { resetSkipCheckpointsNotice, skipCheckpointsRefusal, skipsCheckpoints } from "../../provider/monitor-safety";

test.each([
  [true, ["true", "TRUE", "1"]],
  [false, ["false", "0", "yes", "", undefined]],
])("PULUMI_SKIP_CHECKPOINTS is %s, as the engine reads it, for %j", (expected, values) => {
  for (const value of values)
    expect([value, skipsCheckpoints(value === undefined ? {} : { PULUMI_SKIP_CHECKPOINTS: value })]).toEqual([value, expected]);
});

test("the first refusal of a run says why and what to do; later ones point to it", () => {
  resetSkipCheckpointsNotice();
  const first = skipCheckpointsRefusal("api");
  expect(first).toMatch(/^monitor "api": creating it is refused while PULUMI_SKIP_CHECKPOINTS is set: the engine then saves/);
  expect(first).toContain("Nothing was sent. Run this update without PULUMI_SKIP_CHECKPOINTS");
  const second = skipCheckpointsRefusal("db", "replacing it (its alerts changed)");
  expect(second).toBe(
    'monitor "db": replacing it (its alerts changed) is refused while PULUMI_SKIP_CHECKPOINTS is set (see the first such message); nothing was sent',
  );
});
