// The order test files start in: the longest e2e files first, so that none starts late and holds the
// run up alone at its end. Jest knows each file's time only from its cache, on a machine that ran the
// tier before; on a fresh one (CI) it starts the largest files first, and the rate-limit and Quick start
// files, short but long-waiting, started among the last. Listed: the e2e files, longest first, by the
// seconds each took in a full run (scripts/test.sh prints them). A file not listed starts after them,
// in Jest's own order (its cache, else size).
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
