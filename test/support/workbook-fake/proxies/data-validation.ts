/**
 * Range.dataValidation (ExcelApi 1.8): the rule, prompt and error alert a range carries.
 * https://learn.microsoft.com/javascript/api/excel/excel.datavalidation
 * https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-data-validation
 */
import { intersectRects, type CellRect } from '../../../../src/excel/a1';
import { FakeOfficeError } from '../errors';
import { compareVersions } from '../versions';
import type { DataValidationRecord } from '../model';
import { FakeClientObject } from './client-object';
import type { FakeRequestContext } from './context';
import type { FakeRange } from './range';

/** DataValidationRule's criteria: "only one of these properties can be set" (excel.datavalidationrule). */
const CRITERIA = ['custom', 'date', 'decimal', 'list', 'textLength', 'time', 'wholeNumber'] as const;

const TYPE_OF: Record<(typeof CRITERIA)[number], string> = {
  custom: 'Custom',
  date: 'Date',
  decimal: 'Decimal',
  list: 'List',
  textLength: 'TextLength',
  time: 'Time',
  wholeNumber: 'WholeNumber',
};

function rectContainsRect(outer: CellRect, inner: CellRect): boolean {
  return (
    inner.rowIndex >= outer.rowIndex &&
    inner.columnIndex >= outer.columnIndex &&
    inner.rowIndex + inner.rowCount <= outer.rowIndex + outer.rowCount &&
    inner.columnIndex + inner.columnCount <= outer.columnIndex + outer.columnCount
  );
}

function checkRule(rule: unknown): Record<string, unknown> {
  if (!rule || typeof rule !== 'object') {
    throw new FakeOfficeError('InvalidArgument', 'dataValidation.rule must be an object');
  }
  const set = CRITERIA.filter((k) => (rule as Record<string, unknown>)[k] !== undefined);
  if (set.length !== 1) {
    throw new FakeOfficeError('InvalidArgument', `dataValidation.rule: exactly one criterion, got ${set.length}`);
  }
  const list = (rule as { list?: { source?: unknown } }).list;
  // ListDataValidation.source: "a Range object, or a string that contains a comma-separated number, Boolean, or date" (excel.listdatavalidation).
  if (list && typeof list.source !== 'string') {
    throw new FakeOfficeError('NotImplemented', 'workbook fake: list source other than a string');
  }
  return rule as Record<string, unknown>;
}

export class FakeDataValidation extends FakeClientObject {
  protected readonly scalarProps = ['rule', 'type', 'prompt', 'errorAlert', 'ignoreBlanks', 'valid'] as const;

  constructor(
    context: FakeRequestContext,
    path: string,
    private readonly range: FakeRange,
  ) {
    super(context, path);
  }

  /**
   * [API set: ExcelApi 1.8] (excel.datavalidation); an older Excel answers ApiNotFound,
   * https://learn.microsoft.com/en-us/javascript/api/excel/excel.errorcodes
   */
  private requireApi(): void {
    if (compareVersions(this.context.host.model.excelApi, '1.8') < 0) {
      throw new FakeOfficeError('ApiNotFound', 'Range.dataValidation needs ExcelApi 1.8');
    }
  }

  /** The record covering the whole range, if one does. */
  private record(): DataValidationRecord | null {
    const { sheet, rect } = this.range.mustTarget();
    return (
      sheet.dataValidations.find(
        (v) =>
          v.rect.rowIndex <= rect.rowIndex &&
          v.rect.columnIndex <= rect.columnIndex &&
          v.rect.rowIndex + v.rect.rowCount >= rect.rowIndex + rect.rowCount &&
          v.rect.columnIndex + v.rect.columnCount >= rect.columnIndex + rect.columnCount,
      ) ?? null
    );
  }

