// One runner, four projects: fast pure logic, React components in jsdom,
// real-HTTP integration on loopback, and the task pane in headless Chromium.
const { availableParallelism } = require('node:os');
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  // The same components and icons, each Fluent package and chunk of icons loaded when first used
  // (see each module's comment).
  moduleNameMapper: {
    '^@fluentui/react-components$': '<rootDir>/test/support/fluent-on-demand.cjs',
    '^@fluentui/react-icons$': '<rootDir>/test/support/fluent-icons-on-demand.cjs',
  },
};

// The test workers (forked with this environment) get a larger young generation: the UI tests make
// short-lived DOM and React objects by the million, and with V8's default the workers spent about a
// sixth of their time collecting them (the pane's three heaviest UI files in one process: 6.9 s of
// collection with the default, 4.4 s with 64 MB, every test the same).
const YOUNG_GENERATION = '--max-semi-space-size=64';
if (!(process.env.NODE_OPTIONS ?? '').includes('--max-semi-space-size')) {
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} ${YOUNG_GENERATION}`.trim();
}

module.exports = {
  // Jest's default (cores - 1) runs one suite at a time on CI's two cores, yet most suites spend
  // their time waiting on child processes, Chromium and PostgreSQL: two workers there took the
  // suite from 432 s to 259 s, every test passing, no suite slower than 1.6x its time alone.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  reporters: ['default', '<rootDir>/test/support/timing-reporter.cjs'],
  // The output is one line per file, failures and the slowest files. What the code and the tests
  // log (the runtime's mode line, a test's own figures) shows with \`npx jest --silent=false\`.
  silent: true,
  globalSetup: '<rootDir>/test/support/global-setup.cjs',
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    {
      ...common,
      displayName: 'ui',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/unit/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/test/support/ui-setup.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts?(x)'],
    },
    { ...common, displayName: 'e2e', testEnvironment: 'node', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
  ],
};
