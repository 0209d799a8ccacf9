import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { tmpdir, userInfo } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { runCli } from '../../src/cli/main';
import type { CliIo } from '../../src/cli/io';
import { recordOf } from '../../src/core/answer/record-identity';
import { REGISTRY_KEYS, type RegistryKey } from '../../src/core/protocol/registries';
import { parseEnvelope } from '../../src/core/protocol/schema';
import { validateQuery } from '../../src/core/query';
import { buildCertificate } from '../../src/evidence/certificate';
import { certificatePdf } from '../../src/evidence/certificate-pdf';
import { createKey } from '../../src/relay/keys';
import { createSandboxEngine, DEMO_CREDENTIALS, KNOWN } from '../../src/sandbox';
import { cliEnv, readWorkbook, tableAfterHeader } from './cli-support';
import { startSandboxServer } from '../../src/sandbox/server';
import {
  post,
  resetStore,
  startRecordingSandbox,
  startTestDatabase,
  startTestRelay,
  type RecordingSandbox,
  type TestDatabase,
  type TestRelay,
} from './relay-support';

/**
 * Screening certificates read back as text: hits, no hits, a list not checked, the sandbox, in
 * Ukrainian and English; from the command line and from the relay (with the archived answer's
 * id and digest, and the decision); never the tokken.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse = require('pdf-parse/lib/pdf-parse.js') as (data: Buffer) => Promise<{ text: string; numpages: number }>;

/** The PDF's words; pdf-parse ends lines where the layout wrapped them, so whitespace is folded. */
async function textOf(pdf: Buffer): Promise<string> {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await pdfParse(pdf)).text.replace(/\s+/g, ' ');
}

function sandboxAnswer(
  name: string,
  tokken: string = DEMO_CREDENTIALS.tokken,
  idSubjectFM: string = DEMO_CREDENTIALS.idSubjectFM,
) {
  const engine = createSandboxEngine({});
  const answer = engine.handle({
    method: 'POST',
    path: '/api',
    query: {},
    body: JSON.stringify({ tokken, IDsubjectFM: idSubjectFM, name }),
  });
  return parseEnvelope(JSON.parse(answer.body));
}

async function certificateText(name: string, lang: 'uk' | 'en', options: { sandbox?: boolean; basic?: boolean } = {}) {
  const checked = validateQuery({ name });
  if (!checked.ok) throw new Error(name);
  const envelope = options.basic ? sandboxAnswer(name, 'basic-tokken', 'basic-subject') : sandboxAnswer(name);
  const asked: RegistryKey[] = options.basic ? ['peps', 'psanctions', 'justice'] : [...REGISTRY_KEYS];
  const cert = buildCertificate(
    {
      query: checked.query,
      envelope,
      asked,
      receivedAt: new Date('2026-11-25T10:15:00Z'),
      servedBy: 'https://primary.checklists.example:9443',
      sandbox: options.sandbox ?? false,
      productVersion: '9.9.9',
      analyst: 'olena',
    },
    lang,
  );
  return textOf(await certificatePdf([cert], { title: 'test' }));
}

