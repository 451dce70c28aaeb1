// Which generated table goes between which markers (in README.md or a file under docs/: scripts/doc-tables.ts).
import { accountArgsTable, configurationTable, inputsTable, propertiesTable, settingsTable, webhooksTable } from "./docs";
import { ALL_TABLES } from "./tables";
import { TYPE_NAMES } from "./kinds";

export const README_TABLES = (): Record<string, string> => ({
  ...Object.fromEntries(ALL_TABLES.map((spec) => [`${spec.typeName} inputs`, inputsTable(spec)])),
  ...Object.fromEntries(Object.values(TYPE_NAMES).map((name) => [`${name} outputs`, propertiesTable(name, "outputs")])),
  "MonitorFleet inputs": propertiesTable("MonitorFleet", "inputs"),
  "Account args": accountArgsTable(),
  getWebhooks: webhooksTable(),
  settings: settingsTable(),
  configuration: configurationTable(),
});
