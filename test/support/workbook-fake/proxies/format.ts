/** Range formatting (font, fill, widths, autofit) and conditional formats. */
import { intersectRects } from '../../../../src/excel/a1';
import { FakeOfficeError } from '../errors';
import { DEFAULT_COLUMN_WIDTH, type CellStyle, type ConditionalFormatRecord } from '../model';
import { FakeClientObject, FakeClientResult, forEachCell, must } from './client-object';
import type { FakeRequestContext } from './context';
import type { FakeRange } from './range';

export function uniform<T>(range: FakeRange, pick: (s: CellStyle) => T): T | null {
  const { sheet, rect } = range.mustTarget();
  const first = pick(sheet.style(rect.rowIndex, rect.columnIndex));
  let same = true;
  forEachCell(rect, (r, c) => {
    if (same && pick(sheet.style(r, c)) !== first) same = false;
  });
  return same ? first : null;
}

export class StylePart extends FakeClientObject {
  constructor(
    context: FakeRequestContext,
    path: string,
    protected readonly range: FakeRange,
    protected readonly fields: Record<string, keyof CellStyle>,
  ) {
    super(context, path);
  }

  protected get scalarProps(): readonly string[] {
    return Object.keys(this.fields);
  }

  protected snapshot(props: readonly string[]): Record<string, unknown> | null {
    if (!this.range.target()) return null;
    return Object.fromEntries(
      props.map((p) => {
        const field = this.fields[p];
        const v = uniform(this.range, (s) => s[field]);
        return [
          p,
          field === 'fillColor' && v === null && uniform(this.range, (s) => s.fillColor === null) ? '#FFFFFF' : v,
        ];
      }),
    );
  }

  protected setStyle(prop: string, value: unknown, patch: Partial<CellStyle>): void {
    this.setProp(prop, value, () => {
      const { sheet, rect } = this.range.mustTarget();
      forEachCell(rect, (r, c) => sheet.patchStyle(r, c, patch));
    });
  }
}

export function colorValue(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new FakeOfficeError('InvalidArgument', 'color');
  return value;
}

export class FakeRangeFont extends StylePart {
  constructor(context: FakeRequestContext, path: string, range: FakeRange) {
    super(context, path, range, { bold: 'bold', italic: 'italic', color: 'fontColor' });
  }
  get bold(): boolean {
    return this.read('bold');
  }
  set bold(v: boolean) {
    this.setStyle('bold', v, { bold: Boolean(v) });
  }
  get italic(): boolean {
    return this.read('italic');
  }
  set italic(v: boolean) {
    this.setStyle('italic', v, { italic: Boolean(v) });
  }
  get color(): string {
    return this.read('color');
  }
  set color(v: string) {
    this.setStyle('color', v, { fontColor: colorValue(v) });
  }
}

export class FakeRangeFill extends StylePart {
  constructor(context: FakeRequestContext, path: string, range: FakeRange) {
    super(context, path, range, { color: 'fillColor' });
  }
  get color(): string {
    return this.read('color');
  }
  set color(v: string) {
    this.setStyle('color', v, { fillColor: colorValue(v) });
  }
  clear(): void {
    this.queue({ a: 'clearFill' }, () => {
      const { sheet, rect } = this.range.mustTarget();
      forEachCell(rect, (r, c) => sheet.patchStyle(r, c, { fillColor: null }));
    });
  }
}

export class FakeRangeFormat extends StylePart {
  readonly font: FakeRangeFont;
  readonly fill: FakeRangeFill;

  constructor(context: FakeRequestContext, path: string, range: FakeRange) {
    super(context, path, range, { wrapText: 'wrapText', horizontalAlignment: 'horizontalAlignment' });
    this.font = new FakeRangeFont(context, `${path}.font`, range);
    this.fill = new FakeRangeFill(context, `${path}.fill`, range);
  }

  protected override child(name: string): FakeClientObject | undefined {
    return name === 'font' ? this.font : name === 'fill' ? this.fill : undefined;
  }

  get wrapText(): boolean {
    return this.read('wrapText');
  }
  set wrapText(v: boolean) {
    this.setStyle('wrapText', v, { wrapText: Boolean(v) });
  }
  get horizontalAlignment(): string {
    return this.read('horizontalAlignment');
  }
  set horizontalAlignment(v: string) {
    this.setStyle('horizontalAlignment', v, { horizontalAlignment: String(v) });
  }

