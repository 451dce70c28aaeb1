// Each kind's table: what the schema, the README, the SDK's types and the plugin walk.
import type { ResourceSpec } from "./field";
import { TABLE_KINDS, type TableKind } from "./kinds";
import { ALERT } from "./alert";
import { MONITOR } from "./monitor";
import { PAGE } from "./page";

export const TABLES: Readonly<Record<TableKind, ResourceSpec>> = { monitor: MONITOR, page: PAGE, alert: ALERT };

export const ALL_TABLES: readonly ResourceSpec[] = TABLE_KINDS.map((kind) => TABLES[kind]);