describe('certificate content', () => {
  it('hits: each with its key fields, why and the suggestion; Kyiv time and UTC; the service and product', async () => {
    const uk = await certificateText(KNOWN.pepSanctioned.name, 'uk');
    expect(uk).toContain('Довідка про перевірку');
    expect(uk).toContain(`ПІБ / назва: ${KNOWN.pepSanctioned.name}`);
    expect(uk).toContain('Час (Київ): 2026-11-25 12:15:00');
    expect(uk).toContain('Час (UTC): 2026-11-25 10:15:00 UTC');
    expect(uk).toContain('Хто перевіряв: olena');
    expect(uk).toContain('Сервіс: https://primary.checklists.example:9443');
    expect(uk).toContain('CheckLists for Excel 9.9.9');
    expect(uk).toContain('Публічні діячі (ПЕП): ЗБІГИ: 1');
    expect(uk).toContain('Ідентифікатор запису: 10001');
    expect(uk).toContain('Дата народження: 1967-04-12');
    expect(uk).toMatch(/Чому: ПІБ: збіг/);
    expect(uk).toContain('Рішення: рішення ще немає');
    expect(uk).not.toContain('ПІСОЧНИЦЯ');
    const en = await certificateText(KNOWN.pepSanctioned.name, 'en');
    expect(en).toContain('Screening certificate');
    expect(en).toContain('HITS: 1');
    expect(en).toContain('Why: full name agrees');
    // The suggestion has its own line; the why names what is missing instead of repeating it.
    expect(en).toContain('Why: full name agrees; birth date: nothing to compare Suggested: needs review');
    expect(en).toMatch(/Details: In force: UA-NSDC, EU-FSF · Lifted: US-OFAC-SDN \(since [\d-]+\)/);
    // The record's lists are not said twice more after their standing.
    expect(en).not.toContain('| UA-NSDC; EU-FSF');
    expect(en).toContain('partly no longer in force');
  });

  it('no hits, and lists not checked with the service error code, never confused; the sandbox on every page', async () => {
    const text = await certificateText('Зовсім Інша Особа', 'uk', { sandbox: true, basic: true });
    expect(text).toContain('Публічні діячі (ПЕП): збігів немає');
    expect(text).toMatch(/Судові справи: НЕ ПЕРЕВІРЕНО \(9001: [^)]+\)/);
    expect(text).toContain('ПІСОЧНИЦЯ: вигадані дані, не доказ реальної перевірки');
    const en = await certificateText('Зовсім Інша Особа', 'en', { sandbox: true, basic: true });
    expect(en).toContain('no hits');
    expect(en).toMatch(/NOT CHECKED \(9001: /);
    expect(en).toContain('SANDBOX: fictional data, not evidence of a real screening');
    // A long certificate (every list, hits): the banner on each of its pages.
    const long = await certificatePdf(
      [
        buildCertificate(
          {
            query: (validateQuery({ name: KNOWN.pepSanctioned.name }) as { ok: true; query: never }).query,
            envelope: sandboxAnswer(KNOWN.pepSanctioned.name),
            asked: REGISTRY_KEYS,
            receivedAt: new Date(),
            servedBy: 'sandbox',
            sandbox: true,
            productVersion: '1',
            analyst: 'a',
          },
          'en',
        ),
      ],
      { title: 't' },
    );
    const parsed = await pdfParse(long);
    expect(parsed.numpages).toBeGreaterThan(1);
    expect(parsed.text.match(/SANDBOX: fictional data, not evidence/g)?.length).toBe(parsed.numpages);
  });

  it('a label stays bold on the pages after the first: pdfkit reset the font at each new page', async () => {
    const fields = Array.from({ length: 150 }, (_, i) => ({
      kind: 'field' as const,
      label: `Label ${i}`,
      value: `v${i}`,
    }));
    const pdf = await certificatePdf([{ lang: 'en', banner: 'B', footer: 'F', lines: fields }], { title: 't' });
    const fonts = fontsByPage(pdf);
    expect(fonts.length).toBeGreaterThan(2);
    for (const page of fonts) {
      // Each field is its label in bold, then its value in regular; the banner and the footer close the page.
      const body = page.slice(0, -2);
      expect(body.length).toBeGreaterThan(0);
      expect(body).toEqual(body.map((_, i) => (i % 2 === 0 ? 'bold 10' : 'regular 10')));
      expect(page.slice(-2)).toEqual(['bold 10', 'regular 8']);
    }
  });

  it('a heading at the foot of a page goes to the next with what it heads', async () => {
    const field = (i: number) => ({ kind: 'field' as const, label: `Label ${i}`, value: `v${i}` });
    // 61 fields leave room for the heading on the first page, but not for the field under it.
    const lines = [
      ...Array.from({ length: 61 }, (_, i) => field(i)),
      { kind: 'heading' as const, text: 'Result by list' },
      field(61),
    ];
    const pages = fontsByPage(await certificatePdf([{ lang: 'en', banner: null, footer: 'F', lines }], { title: 't' }));
    expect(pages).toHaveLength(2);
    expect(pages[0].slice(-2)).toEqual(['regular 10', 'regular 8']);
    expect(pages[1]).toEqual(['bold 12', 'bold 10', 'regular 10', 'regular 8']);
  });
});

/** The font and size each page's text is set in, in order ("bold 10"), read from the PDF's own streams. */
function fontsByPage(pdf: Buffer): string[][] {
  const text = pdf.toString('latin1');
  // Each object up to its endobj: the fonts are those naming a bold BaseFont.
  const boldObjects = new Set(
    [...text.matchAll(/(\d+) 0 obj\b((?:(?!endobj)[^])*)endobj/g)]
      .filter((m) => /\/BaseFont \/[A-Z]+\+DejaVuSans-Bold\b/.test(m[2]))
      .map((m) => m[1]),
  );
  const boldNames = new Set(
    [...text.matchAll(/\/(F\d+) (\d+) 0 R/g)].filter((m) => boldObjects.has(m[2])).map((m) => m[1]),
  );
  const pages: string[][] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a compressed content stream (an embedded font's bytes, say)
    }
    if (!content.includes(' Tf')) continue;
    pages.push(
      [...content.matchAll(/\/(F\d+) ([\d.]+) Tf/g)].map((f) => `${boldNames.has(f[1]) ? 'bold' : 'regular'} ${f[2]}`),
    );
  }
  return pages;
}

