// The stand-in jest loads for @fluentui/react-icons (test/support/fluent-icons-on-demand.cjs) must
// be the package itself, only lazier: every UI test draws Fluent's icons through it.
import path from 'node:path';

const entry = path.join(__dirname, '..', '..', 'node_modules', '@fluentui', 'react-icons', 'lib-cjs', 'index.cjs');

describe('the on-demand stand-in for @fluentui/react-icons', () => {
  it('exports every name of the package, each the very object the package exports', async () => {
    const standIn = (await import('../support/fluent-icons-on-demand.cjs')) as Record<string, unknown>;
    const real = (await import(entry)) as Record<string, unknown>;
    expect(standIn).not.toBe(real);
    const names = Object.keys(standIn);
    expect(names.length).toBeGreaterThan(20_000);
    expect([...names].sort()).toEqual(Object.keys(real).sort());
    // A plain icon, one from the sized chunks (whose declarations run past 64 KB), and the entry's helpers.
    for (const name of ['ChevronDownRegular', 'TableFreezeColumn16Filled', 'wrapIcon', 'useIconState']) {
      expect(standIn[name]).toBeDefined();
      expect(standIn[name]).toBe(real[name]);
    }
    expect(names.filter((name) => standIn[name] !== real[name])).toEqual([]);
  });
});
