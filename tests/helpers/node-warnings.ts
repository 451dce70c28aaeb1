// No line of Node's own warnings (`(node:1234) TimeoutNegativeWarning: …`) nor a value in Go's notation
// (`{<nil>}`, `{map[…]}`) in an engine run's output: e2e-setup.ts reads Automation API runs, tests hand
// their CLI runs to `readOutput`, and the file fails at its end naming each line and command.

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
