import { parseEnvelope } from '../../src/core/protocol/schema';
import { validateQuery, type QueryInput } from '../../src/core/query';
import { buildCertificate, buildRunCover, certificateRows, type RunCoverInput } from '../../src/evidence/certificate';
import { createSandboxEngine, DEMO_CREDENTIALS } from '../../src/sandbox';

/**
 * A certificate of "no hits" for a code typed with a wrong check digit, or for a name with
 * initials, proves less than it seems: it says so under the subject, where the inspector reads it.
 */
const engine = createSandboxEngine({});

function rowsOf(subject: QueryInput, lang: 'uk' | 'en'): string[] {
  const checked = validateQuery(subject);
  if (!checked.ok) throw new Error('query');
  const answer = engine.handle({
    method: 'POST',
    path: '/api',
    query: {},
    body: JSON.stringify({ tokken: DEMO_CREDENTIALS.tokken, IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM, ...subject }),
  });
  const certificate = buildCertificate(
    {
      query: checked.query,
      envelope: parseEnvelope(JSON.parse(answer.body)),
      asked: ['psanctions', 'edr'],
      receivedAt: new Date('2026-11-25T10:15:00Z'),
      servedBy: 'https://relay.bank.example',
      sandbox: false,
      productVersion: '9.9.9',
      analyst: 'olena',
    },
    lang,
  );
  return certificateRows(certificate).map((row) => row.join(' | '));
}

it('says under the subject that a code failing its check digit was most likely mistyped', () => {
  // The sandbox's company 41703173 with its last digit mistyped: no one has it.
  const rows = rowsOf({ ipn: '41703172' }, 'en');
  const caution = rows.findIndex((r) =>
    r.startsWith('Caution: the tax number or company code entered fails its check digit'),
  );
  expect(caution).toBeGreaterThan(rows.indexOf('Tax number (RNOKPP) / EDRPOU | 41703172'));
  expect(caution).toBeLessThan(rows.indexOf('Screening'));
  expect(rows).toContain('Company register (short) | no hits');
  expect(
    rowsOf({ ipn: '41703172' }, 'uk').some((r) => r.startsWith('Застереження: введений РНОКПП чи код ЄДРПОУ')),
  ).toBe(true);
  expect(rowsOf({ ipn: '41703173' }, 'en').some((r) => r.startsWith('Caution'))).toBe(false);
});

it('says under the subject that a name with initials can miss the person', () => {
  expect(rowsOf({ name: 'Кривоклен С.Б.', date: '1967-04-12' }, 'en')).toContain(
    'Caution: the name entered has initials (С.Б.); the service looks for whole words, so a person named by initials can be missed.',
  );
  expect(rowsOf({ name: 'Кривоклен Северин Богданович' }, 'en').some((r) => r.startsWith('Caution'))).toBe(false);
});

describe("a run's cover sheet", () => {
  const cover: RunCoverInput = {
    inputFile: 'clients.xlsx',
    inputSha256: 'a'.repeat(64),
    rows: 10,
    subjectsScreened: 9,
    rowsWithHits: 2,
    rowsNotChecked: 0,
    invalid: 0,
    empty: 0,
    analyst: 'olena',
    at: new Date('2026-11-25T10:15:00Z'),
    resultsFile: 'clients.results.xlsx',
    resultsSha256: 'b'.repeat(64),
    certificates: 9,
    sandbox: false,
    productVersion: '9.9.9',
  };

  it('counts the rows whose "no hits" the search could have missed, under the rows with hits (uk, en)', () => {
    const rows = (input: RunCoverInput, lang: 'uk' | 'en') => certificateRows(buildRunCover(input, lang));
    const uk = rows({ ...cover, noHitsInDoubt: 3 }, 'uk');
    const at = uk.findIndex(([label]) => label === 'Рядків зі збігами');
    expect(uk[at + 1]).toEqual(['Рядків без збігів, які пошук міг пропустити (ініціали, помилковий код)', '3']);
    expect(rows({ ...cover, noHitsInDoubt: 1 }, 'en')).toContainEqual([
      'Rows with no hits the search could have missed (initials, a mistyped code)',
      '1',
    ]);
    // None: no line, as before.
    expect(rows({ ...cover, noHitsInDoubt: 0 }, 'en')).toEqual(rows(cover, 'en'));
    expect(rows(cover, 'en').some(([label]) => label.startsWith('Rows with no hits'))).toBe(false);
  });
});
