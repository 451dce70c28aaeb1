// No line of Node's own warnings (`(node:1234) TimeoutNegativeWarning: …`) in what an engine run prints:
// Node writes them into the user's output. Nor a check failure the engine prints with a value it could not
// find or prints in Go's notation (`property monitors.api.interval value {<nil>} has a problem`,
// `property logo value {map[path:{logo.svg}]}`): see providers.ts forEngine. tests/helpers/e2e-setup.ts reads every
// Automation API run of an e2e file, the CLI runs a test starts itself are handed to `readOutput`, and the
// file fails at its end, naming each line and the command, if any was printed.

const NODE_WARNING = /\(node:\d+\) (?:\[\w+\] )?\w*Warning: .*|property \S+ value \{(?:<nil>|map\[|\[).* has a problem: .*/g;
const found: string[] = [];

/** The lines of `text` that are Node's own warnings, or a property's value printed as `{<nil>}`, a map or a list. */
export function nodeWarningLines(text: string): string[] {
  return (text.match(NODE_WARNING) ?? []).map((line) => line.trim());
}

/** Notes every Node warning line in `text`, printed by `command`. */
export function readOutput(text: string, command: string): void {
  for (const line of nodeWarningLines(text)) found.push(`${command}: ${line}`);
}

/** What was noted so far. */
export const nodeWarningsSeen = (): readonly string[] => found;
