// The direction of imports (CONTRIBUTING.md, Layout), read from the sources; type-only imports count too,
// since a type names a dependency.
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

/** Every relative import of every .ts file under `folder`, as a path from the repository root. */
const importsUnder = (folder: string): { file: string; target: string }[] =>
  fs.globSync(`${folder}/**/*.ts`, { cwd: ROOT }).flatMap((file) =>
    [...read(file).matchAll(/(?:from|require\(|import\()\s*"(\.[^"]+)"/g)].map((m) => ({
      file,
      target: path.join(path.dirname(file), m[1]),
    })),
  );

const outside = (imports: { file: string; target: string }[], allowed: (target: string) => boolean) =>
  imports.filter((i) => !allowed(i.target)).map((i) => `${i.file} imports ${i.target}`);

test("provider/api/ imports of the provider only the records the model derives: the model shapes bodies and records, the client sends and reads them", () => {
  expect(outside(importsUnder("provider/api"), (t) => t.startsWith("provider/api/") || t === "provider/model/records")).toEqual([]);
});

test("provider/model/ imports only itself and the comparisons: validation and the lifecycles build on it", () => {
  expect(outside(importsUnder("provider/model"), (t) => t.startsWith("provider/model/") || t === "provider/compare")).toEqual([]);
});

// The SDK reaches the provider's public surface: the tables, the checks a program runs itself, the lookup
// and the release. Its one reach further, left for now: sdk/identity.ts confirms the create journal's note
// once the engine saved a monitor, which only the program sees (the host has no hook after the save).
const SDK_MAY_IMPORT = [/^provider\/model\//, /^provider\/validation\//, /^provider\/webhooks$/, /^provider\/release$/];
const SDK_STILL_REACHES = ["sdk/identity.ts imports provider/journal", "sdk/identity.ts imports provider/config"];

test("sdk/ imports of the provider are its public surface only", () => {
  const imports = importsUnder("sdk").filter((i) => i.target.startsWith("provider/"));
  expect(imports.length).toBeGreaterThan(0);
  expect(outside(imports, (t) => SDK_MAY_IMPORT.some((p) => p.test(t)))).toEqual(SDK_STILL_REACHES);
});

test("provider/plugin/ calls the provider objects by their own type (providers.ts HostedProvider), with no cast through unknown", () => {
  expect(fs.globSync("provider/plugin/*.ts", { cwd: ROOT }).filter((file) => /\bas unknown as\b/.test(read(file)))).toEqual([]);
});
