import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { runCli } from '../../src/cli/main';
import { pluralForm } from '../../src/core/text/i18n';
import type { CliIo } from '../../src/cli/io';
import { runRelay } from '../../src/cli/commands/relay-command';
import { createKey } from '../../src/relay/keys';
import { sendStream } from '../../src/relay/http-parts';
import type { RelayRole } from '../../src/relay/roles';
import { cliEnv } from './cli-support';
import {
  post,
  startRecordingSandbox,
  startTestDatabase,
  startTestRelay,
  type RecordingSandbox,
  type TestDatabase,
  type TestRelay,
} from './relay-support';

/**
 * The record read from an auditor's (or analyst's) own computer, on a real PostgreSQL over loopback:
 * the audit trail over HTTP (`POST /audit/export`) and with `checklists audit`, the same rows and
 * options as `checklists relay audit` on the relay's host, nobody else reading it, and an export cut
 * part way never taken for a whole one; an archived answer with `checklists archive`, byte for byte
 * as the service sent it and checked against the digest the relay recorded.
 */

let db: TestDatabase;
let sandbox: RecordingSandbox;
let relay: TestRelay;
let olena: string;
let inspector: string;

async function key(name: string, role: RelayRole = 'analyst'): Promise<string> {
  const made = await createKey(relay.store, name, role);
  if (made === 'exists') throw new Error(name);
  return made.key;
}

function capture(env: Record<string, string>) {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: { write: (s: string) => ((out.stdout += s), true) },
    stderr: { write: (s: string) => ((out.stderr += s), true) },
    env: cliEnv(env),
    cwd: process.cwd(),
    platform: process.platform,
    interrupt: new AbortController().signal,
  };
  return { io, out };
}

/** `checklists COMMAND ...` with this key against this relay, in this process. */
async function command(name: string, args: string[], tokken: string, url = relay.url, cwd = process.cwd()) {
  const { io, out } = capture({ CHECKLISTS_URL: url, CHECKLISTS_TOKKEN: tokken });
  const code = await runCli([name, ...args], { ...io, cwd });
  return { code, ...out };
}

const audit = (args: string[], tokken = inspector, url = relay.url) => command('audit', args, tokken, url);

/** A server on loopback that answers every request with `reply`, for what a real relay never sends. */
async function serving(reply: Parameters<typeof createServer>[1], use: (url: string) => Promise<void>) {
  const server: Server = createServer(reply);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
}

async function exportOver(fields: Record<string, unknown>) {
  const res = await fetch(`${relay.url}/audit/export`, { method: 'POST', body: JSON.stringify(fields) });
  // As bytes: text() would drop the BOM a spreadsheet needs.
  return { status: res.status, type: res.headers.get('content-type'), raw: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  db = await startTestDatabase();
  sandbox = await startRecordingSandbox(1);
  relay = await startTestRelay(db.url, sandbox.urls);
  olena = await key('olena');
  inspector = await key('inspector', 'auditor');
  for (const subject of [
    { name: 'Кривоклен Северин Петрович', date: '1971-03-02' },
    { name: 'Мельник Ганна', ipn: '3012345678' },
    { name: "Об'єднана Компанія", ipn: '12345678' },
  ]) {
    expect((await post(relay.url, { tokken: olena, ...subject })).status).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  await relay?.close();
  await sandbox?.close();
  await db?.drop();
});

test('an auditor exports the audit trail over HTTP: the host command’s rows, a client by name or code, CSV or JSON lines', async () => {
  const whole = await exportOver({ tokken: inspector });
  expect(whole.status).toBe(200);
  expect(whole.type).toBe('text/csv; charset=utf-8');
  const csv = whole.raw.toString('utf8');
  expect(csv.startsWith('\uFEFFid,at,analyst,method,query,')).toBe(true);
  expect(csv.trimEnd().split('\r\n')).toHaveLength(4);

  // The relay's host prints the same bytes for the same rows.
  const host = capture({});
  expect(await runRelay(['audit', '--csv', '--database-url', db.url], host.io)).toBe(0);
  expect(host.out.stdout).toBe(csv);

  // One client: the name in another case and apostrophe; the code whole, in any of its fields.
  const named = await exportOver({ tokken: inspector, format: 'json', name: 'об’єднана' });
  expect(named.type).toBe('application/x-ndjson; charset=utf-8');
  const rows = named.raw
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { analyst: string; query: { name: string }; verdict: string });
  expect(rows.map((r) => [r.analyst, r.query.name])).toEqual([['olena', "Об'єднана Компанія"]]);
  const coded = await exportOver({ tokken: inspector, format: 'json', code: '3012345678' });
  expect(coded.raw.toString('utf8').trim().split('\n')).toHaveLength(1);
  expect(coded.raw.toString('utf8')).toContain('Мельник Ганна');
  const partOfCode = await exportOver({ tokken: inspector, format: 'json', code: '301234' });
  expect(partOfCode.raw.toString('utf8')).toBe('');

  // A period with nothing in it: the header alone.
  const before = await exportOver({ tokken: inspector, to: '2000-01-01' });
  expect(before.raw.toString('utf8')).toBe(csv.slice(0, csv.indexOf('\r\n') + 2));
  const bad = await exportOver({ tokken: inspector, from: '2026-02-31' });
  expect(bad.status).toBe(400);
  expect(JSON.parse(bad.raw.toString('utf8'))).toMatchObject({ message: expect.stringContaining('from 2026-02-31') });

  // Another analyst's rows are not an analyst's to read; reading costs no quota.
  const refused = await exportOver({ tokken: olena, analyst: 'petro' });
  expect(refused.status).toBe(403);
  expect(JSON.parse(refused.raw.toString('utf8')).message).toContain(
    "Your key reads your own requests in the audit trail (olena's)",
  );
  expect(sandbox.requests).toHaveLength(3);
});

