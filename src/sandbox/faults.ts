import type { RegistryKey } from '../core/protocol/registries';
import { sandboxMessages, type SandboxMessageKey } from './messages';
import { createRng, type Rng } from './prng';

/**
 * Misbehaviour of the live service, off by default. Every random choice comes from a seeded
 * generator so a test sees the same sequence of faults on every run and machine.
 */
export interface SandboxFaults {
  /** Seed of the fault sequence; the same seed gives the same faults. */
  seed?: number;
  /** Fixed delay before every answer, ms. */
  latencyMs?: number;
  /** Extra random delay, uniform in [0, jitterMs), ms. */
  jitterMs?: number;
  /** Share of requests answered with a 5xx HTML error page (0..1). */
  failRate?: number;
  /** Statuses a failing request answers with, drawn in turn. Default 500, 502, 503. */
  failStatuses?: number[];
  /** Share of requests whose connection is dropped without an answer (0..1). */
  dropRate?: number;
  /** Share of requests answered with an HTML page and status 200, as a proxy in front of a broken service does (0..1). */
  htmlRate?: number;
  /** Registries that answer `NNNN.message` instead of records: a code (9000, 9001, 9003, 9004) or the whole text. */
  registryErrors?: Partial<Record<RegistryKey, number | string>>;
  /** Requests each pair of credentials may make before error 11. Unlimited when absent. */
  quota?: number;
}

export interface FaultDecision {
  delayMs: number;
  drop: boolean;
  /** A 5xx status to answer with, if this request fails. */
  failStatus?: number;
  /** Answer 200 with an HTML page. */
  html: boolean;
}

const DEFAULT_FAIL_STATUSES = [500, 502, 503];
export const DEFAULT_FAULT_SEED = 7;

const REGISTRY_ERROR_KEYS: Record<number, SandboxMessageKey> = {
  9000: 'registry.9000',
  9001: 'registry.9001',
  9003: 'registry.9003',
  9004: 'registry.9004',
};

/** The `NNNN.<message in Ukrainian>` text the service puts in place of a registry's records. */
export function registryErrorAnswer(code: number, message?: string): string {
  const key = REGISTRY_ERROR_KEYS[code] ?? 'registry.other';
  return `${code}.${message ?? sandboxMessages.uk[key]}`;
}

/**
 * The faults in the spelling of the sandbox command's options, so the banner says how to start the
 * same sandbox again: `--latency 200 --fail-rate 0.2 --registry-errors peps:9001,edr:9004`.
 */
export function describeFaults(f: SandboxFaults): string {
  const parts: string[] = [];
  const down = f.failRate === 1 && f.failStatuses?.length === 1 && f.failStatuses[0] === 503;
  if (down) parts.push('--down');
  else if (f.failRate) parts.push(`--fail-rate ${f.failRate}`);
  if (f.latencyMs) parts.push(`--latency ${f.latencyMs}`);
  if (f.jitterMs) parts.push(`--jitter ${f.jitterMs}`);
  if (f.dropRate) parts.push(`--drop-rate ${f.dropRate}`);
  if (f.htmlRate) parts.push(`--html-rate ${f.htmlRate}`);
  if (f.quota !== undefined) parts.push(`--quota ${f.quota}`);
  const errors = Object.entries(f.registryErrors ?? {}).map(([key, code]) => `${key}:${String(code)}`);
  if (errors.length > 0) parts.push(`--registry-errors ${errors.join(',')}`);
  if (f.seed !== undefined) parts.push(`--fault-seed ${f.seed}`);
  return parts.join(' ');
}

function rate(value: number | undefined, name: string): number {
  const v = value ?? 0;
  if (!Number.isFinite(v) || v < 0 || v > 1) throw new RangeError(`${name} must be between 0 and 1`);
  return v;
}

function ms(value: number | undefined, name: string): number {
  const v = value ?? 0;
  if (!Number.isFinite(v) || v < 0) throw new RangeError(`${name} must be a non-negative number of milliseconds`);
  return v;
}

export class FaultInjector {
  readonly faults: Readonly<SandboxFaults>;
  private readonly rng: Rng;
  private readonly latency: number;
  private readonly jitter: number;
  private readonly failRate: number;
  private readonly dropRate: number;
  private readonly htmlRate: number;
  private readonly failStatuses: number[];
  private failCount = 0;

  constructor(faults: SandboxFaults = {}) {
    this.faults = faults;
    this.rng = createRng(faults.seed ?? DEFAULT_FAULT_SEED);
    this.latency = ms(faults.latencyMs, 'latencyMs');
    this.jitter = ms(faults.jitterMs, 'jitterMs');
    this.failRate = rate(faults.failRate, 'failRate');
    this.dropRate = rate(faults.dropRate, 'dropRate');
    this.htmlRate = rate(faults.htmlRate, 'htmlRate');
    this.failStatuses =
      faults.failStatuses && faults.failStatuses.length > 0 ? faults.failStatuses : DEFAULT_FAIL_STATUSES;
    if (this.failStatuses.some((s) => !Number.isInteger(s) || s < 500 || s > 599)) {
      throw new RangeError('failStatuses must be 5xx');
    }
    for (const [key, value] of Object.entries(faults.registryErrors ?? {})) {
      if (typeof value === 'number' && !Number.isInteger(value)) {
        throw new RangeError(`registry error of ${key} must be a whole number`);
      }
    }
  }

  /**
   * The fate of one request. Always draws the same number of values, so changing one rate does
   * not reshuffle the sequence of the others.
   */
  decide(): FaultDecision {
    const jitterDraw = this.rng.next();
    const dropDraw = this.rng.next();
    const failDraw = this.rng.next();
    const htmlDraw = this.rng.next();
    const delayMs = Math.round(this.latency + jitterDraw * this.jitter);
    if (dropDraw < this.dropRate) return { delayMs, drop: true, html: false };
    if (failDraw < this.failRate) {
      const failStatus = this.failStatuses[this.failCount++ % this.failStatuses.length];
      return { delayMs, drop: false, failStatus, html: false };
    }
    return { delayMs, drop: false, html: htmlDraw < this.htmlRate };
  }

  registryError(key: RegistryKey): string | undefined {
    const value = this.faults.registryErrors?.[key];
    if (value === undefined) return undefined;
    return typeof value === 'number' ? registryErrorAnswer(value) : value;
  }

  get quota(): number | undefined {
    return this.faults.quota;
  }
}

export function errorPageHtml(status: number): string {
  const reason: Record<number, string> = {
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Temporarily Unavailable',
    504: 'Gateway Time-out',
  };
  const title = `${status} ${reason[status] ?? 'Server Error'}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

export function maintenancePageHtml(): string {
  const t = sandboxMessages.uk;
  return `<!DOCTYPE html>\n<html lang="uk"><head><meta charset="utf-8"><title>${t['html.maintenance.title']}</title></head>\n<body><h1>${t['html.maintenance.title']}</h1><p>${t['html.maintenance.body']}</p></body></html>\n`;
}
