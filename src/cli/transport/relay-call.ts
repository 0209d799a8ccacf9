import type { z } from 'zod';
import { ACCOUNT_ERROR_CODES, AccountError, ServiceUnreachableError } from '../../core/protocol/errors';
import { describeAddress } from '../../core/request/client';
import { fromBothLanguages } from '../../core/text/both-languages';
import type { Lang, LocalizedText } from '../../core/text/i18n';
import { parseJson } from '../../core/text/json';
import type { CliConfig } from '../config';
import { UsageError } from '../exit-codes';
import type { CliIo } from '../io';
import { recordMessages, type RecordMessageKey } from '../output/record-messages';
import { nodeHttpTransport } from './http-transport';

/**
 * The command line's calls to the organisation's relay beside `/api` (its decision record):
 * with the analyst key the configuration holds, in the body, never in the URL.
 */

export interface RelayTarget {
  origin: string;
  /** scheme://host:port, for messages. */
  address: string;
  key: string;
}

/** The relay this command line is configured for, or a usage error saying how to configure one. */
export function relayTarget(
  config: CliConfig,
  needed: Extract<RecordMessageKey, `relay.needed${string}`> = 'relay.needed',
): RelayTarget {
  const { settings, tokken } = config.loaded;
  const url = settings.primaryUrl.trim();
  if (settings.connection !== 'relay' || !url || !tokken) throw new UsageError(recordMessages.text(needed));
  return { origin: new URL(url).origin, address: describeAddress(url), key: tokken };
}

/**
 * POSTs `fields` with the key to `path`; any HTTP status resolves, but for the relay's refusal of
 * the key itself (unknown, revoked, the day's budget spent), which is an account stop as for a
 * search (exit 3, in the relay's words); no answer at all is "unreachable".
 */
export async function relayPost(
  relay: RelayTarget,
  path: string,
  fields: Record<string, unknown>,
  io: CliIo,
): Promise<{ status: number; body: unknown; message: LocalizedText; bytes: Buffer }> {
  const started = performance.now();
  const response = await nodeHttpTransport()
    .send({
      url: `${relay.origin}${path}`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tokken: relay.key, ...fields }),
      signal: io.interrupt,
    })
    .catch(() => {
      throw new ServiceUnreachableError([
        { address: relay.address, outcome: 'network', durationMs: Math.round(performance.now() - started) },
      ]);
    });
  const { body, message } = relayWords(response.status, response.text);
  return { status: response.status, body, message, bytes: response.bytes };
}

/**
 * A relay reply's body and its words, each language apart, kept short (a proxy's error page is not
 * repeated whole); the relay's refusal of the key itself (unknown, revoked, the day's budget spent)
 * is thrown as an account stop.
 */
export function relayWords(status: number, text: string): { body: unknown; message: LocalizedText } {
  const body = parseJson(text);
  const message = (body as { message?: unknown } | null)?.message;
  const said = typeof message === 'string' ? message.slice(0, 300) : '';
  const words = fromBothLanguages(said) ?? { uk: said, en: said };
  const code = (body as { error?: unknown } | null)?.error;
  if ((status === 401 || status === 403) && typeof code === 'number') {
    if (ACCOUNT_ERROR_CODES.includes(code)) throw new AccountError(code, status, said, words);
  }
  return { body, message: words };
}

/** A read of the relay's record in the shape `schema` gives, or a usage error with the relay's why. */
export async function relayRead<T>(
  relay: RelayTarget,
  path: string,
  fields: Record<string, unknown>,
  schema: z.ZodType<T>,
  refusedKey: Extract<RecordMessageKey, 'history.refused' | 'approve.listRefused'>,
  io: CliIo,
): Promise<T> {
  const answer = await relayPost(relay, path, fields, io);
  const parsed = schema.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) {
    const refused = (lang: Lang) =>
      recordMessages.t(lang, refusedKey, { status: answer.status, message: answer.message[lang] });
    throw new UsageError({ uk: refused('uk'), en: refused('en') });
  }
  return parsed.data;
}
