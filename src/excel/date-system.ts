/**
 * The workbook's date system, learned without touching a sheet. Office.js gives a date cell's
 * value as a serial in the workbook's own system and has no property that names it, so the host
 * is asked for DATE(1904,1,1): 0 in the 1904 system, 1462 in the 1900 one (Workbook.functions,
 * ExcelApi 1.2, https://learn.microsoft.com/en-us/javascript/api/excel/excel.functions).
 */
import type { DateSystem } from '../core/query';
import { excelApiSupported } from './requirements';
import { runQueued } from './run';

/** Queues the probe on a batch; the getter answers after that batch's next sync. */
export function queueDateSystem(context: Excel.RequestContext): () => DateSystem {
  if (!excelApiSupported('1.2')) return () => 1900;
  const probe = context.workbook.functions.date(1904, 1, 1);
  probe.load('value');
  return () => (probe.value === 0 ? 1904 : 1900);
}

let cached: Promise<DateSystem> | null = null;

/**
 * For the worksheet functions, once per runtime: a recalculation must not add a round trip per
 * cell. A workbook switched to the other system while open is read right after a reload.
 */
export function workbookDateSystem(): Promise<DateSystem> {
  // Where it cannot be asked (no Excel: the functions' tests), or the host says no, the 1900
  // system is assumed and asked again next time.
  cached ??= (async () =>
    runQueued(async (context) => {
      const system = queueDateSystem(context);
      await context.sync();
      return system();
    }))().catch(() => {
    cached = null;
    return 1900 as const;
  });
  return cached;
}
