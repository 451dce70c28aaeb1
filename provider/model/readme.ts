// Which generated table goes between which markers (in README.md or a file under docs/: scripts/doc-tables.ts
// finds the file): each resource's inputs, the settings, and each setting by command and variable.
import { configurationTable, inputsTable, settingsTable } from "./docs";
import { ALL_TABLES } from "./tables";

export const README_TABLES = (): Record<string, string> => ({
  ...Object.fromEntries(ALL_TABLES.map((spec) => [`${spec.typeName} inputs`, inputsTable(spec)])),
  settings: settingsTable(),
  configuration: configurationTable(),
});
