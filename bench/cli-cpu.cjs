'use strict';
// Preloaded by bench/run.ts (`node -r bench/cli-cpu.cjs bin/checklists.cjs ...`): writes the
// command's own CPU time (user + system, microseconds) to CHECKLISTS_BENCH_CPU_FILE as it exits.
// CPU time barely moves with the load of other processes, where wall time does.
const { writeFileSync } = require('node:fs');

const file = process.env.CHECKLISTS_BENCH_CPU_FILE;
if (file) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(file, JSON.stringify({ user, system }));
  });
}
