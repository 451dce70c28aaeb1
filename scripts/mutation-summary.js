// The figures of a StrykerJS JSON report (scripts/mutation.sh): the score per folder, and every
// mutant that survived, by file and line, to be read and explained (tests/README.md).
//   node scripts/mutation-summary.js reports/mutation/<label>.json [reports/mutation/<other>.json]
// With two reports of the same sources: each mutant one killed and the other did not, both ways.
const fs = require("node:fs");

function load(file) {
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  const mutants = [];
  for (const [name, entry] of Object.entries(report.files)) {
    for (const m of entry.mutants) {
      mutants.push({
        file: name,
        line: m.location.start.line,
        mutator: m.mutatorName,
        replacement: m.replacement ?? "",
        status: m.status,
        key: `${name}:${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}:${m.mutatorName}:${m.replacement ?? ""}`,
      });
    }
  }
  return mutants;
}

const detected = (m) => m.status === "Killed" || m.status === "Timeout";
const counted = (m) => m.status !== "CompileError" && m.status !== "RuntimeError" && m.status !== "Ignored";

function summary(file) {
  const mutants = load(file);
  const folders = {};
  for (const m of mutants.filter(counted)) {
    const folder = m.file.split("/").slice(0, 2).join("/");
    folders[folder] ??= { killed: 0, total: 0, noCoverage: 0 };
    folders[folder].total++;
    if (detected(m)) folders[folder].killed++;
    if (m.status === "NoCoverage") folders[folder].noCoverage++;
  }
  const all = mutants.filter(counted);
  const killed = all.filter(detected).length;
  console.log(`${file}: ${killed}/${all.length} detected, score ${((100 * killed) / all.length).toFixed(2)}%`);
  for (const [folder, f] of Object.entries(folders)) {
    console.log(
      `  ${folder}: ${f.killed}/${f.total} (${((100 * f.killed) / f.total).toFixed(2)}%), ${f.noCoverage} not covered by any test`,
    );
  }
  return mutants;
}

const [first, second] = process.argv.slice(2);
const before = summary(first);
const survivors = before.filter((m) => counted(m) && !detected(m));
// By file, status and mutator: the groups tests/README.md gives a reason for.
const groups = new Map();
for (const m of survivors) {
  const group = `${m.file} ${m.status} ${m.mutator}`;
  groups.set(group, (groups.get(group) ?? 0) + 1);
}
console.log(`survived, by file, status and mutator (${groups.size} groups):`);
for (const [group, count] of [...groups].sort()) console.log(`  ${String(count).padStart(4)} ${group}`);
console.log(`survived (${survivors.length}):`);
for (const m of survivors) console.log(`  ${m.file}:${m.line} ${m.mutator} ${m.status} ${JSON.stringify(m.replacement).slice(0, 80)}`);
if (second) {
  const after = new Map(summary(second).map((m) => [m.key, m]));
  const lost = before.filter((m) => detected(m) && after.has(m.key) && !detected(after.get(m.key)));
  const gained = before.filter((m) => !detected(m) && counted(m) && after.has(m.key) && detected(after.get(m.key)));
  console.log(`detected by ${first} only: ${lost.length}`);
  for (const m of lost) console.log(`  ${m.file}:${m.line} ${m.mutator} ${JSON.stringify(m.replacement).slice(0, 80)}`);
  console.log(`detected by ${second} only: ${gained.length}`);
}
