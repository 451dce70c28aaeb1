// The test tiers a mutation run can see (scripts/mutation.sh): unit and integration run in Jest's
// own process, where StrykerJS switches mutants on. The e2e tier runs the package's compiled copy in
// processes the engine starts, out of its reach. Left out too: the type tests, which compile programs
// with tsc (StrykerJS's instrumented sources are not meant to type-check). Jest looks for tests and
// the files they import under the source folders only, not the whole sandbox StrykerJS copies.
const base = require("../../jest.config.js");

/** @type {import('jest').Config} */
module.exports = {
  rootDir: "../..",
  projects: base.projects
    .filter((p) => p.displayName !== "e2e")
    .map((p) => ({
      ...p,
      rootDir: "../..",
      roots: ["<rootDir>/tests", "<rootDir>/provider", "<rootDir>/sdk", "<rootDir>/emulator"],
      testPathIgnorePatterns: ["/node_modules/", "tests/integration/sdk/types\\.test\\.ts$", "generated-sdks\\.test\\.ts$"],
    })),
};
