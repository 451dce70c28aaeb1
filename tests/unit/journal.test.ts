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

test("confirm removes the entry only for the journal's uuid; forget with a key, that key's entry for the uuid, unread the others", () => {
  const j = new CreateJournal(dir, "s");
  j.put({ key: "k", state: "created", uuid: "u1" });
  j.confirm("k", "u2");
  expect(j.get("k")).toBeDefined();
  j.confirm("k", "u1");
  expect(j.get("k")).toBeUndefined();
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

test("a missing directory is made by a write, the first or one after it was removed; writes leave no temporary files", () => {
  const nested = path.join(dir, "a", "b");
  const j = new CreateJournal(nested, "s");
  expect(j.get("k")).toBeUndefined();
  j.forgetUuid("x"); // no directory yet: nothing to do, no error
  j.put({ key: "k", state: "posting" });
  j.put({ key: "k", state: "created", uuid: "u" });
  expect(fs.readdirSync(nested).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  expect(j.get("k")).toMatchObject({ state: "created", uuid: "u" });
  // Removed while the process runs: the next write, a monitor's or a fleet's, makes it again.
  fs.rmSync(nested, { recursive: true, force: true });
  j.put({ key: "k", state: "created", uuid: "u2" });
  expect(j.get("k")).toMatchObject({ uuid: "u2" });
  fs.rmSync(nested, { recursive: true, force: true });
  const notes = j.fleet("urn:f");
  notes.put({ key: "urn:f#a", state: "posting" });
  expect(notes.get("urn:f#a")).toMatchObject({ state: "posting" });
});

test("the journal lives in uptime:journalDir (or UPTIME_JOURNAL_DIR), else under PULUMI_HOME, else ~/.pulumi", () => {
  expect(journalDir(undefined, { UPTIME_JOURNAL_DIR: "/x/j" })).toBe("/x/j");
  expect(journalDir("/shared/j", { UPTIME_JOURNAL_DIR: "/x/j" })).toBe("/shared/j");
  expect(journalDir(undefined, { PULUMI_HOME: "/p" })).toBe(path.join("/p", "uptime-journal"));
  expect(journalDir(undefined, {})).toBe(path.join(os.homedir(), ".pulumi", "uptime-journal"));
});

describe("a fleet's notes: one log for all its members", () => {
  const urn = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/uptime:MonitorFleet::edge";
  const key = (name: string) => `${urn}#${name}`;

  test("notes are lines appended to one file; the last note of a key wins; a removal is a line too", () => {
    const notes = new CreateJournal(dir, "s").fleet(urn);
    notes.put({ key: key("a"), state: "posting", name: "a" });
    notes.put({ key: key("b"), state: "posting", name: "b" });
    notes.put({ key: key("a"), state: "created", uuid: "u-a", name: "a" });
    notes.remove(key("b"));
    expect(fs.readdirSync(dir)).toEqual([path.basename(notes.file)]);
    expect(fs.readFileSync(notes.file, "utf8").trim().split("\n")).toHaveLength(4);
    // Another process (a fresh reader) reads the same.
    const other = new CreateJournal(dir, "s").fleet(urn);
    expect(other.get(key("a"))).toMatchObject({ state: "created", uuid: "u-a" });
    expect(other.get(key("b"))).toBeUndefined();
    // Its own appends are seen here: the file changed size, so it is read again.
    other.put({ key: key("c"), state: "posting", name: "c" });
    expect(notes.get(key("c"))).toMatchObject({ state: "posting" });
    // Another service's address, or another fleet: another log.
    expect(new CreateJournal(dir, "t").fleet(urn).get(key("a"))).toBeUndefined();
    expect(new CreateJournal(dir, "s").fleet(`${urn}2`).get(key("a"))).toBeUndefined();
  });

  test("a line cut short by a kill is skipped: the member stays in doubt (its posting note), not lost", () => {
    const notes = new CreateJournal(dir, "s").fleet(urn);
    notes.put({ key: key("a"), state: "posting", name: "a" });
    fs.appendFileSync(notes.file, `{"key":"${key("a")}","state":"crea`);
    expect(new CreateJournal(dir, "s").fleet(urn).get(key("a"))).toMatchObject({ state: "posting" });
    // The next run's notes start on a line of their own.
    notes.put({ key: key("b"), state: "posting", name: "b" });
    expect(new CreateJournal(dir, "s").fleet(urn).get(key("b"))).toMatchObject({ state: "posting" });
  });

  test("confirm drops the notes of the members the engine holds (same uuid), rewriting the log once; an empty log is deleted", () => {
    const notes = new CreateJournal(dir, "s").fleet(urn);
    for (const n of ["a", "b", "c"]) notes.put({ key: key(n), state: "created", uuid: `u-${n}`, name: n });
    notes.confirm([
      [key("a"), "u-a"],
      [key("b"), "other"], // a replacement's uuid: b's note is another monitor's, kept
    ]);
    expect(fs.readFileSync(notes.file, "utf8").trim().split("\n")).toHaveLength(2);
    expect(notes.get(key("a"))).toBeUndefined();
    expect(notes.get(key("b"))).toMatchObject({ uuid: "u-b" });
    notes.confirm([
      [key("b"), "u-b"],
      [key("c"), "u-c"],
    ]);
    expect(fs.readdirSync(dir)).toEqual([]);
    notes.confirm([[key("a"), "u-a"]]); // nothing there: nothing to do
    notes.remove(key("a"));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test("forgetUuid removes every entry naming a deleted monitor, a monitor's own and a fleet's note, and nothing else", () => {
    const j = new CreateJournal(dir, "s");
    const notes = j.fleet(urn);
    j.put({ key: "k1", state: "created", uuid: "gone" });
    j.put({ key: "k2", state: "created", uuid: "kept" });
    notes.put({ key: key("a"), state: "created", uuid: "gone", name: "a" });
    notes.put({ key: key("b"), state: "created", uuid: "kept", name: "b" });
    j.forgetUuid("gone");
    expect([j.get("k1"), notes.get(key("a"))]).toEqual([undefined, undefined]);
    expect([j.get("k2"), notes.get(key("b"))]).toMatchObject([{ uuid: "kept" }, { uuid: "kept" }]);
    j.forgetUuid("kept");
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
