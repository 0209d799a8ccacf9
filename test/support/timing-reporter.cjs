// Jest reporter: after a run, the test files by time, slowest first, so the slowest are visible
// (docs/PERFORMANCE.md: `npm test` ≤ 5 minutes of jest, `npm run test:fast` ≤ 60 s).
class TimingReporter {
  constructor(globalConfig, options = {}) {
    this.shown = options.shown ?? 12;
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((r) => ({
        file: r.testFilePath.slice(this.rootDir.length + 1),
        seconds: (r.perfStats.end - r.perfStats.start) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    if (files.length === 0) return;
    const wall = (Date.now() - results.startTime) / 1000;
    const lines = files.slice(0, this.shown).map((f) => `  ${f.seconds.toFixed(1).padStart(6)} s  ${f.file}`);
    process.stderr.write(
      `\nSlowest test files (of ${files.length}; jest wall time ${wall.toFixed(0)} s):\n${lines.join('\n')}\n`,
    );
  }
}

module.exports = TimingReporter;
