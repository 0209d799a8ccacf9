import { z } from 'zod';

/**
 * What the task pane writes and every surface reads. The tokken is not part of it: it lives in
 * a separate secret slot (see SettingsStore in src/excel) so that settings can be shown, logged,
 * exported or compared without ever carrying the credential.
 */
export const settingsSchema = z.object({
  /** Primary address first; the operator adds and retires reserves, so this is data, not code. */
  primaryUrl: z.string().default(''),
  reserveUrls: z.array(z.string()).default([]),
  idSubjectFM: z.string().default(''),
  idUserPC: z.string().default(''),
  /** listdata as a decimal string ("-1" = every list the account allows): JSON has no bigint. */
  registries: z.string().default('-1'),
  search: z.union([z.literal(1), z.literal(2)]).default(1),
  lowranklimit: z.number().int().min(0).max(100).default(0),
  cacheHours: z.number().min(0).max(24 * 30).default(24),
  concurrency: z.number().int().min(1).max(16).default(4),
  timeoutSeconds: z.number().min(1).max(300).default(20),
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

/** Until an address and both credentials are saved, everything runs on the in-process sandbox. */
export function serviceMode(settings: Settings, tokken: string | null | undefined): ServiceMode {
  const subjectKnown = settings.connection === 'relay' || settings.idSubjectFM.trim();
  return settings.primaryUrl.trim() && subjectKnown && tokken && tokken.trim() ? 'live' : 'sandbox';
}

export function addressList(settings: Settings): string[] {
  return [settings.primaryUrl, ...settings.reserveUrls].map((u) => u.trim()).filter((u) => u.length > 0);
}

/** The tokken for display: enough to recognise which key is saved, never enough to use it. */
export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return '';
  return secret.length <= 4 ? '•'.repeat(secret.length) : `${'•'.repeat(8)}${secret.slice(-4)}`;
}
