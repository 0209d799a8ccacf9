import { recogniseColumns } from '../../src/bulk/columns';
import type { readSelectionInput } from '../../src/excel/bulk/bulk-input';
import { STATE_SHEET_PREFIX } from '../../src/excel/bulk/bulk-state';
import type { WorkbookFake } from './workbook-fake';

/** What the workbook-fake tests of bulk runs share: a client list, a run's request, its state sheets. */

export const TUNING = { concurrency: 4, chunkRows: 100, flushIntervalMs: 10_000 };
export const SANDBOX = { mode: 'sandbox' as const, modeLabel: { uk: 'ПІСОЧНИЦЯ', en: 'SANDBOX' } };

export function request(input: Awaited<ReturnType<typeof readSelectionInput>>) {
  return {
    input,
    mapping: recogniseColumns(input.headers),
    options: { listdata: 512n, search: 1 as const, lowranklimit: 0, idUserPC: 'PC' },
    lang: 'uk' as const,
    ...SANDBOX,
    tuning: TUNING,
  };
}

export function clients(count: number): (string | number)[][] {
  return [
    ['ПІБ', 'Дата народження'],
    ...Array.from({ length: count }, (_, i) => [`Петренко Петро ${i}`, 29000 + (i % 300)]),
  ];
}

export function stateSheets(fake: WorkbookFake): string[] {
  return fake.sheetNames().filter((n) => n.startsWith(STATE_SHEET_PREFIX));
}
