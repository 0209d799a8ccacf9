import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { CliIo } from '../../src/cli/io';
import { runCli } from '../../src/cli/main';
import { KNOWN } from '../../src/sandbox';
import { cliEnv, tableAfterHeader } from './cli-support';

/**
 * Issue 31, the command line's first hour. Item 1, as the analyst met it: the sanctioned PEP with the right birth date, in a list
 * with the name in three columns, came out "Low 33 %" because only the surname was screened. Now
 * the name is joined and the run says so; a one-word name column is warned about before any request.
 */

async function screen(csv: string): Promise<{ table: string[][]; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'cli-name-columns-'));
  try {
    writeFileSync(join(dir, 'clients.csv'), csv);
    let stderr = '';
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: { write: (s: string) => ((stderr += s), true) },
      env: cliEnv(),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    const code = await runCli(['screen', 'clients.csv', '-o', 'out.csv', '--progress', 'none', '--lang', 'uk'], io);
    expect({ code, stderr }).toMatchObject({ code: 0 });
    const rows = parse(readFileSync(join(dir, 'out.csv'), 'utf8'), {
      bom: true,
      relax_column_count: true,
      delimiter: [';', ','],
    });
    return { table: rows as string[][], stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [surname, given, patronymic] = KNOWN.pepSanctioned.name.split(' ');

it('a name split over Прізвище, Ім’я, По батькові is screened whole: the sanctioned PEP is High, and the run says how the name was made', async () => {
  const { table, stderr } = await screen(
    `Прізвище;Ім'я;По батькові;Дата народження\n${surname};${given};${patronymic};${KNOWN.pepSanctioned.date}\n`,
  );
  expect(stderr).toContain("ПІБ = Прізвище + Ім'я + По батькові, для кожного рядка в такому порядку.");
  const { header, body } = tableAfterHeader(table);
  expect(body[0][header.indexOf('Загальний рівень')]).toBe('Високий');
  expect(body[0][header.indexOf('Найвищий %')]).toBe('100');
});

it('a name column of surnames alone is warned about before the run', async () => {
  const names = ['Петренко', 'Іваненко', 'Коваль', 'Шевчук', 'Бондар'];
  const { stderr } = await screen(`ПІБ\n${names.join('\n')}\n`);
  expect(stderr).toContain('Увага: 100% імен складаються з одного слова (напр. «Петренко»)');
});

it('a mistyped input file name suggests the nearest file beside it (item 12)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-near-file-'));
  try {
    writeFileSync(join(dir, 'clients.csv'), 'ПІБ\nПетренко Петро\n');
    let stderr = '';
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: { write: (s: string) => ((stderr += s), true) },
      env: cliEnv(),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    expect(await runCli(['screen', 'clents.csv', '--lang', 'en'], io)).not.toBe(0);
    expect(stderr).toContain('. Did you mean clients.csv?');
    stderr = '';
    expect(await runCli(['screen', 'something-else.xlsx', '--lang', 'uk'], io)).not.toBe(0);
    expect(stderr).toContain('Файлу немає');
    expect(stderr).not.toContain('Можливо');
    // A mistyped option is told in the language asked for, though the options around it were never read.
    stderr = '';
    expect(await runCli(['screen', 'clients.csv', '--lang', 'uk', '--progres', 'none'], io)).toBe(2);
    expect(stderr).toBe(
      'Помилка: Невідомий параметр --progres. Можливо, ви мали на увазі --progress? Довідка: checklists screen --help\n',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
