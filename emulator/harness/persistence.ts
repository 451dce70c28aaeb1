// Optional persistence: the whole state (image bytes as base64) in one JSON file, replaced
// atomically (write a temporary file, then rename over the old one) after every change.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { StoredState } from "../service/store";

/** The stored state, or undefined when the file does not exist yet. */
export function readDataFile(path: string): StoredState | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`data file ${path}: ${(error as Error).message}`, { cause: error });
  }
  let state: StoredState;
  try {
    state = JSON.parse(text) as StoredState;
  } catch (error) {
    throw new Error(`data file ${path}: not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (
    state.version !== 1 ||
    !Array.isArray(state.monitors) ||
    !Array.isArray(state.pages) ||
    !Array.isArray(state.alerts) ||
    !Array.isArray(state.webhooks) ||
    typeof state.assets !== "object"
  ) {
    throw new Error(`data file ${path}: not an emulator data file (version 1)`);
  }
  return state;
}

let sequence = 0;

/** Synchronous on purpose: once a response is sent, its change is on disk, even if the process is killed. */
export function writeDataFile(path: string, state: StoredState): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${++sequence}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
