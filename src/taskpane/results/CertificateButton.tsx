import { Button, Text } from '@fluentui/react-components';
import { useState } from 'react';
import type { Lang } from '../../core/text/i18n';
import { fetchCertificate, type RelayTarget } from './decision-client';
import { resultsMessages as resultsText } from './results-messages';

/** A relay certificate handed to the browser's download; the file name it was given. */
export function savePdf(pdf: Blob, fileName: string): string {
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return link.download;
}

/**
 * "Certificate": the relay's PDF of this request (its archived answer, SHA-256, decisions), saved
 * through the browser's download. The PDF is made by the relay, never in the pane.
 */
export function CertificateButton({ relay, auditId, lang }: { relay: RelayTarget; auditId: number; lang: Lang }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setMessage(null);
    const got = await fetchCertificate(relay, auditId, lang);
    setBusy(false);
    if (!got.ok) {
      // The relay's 404 and 409 in words, as for a results row's certificate; anything else as it came.
      const detail =
        got.status === 404 || got.status === 409
          ? resultsText.t(lang, got.status === 404 ? 'certificate.notYours' : 'certificate.nothing', { id: auditId })
          : got.detail;
      setMessage(resultsText.t(lang, 'certificate.failed', { detail }));
      return;
    }
    setMessage(
      resultsText.t(lang, 'certificate.saved', { file: savePdf(got.pdf, `checklists-certificate-${auditId}.pdf`) }),
    );
  };
  return (
    <>
      <Button onClick={() => void download()} disabled={busy} data-testid="certificate">
        {resultsText.t(lang, 'certificate.button')}
      </Button>
      {message && (
        <Text role="status" size={200}>
          {message}
        </Text>
      )}
    </>
  );
}

/**
 * Directly connected: the same certificate written into a protected sheet of its own, since the
 * pane cannot save a file (src/excel/evidence-sheet.ts).
 */
export function EvidenceSheetButton({ write, lang }: { write: () => Promise<string>; lang: Lang }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage(resultsText.t(lang, 'certificate.sheet', { sheet: await write() }));
    } catch (error) {
      setMessage(
        resultsText.t(lang, 'certificate.failed', { detail: error instanceof Error ? error.message : 'Excel' }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button onClick={() => void run()} disabled={busy} data-testid="evidence-sheet">
        {resultsText.t(lang, 'certificate.button')}
      </Button>
      {message && (
        <Text role="status" size={200}>
          {message}
        </Text>
      )}
    </>
  );
}
