import { z } from 'zod';
import type { FieldError } from '../protocol/errors';
import { fieldError } from '../query/field';
import { boundedNumber, lowranklimitSchema, searchModeSchema } from '../query/options';

/** Requests at once: one definition for the settings, the CLI's --concurrency and the bulk panel. */
export const concurrencySchema = boundedNumber(1, 16);

/**
 * Where the service may be reached. HTTPS always; plain HTTP only to this computer (a local relay,
 * the sandbox server), because the tokken and every query would otherwise cross the network in the
 * clear. `insecureHttp` is the CLI's explicit --insecure-http, for a test network the operator owns.
 */
export interface AddressPolicy {
  insecureHttp?: boolean;
}

export type AddressProblem = 'address.invalid' | 'address.http' | 'address.credentials' | 'address.query';

/** localhost, 127.0.0.0/8 and ::1: the WHATWG URL parser has already normalised the IPv4 forms ("127.1"). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The one address rule every surface applies; null when the address may be used. */
export function addressProblem(value: string, policy: AddressPolicy = {}): AddressProblem | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'address.invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'address.invalid';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !policy.insecureHttp) return 'address.http';
  if (url.username || url.password) return 'address.credentials';
  if (url.search || url.hash) return 'address.query';
  return null;
}

/** Addresses that pass only because of --insecure-http: the CLI warns about each. */
export function insecureAddresses(addresses: readonly string[]): string[] {
  return addresses.filter(
    (a) => addressProblem(a) === 'address.http' && addressProblem(a, { insecureHttp: true }) === null,
  );
}

/**
 * What the task pane writes and every surface reads. The tokken is not part of it: it lives in
 * a separate secret slot (see SettingsStore in src/excel) so that settings can be shown, logged,
 * exported or compared without ever carrying the credential.
 */
export const settingsSchema = z.object({
  /**
   * Primary address first; the operator adds and retires reserves, so this is data, not code.
   * Stored leniently (a bad stored address must not silently become the sandbox); every surface
   * checks them with settingsAddressErrors below before use.
   */
  primaryUrl: z.string().default(''),
  reserveUrls: z.array(z.string()).default([]),
  idSubjectFM: z.string().default(''),
  idUserPC: z.string().default(''),
  /** listdata as a decimal string ("-1" = every list the account allows): JSON has no bigint. */
  registries: z.string().default('-1'),
  search: searchModeSchema.default(1),
  lowranklimit: lowranklimitSchema.default(0),
  cacheHours: boundedNumber(0, 24 * 30, false).default(24),
  concurrency: concurrencySchema.default(4),
  timeoutSeconds: boundedNumber(1, 300, false).default(20),
  language: z.enum(['auto', 'uk', 'en']).default('auto'),
  /**
   * direct: to the service with the organisation's tokken; relay: to the organisation's relay
   * (primaryUrl) with the analyst's own key in the secret slot, which the relay swaps for the
   * tokken and IDsubjectFM, so neither is on this PC.
   */
  connection: z.enum(['direct', 'relay']).default('direct'),
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** Reads stored settings leniently: an unreadable or outdated entry falls back field by field, never throws. */
export function readSettings(raw: unknown): Settings {
  if (!raw || typeof raw !== 'object') return { ...DEFAULT_SETTINGS };
  const parsed = settingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const result: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const shape = settingsSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const field = shape[key].safeParse((raw as Record<string, unknown>)[key]);
    if (field.success) result[key] = field.data;
  }
  return result as Settings;
}

export type ServiceMode = 'sandbox' | 'live';

/**
 * An analyst key of the organisation's relay (`ckr_<id>_<secret>`, src/relay/keys.ts). Never a
 * service tokken, so where one is given as the tokken the connection is to a relay, which holds
 * IDsubjectFM itself.
 */
export const ANALYST_KEY = /^ckr_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{32,64})$/;

/** Until an address and both credentials are saved, everything runs on the in-process sandbox. */
export function serviceMode(settings: Settings, tokken: string | null | undefined): ServiceMode {
  const subjectKnown = settings.connection === 'relay' || settings.idSubjectFM.trim();
  return settings.primaryUrl.trim() && subjectKnown && tokken && tokken.trim() ? 'live' : 'sandbox';
}

export function addressList(settings: Settings): string[] {
  return [settings.primaryUrl, ...settings.reserveUrls].map((u) => u.trim()).filter((u) => u.length > 0);
}

/** Field errors for the addresses of `settings` under the address policy (fields primaryUrl, reserveUrls.N). */
export function settingsAddressErrors(
  settings: Pick<Settings, 'primaryUrl' | 'reserveUrls'>,
  policy: AddressPolicy = {},
): FieldError[] {
  const errors: FieldError[] = [];
  const check = (field: string, value: string) => {
    if (!value.trim()) return;
    const problem = addressProblem(value, policy);
    if (problem) errors.push(fieldError(field, problem));
  };
  check('primaryUrl', settings.primaryUrl);
  settings.reserveUrls.forEach((url, i) => check(`reserveUrls.${i}`, url));
  return errors;
}

/** The tokken for display: enough to recognise which key is saved, never enough to use it. */
export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return '';
  return secret.length <= 4 ? '•'.repeat(secret.length) : `${'•'.repeat(8)}${secret.slice(-4)}`;
}
