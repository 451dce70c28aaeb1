// A headless Chromium driven over the DevTools protocol through a pipe (--remote-debugging-pipe):
// launch, open a tab, navigate and wait for `load`, evaluate an expression, take a screenshot.
// That is all the browser test and the README screenshot need, so no driver package is involved:
// nothing is downloaded, and any Chromium the system packages (Debian's chromium-headless-shell or
// chromium) speaks this protocol.
import { ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Readable, Writable } from "node:stream";

/** UPTIME_CHROMIUM (scripts/bootstrap.sh exports the one it found or installed), else the first on PATH. */
export function findChromium(): string {
  if (process.env.UPTIME_CHROMIUM) return process.env.UPTIME_CHROMIUM;
  for (const name of ["chromium-headless-shell", "chromium"]) {
    for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
      const candidate = path.join(dir, name);
      if (dir !== "" && fs.existsSync(candidate)) return candidate;
    }
  }
  throw new Error(
    "no Chromium found: run `UPTIME_BROWSER=1 source scripts/bootstrap.sh` (installs chromium-headless-shell), " +
      "or install chromium-headless-shell or chromium, or set UPTIME_CHROMIUM to its path",
  );
}

// The closed network refuses Chromium's background connections; these flags keep it from trying.
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
  "--hide-scrollbars",
  "--mute-audio",
  "--remote-debugging-pipe",
];
const COMMAND_TIMEOUT_MS = 30_000;

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: Record<string, unknown>;
  error?: { message: string };
}

export class Chromium {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (m: Message) => void; reject: (e: Error) => void; method: string }>();
  private readonly listeners = new Set<(m: Message) => void>();
  private stderrTail = "";
  private exited = false;

  private constructor(
    private readonly child: ChildProcess,
    private readonly userDataDir: string,
  ) {
    let buffer = "";
    (child.stdio[4] as Readable).on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\0"); end >= 0; end = buffer.indexOf("\0")) {
        this.dispatch(JSON.parse(buffer.slice(0, end)) as Message);
        buffer = buffer.slice(end + 1);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-2000);
    });
    child.on("exit", (code, signal) => {
      this.exited = true;
      const error = new Error(`chromium exited (${signal ?? code}): ${this.stderrTail.trim().split("\n").slice(-3).join(" | ")}`);
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    });
  }

  /** Starts a browser with a fresh, empty profile directory (removed again by close()). */
  static async launch(executable = findChromium()): Promise<Chromium> {
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-chromium-"));
    const child = spawn(executable, [...FLAGS, `--user-data-dir=${userDataDir}`, "about:blank"], {
      stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"],
    });
    const browser = new Chromium(child, userDataDir);
    try {
      await new Promise<void>((resolve, reject) => {
        child.once("spawn", resolve);
        child.once("error", (error) => reject(new Error(`cannot start ${executable}: ${error.message}`)));
      });
      await browser.send("Browser.getVersion");
    } catch (error) {
      child.kill("SIGKILL");
      fs.rmSync(userDataDir, { recursive: true, force: true });
      throw error;
    }
    return browser;
  }

  private dispatch(message: Message): void {
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(`${waiting?.method}: ${message.error.message}`));
      else waiting?.resolve(message);
      return;
    }
    for (const listener of this.listeners) listener(message);
  }

  /** One protocol command; with a sessionId it goes to that tab. */
  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    if (this.exited) return Promise.reject(new Error(`${method}: chromium is not running`));
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer from chromium in ${COMMAND_TIMEOUT_MS} ms`));
      }, COMMAND_TIMEOUT_MS);
      const settle =
        <T>(fn: (v: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          fn(value);
        };
      this.pending.set(id, { resolve: settle((m: Message) => resolve(m.result ?? {})), reject: settle(reject), method });
      (this.child.stdio[3] as Writable).write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  }

  /** Resolves with the first event of this name (from this tab) that arrives after the call. */
  waitForEvent(method: string, sessionId: string): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      const listener = (m: Message) => {
        if (m.method !== method || m.sessionId !== sessionId) return;
        this.listeners.delete(listener);
        resolve(m.params ?? {});
      };
      this.listeners.add(listener);
    });
  }

  /** A new tab of the given viewport size. */
  async newPage(width = 1000, height = 800): Promise<BrowserPage> {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    const page = new BrowserPage(this, sessionId as string);
    await this.send("Page.enable", {}, sessionId as string);
    await this.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false }, sessionId as string);
    return page;
  }

  async close(): Promise<void> {
    if (!this.exited) {
      const exit = new Promise((resolve) => this.child.once("exit", resolve));
      await this.send("Browser.close").catch(() => undefined);
      const killer = setTimeout(() => this.child.kill("SIGKILL"), 5000);
      await exit;
      clearTimeout(killer);
    }
    fs.rmSync(this.userDataDir, { recursive: true, force: true });
  }
}

export class BrowserPage {
  constructor(
    private readonly browser: Chromium,
    readonly sessionId: string,
  ) {}

  /** Navigates and waits for the load event (images included). Answers the HTTP status of the document. */
  async goto(url: string): Promise<number> {
    const loaded = this.browser.waitForEvent("Page.loadEventFired", this.sessionId);
    const { errorText } = await this.browser.send("Page.navigate", { url }, this.sessionId);
    if (errorText) throw new Error(`navigating to ${url}: ${errorText}`);
    await loaded;
    return this.evaluate<number>("performance.getEntriesByType('navigation')[0].responseStatus");
  }

  /** Evaluates a JavaScript expression in the page (promises awaited); answers its JSON value. */
  async evaluate<T>(expression: string): Promise<T> {
    const reply = await this.browser.send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true }, this.sessionId);
    const exception = reply.exceptionDetails as { text: string; exception?: { description?: string } } | undefined;
    if (exception) throw new Error(`evaluating ${expression.slice(0, 80)}: ${exception.exception?.description ?? exception.text}`);
    return (reply.result as { value: T }).value;
  }

  /** A PNG of the whole document, not only the viewport. */
  async screenshot(): Promise<Buffer> {
    const size = await this.evaluate<{ width: number; height: number }>(
      "({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight })",
    );
    const { data } = await this.browser.send(
      "Page.captureScreenshot",
      {
        format: "png",
        captureBeyondViewport: true,
        clip: { x: 0, y: 0, width: size.width, height: size.height, scale: 1 },
      },
      this.sessionId,
    );
    return Buffer.from(data as string, "base64");
  }
}
