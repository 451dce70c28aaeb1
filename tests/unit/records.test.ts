// The service's records derive from the tables (model/records.ts): each field read under its record name with
// its type's schema, so a new table field is validated without a second list. Wire quirks: client-errors.
import type { z } from "zod";
import { AlertRecord, MonitorRecord, PageRecord } from "../../provider/model/records";
import { namesOf, type SchemaType } from "../../provider/model/field";
import { TABLES } from "../../provider/model/tables";

const RECORDS: Record<keyof typeof TABLES, z.ZodType> = { monitor: MonitorRecord, page: PageRecord, alert: AlertRecord };

/** A value no schema of `type` takes. */
const wrong = (type: SchemaType): unknown => ("type" in type && type.type === "boolean" ? 12345 : true);

test.each(Object.keys(TABLES) as (keyof typeof TABLES)[])("every %s field is read under its record name, as its type", (kind) => {
  const fields = TABLES[kind].fields.filter((f) => !f.inPath);
  expect(fields.length).toBeGreaterThan(0);
  for (const field of fields) {
    const record = namesOf(field).record;
    const parsed = RECORDS[kind].safeParse({ uuid: "u-1", [record]: wrong(field.type) });
    expect(parsed.success ? "accepted" : parsed.error.issues.map((i) => i.path.join("."))).toEqual([record]);
    expect(RECORDS[kind].safeParse({ uuid: "u-1", [record]: null }).success).toBe(true);
  }
  expect(RECORDS[kind].safeParse({ uuid: "" }).success).toBe(false);
  expect(RECORDS[kind].safeParse({ uuid: "u-1", notInTheTable: [1] })).toEqual({
    success: true,
    data: { uuid: "u-1", notInTheTable: [1] },
  });
});

test("a whole number written as a string is read as the number; anything else names the field", () => {
  const days = (value: unknown) => ({ uuid: "u-1", maintenance: { days: [value] } });
  expect(MonitorRecord.parse({ uuid: "u-1", intervalId: "60", maintenance: { days: ["6"] } })).toMatchObject({
    intervalId: 60,
    maintenance: { days: [6] },
  });
  for (const bad of ["abc", "", "6.5", 6.5]) {
    expect([bad, MonitorRecord.safeParse({ uuid: "u-1", intervalId: bad }).error?.issues[0].path]).toEqual([bad, ["intervalId"]]);
    expect([bad, MonitorRecord.safeParse(days(bad)).error?.issues[0].path]).toEqual([bad, ["maintenance", "days", 0]]);
  }
  expect(MonitorRecord.safeParse({ uuid: "u-1", regions: [1.5] }).error?.issues[0].path).toEqual(["regions", 0]);
});

// The records' types, as the lifecycles read them (OutputsOf reads each field's type by record name).
type Is<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const typed: [
  Is<MonitorRecord["intervalId"], number | null | undefined>,
  Is<MonitorRecord["regions"], number[] | null | undefined>,
  Is<NonNullable<MonitorRecord["maintenance"]>["days"], number[] | null | undefined>,
  Is<PageRecord["logoFileBase64"], string | null | undefined>,
  Is<NonNullable<AlertRecord["recipients"]>[number]["uuid"], string | null | undefined>,
  Is<AlertRecord["uuid"], string>,
] = [true, true, true, true, true, true];
test("the records' types follow the tables' types", () => expect(typed).not.toContain(false));
