import { resolve } from 'node:path';
import type { CertificateArgs } from '../args/command-line';
import type { CliConfig } from '../config';
import { EXIT, UsageError, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { usageError } from '../messages';
import { writePdf } from '../output/certificate-file';
import { assertFolderWritable } from '../output/output-paths';
import { recordMessages } from '../output/record-messages';
import { relayPost, relayTarget } from '../transport/relay-call';

/**
 * `checklists certificate NO [-o FILE.pdf]`: the screening certificate of an earlier request, by the
 * relay audit no. a results file shows beside each row (docs/relay.md, "Certificates"). The relay
 * makes it from its archived answer, with the archive id and the answer's SHA-256: nothing is asked
 * of the service, so it costs no quota and proves what was answered then, not now.
 */
export async function runCertificate(args: CertificateArgs, config: CliConfig, io: CliIo): Promise<ExitCode> {
  const relay = relayTarget(config, 'relay.neededCertificate');
  const { id } = args;
  const file = args.output ?? `checklists-certificate-${id}.pdf`;
  const path = resolve(io.cwd, file);
  await assertFolderWritable(path, file);
  const answer = await relayPost(relay, `/certificates/${id}.pdf?lang=${config.lang}`, {}, io);
  const said = (key: 'certificate.notYours' | 'certificate.nothing' | 'certificate.refused') =>
    new UsageError({
      uk: recordMessages.t('uk', key, { id, status: answer.status, message: answer.message.uk }),
      en: recordMessages.t('en', key, { id, status: answer.status, message: answer.message.en }),
    });
  // The relay answers "not found" alike for another analyst's request and for none: ids cannot be probed.
  if (answer.status === 404) throw said('certificate.notYours');
  if (answer.status === 409) throw said('certificate.nothing');
  const pdf = answer.status === 200 && answer.bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  if (!pdf) throw said('certificate.refused');
  await writePdf(path, answer.bytes).catch(() => {
    throw usageError('args.output.folder', { path: file });
  });
  io.stdout.write(`${recordMessages.t(config.lang, 'certificate.saved', { id, file })}\n`);
  return EXIT.ok;
}
