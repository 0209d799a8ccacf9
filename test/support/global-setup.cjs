// Once per jest run, before any worker starts: names the run, so that test files can share what
// each would otherwise build for itself (test/e2e/support/build-harness.ts, sharedHarness). The
// workers inherit this process's environment. Builds of runs over an hour old are removed.
const fs = require('node:fs');
const path = require('node:path');

module.exports = async function globalSetup() {
  process.env.CHECKLISTS_TEST_RUN = `${Date.now()}-${process.pid}`;
  const root = path.join(__dirname, '..', '..', 'test-results');
  if (!fs.existsSync(root)) return;
  for (const name of fs.readdirSync(root)) {
    if (!name.startsWith('.harness-run-')) continue;
    const at = path.join(root, name);
    try {
      if (Date.now() - fs.statSync(at).mtimeMs > 3_600_000) fs.rmSync(at, { recursive: true, force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
};
