import { auditSubjectMatcher } from '../../src/relay/audit-subject';
import type { StoredAuditRow } from '../../src/relay/store/port';

function row(query: Record<string, unknown>): StoredAuditRow {
  return {
    id: 1,
    state: 'answered',
    at: new Date('2026-11-29T07:00:00Z'),
    analyst: 'olena',
    method: 'POST',
    query,
    listdata: '-1',
    servedBy: null,
    idrequest: null,
    verdict: 'clear',
    hits: {},
    durationMs: 1,
    fromCache: false,
    errorCode: null,
    status: 200,
    instance: 'x',
    archiveId: null,
    delivered: true,
  };
}

const person = row({ name: 'Гнатюк-О’Коннор Тарас  Ілліч', ipn: '2457304172', doc: 'ВА730412' });
const company = row({ name: 'ТОВ "СМАРАГДОВИЙ ПРИЧАЛ"', edrpou: '41703173', arrayedrpou: ['41703173', '39418520'] });

it('no name and no code: no filter at all', () => {
  expect(auditSubjectMatcher({})).toBeNull();
  expect(auditSubjectMatcher({ name: '  ', code: '' })).toBeNull();
});

it('a name matches in part, whatever its case, spacing and apostrophe', () => {
  const match = auditSubjectMatcher({ name: "о'коннор тарас ілліч" })!;
  expect(match(person)).toBe(true);
  expect(match(company)).toBe(false);
  expect(auditSubjectMatcher({ name: 'смарагдовий' })!(company)).toBe(true);
  expect(auditSubjectMatcher({ name: 'Гнатюк Тарас' })!(person)).toBe(false);
  expect(auditSubjectMatcher({ name: 'x' })!(row({ ipn: '2457304172' }))).toBe(false);
});

it('a code matches whole, in any of the query’s code fields, spaces and case aside', () => {
  expect(auditSubjectMatcher({ code: '2457 304172' })!(person)).toBe(true);
  expect(auditSubjectMatcher({ code: 'ва730412' })!(person)).toBe(true);
  expect(auditSubjectMatcher({ code: '245730417' })!(person)).toBe(false);
  expect(auditSubjectMatcher({ code: '39418520' })!(company)).toBe(true);
  // Both given: both must hold.
  expect(auditSubjectMatcher({ name: 'тарас', code: '41703173' })!(person)).toBe(false);
  expect(auditSubjectMatcher({ name: 'тарас', code: '2457304172' })!(person)).toBe(true);
});

it('a name in Latin letters finds the client screened in Cyrillic by the official transliteration, and a namelat', () => {
  // KMU 2010: "Гнатюк-О’Коннор Тарас Ілліч" is "Hnatiuk-OKonnor Taras Illich".
  expect(auditSubjectMatcher({ name: 'hnatiuk' })!(person)).toBe(true);
  expect(auditSubjectMatcher({ name: 'Hnatiuk-OKonnor Taras' })!(person)).toBe(true);
  expect(auditSubjectMatcher({ name: 'TARAS  ILLICH' })!(person)).toBe(true);
  expect(auditSubjectMatcher({ name: 'smarahdovyi prychal' })!(company)).toBe(true);
  // Another spelling (a passport's, an English letter's) is not the transliteration: not found.
  expect(auditSubjectMatcher({ name: 'gnatyuk' })!(person)).toBe(false);
  // Screened with a Latin name only: found by it, in either alphabet when it is the transliteration.
  const foreigner = row({ namelat: 'Kovalenko Oleh', date: '1985-02-01' });
  expect(auditSubjectMatcher({ name: 'kovalenko' })!(foreigner)).toBe(true);
  expect(auditSubjectMatcher({ name: 'Коваленко Олег' })!(foreigner)).toBe(true);
  expect(auditSubjectMatcher({ name: 'Коваленко Петро' })!(foreigner)).toBe(false);
  // A Cyrillic name is compared with a Cyrillic one as typed, not through the transliteration, which
  // folds letters together: "Олексій" and "Олексії" both give "Oleksii".
  const oleksii = row({ name: 'Олексій Бондар' });
  expect(auditSubjectMatcher({ name: 'олексій' })!(oleksii)).toBe(true);
  expect(auditSubjectMatcher({ name: 'олексії' })!(oleksii)).toBe(false);
  expect(auditSubjectMatcher({ name: 'oleksii' })!(oleksii)).toBe(true);
});
