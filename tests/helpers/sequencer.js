// The longest e2e files start first, so that none starts late and holds the run up at its end (on a fresh
// machine Jest knows no file's time): listed by a full run's seconds; the others follow in Jest's order.
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

const LONGEST_FIRST = [
  "rate-limit",
  "releases",
  "reliability",
  "install",
  "readme-quickstart",
  "plugin-download",
  "matrix-options",
  "rate-limit-yaml",
  "fleet-resource",
  "matrix-cli",
  "accounts",
  "matrix-structure",
  "plugin-python",
  "plugin-yaml",
].map((name) => `${name}.test.ts`);

module.exports = class LongestFirst extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const i = LONGEST_FIRST.indexOf(path.basename(test.path));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the files not listed keep Jest's order among themselves.
    return super.sort(tests).sort((a, b) => rank(a) - rank(b));
  }
};
