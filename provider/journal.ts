// The create journal: what the provider knows about monitor creations that Pulumi may not have
// recorded. If the CLI is killed while a POST is in flight, the service may create the monitor while
// the checkpoint never learns its uuid; the API cannot list monitors, so without a note of the uuid
// the next `pulumi up` would create a duplicate. Each creation is noted here (by the resource's
// stable key) before the POST and completed with the uuid after it; the next create of the same
// resource takes that monitor over instead of creating another. An entry is removed as soon as the
// engine shows it holds the monitor (diff of the resource with that id) or the monitor is deleted.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export interface JournalEntry {
  key: string;
  /** "posting": the POST was sent, no answer recorded; "created": the service answered with `uuid`. */
  state: "posting" | "created";
  uuid?: string;
  name?: string;
  at: string;
}

/**
 * Where the journal lives: `configured` (uptime:journalDir, else UPTIME_JOURNAL_DIR: config.ts reads
 * them), else <PULUMI_HOME or ~/.pulumi>/uptime-journal.
 */
export function journalDir(configured?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (configured) return configured;
  if (env.UPTIME_JOURNAL_DIR) return env.UPTIME_JOURNAL_DIR;
  return path.join(env.PULUMI_HOME || path.join(os.homedir(), ".pulumi"), "uptime-journal");
}

/** Where a creation is noted: a monitor's own entry (CreateJournal), or its fleet's log (FleetNotes). */
export interface Notes {
  get(key: string): JournalEntry | undefined;
  put(entry: Omit<JournalEntry, "at">): void;
  remove(key: string): void;
}

const made = new Set<string>();

