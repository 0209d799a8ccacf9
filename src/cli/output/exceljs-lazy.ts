import type ExcelJS from 'exceljs';

/** exceljs costs a good part of a second to load: only `screen` needs it, so `search` does not wait for it. */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  const mod = (await import('exceljs')) as unknown as { default?: typeof ExcelJS } & typeof ExcelJS;
  return mod.default ?? mod;
}