it('checklists search --certificate writes the PDF of the answer it showed; the tokken is in no byte of it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'certificate-cli-'));
  try {
    let stderr = '';
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: { write: (s: string) => ((stderr += s), true) },
      env: cliEnv({ LANG: 'uk_UA.UTF-8' }),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    expect(await runCli(['search', '--name', KNOWN.pepSanctioned.name, '--certificate', 'olena.pdf'], io)).toBe(0);
    expect(stderr).toContain('Довідку записано');
    const pdf = readFileSync(join(dir, 'olena.pdf'));
    expect(statSync(join(dir, 'olena.pdf')).mode & 0o077).toBe(0);
    const text = await textOf(pdf);
    expect(text).toContain('Довідка про перевірку');
    expect(text).toContain('ПІСОЧНИЦЯ');
    expect(text).toContain('Публічні діячі (ПЕП): ЗБІГИ: 1');
    // No IDuserPC and no USER in this environment: the system's login, never "-".
    expect(text).toContain(`Хто перевіряв: ${userInfo().username}`);
    expect(pdf.includes(Buffer.from(DEMO_CREDENTIALS.tokken))).toBe(false);
    expect(text).not.toContain(DEMO_CREDENTIALS.tokken);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);

it('a certificate, a search and a results file from a sandbox server (the demo credentials at an address) say they prove nothing', async () => {
  const server = await startSandboxServer({});
  const dir = mkdtempSync(join(tmpdir(), 'certificate-sandbox-server-'));
  try {
    let stdout = '';
    const io: CliIo = {
      stdout: { write: (s: string) => ((stdout += s), true) },
      stderr: { write: () => true },
      env: cliEnv({
        CHECKLISTS_URL: server.url,
        CHECKLISTS_TOKKEN: DEMO_CREDENTIALS.tokken,
        CHECKLISTS_SUBJECT_ID: DEMO_CREDENTIALS.idSubjectFM,
        CHECKLISTS_USER_PC: 'olena.k',
      }),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    expect(await runCli(['search', '--name', KNOWN.pepSanctioned.name, '--certificate', 'c.pdf'], io)).toBe(0);
    const text = await textOf(readFileSync(join(dir, 'c.pdf')));
    expect(text).toContain('Screened by: olena.k');
    expect(text).toContain(server.url.replace(/^http:\/\//, ''));
    expect(text).toContain('SANDBOX: fictional data, not evidence of a real screening');
    expect(stdout.split('\n')[0]).toBe('*** SANDBOX SERVER — fictional data ***');

    // A bulk run's results name it too, where they used to say "Live CheckLists service".
    copyFileSync(join(__dirname, '../../examples/clients.xlsx'), join(dir, 'clients.xlsx'));
    stdout = '';
    expect(await runCli(['screen', 'clients.xlsx', '--progress', 'none'], io)).toBe(0);
    expect(stdout).toContain('*** SANDBOX SERVER — fictional data ***');
    const [results] = await readWorkbook(join(dir, 'clients.results.xlsx'));
    expect(results.rows.find((row) => row[0] === 'Service')?.[1]).toBe('SANDBOX SERVER — fictional data');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  }
}, 30_000);

it('a certificate place that cannot be written is refused before anything is asked or screened', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'certificate-place-'));
  try {
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      stdout: { write: (s: string) => ((stdout += s), true) },
      stderr: { write: (s: string) => ((stderr += s), true) },
      env: cliEnv(),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    writeFileSync(join(dir, 'clients.csv'), `ПІБ\n${KNOWN.pepSanctioned.name}\n`);
    // A file where the folder would be.
    writeFileSync(join(dir, 'blocker'), '');
    expect(await runCli(['search', '--name', KNOWN.pepSanctioned.name, '--certificate', 'missing/olena.pdf'], io)).toBe(
      2,
    );
    expect(stderr).toContain('Cannot write into the folder of "missing/olena.pdf"');
    // No answer shown: the search was not made.
    expect(stdout).toBe('');
    stderr = '';
    const code = await runCli(['screen', 'clients.csv', '-o', 'out.csv', '--certificates', 'blocker/certs'], io);
    expect(code).toBe(2);
    expect(stderr).toContain('Cannot write certificates into "blocker/certs"');
    expect(readdirSync(dir).sort()).toEqual(['blocker', 'clients.csv']);
    // A folder under /proc: Node's recursive mkdir looped there for ever at full CPU (make-folder.ts).
    if (process.platform === 'linux') {
      stderr = '';
      expect(await runCli(['screen', 'clients.csv', '-o', 'out.csv', '--certificates', '/proc/checklists-x'], io)).toBe(
        2,
      );
      expect(stderr).toContain('Cannot write certificates into "/proc/checklists-x"');
      // And results there: root passes access(), the file system still refuses the file.
      stderr = '';
      expect(await runCli(['screen', 'clients.csv', '-o', '/proc/checklists-x.csv'], io)).toBe(2);
      expect(stderr).toContain('Cannot write into the folder of "/proc/checklists-x.csv"');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('checklists screen --certificates on the examples workbook: a cover plus one file per subject; --certificates-with-hits only those with hits', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'certificate-run-'));
  try {
    copyFileSync(join(__dirname, '..', '..', 'examples', 'clients.xlsx'), join(dir, 'clients.xlsx'));
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      stdout: { write: (s: string) => ((stdout += s), true) },
      stderr: { write: (s: string) => ((stderr += s), true) },
      env: cliEnv(),
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    const args = ['screen', 'clients.xlsx', '--progress', 'none', '--certificates', 'all'];
    expect(await runCli(args, io)).toBe(0);
    expect(stdout).toContain('27 distinct subjects');
    const files = readdirSync(join(dir, 'all')).sort();
    expect(files).toHaveLength(28);
    expect(files[0]).toBe('0000-cover.pdf');
    expect(stderr).toContain('Certificates: 28 files');
    const cover = await textOf(readFileSync(join(dir, 'all', files[0])));
    const sha = (f: string) =>
      createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex');
    expect(cover).toContain('Screening run: cover sheet');
    expect(cover).toContain(`Input SHA-256: ${sha('clients.xlsx')}`);
    expect(cover).toContain(`Results SHA-256: ${sha('clients.results.xlsx')}`);
    expect(cover).toContain('Rows: 32');
    // The examples' spacer row is counted as empty, not as input to correct.
    expect(cover).toContain('Invalid rows: 2 Empty rows (nothing to screen): 1');
    // Subjects once, rows with hits by row, as the run's summary says them: the example's client
    // listed twice is two rows with hits and one certificate.
    expect(cover).toContain('Screened subjects: 27');
    expect(cover).toContain('Rows with hits: 17');
    expect(cover).toContain('Rows not fully checked: 0');
    expect(cover).toContain('Certificates in this folder (one per subject): 27');
    expect(cover).toContain('SANDBOX: fictional data');
    const withHits: string[] = [];
    for (const f of files.slice(1)) {
      const text = await textOf(readFileSync(join(dir, 'all', f)));
      expect(text).toContain('Screening certificate');
      if (text.includes('HITS:')) withHits.push(f.slice(5));
    }
    expect(withHits.length).toBeGreaterThan(0);
    expect(withHits.length).toBeLessThan(27);

    // Again, only subjects with hits.
    rmSync(join(dir, 'clients.results.xlsx'));
    expect(await runCli([...args.slice(0, 4), '--certificates', 'hits', '--certificates-with-hits'], io)).toBe(0);
    const hitFiles = readdirSync(join(dir, 'hits')).filter((f) => f !== '0000-cover.pdf');
    expect(hitFiles.map((f) => f.slice(5)).sort()).toEqual(withHits.sort());
    expect(withHits).toHaveLength(16);

    // A row hidden in the workbook and left out (--shown-only): the cover accounts for it.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(dir, 'clients.xlsx'));
    book.worksheets[0].getRow(3).hidden = true;
    await book.xlsx.writeFile(join(dir, 'clients.xlsx'));
    rmSync(join(dir, 'clients.results.xlsx'));
    expect(await runCli([...args.slice(0, 4), '--certificates', 'shown', '--shown-only'], io)).toBe(0);
    const shownCover = await textOf(readFileSync(join(dir, 'shown', '0000-cover.pdf')));
    expect(shownCover).toContain('Rows: 32');
    expect(shownCover).toContain('Hidden rows left out (not screened): 1');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

describe('from the relay', () => {
  let db: TestDatabase;
  let sandbox: RecordingSandbox;
  let relay: TestRelay;

  beforeAll(async () => {
    db = await startTestDatabase();
    sandbox = await startRecordingSandbox(1);
    relay = await startTestRelay(db.url, sandbox.urls, { instance: 'cert' });
  }, 60_000);

  afterAll(async () => {
    await relay?.close();
    await resetStore(db.url).catch(() => undefined);
    await sandbox?.close();
    await db?.drop();
  });

  it('GET /certificates/<audit id>.pdf: for its analyst and for auditors, with the archive id, the SHA-256 and the decision; anyone else gets 404', async () => {
    const key = async (name: string, role: 'analyst' | 'auditor' = 'analyst') => {
      const made = await createKey(relay.store, name, role);
      if (made === 'exists') throw new Error(name);
      return made.key;
    };
    const olena = await key('olena');
    const petro = await key('petro');
    const inspector = await key('inspector', 'auditor');
    const answered = await post(relay.url, { tokken: olena, name: KNOWN.pepSanctioned.name });
    expect(answered.status).toBe(200);
    const pepItem = ((answered.json as { result: Record<string, object[]> }).result.peps ?? [])[0];
    const decided = await fetch(`${relay.url}/decisions`, {
      method: 'POST',
      body: JSON.stringify({
        tokken: olena,
        subject: { name: KNOWN.pepSanctioned.name },
        registry: 'peps',
        ...recordOf('peps', pepItem),
        decision: 'true-match',
        reason: 'name-and-birth-date',
        comment: 'Паспорт звірено',
      }),
    });
    expect(decided.status).toBe(200);
    // A decision made on another version of the sanctions record (its fingerprint differs).
    const sanctionItem = ((answered.json as { result: Record<string, object[]> }).result.psanctions ?? [])[0];
    const onOlderRecord = await fetch(`${relay.url}/decisions`, {
      method: 'POST',
      body: JSON.stringify({
        tokken: olena,
        subject: { name: KNOWN.pepSanctioned.name },
        registry: 'psanctions',
        record: recordOf('psanctions', sanctionItem).record,
        fingerprint: '0123456789abcdef',
        decision: 'needs-review',
        reason: 'incomplete-data',
      }),
    });
    expect(((await onOlderRecord.json()) as { results: { status: string }[] }).results[0].status).toBe('recorded');
    const [row] = await relay.store.readAudit({ analyst: 'olena' });
    // The answer names its own audit row: what the pane asks for the certificate by.
    expect((answered.json as { relay_audit_id?: number }).relay_audit_id).toBe(row.id);
    const archived = (await relay.store.archiveRow(row.archiveId!))!;

    const get = (tokken: string, lang = 'uk') =>
      fetch(`${relay.url}/certificates/${row.id}.pdf?lang=${lang}`, {
        headers: {},
        method: 'POST',
        body: JSON.stringify({ tokken }),
      });
    const own = await get(olena);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    const text = await textOf(Buffer.from(await own.arrayBuffer()));
    // The number a results sheet's row shows beside the client, to find this certificate by.
    expect(text).toContain(`Номер у журналі релея: ${row.id}`);
    expect(text).toContain(`Номер в архіві релея: ${archived.id}`);
    expect(text).toContain(`SHA-256 відповіді: ${archived.answerSha256.toString('hex')}`);
    expect(text).toContain('Хто перевіряв: olena');
    // The decision with its why: the reason and the analyst's comment are what an inspector checks.
    expect(text).toMatch(
      /Рішення: .*справжній збіг — ім’я та дата народження збігаються «Паспорт звірено», olena [^;]*; чинне /,
    );
    expect(text).toMatch(/Рішення: потребує перевірки — [^;]*; чинне; запис відтоді змінився: рішення потрібне знову/);
    expect(text.match(/запис відтоді змінився/g)).toHaveLength(1);
    expect(text).toContain('ПІСОЧНИЦЯ');
    expect(text).not.toContain(DEMO_CREDENTIALS.tokken);

    expect((await get(petro)).status).toBe(404);
    const audited = await get(inspector, 'en');
    expect(audited.status).toBe(200);
    expect(await textOf(Buffer.from(await audited.arrayBuffer()))).toContain(`Relay archive id: ${archived.id}`);
    expect(
      (
        await fetch(`${relay.url}/certificates/999999.pdf`, {
          method: 'POST',
          body: JSON.stringify({ tokken: inspector }),
        })
      ).status,
    ).toBe(404);

    // The archived answer itself, byte for byte, with its digest and chain: for auditors and its analyst.
    const fromArchive = (tokken: string) =>
      fetch(`${relay.url}/archive/${archived.id}`, { method: 'POST', body: JSON.stringify({ tokken }) });
    const raw = await fromArchive(inspector);
    expect(raw.status).toBe(200);
    expect(Buffer.from(await raw.arrayBuffer()).equals(archived.answer)).toBe(true);
    expect(raw.headers.get('x-answer-sha256')).toBe(archived.answerSha256.toString('hex'));
    expect(raw.headers.get('x-archive-chain')).toBe(archived.chain.toString('hex'));
    expect(raw.headers.get('x-audit-id')).toBe(String(row.id));
    expect((await fromArchive(olena)).status).toBe(200);
    expect((await fromArchive(petro)).status).toBe(404);
  }, 60_000);

  it('a request the shared cache answered: its certificate says so, and when the service gave the answer', async () => {
    const first = await createKey(relay.store, 'kateryna', 'analyst');
    const second = await createKey(relay.store, 'maksym', 'analyst');
    if (first === 'exists' || second === 'exists') throw new Error('key');
    const subject = { name: KNOWN.pepSpouse.name, date: KNOWN.pepSpouse.date };
    expect((await post(relay.url, { tokken: first.key, ...subject })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_100)); // the two times differ on the certificate's second
    expect((await post(relay.url, { tokken: second.key, ...subject })).status).toBe(200);
    const [asked] = await relay.store.readAudit({ analyst: 'kateryna' });
    const [kept] = await relay.store.readAudit({ analyst: 'maksym' });
    expect([asked.fromCache, kept.fromCache, kept.archiveId]).toEqual([false, true, asked.archiveId]);
    const archived = (await relay.store.archiveRow(asked.archiveId!))!;
    const utc = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
    const textFor = async (tokken: string, id: number) => {
      const pdf = await fetch(`${relay.url}/certificates/${id}.pdf?lang=en`, {
        method: 'POST',
        body: JSON.stringify({ tokken }),
      });
      expect(pdf.status).toBe(200);
      return textOf(Buffer.from(await pdf.arrayBuffer()));
    };
    const keptText = await textFor(second.key, kept.id);
    // Screened when maksym asked; the answer is the one the service gave kateryna's request.
    expect(keptText).toContain(`Time (UTC): ${utc(new Date(kept.at))} UTC`);
    expect(keptText).toContain(
      `Answer: from the relay’s cache: the service gave it at ${utc(archived.receivedAt)} UTC, to an earlier request`,
    );
    expect(keptText).toContain('Screened by: maksym');
    const askedText = await textFor(first.key, asked.id);
    expect(askedText).toContain(`Time (UTC): ${utc(archived.receivedAt)} UTC`);
    expect(askedText).not.toContain('relay’s cache');
  }, 60_000);

  it('checklists screen through the relay writes each row’s relay audit no.; the certificate it names is that client’s', async () => {
    const made = await createKey(relay.store, 'taras');
    if (made === 'exists') throw new Error('taras');
    const dir = mkdtempSync(join(tmpdir(), 'certificate-relay-screen-'));
    try {
      const clients = [KNOWN.pepSanctioned.name, 'Клієнтенко Тарас Петрович', KNOWN.pepSanctioned.name];
      writeFileSync(join(dir, 'clients.csv'), `ПІБ\n${clients.join('\n')}\n\n`);
      const printed: string[] = [];
      const io: CliIo = {
        stdout: { write: (s: string) => printed.push(s) > 0 },
        stderr: { write: () => true },
        env: cliEnv({ CHECKLISTS_URL: relay.url, CHECKLISTS_TOKKEN: made.key }),
        cwd: dir,
        platform: process.platform,
        interrupt: new AbortController().signal,
      };
      expect(await runCli(['screen', 'clients.csv', '-o', 'out.xlsx', '--progress', 'none'], io)).toBe(0);
      // The run ends by saying how to have any row's certificate later.
      expect(printed.join('').trimEnd().split('\n').pop()).toBe(
        "Any row's certificate, later, from the relay's archive: checklists certificate <the row's Relay audit no.>",
      );
      const [results] = await readWorkbook(join(dir, 'out.xlsx'));
      const { header, body } = tableAfterHeader(results.rows);
      const column = header.indexOf('Relay audit no.');
      expect(column).toBe(header.length - 1);
      const audit = await relay.store.readAudit({ analyst: 'taras' });
      // One request per distinct client, each row showing its own; the same client twice, the same number.
      expect(audit).toHaveLength(2);
      const idOf = (name: string) => audit.find((row) => row.query.name === name)?.id;
      expect(body.slice(0, 3).map((row) => row[column])).toEqual(clients.map(idOf));
      expect(new Set(body.slice(0, 3).map((row) => row[column])).size).toBe(2);

      const id = idOf('Клієнтенко Тарас Петрович')!;
      const pdf = await fetch(`${relay.url}/certificates/${id}.pdf?lang=en`, {
        method: 'POST',
        body: JSON.stringify({ tokken: made.key }),
      });
      expect(pdf.status).toBe(200);
      const text = await textOf(Buffer.from(await pdf.arrayBuffer()));
      expect(text).toContain(`Relay audit no.: ${id}`);
      expect(text).toContain('Клієнтенко Тарас Петрович');
      expect(text).not.toContain(KNOWN.pepSanctioned.name);

      // The same from the command line, by the number in the results file: byte for byte the relay's PDF
      // but for its time of making, asking the service nothing.
      const paid = sandbox.requests.length;
      const said: string[] = [];
      const cli = (tokken: string, args: string[]) =>
        runCli(['certificate', ...args], {
          ...io,
          stdout: { write: (s: string) => said.push(s) > 0 },
          stderr: { write: (s: string) => said.push(s) > 0 },
          env: cliEnv({ CHECKLISTS_URL: relay.url, CHECKLISTS_TOKKEN: tokken }),
        });
      expect(await cli(made.key, [`#${id}`, '-o', 'client.pdf', '--lang', 'uk'])).toBe(0);
      expect(said.join('')).toBe(
        `Довідку про запит № ${id} у журналі релея записано: client.pdf (її склав релей з архівної відповіді).\n`,
      );
      const fromCli = await textOf(readFileSync(join(dir, 'client.pdf')));
      expect(fromCli).toContain(`Номер у журналі релея: ${id}`);
      expect(fromCli).toContain('Хто перевіряв: taras');
      expect((statSync(join(dir, 'client.pdf')).mode & 0o777).toString(8)).toBe('600');
      expect(sandbox.requests.length).toBe(paid);
      // Another analyst's key: the relay says "not found", as for a number that does not exist.
      const other = await createKey(relay.store, 'ostap');
      if (other === 'exists') throw new Error('ostap');
      said.length = 0;
      expect(await cli(other.key, [String(id), '--lang', 'en'])).toBe(2);
      expect(said.join('')).toBe(
        `Error: The relay holds no request no. ${id} that your key may read: a certificate goes to the analyst who made the request, and to auditors.\n`,
      );
      // A request the relay refused (no such date) has a number but no answer to certify.
      expect((await post(relay.url, { tokken: made.key, name: 'Клієнтенко Тарас', date: '31.02.1990' })).status).toBe(
        400,
      );
      const refused = (await relay.store.readAudit({ analyst: 'taras' })).find((row) => row.state === 'refused')!;
      said.length = 0;
      expect(await cli(made.key, [String(refused.id), '--lang', 'en'])).toBe(2);
      expect(said.join('')).toBe(
        `Error: Request no. ${refused.id} has no archived answer to certify: the relay refused it, answered it before its archive existed, or pruned it after the retention years.\n`,
      );
      expect(readdirSync(dir).filter((f) => f.endsWith('.pdf'))).toEqual(['client.pdf']);

      // By the rows an inspector names, from the results file itself: rows 2–3 are two clients' requests.
      said.length = 0;
      expect(await cli(made.key, ['--from', 'out.xlsx', '--rows', '2-3', '-o', 'rows.pdf', '--lang', 'en'])).toBe(0);
      expect(said.join('')).toContain('Certificates of 2 requests written into one file: rows.pdf');
      const fromRows = await textOf(readFileSync(join(dir, 'rows.pdf')));
      for (const name of clients.slice(0, 2)) expect(fromRows).toContain(`Relay audit no. ${idOf(name)}: ${name}`);
      // Every row, without --rows: row 4 is row 2's client again, one request.
      said.length = 0;
      expect(await cli(made.key, ['--from', 'out.xlsx', '-o', 'all.pdf'])).toBe(0);
      expect(await textOf(readFileSync(join(dir, 'all.pdf')))).toContain(
        'Screening certificates from the relay archive: 2',
      );
      // A row the file does not have refuses the whole command: a sample must not shrink unnoticed.
      said.length = 0;
      expect(await cli(made.key, ['--from', 'out.xlsx', '--rows', '3,9-10', '--lang', 'en'])).toBe(2);
      expect(said.join('')).toBe(
        'Error: out.xlsx has no rows 9–10: name rows by its Row column, as the client list numbers them.\n',
      );
      // The add-in's results saved as CSV (Ukrainian headers, semicolons): a row with no number is left out, and said.
      writeFileSync(
        join(dir, 'results.csv'),
        `Рядок;ПІБ;№ у журналі релея\n2;${clients[0]};${idOf(clients[0])}\n3;Прямий Клієнт;\n`,
      );
      said.length = 0;
      expect(await cli(made.key, ['--from', 'results.csv', '--lang', 'uk'])).toBe(0);
      expect(said.join('')).toBe(
        'Пропущено, бо немає № у журналі релея: рядок 3.\n' +
          `Довідку про запит № ${idOf(clients[0])} у журналі релея записано: checklists-certificate-${idOf(clients[0])}.pdf (її склав релей з архівної відповіді).\n`,
      );
      said.length = 0;
      expect(await cli(made.key, ['--from', 'clients.csv', '--lang', 'en'])).toBe(2);
      expect(said.join('')).toContain('Error: No results table in clients.csv');
      expect(sandbox.requests.length).toBe(paid);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('checklists search --certificate through the relay: screened by the analyst the key names, the muted hit named under its list', async () => {
    const made = await createKey(relay.store, 'mariia');
    if (made === 'exists') throw new Error('mariia');
    const subject = { name: KNOWN.pepSanctioned.name, date: '1967-04-13' };
    const answered = await post(relay.url, { tokken: made.key, ...subject });
    const pepItem = ((answered.json as { result: Record<string, object[]> }).result.peps ?? [])[0];
    const cleared = await fetch(`${relay.url}/decisions`, {
      method: 'POST',
      body: JSON.stringify({
        tokken: made.key,
        subject,
        registry: 'peps',
        ...recordOf('peps', pepItem),
        decision: 'false-positive',
        reason: 'different-birth-date',
      }),
    });
    expect(cleared.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'certificate-relay-cli-'));
    try {
      const io: CliIo = {
        stdout: { write: () => true },
        stderr: { write: () => true },
        // USER is set: the relay's name for the key still wins, as its audit trail records it.
        env: cliEnv({ CHECKLISTS_URL: relay.url, CHECKLISTS_TOKKEN: made.key, USER: 'shared-login' }),
        cwd: dir,
        platform: process.platform,
        interrupt: new AbortController().signal,
      };
      const args = ['search', '--name', subject.name, '--date', subject.date, '--certificate', 'c.pdf'];
      expect(await runCli(args, io)).toBe(0);
      const text = await textOf(readFileSync(join(dir, 'c.pdf')));
      expect(text).toContain('Screened by: mariia');
      // The number the relay's archive finds this request by, as a results file shows it.
      const searched = Math.max(...(await relay.store.readAudit({ analyst: 'mariia' })).map((row) => row.id));
      expect(text).toContain(`Relay audit no.: ${searched}`);
      expect(text).toContain("Politically exposed persons (PEP): no hits; 1 muted by the relay's accept list");
      expect(text).toContain("Muted by the relay's accept list (cleared earlier, record unchanged):");
      expect(text).not.toContain(made.key);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('POST /certificates: an inspector’s sample in one PDF behind a list of it; the first number that fails refuses the file, naming it', async () => {
    const key = async (name: string, role: 'analyst' | 'auditor' = 'analyst') => {
      const made = await createKey(relay.store, name, role);
      if (made === 'exists') throw new Error(name);
      return made.key;
    };
    const yana = await key('yana');
    const bohdan = await key('bohdan');
    const sampler = await key('sampler', 'auditor');
    const spouse = { name: KNOWN.pepSpouse.name, date: KNOWN.pepSpouse.date };
    const withHits = await post(relay.url, { tokken: yana, ...spouse });
    const clear = await post(relay.url, { tokken: yana, name: 'Вибірченко Яна Олегівна', date: '1990-05-17' });
    const initialled = await post(relay.url, { tokken: yana, name: 'Вибірченко Я.О.', date: '1990-05-17' });
    expect([withHits.status, clear.status, initialled.status]).toEqual([200, 200, 200]);
    const hits = Object.values((withHits.json as { result: Record<string, unknown> }).result)
      .filter(Array.isArray)
      .reduce((sum, items) => sum + items.length, 0);
    expect(hits).toBeGreaterThan(0);
    // One hit decided: the list says how many of a request's hits have a decision in force.
    const [registry, items] = Object.entries((withHits.json as { result: Record<string, unknown> }).result).find(
      ([, items]) => Array.isArray(items) && items.length > 0,
    ) as [string, object[]];
    const decided = await fetch(`${relay.url}/decisions`, {
      method: 'POST',
      body: JSON.stringify({
        tokken: yana,
        subject: spouse,
        registry,
        ...recordOf(registry as RegistryKey, items[0]),
        decision: 'true-match',
        reason: 'name-and-birth-date',
      }),
    });
    expect(decided.status).toBe(200);
    const idOf = (answered: { json: unknown }) => (answered.json as { relay_audit_id: number }).relay_audit_id;
    const [hitId, clearId] = [idOf(withHits), idOf(clear)];
    const paid = sandbox.requests.length;

    const sample = (tokken: string, ids: unknown, lang = 'en') =>
      fetch(`${relay.url}/certificates`, { method: 'POST', body: JSON.stringify({ tokken, ids, lang }) });
    const own = await sample(yana, [clearId, hitId, clearId]);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await own.arrayBuffer());
    const { numpages } = await pdfParse(bytes);
    const text = await textOf(bytes);
    // The list first, in the order asked, each number once; then each request's own certificate.
    expect(text).toContain('Screening certificates from the relay archive: 2');
    expect(text).toContain('Put together at the request of: yana');
    expect(text).toMatch(
      new RegExp(
        `Relay audit no\\. ${clearId}: Вибірченко Яна Олегівна, 1990-05-17 · \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d · yana · no hits ` +
          `Relay audit no\\. ${hitId}: ${spouse.name}, ${spouse.date} · [\\d: -]+ · yana · HITS: ${hits}, decided 1 `,
      ),
    );
    const pages = [text.indexOf(`Relay audit no.: ${clearId}`), text.indexOf(`Relay audit no.: ${hitId}`)];
    expect(pages[0]).toBeGreaterThan(text.indexOf(`Relay audit no. ${hitId}:`));
    expect(pages[1]).toBeGreaterThan(pages[0]);
    expect(numpages).toBeGreaterThanOrEqual(3);
    expect(text).toContain('SANDBOX');
    expect(text).not.toContain(DEMO_CREDENTIALS.tokken);
    expect(text).not.toContain(yana);

    // A "no hits" for a name with initials: the list marks it, as its page cautions; a full name's stays plain.
    const marked = await textOf(Buffer.from(await (await sample(yana, [idOf(initialled), clearId])).arrayBuffer()));
    const entry = (id: number) => marked.slice(marked.indexOf(`Relay audit no. ${id}:`)).replace(/\s+/g, ' ');
    expect(entry(idOf(initialled))).toMatch(
      /^Relay audit no\. \d+: Вибірченко Я\.О\., 1990-05-17 · [\d: -]+ · yana · no hits; its certificate has a caution: asked this way, a hit can be missed /,
    );
    expect(entry(clearId)).toMatch(
      /^Relay audit no\. \d+: Вибірченко Яна Олегівна, 1990-05-17 · [\d: -]+ · yana · no hits(?!;)/,
    );

    // An auditor has anyone's; the file names who asked for it.
    const audited = await sample(sampler, [hitId], 'uk');
    expect(audited.status).toBe(200);
    expect(await textOf(Buffer.from(await audited.arrayBuffer()))).toContain('Зібрано на запит: sampler');
    // A number that does not exist: to an auditor, simply not there (not "of yours", not "ask an auditor").
    const missing = await sample(sampler, [hitId, 999_999]);
    expect(missing.status).toBe(404);
    const missingBody = (await missing.json()) as { message: string; auditId: number };
    expect(missingBody.auditId).toBe(999_999);
    expect(missingBody.message).toContain('No request no. 999999: leave it out.');
    expect(missingBody.message).toContain('Запиту № 999999 немає: вилучіть його.');
    expect(missingBody.message).not.toMatch(/of yours|auditor/);

    // Another analyst: the whole file refused, naming the first number not theirs, as "not found".
    const notTheirs = await sample(bohdan, [hitId, clearId]);
    expect(notTheirs.status).toBe(404);
    expect(await notTheirs.json()).toEqual({
      error: 404,
      message: expect.stringContaining(`No request no. ${hitId} of yours`),
      auditId: hitId,
    });
    // A refused request has a number but nothing to certify.
    expect((await post(relay.url, { tokken: yana, name: 'Вибірченко Яна', date: '31.02.1990' })).status).toBe(400);
    const refused = (await relay.store.readAudit({ analyst: 'yana' })).find((row) => row.state === 'refused')!;
    const nothing = await sample(yana, [hitId, refused.id]);
    expect(nothing.status).toBe(409);
    expect(((await nothing.json()) as { auditId: number }).auditId).toBe(refused.id);
    // Numbers it cannot take: none, not numbers, more than a hundred.
    for (const ids of [[], 'x', [0], [1.5], '', Array.from({ length: 101 }, (_, i) => i + 1)]) {
      const bad = await sample(yana, ids);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toContain(
        'Name 1 to 100 relay audit numbers in ids.',
      );
    }

    // The command line: several numbers, one file, owner-only; not theirs, exit 2 naming the number.
    const dir = mkdtempSync(join(tmpdir(), 'certificate-sample-'));
    try {
      const said: string[] = [];
      const cli = (tokken: string, args: string[]) =>
        runCli(['certificate', ...args], {
          stdout: { write: (s: string) => said.push(s) > 0 },
          stderr: { write: (s: string) => said.push(s) > 0 },
          env: cliEnv({ CHECKLISTS_URL: relay.url, CHECKLISTS_TOKKEN: tokken }),
          cwd: dir,
          platform: process.platform,
          interrupt: new AbortController().signal,
        });
      expect(await cli(yana, [String(hitId), `#${clearId}`, '--lang', 'uk'])).toBe(0);
      const file = `checklists-certificates-${hitId}-${clearId}.pdf`;
      expect(said.join('')).toBe(
        `Довідки про 2 запити записано в один файл: ${file} (спершу їхній перелік; їх склав релей з архівних відповідей).\n`,
      );
      const fromCli = await textOf(readFileSync(join(dir, file)));
      expect(fromCli).toContain('Довідки про перевірку з архіву релея: 2');
      expect(fromCli).toContain(`Номер у журналі релея ${hitId}: ${spouse.name}, ${spouse.date}`);
      expect(fromCli).toMatch(new RegExp(`ЗБІГИ: ${hits}, вирішено 1`));
      expect((statSync(join(dir, file)).mode & 0o777).toString(8)).toBe('600');
      said.length = 0;
      expect(await cli(bohdan, [`${clearId},${hitId}`, '-o', 'b.pdf', '--lang', 'en'])).toBe(2);
      expect(said.join('')).toBe(
        `Error: The relay holds no request no. ${clearId} that your key may read: a certificate goes to the analyst who made the request, and to auditors.\n`,
      );
      said.length = 0;
      expect(await cli(yana, [String(hitId), String(refused.id), '-o', 'r.pdf', '--lang', 'en'])).toBe(2);
      expect(said.join('')).toContain(`Error: Request no. ${refused.id} has no archived answer to certify`);
      expect(readdirSync(dir)).toEqual([file]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // A relay from before POST /certificates (it answers any address it does not serve "not found"):
    // the command line says so, rather than "not found".
    const older = createServer((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":404,"message":"Not found."}');
    });
    await new Promise<void>((resolve) => older.listen(0, '127.0.0.1', resolve));
    try {
      const said: string[] = [];
      const code = await runCli(['certificate', '12', '13', '--lang', 'en'], {
        stdout: { write: (s: string) => said.push(s) > 0 },
        stderr: { write: (s: string) => said.push(s) > 0 },
        env: cliEnv({
          CHECKLISTS_URL: `http://127.0.0.1:${(older.address() as AddressInfo).port}`,
          CHECKLISTS_TOKKEN: yana,
        }),
        cwd: tmpdir(),
        platform: process.platform,
        interrupt: new AbortController().signal,
      });
      expect(code).toBe(2);
      expect(said.join('')).toBe(
        'Error: This relay makes no file of several certificates (it is older than this command line): ask for one number at a time, or have it updated.\n',
      );
    } finally {
      await new Promise((resolve) => older.close(resolve));
    }
    // Made from the archive: the service was asked nothing (the refused request never reached it either).
    expect(sandbox.requests.length).toBe(paid);
  }, 60_000);
});
