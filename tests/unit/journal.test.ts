import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { CreateJournal, journalDir } from "../../provider/journal";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-journal-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test("an entry is read back by its key, and only within its service's scope", () => {
  const a = new CreateJournal(dir, "https://a.example/v1");
  const b = new CreateJournal(dir, "https://b.example/v1");
  a.put({ key: "proj/dev/api", state: "created", uuid: "u1", name: "API" });
  expect(a.get("proj/dev/api")).toMatchObject({ key: "proj/dev/api", state: "created", uuid: "u1" });
  expect(b.get("proj/dev/api")).toBeUndefined();
  expect(a.get("proj/dev/other")).toBeUndefined();
});

test("confirm removes the entry only when the engine holds the journal's uuid", () => {
  const j = new CreateJournal(dir, "s");
  j.put({ key: "k", state: "created", uuid: "u1" });
  j.confirm("k", "u2");
  expect(j.get("k")).toBeDefined();
  j.confirm("k", "u1");
  expect(j.get("k")).toBeUndefined();
});

test("forgetUuid removes every entry naming a deleted monitor, and nothing else", () => {
  const j = new CreateJournal(dir, "s");
  j.put({ key: "k1", state: "created", uuid: "gone" });
  j.put({ key: "k2", state: "created", uuid: "kept" });
  j.forgetUuid("gone");
  expect(j.get("k1")).toBeUndefined();
  expect(j.get("k2")).toMatchObject({ uuid: "kept" });
});

test("forget with the resource's key removes that key's entry for the uuid, without reading the others", () => {
  const j = new CreateJournal(dir, "s");
  j.put({ key: "k1", state: "created", uuid: "gone" });
  j.put({ key: "k2", state: "created", uuid: "gone" }); // never so in practice: shows that k2 was not read
  j.put({ key: "k3", state: "created", uuid: "new" });
  j.forget("gone", "k1");
  j.forget("gone", "k3"); // k3 names another monitor (a replacement's): kept
  expect(j.get("k1")).toBeUndefined();
  expect(j.get("k2")).toMatchObject({ uuid: "gone" });
  expect(j.get("k3")).toMatchObject({ uuid: "new" });
  j.forget("gone");
  expect(j.get("k2")).toBeUndefined();
});

test("writes leave no temporary files, and a missing directory is created on the first write", () => {
  const nested = path.join(dir, "a", "b");
  const j = new CreateJournal(nested, "s");
  expect(j.get("k")).toBeUndefined();
  j.forgetUuid("x"); // no directory yet: nothing to do, no error
  j.put({ key: "k", state: "posting" });
  j.put({ key: "k", state: "created", uuid: "u" });
  expect(fs.readdirSync(nested).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  expect(j.get("k")).toMatchObject({ state: "created", uuid: "u" });
});

test("the journal lives in uptime:journalDir (or UPTIME_JOURNAL_DIR), else under PULUMI_HOME, else ~/.pulumi", () => {
  expect(journalDir(undefined, { UPTIME_JOURNAL_DIR: "/x/j" })).toBe("/x/j");
  expect(journalDir("/shared/j", { UPTIME_JOURNAL_DIR: "/x/j" })).toBe("/shared/j");
  expect(journalDir(undefined, { PULUMI_HOME: "/p" })).toBe(path.join("/p", "uptime-journal"));
  expect(journalDir(undefined, {})).toBe(path.join(os.homedir(), ".pulumi", "uptime-journal"));
});
