/**
 * Workbook.settings (ExcelApi 1.4): key-value pairs saved in the file for this add-in
 * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.settingcollection). Values are
 * kept as JSON, as Excel keeps them: a value JSON cannot hold is refused.
 */
import { FakeOfficeError } from '../errors';
import { FakeClientObject } from './client-object';
import type { FakeRequestContext } from './context';
import { compareVersions } from '../versions';

export class FakeSetting extends FakeClientObject {
  protected readonly scalarProps = ['key', 'value'] as const;

  constructor(
    context: FakeRequestContext,
    path: string,
    private readonly settingKey: string,
  ) {
    super(context, path);
  }

  protected snapshot(props: readonly string[]): Record<string, unknown> | null {
    const stored = this.context.host.model.settings.get(this.settingKey);
    if (stored === undefined) return null;
    const all: Record<string, unknown> = { key: this.settingKey, value: JSON.parse(stored) as unknown };
    return Object.fromEntries(props.map((p) => [p, all[p]]));
  }

  get key(): string {
    return this.read('key');
  }

  get value(): unknown {
    return this.read('value');
  }

  checkExists(): void {
    this.queueNullCheck(() => this.context.host.model.settings.has(this.settingKey));
  }
}

export class FakeSettingCollection {
  constructor(private readonly context: FakeRequestContext) {}

  private requireApi(): void {
    if (compareVersions(this.context.host.model.excelApi, '1.4') < 0) {
      throw new FakeOfficeError('ApiNotFound', 'SettingCollection: ExcelApi 1.4');
    }
  }

  add(key: string, value: unknown): FakeSetting {
    this.context.enqueue({
      payload: { o: 'workbook.settings', a: 'add', v: [key, value] },
      run: () => {
        this.requireApi();
        const json = JSON.stringify(value);
        if (typeof key !== 'string' || key === '' || json === undefined) {
          throw new FakeOfficeError('InvalidArgument', `setting ${String(key)}`);
        }
        this.context.host.model.settings.set(key, json);
      },
    });
    return new FakeSetting(this.context, `workbook.settings.getItem(${JSON.stringify(key)})`, key);
  }

  getItemOrNullObject(key: string): FakeSetting {
    const setting = new FakeSetting(this.context, `workbook.settings.getItemOrNullObject(${JSON.stringify(key)})`, key);
    this.context.enqueue({ payload: { o: 'workbook.settings', a: 'api' }, run: () => this.requireApi() });
    setting.checkExists();
    return setting;
  }
}
