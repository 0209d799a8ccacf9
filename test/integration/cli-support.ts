import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { buildCliBundle } from '../../scripts/cli-build';

export const ROOT = join(__dirname, '..', '..');

/**
 * Builds the CLI bundle the way `npm run build:cli` does, into a file of this test process's
 * own, so parallel test files never race on dist/cli.cjs and always run the current source.
 * Named cli.* so a webpack build running meanwhile (which cleans dist/ but keeps cli.*) leaves it alone.
 */
export async function buildCli(): Promise<string> {
  const outfile = join(ROOT, 'dist', `cli.test-${process.pid}-${Math.random().toString(36).slice(2, 8)}.cjs`);
  await buildCliBundle(outfile);
  return outfile;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The config folder (state key) of this test process: never the person's own. */
export const TEST_CONFIG_HOME = join(tmpdir(), `checklists-test-config-${process.pid}`);

/** A clean environment: nothing of the outer shell's CHECKLISTS_* leaks into a test. */
export function cliEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    XDG_CONFIG_HOME: TEST_CONFIG_HOME,
    LANG: 'en_US.UTF-8',
    ...extra,
  };
}

export function runCli(
  bundle: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? cliEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`checklists ${args.join(' ')} did not finish in time\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export function tempDir(prefix = 'checklists-cli-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Every file under a directory, with its bytes: for "the tokken is in no file" checks. */
export function filesUnder(dir: string): { path: string; bytes: Buffer }[] {
  const out: { path: string; bytes: Buffer }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push({ path, bytes: readFileSync(path) });
  }
  return out;
}

/** The entries of a zip (an .xlsx), inflated: enough of the format to look inside a workbook's XML. */
export function unzipEntries(file: string): Map<string, Buffer> {
  const zip = readFileSync(file);
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export type Cell = string | number | boolean | null;

export interface ReadSheet {
  name: string;
  rows: Cell[][];
  /** Cells exceljs reads back as formulas: must be none. */
  formulas: string[];
}

/** A workbook as plain rows (1-based rows become array positions from 0). */
export async function readWorkbook(file: string): Promise<ReadSheet[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb.worksheets.map((ws) => {
    const rows: Cell[][] = [];
    const formulas: string[] = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      const cells: Cell[] = [];
      for (let c = 1; c <= ws.columnCount; c++) {
        const cell = row.getCell(c);
        if (cell.type === ExcelJS.ValueType.Formula) formulas.push(cell.address);
        const v = cell.value;
        cells.push(v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : (v as Cell));
      }
      rows[n - 1] = cells;
    });
    for (let i = 0; i < rows.length; i++) rows[i] ??= [];
    return { name: ws.name, rows, formulas };
  });
}

/** The table part of a results sheet or CSV: the rows after the first blank row (the run header sits above it). */
export function tableAfterHeader(rows: Cell[][]): { header: Cell[]; body: Cell[][]; runHeader: Cell[][] } {
  const blank = rows.findIndex((r) => r.every((v) => v === null || v === ''));
  return { runHeader: rows.slice(0, blank), header: rows[blank + 1], body: rows.slice(blank + 2) };
}

export function exists(path: string): boolean {
  return existsSync(path);
}