/** Runs a write into `dir`, making the directory first (once per process), and again if it was removed since. */
function writeIn<T>(dir: string, write: () => T): T {
  if (!made.has(dir)) {
    fs.mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  try {
    return write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    fs.mkdirSync(dir, { recursive: true });
    return write();
  }
}

/** Replaces `file` with `text` atomically (temporary file, then rename), so a kill leaves the old content or the new. */
function replaceFile(dir: string, file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeIn(dir, () => fs.writeFileSync(tmp, text));
  fs.renameSync(tmp, file);
}

/** What the engine holds under a URN: a Monitor's uuid, or a fleet's members by name (each with its uuid). */
export type Held = string | Record<string, { uuid?: unknown }>;

/** A fleet's members as its log keys them: the fleet's URN and the member's name. */
const memberNotes = (urn: string, members: Record<string, { uuid?: unknown }>): [string, string][] =>
  Object.entries(members).flatMap(([name, m]) => (typeof m?.uuid === "string" ? [[`${urn}#${name}`, m.uuid] as [string, string]] : []));

/** A line of a fleet's log: a note, or the removal of one. */
type LogLine = JournalEntry | { key: string; state: "done" };

export class CreateJournal implements Notes {
  constructor(
    private readonly dir: string,
    /** The API's base URL: the same key against another service is another monitor. */
    private readonly scope: string,
  ) {}

  /** The file named for `name` in this journal's scope: a monitor's entry (.json) or a fleet's log (.log). */
  private file(name: string, ext = ".json"): string {
    const id = createHash("sha256").update(`${this.scope}\n${name}`).digest("hex").slice(0, 32);
    return path.join(this.dir, `${id}${ext}`);
  }

  get(key: string): JournalEntry | undefined {
    try {
      const entry = JSON.parse(fs.readFileSync(this.file(key), "utf8")) as JournalEntry;
      return entry.key === key ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  /** Writes atomically (replaceFile). */
  put(entry: Omit<JournalEntry, "at">): void {
    replaceFile(this.dir, this.file(entry.key), JSON.stringify({ ...entry, at: new Date().toISOString() }));
  }

  remove(key: string): void {
    fs.rmSync(this.file(key), { force: true });
  }

  /**
   * The engine holds `held` under `urn`: a Monitor's uuid, or a fleet's members by name. Their notes have
   * served. Every path that learns so (a diff, the SDK once a registration is answered, the plugin as the
   * engine stops it after a run) confirms here.
   */
  confirm(urn: string, held: Held): void {
    if (typeof held !== "string") return this.fleet(urn).confirm(memberNotes(urn, held));
    if (this.get(urn)?.uuid === held) this.remove(urn);
  }

  /**
   * The monitor `uuid` is gone: forget its entry. With the resource's `key` (the state keeps it) that
   * is one file; without (a state written before it kept the key), every entry is read.
   */
  forget(uuid: string, key?: string): void {
    if (key !== undefined) this.confirm(key, uuid);
    else this.forgetUuid(uuid);
  }

  /** The notes of the fleet whose URN is `urn`: one log for all its members (FleetNotes). */
  fleet(urn: string): FleetNotes {
    return new FleetNotes(this.dir, this.file(`fleet ${urn}`, ".log"));
  }

  /** Forgets any entry that names `uuid`, reading every entry (monitors' entries and fleets' logs). */
  forgetUuid(uuid: string): void {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names.filter((n) => n.endsWith(".log"))) new FleetNotes(this.dir, path.join(this.dir, name)).forgetUuid(uuid);
    for (const name of names.filter((n) => n.endsWith(".json"))) {
      try {
        const entry = JSON.parse(fs.readFileSync(path.join(this.dir, name), "utf8")) as JournalEntry;
        if (entry.uuid === uuid) fs.rmSync(path.join(this.dir, name), { force: true });
      } catch {
        // unreadable or concurrently removed: nothing to forget
      }
    }
  }
}

/** A fleet log's entries as this process last read or wrote them; valid while the file is the same one (inode) of the same size. */
const logs = new Map<string, { ino: number; size: number; entries: Map<string, JournalEntry>; torn?: boolean }>();

/**
 * A fleet's notes: its members' creations in one file, appended to (a line per note), so that noting
 * thousands of members costs a write each, not a file each. A line cut short by a kill is skipped when
 * read: a "posting" line is written before its POST (cut short, nothing was sent), and a "created" line
 * cut short leaves the "posting" line before it, so that member is in doubt, as any lost answer is.
 * A removal is a line too; the log is rewritten when members are confirmed, and deleted once empty.
 */
export class FleetNotes implements Notes {
  constructor(
    private readonly dir: string,
    readonly file: string,
  ) {}

  private load(): Map<string, JournalEntry> {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      logs.delete(this.file);
      return new Map();
    }
    const cached = logs.get(this.file);
    if (cached && cached.ino === stat.ino && cached.size === stat.size) return cached.entries;
    const entries = new Map<string, JournalEntry>();
    const text = fs.readFileSync(this.file, "utf8");
    for (const line of text.split("\n")) {
      let entry: LogLine;
      try {
        entry = JSON.parse(line);
      } catch {
        continue; // empty, or cut short by a kill
      }
      if (typeof entry?.key !== "string") continue;
      if (entry.state === "done") entries.delete(entry.key);
      else entries.set(entry.key, entry);
    }
    // A last line cut short: the next note starts on a line of its own.
    logs.set(this.file, { ino: stat.ino, size: stat.size, entries, torn: text !== "" && !text.endsWith("\n") });
    return entries;
  }

  private append(line: LogLine): void {
    const entries = this.load();
    const text = `${logs.get(this.file)?.torn ? "\n" : ""}${JSON.stringify(line)}\n`;
    writeIn(this.dir, () => fs.appendFileSync(this.file, text));
    if (line.state === "done") entries.delete(line.key);
    else entries.set(line.key, line);
    const cached = logs.get(this.file);
    if (cached) Object.assign(cached, { size: cached.size + Buffer.byteLength(text), torn: false });
    else logs.set(this.file, { ino: fs.statSync(this.file).ino, size: Buffer.byteLength(text), entries });
  }

  get(key: string): JournalEntry | undefined {
    return this.load().get(key);
  }

  put(entry: Omit<JournalEntry, "at">): void {
    this.append({ ...entry, at: new Date().toISOString() });
  }

  remove(key: string): void {
    const entries = this.load();
    if (!entries.has(key)) return;
    if (entries.size === 1) this.drop();
    else this.append({ key, state: "done" });
  }

  /** The engine holds these members (key, uuid): their notes have served; the log is rewritten once, or deleted when empty. */
  confirm(held: Iterable<readonly [string, string]>): void {
    const entries = this.load();
    let confirmed = 0;
    for (const [key, uuid] of held) {
      if (entries.get(key)?.uuid === uuid && entries.delete(key)) confirmed += 1;
    }
    if (confirmed === 0) return;
    if (entries.size === 0) return this.drop();
    replaceFile(this.dir, this.file, [...entries.values()].map((e) => `${JSON.stringify(e)}\n`).join(""));
    logs.delete(this.file);
  }

  /** Forgets the note naming `uuid` (a member deleted). */
  forgetUuid(uuid: string): void {
    for (const entry of this.load().values()) if (entry.uuid === uuid) this.remove(entry.key);
  }

  private drop(): void {
    fs.rmSync(this.file, { force: true });
    logs.delete(this.file);
  }
}
