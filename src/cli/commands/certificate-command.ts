import { resolve } from 'node:path';
import type { CertificateArgs } from '../args/record-args';
import type { CliConfig } from '../config';
import { EXIT, UsageError, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { usageError } from '../messages';
import { writeOwnerOnly } from '../output/safe-file';
import { assertFolderWritable } from '../output/output-paths';
import { recordMessages, type RecordMessageKey } from '../output/record-messages';
import { readResultsAudits } from '../input/results-audits';
import { rowSpans } from '../../bulk/audit-columns';
import { MAX_CERTIFICATES_PER_REQUEST } from '../../core/request/certificate-limit';
import { relayPost, relayTarget } from '../transport/relay-call';

/**
 * `checklists certificate NO [NO...] [-o FILE.pdf]`: the screening certificate of an earlier request, by
 * the relay audit no. a results file shows beside each row (docs/relay.md, "Certificates"); several
 * numbers make one PDF (an inspector's sample) behind a page listing them. The relay makes it from its
 * archived answers, with each archive id and answer's SHA-256: nothing is asked of the service, so it
 * costs no quota and proves what was answered then, not now. `--from FILE [--rows 5,17,20-25]` takes
 * the numbers from an earlier results file, by the rows an inspector names.
 */
export async function runCertificate(args: CertificateArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const relay = relayTarget(config, 'relay.neededCertificate');
  const ids = args.from ? await idsFromResults(args.from, config, io) : args.ids;
  const [first] = ids;
  const last = ids[ids.length - 1];
  const one = ids.length === 1;
  const file =
    args.output ?? (one ? `checklists-certificate-${first}.pdf` : `checklists-certificates-${first}-${last}.pdf`);
  const path = resolve(io.cwd, file);
  await assertFolderWritable(path, file);
  const answer = one
    ? await relayPost(relay, `/certificates/${first}.pdf?lang=${config.lang}`, {}, io)
    : await relayPost(relay, '/certificates', { ids, lang: config.lang }, io);
  // The relay names the number it refused for; one that does not is an older relay, or not one at all.
  const named = (answer.body as { auditId?: unknown } | null)?.auditId;
  const id = one ? first : typeof named === 'number' ? named : null;
  const said = (
    key: 'certificate.notYours' | 'certificate.nothing' | 'certificate.refused' | 'certificate.olderRelay',
  ) =>
    new UsageError({
      uk: recordMessages.t('uk', key, { id: id ?? '', status: answer.status, message: answer.message.uk }),
      en: recordMessages.t('en', key, { id: id ?? '', status: answer.status, message: answer.message.en }),
    });
  // The relay answers "not found" alike for another analyst's request and for none: ids cannot be probed.
  if (answer.status === 404 && id !== null) throw said('certificate.notYours');
  if (answer.status === 409 && id !== null) throw said('certificate.nothing');
  // A relay from before POST /certificates answers it as an address it does not serve.
  if (answer.status === 404 && !one) throw said('certificate.olderRelay');
  const pdf = answer.status === 200 && answer.bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  if (!pdf) throw said('certificate.refused');
  await writeOwnerOnly(path, answer.bytes).catch(() => {
    throw usageError('args.output.folder', { path: file });
  });
  const saved = one
    ? recordMessages.t(config.lang, 'certificate.saved', { id: first, file })
    : recordMessages.t(config.lang, 'certificate.savedMany', { count: ids.length, file });
  io.stdout.write(`${saved}\n`);
  return EXIT.ok;
}

/** A refusal in both languages, from the record's catalogue. */
const fail = (key: RecordMessageKey, params: Record<string, string | number>) =>
  new UsageError({ uk: recordMessages.t('uk', key, params), en: recordMessages.t('en', key, params) });

/**
 * The relay audit nos. beside the rows named (all, without --rows), each request once; rows with
 * no number are left out and said so; a row named that the file does not have refuses the command,
 * since an inspector's sample must not shrink unnoticed.
 */
async function idsFromResults(
  from: { file: string; rows: number[] | null },
  config: CliConfig,
  io: CliIo,
): Promise<number[]> {
  const audits = await readResultsAudits(resolve(io.cwd, from.file), from.file);
  if (!audits) throw fail('certificate.fromNoTable', { file: from.file });
  const rows = from.rows ?? [...audits.keys()].sort((a, b) => a - b);
  const missing = rows.filter((row) => !audits.has(row));
  if (missing.length > 0) {
    throw fail('certificate.fromMissing', { file: from.file, count: missing.length, rows: rowSpans(missing) });
  }
  const without = rows.filter((row) => audits.get(row) === null);
  const ids = [...new Set(rows.map((row) => audits.get(row)).filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) throw fail('certificate.fromNone', { file: from.file });
  if (ids.length > MAX_CERTIFICATES_PER_REQUEST) {
    throw fail('certificate.fromMany', { count: ids.length, limit: MAX_CERTIFICATES_PER_REQUEST });
  }
  if (without.length > 0) {
    const left = recordMessages.t(config.lang, 'certificate.leftOut', {
      count: without.length,
      rows: rowSpans(without),
    });
    io.stderr.write(`${left}\n`);
  }
  return ids;
}
