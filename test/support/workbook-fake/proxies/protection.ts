import { FakeOfficeError } from '../errors';
import { FakeClientObject } from './client-object';
import type { FakeRequestContext } from './context';
import type { FakeWorksheet } from './workbook';

/**
 * Worksheet.protection (ExcelApi 1.2). protect(): "Protects a worksheet. Fails if the worksheet has
 * already been protected." (https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheetprotection,
 * the protect member). `protected` is loadable. Writes into a protected sheet are not modelled:
 * the add-in protects only a sheet it has finished writing (src/excel/evidence-sheet.ts).
 */
export class FakeWorksheetProtection extends FakeClientObject {
  protected readonly scalarProps = ['protected'] as const;

  constructor(
    context: FakeRequestContext,
    path: string,
    private readonly sheet: FakeWorksheet,
  ) {
    super(context, path);
  }

  protected snapshot(props: readonly string[]): Record<string, unknown> | null {
    const s = this.sheet.target();
    if (!s) return null;
    return Object.fromEntries(props.map((p) => [p, p === 'protected' ? s.protection !== null : undefined]));
  }

  get protected(): boolean {
    return this.read('protected');
  }

  protect(options: Record<string, unknown> = {}, password?: string): void {
    this.queue({ a: 'protect', v: options }, () => {
      const s = this.sheet.mustTarget();
      if (s.protection) throw new FakeOfficeError('InvalidOperation', 'the worksheet is already protected');
      s.protection = { options, password: password ?? null };
    });
  }
}
