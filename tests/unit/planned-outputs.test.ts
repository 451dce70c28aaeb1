// A resource's outputs at preview (engine.plannedOutputs): declared values the service keeps as given, the
// engine's unknown for what the service decides, so a program never reads a value a preview made up.
import { plannedOutputs } from "../../provider/model/engine";
import { UNKNOWN } from "../../provider/model/values";
import { MONITOR } from "../../provider/model/monitor";
import { PAGE } from "../../provider/model/page";
import { checkedMonitor } from "../helpers/checked";

const declared = () =>
  checkedMonitor({ name: "api", type: "https", target: "https://api.example.com", regions: [2, 1], interval: 60, followRedirects: true });

test("a creation: declared values under their output names, the uuid, timestamps, renamed and undeclared fields unknown", () => {
  const planned = plannedOutputs(MONITOR, declared(), {}, "all");
  expect(planned).toMatchObject({ name: "api", type: "https", target: "https://api.example.com", regions: [1, 2] });
  // The record's intervalId and httpFollowRedirects hold the service's value, known after the request.
  const unknown = "intervalId httpFollowRedirects uuid createdAt updatedAt description alerts httpRequest maintenance".split(" ");
  expect(planned).toMatchObject(Object.fromEntries(unknown.map((key) => [key, UNKNOWN])));
  expect(planned.declaredFields).toEqual(["name", "type", "target", "followRedirects", "interval", "regions"]);
  expect(planned).not.toHaveProperty("interval");
});

test("an edit: the state kept, each changed field planned, the uuid and creation time kept, updatedAt unknown", () => {
  const state = {
    uuid: "u-1",
    name: "api",
    type: "https",
    target: "https://api.example.com",
    intervalId: 60,
    createdAt: "t0",
    updatedAt: "t1",
  };
  const news = { ...declared(), name: "api v2", interval: 300 };
  const planned = plannedOutputs(MONITOR, news, state, ["name", "interval"]);
  expect(planned).toMatchObject({ uuid: "u-1", createdAt: "t0", name: "api v2", target: "https://api.example.com" });
  expect([planned.intervalId, planned.updatedAt]).toEqual([UNKNOWN, UNKNOWN]);
});

test("a page taken over: its uuid is the declared one, known before the request", () => {
  const uuid = "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01";
  const planned = plannedOutputs(PAGE, { uuid, title: "Status" }, {}, "all");
  expect(planned).toMatchObject({ uuid, title: "Status", createdAt: UNKNOWN });
});
