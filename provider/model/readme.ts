// Which generated table goes between which markers (in README.md or a file under docs/: scripts/doc-tables.ts
// finds the file): each resource's inputs, the settings, and each setting by command and variable.
import { accountArgsTable, configurationTable, fleetInputsTable, inputsTable, outputsTable, settingsTable, webhooksTable } from "./docs";
import { ALL_TABLES } from "./tables";

export const README_TABLES = (): Record<string, string> => ({
  ...Object.fromEntries(ALL_TABLES.map((spec) => [`${spec.typeName} inputs`, inputsTable(spec)])),
  ...Object.fromEntries(["Monitor", "Page", "Alert", "MonitorFleet"].map((name) => [`${name} outputs`, outputsTable(name)])),
  "MonitorFleet inputs": fleetInputsTable(),
  "Account args": accountArgsTable(),
  getWebhooks: webhooksTable(),
  settings: settingsTable(),
  configuration: configurationTable(),
});
