import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CliIo } from '../src/cli/io';
import { runCli } from '../src/cli/main';
import { createSandboxEngine, DEMO_CREDENTIALS, KNOWN } from '../src/sandbox';
import { parseEnvelope } from '../src/core/protocol/schema';
import { REGISTRY_KEYS } from '../src/core/protocol/registries';
import { validateQuery } from '../src/core/query';
import { buildCertificate, type Certificate } from '../src/evidence/certificate';
import { certificatePdf } from '../src/evidence/certificate-pdf';
import { buildSampleCover } from '../src/evidence/sample-cover';
import { oneAtATime } from '../src/relay/one-at-a-time';

/**
 * Screening certificates: 1,000 sandbox certificates (every registry asked; subjects with and
 * without hits; uk and en), time, size, and whether the Ukrainian text reads back (pdf-parse).
 * The library was chosen on this bench against pdf-lib + @pdf-lib/fontkit (README, "Dependency
 * notes"; bench/results/2026-11-25-certificate-pdf-libraries.txt), which was then removed.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse = require('pdf-parse/lib/pdf-parse.js') as (data: Buffer) => Promise<{ text: string; numpages: number }>;

const N = Number(process.env.CERTIFICATES ?? 1000);
const engine = createSandboxEngine({});
const names = [KNOWN.pepSanctioned.name, KNOWN.pepSpouse.name, 'Тестовий Суб’єкт 1', 'Іваненко Петро'];

function certificate(i: number): Certificate {
  const name = names[i % names.length];
  const answer = engine.handle({
    method: 'POST',
    path: '/api',
    query: {},
    body: JSON.stringify({ ...DEMO_CREDENTIALS, IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM, name }),
  });
  const checked = validateQuery({ name });
  if (!checked.ok) throw new Error(name);
  const cert = buildCertificate(
    {
      query: checked.query,
      envelope: parseEnvelope(JSON.parse(answer.body)),
      asked: REGISTRY_KEYS,
      receivedAt: new Date(),
      servedBy: 'http://127.0.0.1:3001',
      sandbox: true,
      productVersion: 'bench',
      analyst: 'bench',
    },
    i % 2 ? 'en' : 'uk',
  );
  return cert;
}

async function run(label: string, render: (c: Certificate) => Promise<Buffer>): Promise<void> {
  const certs = Array.from({ length: N }, (_, i) => certificate(i));
  await render(certs[0]); // warm: fonts read, modules loaded
  const started = performance.now();
  let bytes = 0;
  let last: Buffer = Buffer.alloc(0);
  for (const c of certs) {
    last = await render(c);
    bytes += last.length;
  }
  const ms = performance.now() - started;
  const text = (await pdfParse(last)).text;
  const readable = text.includes('Кривоклен') || text.includes('Screening certificate') || text.includes('Довідка');
  console.log(
    `${label.padEnd(28)} ${N} certificates in ${(ms / 1000).toFixed(1)} s (${(ms / N).toFixed(1)} ms each), ` +
      `${(bytes / N / 1024).toFixed(1)} KB each, text reads back: ${readable ? 'yes' : 'NO'}`,
  );
}

/** `checklists screen examples/clients.xlsx --certificates DIR`, in this process, on the built-in sandbox. */
async function exampleRun(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-certificates-'));
  try {
    copyFileSync(join(__dirname, '..', 'examples', 'clients.xlsx'), join(dir, 'clients.xlsx'));
    let stderr = '';
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: { write: (s: string) => ((stderr += s), true) },
      env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_CONFIG_HOME: dir, LANG: 'en_US.UTF-8' },
      cwd: dir,
      platform: process.platform,
      interrupt: new AbortController().signal,
    };
    const started = performance.now();
    const code = await runCli(['screen', 'clients.xlsx', '--progress', 'none', '--certificates', 'certs'], io);
    const ms = performance.now() - started;
    const files = readdirSync(join(dir, 'certs'));
    const bytes = files.reduce((sum, f) => sum + statSync(join(dir, 'certs', f)).size, 0);
    console.log(
      `screen examples/clients.xlsx --certificates: exit ${code}, ${files.length} files (cover + one per subject), ` +
        `${(bytes / 1024).toFixed(0)} KB (${(bytes / files.length / 1024).toFixed(1)} KB each), whole run ${(ms / 1000).toFixed(1)} s; ` +
        `${/Certificates: .*$/m.exec(stderr)?.[0] ?? ''}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The relay's `POST /certificates` at its limit: 100 certificates in one file behind the list of
 * them, and the longest the event loop waited meanwhile (the relay yields after each certificate,
 * so analysts' searches are not held for the whole file).
 */
async function sample(): Promise<void> {
  const certs = Array.from({ length: 100 }, (_, i) => certificate(i));
  const entries = certs.map((_, i) => ({
    auditId: 4000 + i,
    subject: names[i % names.length],
    at: new Date(),
    analyst: 'bench',
    summary: { totalHits: i % 3, complete: true },
    decided: i % 2,
    cautioned: false,
  }));
  const cover = buildSampleCover(
    { requestedBy: 'bench', at: new Date(), entries, sandbox: true, productVersion: 'bench' },
    'en',
  );
  await certificatePdf([cover], { title: 'warm' });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const started = performance.now();
  const pdf = await certificatePdf([cover, ...certs], { title: 'bench sample' });
  const ms = performance.now() - started;
  loop.disable();
  console.log(
    `one file of 100 certificates behind their list (POST /certificates): ${(ms / 1000).toFixed(1)} s, ` +
      `${(pdf.length / 1024).toFixed(0)} KB, ${(await pdfParse(pdf)).numpages} pages; ` +
      `the event loop's longest wait meanwhile ${(loop.max / 1e6).toFixed(0)} ms (p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms)`,
  );
}

/**
 * Three samples of 30 asked at once (three auditors): laid out side by side, each yield lets the
 * others' next certificate in before any request; in the relay's line (relay/one-at-a-time.ts), one
 * certificate at most stands between two turns of the event loop.
 */
async function threeAtOnce(): Promise<void> {
  const certs = Array.from({ length: 30 }, (_, i) => certificate(i));
  for (const [label, wrap] of [
    ['side by side', <T>(work: () => Promise<T>) => work()],
    ['in the relay’s line', oneAtATime()],
  ] as const) {
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const started = performance.now();
    await Promise.all([1, 2, 3].map(() => wrap(() => certificatePdf(certs, { title: 'bench' }))));
    const ms = performance.now() - started;
    loop.disable();
    console.log(
      `three files of 30 certificates asked at once, ${label}: ${(ms / 1000).toFixed(1)} s in all; ` +
        `the event loop's longest wait ${(loop.max / 1e6).toFixed(0)} ms (p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms)`,
    );
  }
}

async function main(): Promise<void> {
  await exampleRun();
  await sample();
  await threeAtOnce();
  await run('pdfkit 0.17 (PDF/A-2b)', (c) => certificatePdf([c], { title: 'bench' }));
  console.log(`memory: rss ${Math.round(process.memoryUsage().rss / 1048576)} MB`);
}

void main();
