import { auditRowOfJsonLine, auditJsonLines } from '../../src/relay/audit-export';
import { kyivWallClock } from '../../src/core/text/kyiv-time';
import { auditReportColumns, auditReportHeading, auditReportRow } from '../../src/relay/audit-report';
import type { StoredAuditRow } from '../../src/relay/store/port';

/** The audit trail in an inspector's words: what each request's line says, in Ukrainian and English. */

function row(over: Partial<StoredAuditRow> = {}): StoredAuditRow {
  return {
    id: 41,
    state: 'answered',
    at: new Date('2026-07-01T09:30:00.000Z'),
    analyst: 'olena.k',
    method: 'POST',
    query: { name: 'Кривоклен Северин', date: '1967-04-12', ipn: '2457304172', doc: 'ВА730412', IDuserPC: 'olena' },
    listdata: '-1',
    servedBy: 'https://service.example',
    idrequest: '1310000001',
    verdict: 'high',
    // In the order PostgreSQL's jsonb keeps keys, not the catalogue's.
    hits: { edr: 1, peps: 2, zrada: 0, psanctions: 1 },
    durationMs: 270,
    fromCache: false,
    errorCode: null,
    status: 200,
    instance: 'relay-1',
    archiveId: 7,
    delivered: true,
    ...over,
  };
}

function byColumn(values: unknown[], lang: 'uk' | 'en' = 'uk'): Record<string, unknown> {
  const columns = auditReportColumns(lang);
  expect(values).toHaveLength(columns.length);
  return Object.fromEntries(columns.map((c, i) => [c.id, values[i]]));
}

test('an answered request reads as who, whom, which registries, the result and hits in words', () => {
  const line = byColumn(auditReportRow(row(), 'uk'));
  expect(line).toEqual({
    id: 41,
    // Kyiv is UTC+3 in summer: 09:30 UTC is 12:30 on the analyst's clock.
    at: new Date('2026-07-01T12:30:00.000Z'),
    analyst: 'olena.k',
    name: 'Кривоклен Северин',
    date: '1967-04-12',
    code: '2457304172',
    doc: 'ВА730412',
    lists: 'усі, доступні обліковому запису',
    result: 'Високий збіг',
    hits: 'ПЕП 2; Санкції 1; ЄДР 1',
    answeredBy: 'сервіс (оплачено цим запитом)',
    idrequest: 1310000001,
    archive: 7,
    error: null,
    delivered: 'так',
    ms: 270,
  });
  const en = byColumn(auditReportRow(row({ fromCache: true, delivered: false }), 'en'), 'en');
  expect(en).toMatchObject({
    result: 'High match',
    hits: 'PEP 2; Sanctions 1; Company reg. 1',
    answeredBy: 'an answer paid for earlier (relay cache)',
    delivered: 'no: the connection closed first',
  });
  expect(auditReportColumns('en').map((c) => c.header)).toContain('Relay audit no.');
});

test('a company, a Latin name, chosen registries, a clear answer', () => {
  const line = byColumn(
    auditReportRow(
      row({
        query: { name: 'ТОВ "ПРИЧАЛ"', namelat: 'PRYCHAL', arrayedrpou: ['00032129', '41703173'] },
        listdata: String((1n << 9n) | (1n << 20n)),
        verdict: 'clear',
        hits: { peps: 0, edr: 0 },
        idrequest: 'A-17',
      }),
      'en',
    ),
    'en',
  );
  expect(line).toMatchObject({
    name: 'ТОВ "ПРИЧАЛ" (PRYCHAL)',
    // Codes stay text: an EDRPOU keeps its leading zeros.
    code: '00032129, 41703173',
    date: null,
    doc: null,
    lists: 'PEP, Company reg.',
    result: 'No hits',
    hits: null,
    idrequest: 'A-17',
  });
});

test('a refused request and one the relay never finished say so, and claim no answer', () => {
  const refused = byColumn(
    auditReportRow(
      row({ state: 'refused', verdict: null, hits: {}, status: 429, errorCode: 429, archiveId: null }),
      'uk',
    ),
  );
  expect(refused).toMatchObject({
    result: 'Відмовлено: нічого не перевірено',
    error: 'HTTP 429, код 429',
    hits: null,
    answeredBy: null,
    ms: null,
  });
  const asked = byColumn(
    auditReportRow(row({ state: 'asked', verdict: null, hits: {}, delivered: null, idrequest: null }), 'en'),
    'en',
  );
  expect(asked).toMatchObject({
    result: 'No outcome recorded: asked, and the relay stopped before the answer',
    error: null,
    answeredBy: null,
    delivered: null,
    idrequest: null,
  });
});

test('Kyiv time follows summer time, switching on the hour', () => {
  // 2026-03-29: clocks go from 03:00 to 04:00 at 01:00 UTC; 2026-10-25: back from 04:00 to 03:00.
  const kyiv = (iso: string) => kyivWallClock(new Date(iso)).toISOString().slice(0, 19);
  expect(kyiv('2026-03-29T00:59:59Z')).toBe('2026-03-29T02:59:59');
  expect(kyiv('2026-03-29T01:00:00Z')).toBe('2026-03-29T04:00:00');
  expect(kyiv('2026-10-25T00:59:59Z')).toBe('2026-10-25T03:59:59');
  expect(kyiv('2026-10-25T01:00:00Z')).toBe('2026-10-25T03:00:00');
  expect(kyiv('2026-01-15T22:10:00Z')).toBe('2026-01-16T00:10:00');
});

test('the heading says where the rows came from, what was asked for, and whose they are', () => {
  const heading = auditReportHeading(
    {
      source: 'https://relay.bank.ua',
      exportedAt: new Date('2026-01-15T22:10:00Z'),
      selection: { from: '2026-01-01T08:00Z', to: '31.03.2026', name: ' кривоклен ', code: '' },
      scope: 'own',
    },
    'uk',
  );
  expect(heading).toEqual([
    ['Джерело', 'https://relay.bank.ua'],
    ['Вивантажено (Київ)', '2026-01-16 00:10:00'],
    [
      'Вибірка',
      'від 2026-01-01T08:00Z (з 2026-01-01 10:00:00 за Києвом); до 31.03.2026 (раніше за 2026-04-01 00:00:00 за Києвом); назва містить «кривоклен»',
    ],
    ['Чиї запити', expect.stringContaining('лише ваші')],
  ]);
  const all = auditReportHeading({ source: 'x', exportedAt: new Date(), selection: {}, scope: 'all' }, 'en');
  expect(all.slice(2)).toEqual([
    ['Selection', 'every request'],
    ['Whose requests', 'every analyst’s'],
  ]);
});

test('a JSON line of the export reads back as the stored row; anything else is refused', () => {
  const stored = row();
  expect(auditRowOfJsonLine(auditJsonLines([stored]).trim())).toEqual(stored);
  expect(auditRowOfJsonLine('{"id":1}')).toBeNull();
  expect(auditRowOfJsonLine('not json')).toBeNull();
});
