import { OptionError, describeFaults, parseMainArgs } from '../../src/sandbox/options';

describe('npm run sandbox options', () => {
  it('defaults to one healthy instance on 127.0.0.1:8443', () => {
    expect(parseMainArgs([], {})).toEqual({ port: 8443, host: '127.0.0.1', reserves: 0, reserveFaults: false, faults: {}, lang: 'en', quiet: false });
    expect(parseMainArgs([], { LANG: 'uk_UA.UTF-8' }).lang).toBe('uk');
  });

  it('reads every fault option, with spaces or =', () => {
    const o = parseMainArgs(
      ['--port', '0', '--quota=10', '--latency', '200', '--jitter=50', '--fail-rate', '0.2', '--drop-rate', '0.1', '--html-rate=0.05', '--registry-error', 'peps=9001,psanctions=9003', '--registry-error=edr=9004', '--fault-seed', '3', '--seed', '42', '--reserves', '2', '--reserve-faults', '--lang', 'uk', '--quiet'],
      {},
    );
    expect(o).toEqual({
      port: 0,
      host: '127.0.0.1',
      reserves: 2,
      reserveFaults: true,
      seed: 42,
      lang: 'uk',
      quiet: true,
      faults: { quota: 10, latencyMs: 200, jitterMs: 50, failRate: 0.2, dropRate: 0.1, htmlRate: 0.05, seed: 3, registryErrors: { peps: 9001, psanctions: 9003, edr: 9004 } },
    });
    expect(describeFaults(o.faults)).toBe('latency 200ms, jitter 50ms, 5xx 0.2, drop 0.1, html 0.05, quota 10, peps=9001, psanctions=9003, edr=9004');
  });

  it.each([
    [['--port', '70000'], '--port', 'cli.reason.integer'],
    [['--fail-rate', '1.5'], '--fail-rate', 'cli.reason.number'],
    [['--latency'], '--latency', 'cli.reason.missing'],
    [['--registry-error', 'nobody=9001'], '--registry-error', 'cli.reason.registryError'],
    [['--registry-error', 'peps=91'], '--registry-error', 'cli.reason.registryError'],
    [['--lang', 'de'], '--lang', 'cli.reason.lang'],
    [['--verbose'], '--verbose', 'cli.reason.unknown'],
  ])('rejects %j', (argv, option, reason) => {
    let error: unknown;
    try {
      parseMainArgs(argv, {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OptionError);
    expect(error).toMatchObject({ option, reason });
    const text = (error as OptionError).describe('uk');
    expect(text).toContain(option);
    expect(text).toMatch(/Хибний параметр/);
  });
});