  set columnWidth(points: number) {
    this.setProp('columnWidth', points, () => {
      if (typeof points !== 'number' || !(points >= 0)) throw new FakeOfficeError('InvalidArgument', 'columnWidth');
      const { sheet, rect } = this.range.mustTarget();
      for (let c = rect.columnIndex; c < rect.columnIndex + rect.columnCount; c += 1) sheet.columnWidths.set(c, points);
    });
  }
  get columnWidth(): number {
    return this.read('columnWidth');
  }

  /**
   * Records the call and widens columns to their longest displayed text (about 7 points per
   * character, as Calibri 11 roughly is): enough for tests to see columns fitted.
   */
  autofitColumns(): void {
    this.queue({ a: 'autofitColumns' }, () => {
      const { sheet, rect } = this.range.mustTarget();
      sheet.autofitCalls.push({ ...rect });
      const used = sheet.usedRect(true);
      const rows = used
        ? intersectRects({ ...rect, columnIndex: rect.columnIndex, columnCount: rect.columnCount }, used)
        : null;
      for (let c = rect.columnIndex; c < rect.columnIndex + rect.columnCount; c += 1) {
        let longest = 0;
        if (rows) {
          for (let r = rows.rowIndex; r < rows.rowIndex + rows.rowCount; r += 1) {
            longest = Math.max(longest, sheet.text(r, c).length);
          }
        }
        sheet.columnWidths.set(c, longest === 0 ? DEFAULT_COLUMN_WIDTH : Math.min(255 * 7, Math.ceil(longest * 7 + 5)));
      }
    });
  }

  autofitRows(): void {
    this.queue({ a: 'autofitRows' }, () => {
      this.range.mustTarget();
    });
  }
}

export class FakeConditionalFormatCollection extends FakeClientObject {
  protected readonly scalarProps = ['items'] as const;

  constructor(
    context: FakeRequestContext,
    path: string,
    private readonly range: FakeRange,
  ) {
    super(context, path);
  }

  protected snapshot(): Record<string, unknown> {
    return {};
  }

  add(type: string): FakeConditionalFormat {
    let record: ConditionalFormatRecord | null = null;
    const cf = new FakeConditionalFormat(this.context, `${this.path}.add(${JSON.stringify(type)})`, type, () =>
      must(record, 'the conditional format was not added'),
    );
    this.queue({ a: 'add', v: type }, () => {
      const known = [
        'Custom',
        'ContainsText',
        'CellValue',
        'DataBar',
        'ColorScale',
        'IconSet',
        'TopBottom',
        'PresetCriteria',
      ];
      if (!known.includes(type)) throw new FakeOfficeError('InvalidArgument', `conditional format type ${type}`);
      const { sheet, rect } = this.range.mustTarget();
      record = {
        id: this.context.host.model.nextConditionalFormatId(),
        rect: { ...rect },
        type,
        formula: null,
        textRule: null,
        fillColor: null,
        fontColor: null,
        bold: null,
        stopIfTrue: false,
        deleted: false,
      };
      sheet.conditionalFormats.push(record);
    });
    return cf;
  }

  getCount(): FakeClientResult<number> {
    const result = new FakeClientResult<number>();
    this.queue({ a: 'getCount' }, () => {
      const { sheet, rect } = this.range.mustTarget();
      const n = sheet.conditionalFormats.filter((f) => !f.deleted && intersectRects(f.rect, rect)).length;
      return { commit: () => result.resolve(n) };
    });
    return result;
  }

  clearAll(): void {
    this.queue({ a: 'clearAll' }, () => {
      const { sheet, rect } = this.range.mustTarget();
      for (const f of sheet.conditionalFormats) if (intersectRects(f.rect, rect)) f.deleted = true;
    });
  }
}

type CfResolver = () => ConditionalFormatRecord;

/**
 * Checked when the batch runs, as Excel checks it: the rule's formula is parsed then, and an
 * unparsable one fails that sync with InvalidArgument. ConditionalRangeFormatRule.formula is "the
 * formula, if required, on which to evaluate the conditional format rule", in A1 notation and
 * en-US syntax, starting with "=":
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.conditionalformatrule#excel-excel-conditionalformatrule-formula-member
 * and errors surface at context.sync:
 * https://learn.microsoft.com/en-us/office/dev/add-ins/testing/troubleshoot-development-errors
 * The fake checks the syntax a formula needs to parse at all: the leading "=", closed string
 * literals (quotes doubled inside), balanced parentheses, no empty argument list separators at
 * the top, and Excel's 8192-character formula limit.
 */