test('checklists audit writes what the relay sends, an analyst their own requests, says when nothing matched, and refuses bad dates', async () => {
  const host = capture({});
  expect(await runRelay(['audit', '--name', 'кривоклен', '--database-url', db.url], host.io)).toBe(0);
  const client = await audit(['--name', '  КРИВОКЛЕН  ']);
  expect([client.code, client.stderr]).toEqual([0, '']);
  expect(client.stdout).toBe(host.out.stdout);
  expect(client.stdout.trim().split('\n')).toHaveLength(1);

  const asCsv = await audit(['--csv', '--code', '12345678']);
  expect(asCsv.code).toBe(0);
  expect(asCsv.stdout.startsWith('\uFEFFid,at,')).toBe(true);
  expect(asCsv.stdout.trimEnd().split('\r\n')).toHaveLength(2);
  // -o: the same bytes in a file of the reader's alone (PowerShell's > would re-encode them as UTF-16).
  const dir = mkdtempSync(join(tmpdir(), 'relay-audit-file-'));
  try {
    const toFile = await command(
      'audit',
      ['--csv', '--code', '12345678', '-o', 'client.csv'],
      inspector,
      relay.url,
      dir,
    );
    expect([toFile.code, toFile.stdout, toFile.stderr]).toEqual([0, 'Audit export written: client.csv (1 row).\n', '']);
    expect(readFileSync(join(dir, 'client.csv'), 'utf8')).toBe(asCsv.stdout);
    expect(statSync(join(dir, 'client.csv')).mode & 0o777).toBe(0o600);
    // And on the relay's host, --out: the same file, the rows counted on stderr.
    const onHost = capture({});
    const hostArgs = ['audit', '--csv', '--code', '12345678', '--out', join(dir, 'host.csv'), '--database-url', db.url];
    expect(await runRelay(hostArgs, onHost.io)).toBe(0);
    expect([onHost.out.stdout, onHost.out.stderr]).toEqual(['', `Written: ${join(dir, 'host.csv')} (1 row).\n`]);
    expect(readFileSync(join(dir, 'host.csv'), 'utf8')).toBe(asCsv.stdout);
    expect(statSync(join(dir, 'host.csv')).mode & 0o777).toBe(0o600);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Nothing matched: the export is its header alone, and stderr says why rather than read as "no activity".
  const nobody = await audit(['--csv', '--name', 'Нікого Такого']);
  expect(nobody.code).toBe(0);
  expect(nobody.stdout.trimEnd().split('\r\n')).toHaveLength(1);
  expect(nobody.stderr).toContain('No audit rows match.');
  expect(nobody.stderr).toContain('The client is matched by part of the name as screened');
  const typo = await audit(['--analyst', 'olenа']);
  expect([typo.code, typo.stdout]).toEqual([0, '']);
  expect(typo.stderr).toContain('No audit rows match for analyst "olenа"');

  // An analyst reads their own requests: the audit no. of a client screened months ago, results file or not.
  const taras = await key('taras');
  expect((await post(relay.url, { tokken: taras, name: 'Кривоклен Северин Петрович' })).status).toBe(200);
  const analystsOf = (out: string) =>
    out
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { analyst: string }).analyst);
  expect(analystsOf((await audit(['--name', 'кривоклен'])).stdout)).toEqual(['olena', 'taras']);
  const own = await audit(['--name', 'кривоклен'], taras);
  expect([own.code, own.stderr]).toEqual([0, '']);
  expect(analystsOf(own.stdout)).toEqual(['taras']);
  expect(analystsOf((await audit([], taras)).stdout)).toEqual(['taras']);
  // Nothing of their own for a client: told that a colleague's screening would not show, not just "none".
  const notOwn = await audit(['--name', 'мельник'], taras);
  expect([notOwn.code, notOwn.stdout]).toEqual([0, '']);
  expect(notOwn.stderr).toContain("Your key reads your own requests only: a colleague's screening of this client");
  expect((await audit(['--name', 'Нікого Такого'])).stderr).not.toContain('Your key reads your own requests only');
  const other = await audit(['--analyst', 'olena'], taras);
  expect(other.code).toBe(2);
  expect(other.stdout).toBe('');
  expect(other.stderr).toContain(
    "The relay did not give the audit trail (HTTP 403): Your key reads your own requests in the audit trail (taras's)",
  );
  const badDate = await audit(['--to', '31/12/2026']);
  expect(badDate.code).toBe(2);
  expect(badDate.stderr).toContain('--to 31/12/2026: not a date or time');
  const unknownKey = await audit([], `${inspector.slice(0, -4)}AAAA`);
  expect(unknownKey.code).toBe(3);

  // Not configured for a relay (the built-in sandbox): told what to set.
  const { io, out } = capture({});
  expect(await runCli(['audit'], io)).toBe(2);
  expect(out.stderr).toContain("CHECKLISTS_TOKKEN to your key (an analyst's reads their own requests");
});

