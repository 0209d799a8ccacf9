import { parseCommandLine } from '../../src/cli/args/command-line';
import type { SandboxArgs } from '../../src/cli/args/sandbox-args';
import { UsageError } from '../../src/cli/exit-codes';
import { describeFaults } from '../../src/sandbox';

function sandboxArgs(argv: string[]): SandboxArgs {
  const parsed = parseCommandLine(['sandbox', ...argv]);
  if (parsed.command !== 'sandbox') throw new Error(`parsed as ${parsed.command}`);
  return parsed.args;
}

describe('sandbox options (checklists sandbox = npm run sandbox)', () => {
  it('defaults to one healthy instance on 127.0.0.1:8443', () => {
    expect(sandboxArgs([])).toEqual({
      port: 8443,
      host: '127.0.0.1',
      reserves: 0,
      reserveFaults: false,
      quiet: false,
      faults: {},
    });
  });

  it('reads every option, with spaces or =', () => {
    const args = sandboxArgs([
      '--port',
      '0',
      '--quota=10',
      '--latency',
      '200',
      '--jitter=50',
      '--fail-rate',
      '0.2',
      '--drop-rate',
      '0.1',
      '--html-rate=0.05',
      '--registry-errors',
      'peps:9001,psanctions:9003',
      '--registry-errors=edr:9004',
      '--fault-seed',
      '3',
      '--seed',
      '42',
      '--data-revision',
      '1',
      '--reserves',
      '2',
      '--reserve-faults',
      '--quiet',
      '--host',
      '0.0.0.0',
    ]);
    expect(args).toEqual({
      port: 0,
      host: '0.0.0.0',
      reserves: 2,
      reserveFaults: true,
      quiet: true,
      seed: 42,
      dataRevision: 1,
      faults: {
        quota: 10,
        latencyMs: 200,
        jitterMs: 50,
        failRate: 0.2,
        dropRate: 0.1,
        htmlRate: 0.05,
        seed: 3,
        registryErrors: { peps: 9001, psanctions: 9003, edr: 9004 },
      },
    });
    expect(describeFaults(args.faults)).toBe(
      '--fail-rate 0.2 --latency 200 --jitter 50 --drop-rate 0.1 --html-rate 0.05 --quota 10 --registry-errors peps:9001,psanctions:9003,edr:9004 --fault-seed 3',
    );
  });

  it('reads both spellings of registry errors: peps,edr:9004 and the older --registry-error peps=9001', () => {
    expect(sandboxArgs(['--registry-errors', 'peps,edr:9004']).faults.registryErrors).toEqual({
      peps: 9000,
      edr: 9004,
    });
    expect(
      sandboxArgs(['--registry-error', 'peps=9001', '--registry-error', 'edr=9004']).faults.registryErrors,
    ).toEqual({ peps: 9001, edr: 9004 });
  });

  it('--down answers 503 to everything, whatever --fail-rate says, and is described as --down', () => {
    const { faults } = sandboxArgs(['--fail-rate', '0.1', '--down']);
    expect(faults).toEqual({ failRate: 1, failStatuses: [503] });
    expect(describeFaults(faults)).toBe('--down');
    expect(describeFaults({})).toBe('');
  });

  it.each([
    [['--port', '70000'], /--port/],
    [['--reserves', '10'], /--reserves/],
    [['--fail-rate', '1.5'], /--fail-rate must be a number from 0 to 1/],
    [['--drop-rate', 'x'], /--drop-rate must be a number from 0 to 1/],
    [['--latency'], /--latency/],
    [['--registry-errors', 'nobody:9001'], /Bad --registry-errors entry "nobody:9001"/],
    [['--registry-error', 'peps=91x'], /Bad --registry-errors entry "peps=91x"/],
    [['--verbose'], /verbose/],
  ])('refuses %j with a bilingual usage error', (argv, english) => {
    let error: unknown;
    try {
      sandboxArgs(argv);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).text.en).toMatch(english);
    expect((error as UsageError).text.uk).not.toBe((error as UsageError).text.en);
  });
});