export function ruleFormulaProblem(formula: unknown): string | null {
  if (typeof formula !== 'string' || formula.trim() === '') return 'blank';
  if (!formula.startsWith('=')) return 'does not start with "="';
  if (formula.length > 8192) return 'longer than 8192 characters';
  if (formula.trim() === '=') return 'nothing after "="';
  let depth = 0;
  let inString = false;
  for (let i = 1; i < formula.length; i += 1) {
    const ch = formula[i];
    if (inString) {
      if (ch === '"') {
        if (formula[i + 1] === '"') i += 1;
        else inString = false;
      }
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '(') depth += 1;
    else if (ch === ')') {
      depth -= 1;
      if (depth < 0) return 'a ")" without its "("';
    }
  }
  if (inString) return 'a string literal is not closed';
  if (depth !== 0) return 'a "(" is not closed';
  if (/[+\-*/^&=<>,(]\s*$/.test(formula.slice(1))) return 'ends with an operator';
  return null;
}

/** Setter-only view of one part of a rule: properties queue an update of the recorded rule. */
function cfFormat(cf: FakeConditionalFormat, path: string, resolve: CfResolver) {
  const set = (p: string, v: unknown, apply: (r: ConditionalFormatRecord) => void): void =>
    cf.context.enqueue({ payload: { o: path, a: 'set', p, v }, run: () => apply(resolve()) });
  return {
    fill: {
      set color(v: string) {
        set('fill.color', v, (r) => (r.fillColor = colorValue(v)));
      },
      clear() {
        set('fill.clear', null, (r) => (r.fillColor = null));
      },
    },
    font: {
      set color(v: string) {
        set('font.color', v, (r) => (r.fontColor = colorValue(v)));
      },
      set bold(v: boolean) {
        set('font.bold', v, (r) => (r.bold = Boolean(v)));
      },
    },
  };
}

export class FakeConditionalFormat extends FakeClientObject {
  protected readonly scalarProps = ['type', 'stopIfTrue', 'id'] as const;

  constructor(
    context: FakeRequestContext,
    path: string,
    private readonly kind: string,
    private readonly resolve: CfResolver,
  ) {
    super(context, path);
  }

  protected snapshot(props: readonly string[]): Record<string, unknown> {
    const r = this.resolve();
    const all: Record<string, unknown> = { type: r.type, stopIfTrue: r.stopIfTrue, id: r.id };
    return Object.fromEntries(props.map((p) => [p, all[p]]));
  }

  get type(): string {
    return this.read('type');
  }

  get stopIfTrue(): boolean {
    return this.read('stopIfTrue');
  }
  set stopIfTrue(v: boolean) {
    this.setProp('stopIfTrue', v, () => (this.resolve().stopIfTrue = Boolean(v)));
  }

  private requireKind(kind: string, what: string): void {
    if (this.kind !== kind) {
      throw new FakeOfficeError('InvalidOperation', `${what} on a ${this.kind} conditional format`);
    }
  }

  get custom() {
    this.requireKind('Custom', 'custom');
    const resolve = this.resolve;
    const context = this.context;
    const path = `${this.path}.custom`;
    return {
      rule: {
        set formula(v: string) {
          context.enqueue({
            payload: { o: `${path}.rule`, a: 'set', p: 'formula', v },
            run: () => {
              const problem = ruleFormulaProblem(v);
              if (problem) {
                throw new FakeOfficeError('InvalidArgument', `rule formula ${JSON.stringify(v)}: ${problem}`);
              }
              resolve().formula = v;
            },
          });
        },
      },
      format: cfFormat(this, `${path}.format`, resolve),
    };
  }

  get textComparison() {
    this.requireKind('ContainsText', 'textComparison');
    const resolve = this.resolve;
    const context = this.context;
    const path = `${this.path}.textComparison`;
    return {
      set rule(v: { operator: string; text: string }) {
        context.enqueue({
          payload: { o: path, a: 'set', p: 'rule', v },
          run: () => {
            if (!v || typeof v.text !== 'string' || typeof v.operator !== 'string') {
              throw new FakeOfficeError('InvalidArgument', 'text rule');
            }
            resolve().textRule = { operator: v.operator, text: v.text };
          },
        });
      },
      format: cfFormat(this, `${path}.format`, resolve),
    };
  }

  delete(): void {
    this.queue({ a: 'delete' }, () => {
      this.resolve().deleted = true;
    });
  }
}
