import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { CancelledError, ServiceUnreachableError } from '../../core/protocol/errors';
import type { LocalizedText } from '../../core/text/i18n';
import type { CliIo } from '../io';
import { relayWords, type RelayTarget } from './relay-call';

/** A reply of the relay that ended before its last byte: what was written of it is incomplete. */
export class RelayReplyCut extends Error {
  constructor(readonly bytes: number) {
    super(`the relay's reply stopped after ${bytes} bytes`);
    this.name = 'RelayReplyCut';
  }
}

/** What `write` could not take, told apart from the reply breaking off. */
class Unwritten {
  constructor(readonly cause: unknown) {}
}

export type RelayStreamed =
  { status: 200; bytes: number; headers: IncomingHttpHeaders } | { status: number; message: LocalizedText };

/**
 * POSTs `fields` with the key (in the body, never the URL) to `path`, and hands a 200 reply's bytes
 * to `write` as they arrive (its headers to `opened` first), each taken before the next is read: an
 * audit export of millions of rows never sits in memory here. Any other status is read whole and returned with the relay's words (the
 * key refused is thrown as an account stop); no answer at all is "unreachable"; a reply cut part way
 * (the relay's store failed, or the connection broke) throws RelayReplyCut.
 */
export async function relayPostStream(
  relay: RelayTarget,
  path: string,
  fields: Record<string, unknown>,
  io: CliIo,
  write: (chunk: Buffer) => Promise<void>,
  opened?: (headers: IncomingHttpHeaders) => void,
): Promise<RelayStreamed> {
  const url = new URL(path, relay.origin);
  // node:https loads only for an https relay, as in the transport.
  const send = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  const body = JSON.stringify({ tokken: relay.key, ...fields });
  const started = performance.now();
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        signal: io.interrupt,
      },
      resolve,
    );
    req.on('error', reject);
    req.end(body);
  }).catch(() => {
    if (io.interrupt.aborted) throw new CancelledError();
    throw new ServiceUnreachableError([
      { address: relay.address, outcome: 'network', durationMs: Math.round(performance.now() - started) },
    ]);
  });
  const status = res.statusCode ?? 0;
  if (status !== 200) {
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return { status, message: relayWords(status, Buffer.concat(chunks).toString('utf8')).message };
  }
  opened?.(res.headers);
  let bytes = 0;
  try {
    for await (const chunk of res) {
      bytes += (chunk as Buffer).length;
      await write(chunk as Buffer).catch((error: unknown) => {
        throw new Unwritten(error);
      });
    }
  } catch (error) {
    // A full disk is the writer's to name, not a reply cut: running again would not mend it. Ctrl-C
    // stops it as any command stops (exit 130); anything else cut the reply.
    if (error instanceof Unwritten) throw error.cause;
    if (io.interrupt.aborted) throw new CancelledError();
    throw new RelayReplyCut(bytes);
  }
  // A chunked reply the relay cut short ends without its last chunk: node marks it incomplete.
  if (!res.complete) throw new RelayReplyCut(bytes);
  return { status: 200, bytes, headers: res.headers };
}
