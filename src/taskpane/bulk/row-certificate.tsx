import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { rescreenMessages as r } from '../../bulk/rescreen-messages';
import type { Lang } from '../../core/text/i18n';
import { describeWorkbookError as describeError } from '../../excel/errors';
import { savePdf } from '../results/CertificateButton';
import { fetchCertificate } from '../results/decision-client';
import { relayTargetOf } from '../results/relay-target';
import { resultsMessages as resultsText } from '../results/results-messages';
import type { TaskpaneServices } from '../shell/services';

type Said = { intent: 'success' | 'warning'; text: string };

/**
 * "Certificate of the selected row" (relay connection only): the screening certificate of the
 * results row the cursor is on, or of the hit's row on a hits sheet, by the relay audit no. the
 * run wrote beside it. The relay makes it from its archived answer; nothing is asked of the service.
 */
export function RowCertificate({
  services,
  lang,
  disabled,
}: {
  services: TaskpaneServices;
  lang: Lang;
  disabled: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);

  const certify = async (): Promise<Said> => {
    const relay = await relayTargetOf(services);
    const warning = (text: string): Said => ({ intent: 'warning', text });
    if (!relay) return warning(r.t(lang, 'rowCertificate.noRelay'));
    const selected = await services.bulk.selectedAudit();
    if (selected.kind === 'not-a-row') return warning(r.t(lang, 'rowCertificate.notARow'));
    if (selected.kind === 'none') return warning(r.t(lang, 'rowCertificate.none', { row: selected.row }));
    const { auditId: id, row } = selected;
    const got = await fetchCertificate(relay, id, lang);
    if (got.ok) {
      return { intent: 'success', text: r.t(lang, 'rowCertificate.saved', { row, id, file: savePdf(got.pdf, id) }) };
    }
    // 404: not this analyst's request (or no such one); the relay says no more, so ids cannot be probed.
    const detail =
      got.status === 404
        ? r.t(lang, 'rowCertificate.notYours', { id })
        : got.status === 409
          ? r.t(lang, 'rowCertificate.nothing', { id })
          : got.detail;
    return warning(resultsText.t(lang, 'certificate.failed', { detail }));
  };

  const press = async () => {
    setBusy(true);
    setSaid(null);
    try {
      setSaid(await certify());
    } catch (error) {
      setSaid({ intent: 'warning', text: describeError(error)[lang] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        disabled={disabled || busy}
        onClick={() => void press()}
        title={r.t(lang, 'panel.rowCertificateHint')}
        data-testid="bulk-row-certificate"
      >
        {r.t(lang, 'panel.rowCertificate')}
      </Button>
      {said && (
        <MessageBar intent={said.intent} layout="multiline" data-testid="bulk-row-certificate-outcome">
          <MessageBarBody>{said.text}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
