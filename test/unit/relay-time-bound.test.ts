import { parseTimeBound } from '../../src/relay/time-bound';

const iso = (text: string, endOfDay = false) => parseTimeBound(text, { endOfDay })?.toISOString() ?? null;

describe('parseTimeBound: the bounds of an audit or decision export', () => {
  it('reads a day as its start on Kyiv’s clock, written either way, and --to through its end', () => {
    // Winter: Kyiv is UTC+2.
    expect(iso('2026-11-01')).toBe('2026-10-31T22:00:00.000Z');
    // Day first, as in Ukraine: new Date() would have given January 11th.
    expect(iso('01.11.2026')).toBe('2026-10-31T22:00:00.000Z');
    expect(iso('1.11.2026')).toBe('2026-10-31T22:00:00.000Z');
    // Summer: UTC+3. "--to 31 March" ends where 1 April starts in Kyiv, summer time by then.
    expect(iso(' 2026-03-31 ', true)).toBe('2026-03-31T21:00:00.000Z');
    expect(iso('31.12.2026', true)).toBe('2026-12-31T22:00:00.000Z');
    expect(iso('2024-02-29')).toBe('2024-02-28T22:00:00.000Z');
    expect(iso('2026-07-01')).toBe('2026-06-30T21:00:00.000Z');
  });

  it('reads a moment on Kyiv’s clock unless it names its zone', () => {
    expect(iso('2026-11-01T10:00')).toBe('2026-11-01T08:00:00.000Z');
    expect(iso('2026-07-01 10:00:30')).toBe('2026-07-01T07:00:30.000Z');
    expect(iso('2026-11-01T10:00:30.5Z')).toBe('2026-11-01T10:00:30.500Z');
    expect(iso('2026-11-01T10:00+02:00')).toBe('2026-11-01T08:00:00.000Z');
    expect(iso('2026-11-01T01:00-0130')).toBe('2026-11-01T02:30:00.000Z');
    // A moment is one instant: "through its end" applies to days only.
    expect(iso('2026-11-01T10:00', true)).toBe('2026-11-01T08:00:00.000Z');
  });

  it('reads the hours summer time skips and repeats as the clock does', () => {
    // 29 March 2026: 03:00 became 04:00. 03:30 never showed; it reads as 04:30, an hour on.
    expect(iso('2026-03-29T02:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(iso('2026-03-29T03:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(iso('2026-03-29T04:00')).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026: 04:00 became 03:00 again. 03:30 showed twice; the first is taken.
    expect(iso('2026-10-25T03:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('2026-10-25T04:00')).toBe('2026-10-25T02:00:00.000Z');
    // The days themselves start at midnight, which neither change touches.
    expect(iso('2026-03-29')).toBe('2026-03-28T22:00:00.000Z');
    expect(iso('2026-03-29', true)).toBe('2026-03-29T21:00:00.000Z');
    expect(iso('2026-10-25', true)).toBe('2026-10-25T22:00:00.000Z');
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
