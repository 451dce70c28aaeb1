// sdk/generated.ts, the TypeScript classes' args and outputs, is written from the model by
// scripts/gen-sdk-types.ts: this fails when the checked-in file is stale, and shows that the check can.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { tempDir } from "../../helpers/images";

jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, "../../..");
const GENERATED = path.join(REPO, "sdk/generated.ts");
const check = (...args: string[]) =>
  execFileSync(path.join(REPO, "node_modules/.bin/ts-node"), ["--transpile-only", "scripts/gen-sdk-types.ts", "--check", ...args], {
    cwd: REPO,
    encoding: "utf8",
    stdio: "pipe",
  });

test("sdk/generated.ts is what scripts/gen-sdk-types.ts makes from the model today", () => {
  expect(() => check()).not.toThrow();
});

test("a hand edit of it is found stale (checked in a copy)", () => {
  const dir = tempDir("uptime-sdk-types-");
  try {
    const text = fs.readFileSync(GENERATED, "utf8");
    const copy = dir.file("generated.ts", text);
    expect(() => check("--file", copy)).not.toThrow();
    fs.writeFileSync(copy, text.replace("  readonly timeout: pulumi.Output<number | undefined>;\n", ""));
    expect(() => check("--file", copy)).toThrow(/generated\.ts is stale: run `npx ts-node --transpile-only scripts\/gen-sdk-types\.ts`/);
  } finally {
    dir.remove();
  }
});
