// Which generated table goes between which markers of README.md: each resource's inputs, the settings.
import { inputsTable, settingsTable } from "./docs";
import { ALL_TABLES } from "./tables";

export const README_TABLES = (): Record<string, string> => ({
  ...Object.fromEntries(ALL_TABLES.map((spec) => [`${spec.typeName} inputs`, inputsTable(spec)])),
  settings: settingsTable(),
});