  protected snapshot(props: readonly string[]): Record<string, unknown> | null {
    this.requireApi();
    if (!this.range.target()) return null;
    const r = this.record();
    const out: Record<string, unknown> = {};
    for (const p of props) {
      if (p === 'rule') out[p] = r ? (JSON.parse(JSON.stringify(r.rule)) as Record<string, unknown>) : {};
      else if (p === 'type') out[p] = r ? TYPE_OF[CRITERIA.find((k) => r.rule[k] !== undefined)!] : 'None';
      else if (p === 'prompt') out[p] = r?.prompt ?? { showPrompt: false, title: '', message: '' };
      else if (p === 'errorAlert') out[p] = r?.errorAlert ?? { showAlert: true, style: 'Stop', title: '', message: '' };
      else if (p === 'ignoreBlanks') out[p] = r?.ignoreBlanks ?? true;
      else if (p === 'valid') out[p] = null;
    }
    return out;
  }

  // JSON copies, not structuredClone: jsdom (the ui project) has no structuredClone.
  /** A new rule replaces whatever the cells had: the rule's range is cut out of older records. */
  private upsert(patch: Partial<Omit<DataValidationRecord, 'rect'>>): void {
    this.requireApi();
    const { sheet, rect } = this.range.mustTarget();
    const existing = this.record();
    if (
      existing &&
      existing.rect.rowIndex === rect.rowIndex &&
      existing.rect.columnIndex === rect.columnIndex &&
      existing.rect.rowCount === rect.rowCount &&
      existing.rect.columnCount === rect.columnCount
    ) {
      Object.assign(existing, patch);
      return;
    }
    // Setting a rule over a range that only partly has validation (a resumed run's longer Decision
    // column) fails with InvalidArgument: office-js#2594. Microsoft's data-validation sample clears
    // the range first (https://learn.microsoft.com/en-us/office/dev/add-ins/excel/excel-add-ins-data-validation,
    // "Remove data validation"), which is what the add-in does.
    const overlapping = sheet.dataValidations.filter((v) => intersectRects(v.rect, rect));
    const uniform = overlapping.length === 1 && rectContainsRect(overlapping[0].rect, rect);
    if (patch.rule && overlapping.length > 0 && !uniform) {
      throw new FakeOfficeError(
        'InvalidArgument',
        'a range that partly holds data validation takes a new rule only after dataValidation.clear() (office-js#2594)',
      );
    }
    if (!patch.rule) {
      throw new FakeOfficeError(
        'NotImplemented',
        'workbook fake: prompt or errorAlert on a range without a rule of its own',
      );
    }
    sheet.dataValidations.splice(
      0,
      sheet.dataValidations.length,
      ...sheet.dataValidations.filter((v) => !intersectRects(v.rect, rect)),
    );
    sheet.dataValidations.push({
      rect: { ...rect },
      rule: patch.rule,
      prompt: patch.prompt ?? null,
      errorAlert: patch.errorAlert ?? null,
      ignoreBlanks: patch.ignoreBlanks ?? true,
    });
  }

  get rule(): Record<string, unknown> {
    return this.read('rule');
  }
  set rule(value: Record<string, unknown>) {
    const rule = checkRule(value);
    this.setProp('rule', value, () =>
      this.upsert({ rule: JSON.parse(JSON.stringify(rule)) as Record<string, unknown> }),
    );
  }

  get type(): string {
    return this.read('type');
  }

  get prompt(): DataValidationRecord['prompt'] {
    return this.read('prompt');
  }
  set prompt(value: DataValidationRecord['prompt']) {
    this.setProp('prompt', value, () => this.upsert({ prompt: value ? { ...value } : null }));
  }

  get errorAlert(): DataValidationRecord['errorAlert'] {
    return this.read('errorAlert');
  }
  set errorAlert(value: DataValidationRecord['errorAlert']) {
    this.setProp('errorAlert', value, () => this.upsert({ errorAlert: value ? { ...value } : null }));
  }

  get ignoreBlanks(): boolean {
    return this.read('ignoreBlanks');
  }
  set ignoreBlanks(value: boolean) {
    this.setProp('ignoreBlanks', value, () => this.upsert({ ignoreBlanks: Boolean(value) }));
  }

  /** "Clears the data validation from the current range." */
  clear(): void {
    this.queue({ a: 'clear' }, () => {
      this.requireApi();
      const { sheet, rect } = this.range.mustTarget();
      sheet.dataValidations.splice(
        0,
        sheet.dataValidations.length,
        ...sheet.dataValidations.filter((v) => !intersectRects(v.rect, rect)),
      );
    });
  }
}