test('an export of more than one page arrives whole, and one cut part way is said to be incomplete (exit 4)', async () => {
  // 12,000 more rows, straight into the table: the relay reads 5,000 a page.
  const sql = new Client({ connectionString: db.url });
  await sql.connect();
  try {
    await sql.query(
      `INSERT INTO audit (at, analyst, method, query, hits, duration_ms, from_cache, status, instance)
       SELECT now(), 'bulk', 'POST', jsonb_build_object('name', 'Рядок ' || n), '{}'::jsonb, 1, false, 200, 'test'
       FROM generate_series(1, 12000) AS n`,
    );
  } finally {
    await sql.end();
  }
  const all = await audit(['--analyst', 'bulk']);
  expect(all.code).toBe(0);
  const lines = all.stdout.trim().split('\n');
  expect(lines).toHaveLength(12_000);
  expect(JSON.parse(lines[11_999]).query.name).toBe('Рядок 12000');

  // The relay's sendStream when its store fails after the first page: the reply ends without its
  // last chunk, and checklists audit says the output is incomplete rather than exit 0.
  async function* failing(): AsyncGenerator<string> {
    yield '\uFEFFid,at\r\n1,2026-01-01\r\n';
    await new Promise((r) => setTimeout(r, 20));
    throw new Error('store gone');
  }
  const broken = (_req: unknown, res: Parameters<typeof sendStream>[0]) => {
    sendStream(res, {}, 200, 'text/csv; charset=utf-8', failing()).catch(() => res.destroy());
  };
  await serving(broken, async (url) => {
    const cut = await audit(['--csv'], inspector, url);
    expect(cut.code).toBe(4);
    expect(cut.stdout).toBe('\uFEFFid,at\r\n1,2026-01-01\r\n');
    expect(cut.stderr).toContain("The relay's audit export stopped part way, after 24 bytes");
    expect(cut.stderr).toContain('what was written is incomplete');
    // Into a file: nothing is left under its name, nor beside it.
    const dir = mkdtempSync(join(tmpdir(), 'relay-audit-cut-'));
    try {
      const toFile = await command('audit', ['--csv', '-o', 'cut.csv'], inspector, url, dir);
      expect([toFile.code, toFile.stdout]).toEqual([4, '']);
      expect(toFile.stderr).toContain('after 24 bytes: cut.csv was not written');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Ctrl-C part way stops it as any command stops: exit 130, not taken for a cut reply.
  const stalled = (_req: unknown, res: Parameters<typeof sendStream>[0]) => {
    res.writeHead(200, { 'Content-Type': 'text/csv' });
    res.write('\uFEFFid,at\r\n');
  };
  await serving(stalled, async (url) => {
    const { io, out } = capture({ CHECKLISTS_URL: url, CHECKLISTS_TOKKEN: inspector });
    const controller = new AbortController();
    const stdout = io.stdout;
    const running = runCli(['audit', '--csv'], {
      ...io,
      interrupt: controller.signal,
      stdout: { write: (text: string) => (setImmediate(() => controller.abort()), stdout.write(text)) },
    });
    expect(await running).toBe(130);
    expect(out.stdout).toBe('\uFEFFid,at\r\n');
    expect(out.stderr).not.toContain('stopped part way');
  });
}, 60_000);

test('checklists archive writes an archived answer byte for byte as the service sent it, checked against the relay’s SHA-256, for its analyst and auditors only', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'relay-archive-client-'));
  try {
    const rows = (await exportOver({ tokken: inspector, format: 'json', name: 'мельник ганна' })).raw
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; archiveId: number });
    expect(rows).toHaveLength(1);
    const { id: auditId, archiveId } = rows[0];
    // The second of the three screened one at a time in beforeAll.
    const sent = sandbox.answers[1];
    expect(JSON.parse(sent).idrequest).toBeDefined();

    const own = await command('archive', [`№${archiveId}`, '-o', 'answer.json'], olena, relay.url, dir);
    expect([own.code, own.stderr]).toEqual([0, '']);
    const written = readFileSync(join(dir, 'answer.json'));
    expect(written.equals(Buffer.from(sent, 'utf8'))).toBe(true);
    expect(statSync(join(dir, 'answer.json')).mode & 0o777).toBe(0o600);
    const sha = createHash('sha256').update(written).digest('hex');
    expect(own.stdout).toContain(`Archived answer ${archiveId} written: answer.json (${written.length} bytes)`);
    expect(own.stdout).toContain(`(relay audit no. ${auditId}).`);
    expect(own.stdout).toContain(`Its SHA-256 ${sha} is the one the relay recorded`);
    // An auditor reads any; the default name is the id's.
    expect((await command('archive', [String(archiveId)], inspector, relay.url, dir)).code).toBe(0);
    expect(readFileSync(join(dir, `checklists-answer-${archiveId}.json`)).equals(written)).toBe(true);
    // Another analyst is told "no such answer for your key", as for an id that does not exist.
    const petro = await key('petro');
    const other = await command('archive', [String(archiveId), '-o', 'petro.json'], petro, relay.url, dir);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`The relay holds no archived answer ${archiveId} that your key may read`);
    expect(existsSync(join(dir, 'petro.json'))).toBe(false);
    expect((await command('archive', ['0'], olena, relay.url, dir)).stderr).toContain('Name one archived answer');

    // Bytes that are not what the relay recorded are never written as the evidence.
    const tampered = (_req: unknown, res: Parameters<typeof sendStream>[0]) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Answer-SHA256': sha, 'X-Audit-Id': '1' });
      res.end(Buffer.concat([written, Buffer.from(' ')]));
    };
    await serving(tampered, async (url) => {
      const changed = await command('archive', ['1', '-o', 'changed.json'], olena, url, dir);
      expect(changed.code).toBe(1);
      expect(changed.stderr).toContain(`Archived answer 1 NOT written: its bytes have SHA-256`);
      expect(changed.stderr).toContain(`but the relay recorded ${sha}`);
      expect(existsSync(join(dir, 'changed.json'))).toBe(false);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('checklists audit -o FILE.xlsx: the inspector’s readable workbook of the same rows, in words and Kyiv time; the host writes the same', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'relay-audit-report-'));
  try {
    const json = (await exportOver({ tokken: inspector, format: 'json', analyst: 'olena' })).raw
      .toString('utf8')
      .trim()
      .split('\n');
    const rows = json.map(
      (l) => JSON.parse(l) as { id: number; at: string; query: Record<string, string>; listdata: string | null },
    );
    const made = await command(
      'audit',
      ['--analyst', 'olena', '-o', 'trail.xlsx', '--lang', 'uk'],
      inspector,
      relay.url,
      dir,
    );
    expect([made.code, made.stderr]).toEqual([0, '']);
    expect(made.stdout).toBe(
      `Журнал аудиту записано: trail.xlsx (${rows.length} ${pluralForm(rows.length, ['рядок', 'рядки', 'рядків'])}).\n`,
    );
    const file = join(dir, 'trail.xlsx');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const [sheet] = wb.worksheets;
    expect(sheet.name).toBe('Журнал аудиту');
    expect([2, 4, 5].map((r) => sheet.getCell(`B${r}`).text)).toEqual([relay.url, 'аналітик olena', 'усіх аналітиків']);
    const headers = [1, 2, 3, 4].map((c) => sheet.getRow(7).getCell(c).text);
    expect(headers).toEqual(['№ у журналі релея', 'Час (Київ)', 'Аналітик', 'Кого перевірено']);
    // One line per request, in the trail's order: its number, Kyiv's clock, the name and code as asked.
    const kyiv = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Kyiv', dateStyle: 'short', timeStyle: 'medium' });
    rows.forEach((r, i) => {
      const line = sheet.getRow(8 + i);
      expect(line.getCell(1).value).toBe(r.id);
      const at = line.getCell(2).value as Date;
      expect(at.toISOString().slice(0, 19).replace('T', ' ')).toBe(kyiv.format(new Date(r.at)));
      expect(line.getCell(4).text).toBe(r.query.name);
      expect(line.getCell(6).text).toBe(r.query.ipn ?? '');
      expect(line.getCell(8).text).toBe(r.listdata === '-1' ? 'усі, доступні обліковому запису' : '');
    });
    expect(sheet.getCell(`A${8 + rows.length + 1}`).text).toBe(
      `Кінець вивантаження: ${rows.length} ${pluralForm(rows.length, ['запит', 'запити', 'запитів'])}, повністю.`,
    );

    // The relay's host: the same table from its database.
    const onHost = capture({});
    const hostFile = join(dir, 'host.xlsx');
    expect(
      await runRelay(
        ['audit', '--analyst', 'olena', '--out', hostFile, '--lang', 'uk', '--database-url', db.url],
        onHost.io,
      ),
    ).toBe(0);
    const fromHost = new ExcelJS.Workbook();
    await fromHost.xlsx.readFile(hostFile);
    const table = (ws: ExcelJS.Worksheet) =>
      Array.from({ length: rows.length + 1 }, (_, i) => JSON.stringify(ws.getRow(7 + i).values));
    expect(table(fromHost.worksheets[0])).toEqual(table(sheet));
    expect(fromHost.worksheets[0].getCell('B2').text).toContain('база даних релея');

    // An analyst's own workbook says whose requests it holds: a colleague's screening would not show.
    const own = await command('audit', ['--name', 'кривоклен', '-o', 'own.xlsx'], olena, relay.url, dir);
    expect(own.code).toBe(0);
    const ownBook = new ExcelJS.Workbook();
    await ownBook.xlsx.readFile(join(dir, 'own.xlsx'));
    expect(ownBook.worksheets[0].getCell('B5').text).toContain('your own only');
    expect(ownBook.worksheets[0].getCell('B4').text).toBe('name containing “кривоклен”');

    // --csv asks for CSV and .xlsx for the workbook: refused before anything is asked, never guessed.
    const both = await command('audit', ['--csv', '-o', 'both.xlsx'], inspector, relay.url, dir);
    expect([both.code, both.stderr]).toEqual([2, expect.stringContaining('leave out --csv, or name a .csv file')]);
    const hostBoth = ['audit', '--csv', '--out', join(dir, 'both.xlsx'), '--database-url', db.url];
    await expect(runRelay(hostBoth, capture({}).io)).rejects.toThrow('--csv writes CSV, and a file named .xlsx');
    expect(readdirSync(dir).sort()).toEqual(['host.xlsx', 'own.xlsx', 'trail.xlsx']);

    // A reply that is no audit trail is said to be one, not taken for a cut export to fetch again;
    // a cut one leaves no workbook either.
    const good = json[0];
    const notRows = (_req: unknown, res: Parameters<typeof sendStream>[0]) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.end(`${good}\n{"hello":"world"}\n`);
    };
    await serving(notRows, async (url) => {
      const odd = await command('audit', ['-o', 'odd.xlsx'], inspector, url, dir);
      expect([odd.code, odd.stdout]).toEqual([1, '']);
      expect(odd.stderr).toContain('the relay sent a line that is not an audit row');
      expect(odd.stderr).not.toContain('stopped part way');
    });
    const cutShort = (_req: unknown, res: Parameters<typeof sendStream>[0]) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Transfer-Encoding': 'chunked' });
      res.write(`${good}\n`);
      setTimeout(() => res.destroy(), 20);
    };
    await serving(cutShort, async (url) => {
      const cut = await command('audit', ['-o', 'cut.xlsx'], inspector, url, dir);
      expect(cut.code).toBe(4);
      expect(cut.stderr).toContain('cut.xlsx was not written');
    });
    expect(readdirSync(dir).sort()).toEqual(['host.xlsx', 'own.xlsx', 'trail.xlsx']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
