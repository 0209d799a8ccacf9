import { parseTimeBound } from '../../src/relay/time-bound';

const iso = (text: string, endOfDay = false) => parseTimeBound(text, { endOfDay })?.toISOString() ?? null;

describe('parseTimeBound: the bounds of an audit or decision export', () => {
  it('reads a day as its start in UTC, written either way, and --to through its end', () => {
    expect(iso('2026-11-01')).toBe('2026-11-01T00:00:00.000Z');
    // Day first, as in Ukraine: new Date() would have given January 11th.
    expect(iso('01.11.2026')).toBe('2026-11-01T00:00:00.000Z');
    expect(iso('1.11.2026')).toBe('2026-11-01T00:00:00.000Z');
    expect(iso(' 2026-03-31 ', true)).toBe('2026-04-01T00:00:00.000Z');
    expect(iso('31.12.2026', true)).toBe('2027-01-01T00:00:00.000Z');
    expect(iso('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
  });

  it('reads a moment in UTC unless it names its zone', () => {
    expect(iso('2026-11-01T10:00')).toBe('2026-11-01T10:00:00.000Z');
    expect(iso('2026-11-01 10:00:30')).toBe('2026-11-01T10:00:30.000Z');
    expect(iso('2026-11-01T10:00:30.5Z')).toBe('2026-11-01T10:00:30.500Z');
    expect(iso('2026-11-01T10:00+02:00')).toBe('2026-11-01T08:00:00.000Z');
    expect(iso('2026-11-01T01:00-0130')).toBe('2026-11-01T02:30:00.000Z');
    // A moment is one instant: "through its end" applies to days only.
    expect(iso('2026-11-01T10:00', true)).toBe('2026-11-01T10:00:00.000Z');
  });

  it.each([
    '2026-02-31',
    '2025-02-29',
    '31.04.2026',
    '01.13.2026',
    '2026-13-01',
    '1/11/2026',
    '11/01/2026',
    'Nov 1 2026',
    '12',
    '2026-11-1',
    '2026-11-01T24:00',
    '2026-11-01T10:60',
    '2026-11-01T10:00+15:00',
    '2026-11-01T10:00 Europe/Kyiv',
    '',
  ])('refuses %p rather than guess', (text) => {
    expect(parseTimeBound(text)).toBeNull();
  });
});
