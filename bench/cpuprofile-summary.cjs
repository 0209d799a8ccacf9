// A V8 CPU profile (.cpuprofile, as `node --cpu-prof` or BENCH_RELAY_PROFILE=DIR writes it) as text:
// the functions with the most self time, the files with the most self time, and the functions with
// the most inclusive time (themselves and what they call), each as a share of the profile's wall time.
//   node bench/cpuprofile-summary.cjs FILE.cpuprofile [ROWS]
// The profile samples wall time: a thread descheduled while in a function (waiting for a core, or
// blocked in a system call such as an O_DSYNC write) is counted in that function.
'use strict';
const fs = require('node:fs');

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/cpuprofile-summary.cjs FILE.cpuprofile [ROWS]\n');
  process.exit(2);
}
const rows = Number(rowsArg ?? 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);

// Each sample's time is the delta to the next sample.
const sampled = new Map();
profile.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
const total = [...sampled.values()].reduce((a, b) => a + b, 0);

const where = (n) => n.callFrame.url.split('/').slice(-2).join('/');
const frameName = (n) => `${n.callFrame.functionName || '(anonymous)'} ${where(n)}:${n.callFrame.lineNumber}`;
const selfTime = new Map();
const byFile = new Map();
const inclusive = new Map();
const add = (map, key, t) => map.set(key, (map.get(key) ?? 0) + t);
for (const [id, t] of sampled) {
  const n = nodes.get(id);
  add(selfTime, frameName(n), t);
  add(byFile, where(n) || n.callFrame.functionName, t);
  // A recursive function counts once per sample.
  const seen = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const key = frameName(nodes.get(at));
    if (!seen.has(key)) add(inclusive, key, t);
    seen.add(key);
  }
}

const printTop = (title, map) => {
  process.stdout.write(`== ${title}\n`);
  for (const [key, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    process.stdout.write(`${((100 * t) / total).toFixed(1).padStart(5)}% ${key}\n`);
  }
};
process.stdout.write(`profile: ${(total / 1e6).toFixed(2)} s of wall time\n`);
printTop('self', selfTime);
printTop('file self', byFile);
printTop('inclusive', inclusive);
