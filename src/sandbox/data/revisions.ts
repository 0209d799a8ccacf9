import type { RegistryKey } from '../../core/protocol/registries';
import type { SandboxData } from './generator';
import type { JsonObject, SandboxRecord } from './model';

/**
 * Data revisions: the registers as they stand a month (two months ...) later, so a re-screen
 * has something to find. Revision 0 is the generated data; revision N applies the changes of
 * revisions 1 to N in order. Every change names a known subject's record (docs/sandbox.md), so
 * what a re-screen of examples/clients.xlsx reports is known in advance.
 */
export interface RecordRef {
  registry: RegistryKey;
  /** The item field holding the record's id, and its value. */
  field: string;
  value: string;
}

export type RevisionChange =
  /** A new record: a copy of `from` under a new id, with some item fields replaced. */
  | { kind: 'add'; from: RecordRef; id: string; patch?: JsonObject; what: string }
  | { kind: 'remove'; record: RecordRef; what: string }
  /** The record's item fields replaced: the registry edited the entry (its id stays). */
  | { kind: 'patch'; record: RecordRef; patch: JsonObject; what: string }
  /** The record now answers with this percent, whatever the request matched. */
  | { kind: 'percent'; record: RecordRef; percent: number; what: string };

export const DATA_REVISIONS: readonly (readonly RevisionChange[])[] = [
  [],
  [
    {
      kind: 'add',
      from: { registry: 'wanted', field: 'id', value: '900001' },
      id: '900002',
      patch: {
        category: 'Особи, які переховуються від органів досудового розслідування',
        article_accusation: 'ст. 190 ч. 4 КК України',
      },
      what: 'wanted: a second notice for Сірошапка Тихон Веремійович (id 900002)',
    },
    {
      kind: 'add',
      from: { registry: 'corrupt', field: 'id', value: '900001' },
      id: '900002',
      patch: { offense_name: 'Порушення обмежень щодо сумісництва', sentence_date: '2026-10-14' },
      what: 'corrupt: a second offence of Прибережна Ніна Панасівна (id 900002)',
    },
    {
      kind: 'percent',
      record: { registry: 'nonrezedent', field: 'code', value: 'HE417302' },
      percent: 90,
      what: 'nonrezedent HE417302 (QUILLFEATHER TRADING LIMITED): percent 100 → 90',
    },
    {
      kind: 'percent',
      record: { registry: 'zrada', field: 'id', value: '900001' },
      percent: 95,
      what: 'zrada 900001 (Перекотиполе Гнат Силович): percent 100 → 95',
    },
    {
      kind: 'remove',
      record: { registry: 'notarius', field: 'license', value: '900001' },
      what: 'notarius 900001 (Вишнепільська Аліна Євгенівна) removed',
    },
    {
      kind: 'remove',
      record: { registry: 'lostdocs', field: 'id', value: '900003' },
      what: 'lostdocs 900003 (ID card 004172093) removed: the card was found',
    },
  ],
  [
    {
      kind: 'add',
      from: { registry: 'debtor', field: 'vporder', value: '60900001' },
      id: '60900002',
      patch: { vd_cat: 'Стягнення аліментів' },
      what: 'debtor: a second proceeding against Ковтуненко-Вирій Ярема Остапович (vporder 60900002)',
    },
    {
      kind: 'percent',
      record: { registry: 'corrupt', field: 'id', value: '900001' },
      percent: 90,
      what: 'corrupt 900001 (Прибережна Ніна Панасівна): percent 100 → 90',
    },
    {
      kind: 'remove',
      record: { registry: 'wanted', field: 'id', value: '900002' },
      what: 'wanted 900002 (the notice added in revision 1) removed: the search ended',
    },
    {
      kind: 'patch',
      record: { registry: 'edr', field: 'edrpou', value: '41703173' },
      patch: { state: 'в стані припинення' },
      what: 'edr 41703173 (ТОВ "СМАРАГДОВИЙ ПРИЧАЛ"): state "зареєстровано" → "в стані припинення"',
    },
  ],
];

export const MAX_DATA_REVISION = DATA_REVISIONS.length - 1;

function matches(record: SandboxRecord, ref: RecordRef): boolean {
  return record.registry === ref.registry && String(record.item[ref.field]) === ref.value;
}

function find(records: readonly SandboxRecord[], ref: RecordRef): SandboxRecord {
  const found = records.find((r) => matches(r, ref));
  // A revision names known subjects' records; a miss is a bug in this table, not a user error.
  if (!found) throw new Error(`sandbox data revision: no ${ref.registry} record with ${ref.field} ${ref.value}`);
  return found;
}

/** Records of revision N; record ids are positions, so the list is renumbered after every change. */
function revisedRecords(
  base: readonly SandboxRecord[],
  revision: number,
): { records: SandboxRecord[]; percents: Map<SandboxRecord, number> } {
  let records = [...base];
  const percents = new Map<SandboxRecord, number>();
  for (let n = 1; n <= revision; n++) {
    for (const change of DATA_REVISIONS[n]) {
      if (change.kind === 'add') {
        const from = find(records, change.from);
        const original = from.item[change.from.field];
        const id = typeof original === 'number' ? Number(change.id) : change.id;
        records.push({ ...from, item: { ...from.item, [change.from.field]: id, ...change.patch } });
      } else if (change.kind === 'patch') {
        const was = find(records, change.record);
        const edited = { ...was, item: { ...was.item, ...change.patch } };
        records = records.map((r) => (r === was ? edited : r));
        const percent = percents.get(was);
        if (percent !== undefined) percents.set(edited, percent);
        percents.delete(was);
      } else if (change.kind === 'remove') {
        const gone = find(records, change.record);
        records = records.filter((r) => r !== gone);
        percents.delete(gone);
      } else {
        percents.set(find(records, change.record), change.percent);
      }
    }
  }
  return { records, percents };
}

const memo = new WeakMap<SandboxData, Map<number, SandboxData>>();

/** The data as it stands at `revision`; the same object for the same base and revision, so its index is built once. */
export function dataAtRevision(base: SandboxData, revision: number): SandboxData {
  if (!Number.isInteger(revision) || revision < 0 || revision > MAX_DATA_REVISION) {
    throw new RangeError(`data revision must be a whole number from 0 to ${MAX_DATA_REVISION}`);
  }
  if (revision === 0) return base;
  let byRevision = memo.get(base);
  if (!byRevision) {
    byRevision = new Map();
    memo.set(base, byRevision);
  }
  const known = byRevision.get(revision);
  if (known) return known;
  const { records: kept, percents } = revisedRecords(base.records, revision);
  const records = kept.map((r, id) => ({ ...r, id }));
  const percentById = new Map<number, number>();
  kept.forEach((r, id) => {
    const p = percents.get(r);
    if (p !== undefined) percentById.set(id, p);
  });
  const byRegistry = new Map<RegistryKey, SandboxRecord[]>();
  for (const key of base.byRegistry.keys()) byRegistry.set(key, []);
  for (const r of records) byRegistry.get(r.registry)?.push(r);
  const data: SandboxData = { seed: base.seed, records, byRegistry, revision, percentOverrides: percentById };
  byRevision.set(revision, data);
  return data;
}
