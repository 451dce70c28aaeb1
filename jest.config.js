// Three projects, run in this order by scripts/test.sh: unit (no I/O), integration (real HTTP
// against the emulator on a loopback port), e2e (the real Pulumi engine against the emulator).
// ts-jest in transpile-only mode: types are checked once by `tsc -p tsconfig.test.json`, not per file.
const transform = { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json", diagnostics: false }] };
const common = { transform, testEnvironment: "node", moduleFileExtensions: ["ts", "js", "json"] };

/** @type {import('jest').Config} */
module.exports = {
  testSequencer: "<rootDir>/tests/helpers/sequencer.js",
  projects: [
    { ...common, displayName: "unit", testMatch: ["<rootDir>/tests/unit/**/*.test.ts"] },
    { ...common, displayName: "integration", testMatch: ["<rootDir>/tests/integration/**/*.test.ts"] },
    {
      ...common,
      displayName: "e2e",
      testMatch: ["<rootDir>/tests/e2e/**/*.test.ts"],
      slowTestThreshold: 120,
      // Fails a file whose engine runs printed one of Node's own warnings (tests/helpers/e2e-setup.ts).
      setupFilesAfterEnv: ["<rootDir>/tests/helpers/e2e-setup.ts"],
    },
  ],
};
