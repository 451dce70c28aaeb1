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

export class CreateJournal {
  constructor(
    private readonly dir: string,
    /** The API's base URL: the same key against another service is another monitor. */
    private readonly scope: string,
  ) {}

  private file(key: string): string {
    const id = createHash("sha256").update(`${this.scope}\n${key}`).digest("hex").slice(0, 32);
    return path.join(this.dir, `${id}.json`);
  }

  get(key: string): JournalEntry | undefined {
    try {
      const entry = JSON.parse(fs.readFileSync(this.file(key), "utf8")) as JournalEntry;
      return entry.key === key ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  /** Writes atomically (temporary file, then rename), so a kill leaves the old entry or the new one. */
  put(entry: Omit<JournalEntry, "at">): void {
    fs.mkdirSync(this.dir, { recursive: true });
    const file = this.file(entry.key);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ ...entry, at: new Date().toISOString() }));
    fs.renameSync(tmp, file);
  }

  remove(key: string): void {
    fs.rmSync(this.file(key), { force: true });
  }

  /** The engine holds `uuid` for `key`: the entry has served its purpose. */
  confirm(key: string, uuid: string): void {
    const entry = this.get(key);
    if (entry && entry.uuid === uuid) this.remove(key);
  }

  /**
   * The monitor `uuid` is gone: forget its entry. With the resource's `key` (the state keeps it) that
   * is one file; without (a state written before it kept the key), every entry is read.
   */
  forget(uuid: string, key?: string): void {
    if (key !== undefined) this.confirm(key, uuid);
    else this.forgetUuid(uuid);
  }

  /** Forgets any entry that names `uuid`, reading every entry. */
  forgetUuid(uuid: string): void {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir).filter((n) => n.endsWith(".json"));
    } catch {
      return;
    }
    for (const name of names) {
      try {
        const entry = JSON.parse(fs.readFileSync(path.join(this.dir, name), "utf8")) as JournalEntry;
        if (entry.uuid === uuid) fs.rmSync(path.join(this.dir, name), { force: true });
      } catch {
        // unreadable or concurrently removed: nothing to forget
      }
    }
  }
}
