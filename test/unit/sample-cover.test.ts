import { buildSampleCover, type SampleCoverInput } from '../../src/evidence/sample-cover';

const at = new Date('2026-06-30T09:15:00Z');
const input = (sandbox: boolean): SampleCoverInput => ({
  requestedBy: 'Ірина (auditor)',
  at,
  sandbox,
  productVersion: '1.2.3',
  entries: [
    {
      auditId: 4127,
      subject: 'Іваненко Петро, 1970-01-01',
      at,
      analyst: 'olena',
      summary: { totalHits: 3, complete: true },
      decided: 2,
      cautioned: false,
    },
    {
      auditId: 4130,
      subject: '',
      at,
      analyst: ' ',
      summary: { totalHits: 0, complete: true },
      decided: 0,
      cautioned: false,
    },
    {
      auditId: 4188,
      subject: '12345678',
      at,
      analyst: 'petro',
      summary: { totalHits: 0, complete: false },
      decided: 0,
      cautioned: false,
    },
  ],
});

const texts = (cover: ReturnType<typeof buildSampleCover>) =>
  cover.lines.map((line) =>
    'text' in line ? line.text : line.kind === 'field' ? `${line.label}: ${line.value}` : line.title,
  );

describe('the first page of an inspector’s sample of certificates', () => {
  it('lists each request with its subject, Kyiv time, analyst and result, in the order given', () => {
    const lines = texts(buildSampleCover(input(false), 'en'));
    expect(lines[0]).toBe('Screening certificates from the relay archive: 3');
    expect(lines.filter((l) => l.startsWith('Relay audit no.'))).toEqual([
      'Relay audit no. 4127: Іваненко Петро, 1970-01-01 · 2026-06-30 12:15:00 · olena · HITS: 3, decided 2',
      'Relay audit no. 4130: — · 2026-06-30 12:15:00 · — · no hits',
      'Relay audit no. 4188: 12345678 · 2026-06-30 12:15:00 · petro · NOT FULLY CHECKED',
    ]);
  });

  it('marks a "no hits" its page cautions about (initials, a mistyped code), and not one with hits (en, uk)', () => {
    const cautioned = (lang: 'en' | 'uk') => {
      const base = input(false);
      const entries = base.entries.map((e) => ({ ...e, cautioned: true }));
      return texts(buildSampleCover({ ...base, entries }, lang)).filter((l) =>
        /^(Relay audit no\.|Номер у журналі)/.test(l),
      );
    };
    expect(cautioned('en')).toEqual([
      'Relay audit no. 4127: Іваненко Петро, 1970-01-01 · 2026-06-30 12:15:00 · olena · HITS: 3, decided 2',
      'Relay audit no. 4130: — · 2026-06-30 12:15:00 · — · no hits; its certificate has a caution: asked this way, a hit can be missed',
      'Relay audit no. 4188: 12345678 · 2026-06-30 12:15:00 · petro · its certificate has a caution: asked this way, a hit can be missed; NOT FULLY CHECKED',
    ]);
    expect(cautioned('uk')[1]).toBe(
      'Номер у журналі релея 4130: — · 2026-06-30 12:15:00 · — · збігів немає; у довідці застереження: за таким запитом збіг можна пропустити',
    );
  });

  it('says the sandbox made these certificates, in the plural of a file of several, and on every page', () => {
    const en = buildSampleCover(input(true), 'en');
    expect(texts(en)).toContain(
      'These certificates were made from a CheckLists sandbox, which answers with invented people and companies. They prove nothing about any real person.',
    );
    expect(en.banner).toMatch(/^SANDBOX/);
    const uk = buildSampleCover(input(true), 'uk');
    expect(texts(uk)).toContain(
      'Ці довідки зроблено з пісочниці CheckLists, яка відповідає вигаданими особами та компаніями. Вони нічого не доводять щодо жодної реальної особи.',
    );
    expect(uk.footer).toMatch(/^ПІСОЧНИЦЯ/);
    expect(texts(buildSampleCover(input(false), 'en')).some((l) => /sandbox/i.test(l))).toBe(false);
  });
});
