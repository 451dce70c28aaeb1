// Which generated table goes between which markers of README.md.
import { ALERT } from "./alert";
import { inputsTable, settingsTable } from "./docs";
import { MONITOR } from "./monitor";
import { PAGE } from "./page";

export const README_TABLES = (): Record<string, string> => ({
  "Monitor inputs": inputsTable(MONITOR),
  "Page inputs": inputsTable(PAGE),
  "Alert inputs": inputsTable(ALERT),
  settings: settingsTable(),
});
