import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { rescreenMessages as r } from '../../bulk/rescreen-messages';
import { rowSpans } from '../../bulk/audit-columns';
import { MAX_CERTIFICATES_PER_REQUEST } from '../../core/request/certificate-limit';
import type { Lang } from '../../core/text/i18n';
import { describeWorkbookError as describeError } from '../../excel/errors';
import { savePdf } from '../results/CertificateButton';
import { fetchCertificate, fetchCertificates } from '../results/decision-client';
import { relayTargetOf } from '../results/relay-target';
import { resultsMessages as resultsText } from '../results/results-messages';
import type { TaskpaneServices } from '../shell/services';

type Said = { intent: 'success' | 'warning'; text: string };

/**
 * "Certificates of the selected rows" (relay connection only): the screening certificates of the
 * results rows selected (or of the hits' rows on a hits sheet), by the relay audit nos. the run
 * wrote beside them; several come in one PDF behind a list of them (an inspector's sample). The
 * relay makes them from its archived answers; nothing is asked of the service.
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
    const selected = await services.bulk.selectedAudits();
    if (selected.kind === 'not-a-row') return warning(r.t(lang, 'rowCertificate.notARow'));
    if (selected.kind === 'several-areas') return warning(r.t(lang, 'rowCertificate.severalAreas'));
    const tooMany = warning(r.t(lang, 'rowCertificate.tooMany', { limit: MAX_CERTIFICATES_PER_REQUEST }));
    if (selected.kind === 'too-many') return tooMany;
    const numbered = selected.rows.filter((row) => row.auditId !== null);
    const without = selected.rows.filter((row) => row.auditId === null).map((row) => row.row);
    if (numbered.length === 0) {
      return warning(
        without.length === 1
          ? r.t(lang, 'rowCertificate.none', { row: without[0] })
          : r.t(lang, 'rowCertificate.noneMany', { count: without.length }),
      );
    }
    // Rows of one client share a request: one certificate each.
    const ids = [...new Set(numbered.map((row) => row.auditId as number))];
    if (ids.length > MAX_CERTIFICATES_PER_REQUEST) return tooMany;
    const leftOut =
      without.length > 0
        ? ` ${r.t(lang, 'rowCertificate.leftOut', { count: without.length, rows: rowSpans(without) })}`
        : '';
    const refused = (status: number | undefined, id: number | undefined, detail: string): Said => {
      // 404: not this analyst's request (or no such one); the relay says no more, so ids cannot be probed.
      const why =
        status === 404 && id !== undefined
          ? r.t(lang, 'rowCertificate.notYours', { id })
          : status === 409 && id !== undefined
            ? r.t(lang, 'rowCertificate.nothing', { id })
            : detail;
      return warning(resultsText.t(lang, 'certificate.failed', { detail: why }));
    };
    if (ids.length === 1) {
      const [id] = ids;
      const got = await fetchCertificate(relay, id, lang);
      if (!got.ok) return refused(got.status, id, got.detail);
      const file = savePdf(got.pdf, `checklists-certificate-${id}.pdf`);
      // Rows of one client share its request: named together, as the rows they are.
      const text =
        numbered.length === 1
          ? r.t(lang, 'rowCertificate.saved', { row: numbered[0].row, id, file })
          : r.t(lang, 'rowCertificate.savedRows', { rows: rowSpans(numbered.map((n) => n.row)), id, file });
      return { intent: 'success', text: text + leftOut };
    }
    const got = await fetchCertificates(relay, ids, lang);
    if (!got.ok) return refused(got.status, got.auditId, got.detail);
    const file = savePdf(got.pdf, `checklists-certificates-${ids[0]}-${ids[ids.length - 1]}.pdf`);
    const rows = rowSpans(numbered.map((n) => n.row));
    return {
      intent: 'success',
      text: r.t(lang, 'rowCertificate.savedMany', { rows, count: ids.length, file }) + leftOut,
    };
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
        title={r.t(lang, 'panel.rowCertificateHint', { limit: MAX_CERTIFICATES_PER_REQUEST })}
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
