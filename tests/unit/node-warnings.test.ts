// What the e2e tier counts as one of Node's own warnings in a run's output (tests/helpers/node-warnings.ts).
import { nodeWarningLines } from "../helpers/node-warnings";

test("Node's warning lines and values the engine prints as {<nil>}, a map or a list are found, and nothing else is", () => {
  const output = [
    "    pulumi:pulumi:Stack demo-dev running (node:4242) TimeoutNegativeWarning: -0.02 is a negative number.",
    "(node:7) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.",
    " +  pulumi-nodejs:dynamic/uptime:Monitor api created (0.41s)",
    'monitor "node:api": created 1f0e', // a name, not a warning
    "    error: uptime:index:MonitorFleet resource 'edge': property monitors.api.interval value {<nil>} has a problem: monitors.api.interval: expected a whole number of seconds",
    "    error: uptime:index:Monitor resource 'api': property interval value {1.5} has a problem: interval: expected a whole number of seconds",
    "    error: uptime:index:Page resource 'status': property logo value {map[path:{/p/logo.svg}]} has a problem: logo: no file",
    "    error: uptime:index:Monitor resource 'api': property interval value {[{60}]} has a problem: interval: expected a whole number",
  ].join("\n");
  expect(nodeWarningLines(output)).toEqual([
    "(node:4242) TimeoutNegativeWarning: -0.02 is a negative number.",
    "(node:7) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.",
    "property monitors.api.interval value {<nil>} has a problem: monitors.api.interval: expected a whole number of seconds",
    "property logo value {map[path:{/p/logo.svg}]} has a problem: logo: no file",
    "property interval value {[{60}]} has a problem: interval: expected a whole number",
  ]);
});
