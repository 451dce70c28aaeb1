// The create journal: a CLI killed while a POST is in flight leaves a monitor the checkpoint never learns,
// and the API cannot list monitors. So each creation is noted (by the resource's URN) before the POST and
// completed with the uuid after; the next create of that resource takes the monitor over. A note goes
// once the engine shows it holds the monitor, or the monitor is deleted.
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

/** `configured` (uptime:journalDir), else UPTIME_JOURNAL_DIR, else <PULUMI_HOME or ~/.pulumi>/uptime-journal. */
export function journalDir(configured?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (configured) return configured;
  if (env.UPTIME_JOURNAL_DIR) return env.UPTIME_JOURNAL_DIR;
  return path.join(env.PULUMI_HOME || path.join(os.homedir(), ".pulumi"), "uptime-journal");
}

/** What a creation reads and writes: a monitor's notes, or a fleet's member's (FleetNotes). */
export type Notes = Pick<CreateJournal, "get" | "put" | "remove">;

const made = new Set<string>();

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

/** Atomically: a kill leaves the old content or the new. */
function replaceFile(dir: string, file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeIn(dir, () => fs.writeFileSync(tmp, text));
  fs.renameSync(tmp, file);
}

export type Held = string | Record<string, { uuid?: unknown }>;

function readEntry(file: string): JournalEntry | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as JournalEntry;
  } catch {
    return undefined;
  }
}

const memberNotes = (urn: string, members: Record<string, { uuid?: unknown }>): [string, string][] =>
  Object.entries(members).flatMap(([name, m]) => (typeof m?.uuid === "string" ? [[`${urn}#${name}`, m.uuid] as [string, string]] : []));

type LogLine = JournalEntry | { key: string; state: "done" };

export class CreateJournal {
  constructor(
    private readonly dir: string,
    /** The API's base URL: the same key against another service is another monitor. */
    private readonly scope: string,
  ) {}

  private file(name: string, ext = ".json"): string {
    const id = createHash("sha256").update(`${this.scope}\n${name}`).digest("hex").slice(0, 32);
    return path.join(this.dir, `${id}${ext}`);
  }

  get(key: string): JournalEntry | undefined {
    const entry = readEntry(this.file(key));
    return entry?.key === key ? entry : undefined;
  }

  put(entry: Omit<JournalEntry, "at">): void {
    replaceFile(this.dir, this.file(entry.key), JSON.stringify({ ...entry, at: new Date().toISOString() }));
  }

  remove(key: string): void {
    fs.rmSync(this.file(key), { force: true });
  }

  /** The engine holds `held` under `urn`: their notes have served. Every path that learns so confirms here. */
  confirm(urn: string, held: Held): void {
    if (typeof held !== "string") return this.fleet(urn).confirm(memberNotes(urn, held));
    if (this.get(urn)?.uuid === held) this.remove(urn);
  }

  /** The monitor `uuid` is gone. Without the `key` (an older state), every entry is read. */
  forget(uuid: string, key?: string): void {
    if (key !== undefined) this.confirm(key, uuid);
    else this.forgetUuid(uuid);
  }

  fleet(urn: string): FleetNotes {
    return new FleetNotes(this.dir, this.file(`fleet ${urn}`, ".log"));
  }

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
        if (readEntry(path.join(this.dir, name))?.uuid === uuid) fs.rmSync(path.join(this.dir, name), { force: true });
      } catch {
        // not ours to remove: nothing to forget
      }
    }
  }
}

/** As this process last read or wrote them; valid while the file is the same inode of the same size. */
const logs = new Map<string, { ino: number; size: number; entries: Map<string, JournalEntry>; torn?: boolean }>();

// A fleet's notes, a line each in one file: a write per member, not a file. A line cut short by a kill is
// skipped: a "posting" one preceded its POST, a "created" one leaves the member in doubt, as a lost answer does.
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

  forgetUuid(uuid: string): void {
    for (const entry of this.load().values()) if (entry.uuid === uuid) this.remove(entry.key);
  }

  private drop(): void {
    fs.rmSync(this.file, { force: true });
    logs.delete(this.file);
  }
}
