import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { BulkRunReport } from '../../bulk';
import { hitsToDecideText } from '../../bulk/hit-triage';
import { bulkMessages as b } from '../../bulk/messages';
import type { Lang } from '../../core/text/i18n';
import { RescreenSummaryLine } from './screen-again';
import { SANDBOX_SERVER_LABEL } from '../../shared-runtime/messages';

/** How a bulk run in the pane ended: its report, or the error that stopped it. */
export type Outcome = { kind: 'report'; report: BulkRunReport; sheet: string } | { kind: 'error'; text: string };

/** The run's end in words: done (with what changed since the previous run), stopped, or cancelled. */
export function OutcomeBar({ outcome, lang }: { outcome: Outcome; lang: Lang }) {
  if (outcome.kind === 'error') {
    return (
      <MessageBar intent="error" layout="multiline" data-testid="bulk-outcome">
        <MessageBarBody>{b.t(lang, 'panel.error', { why: outcome.text })}</MessageBarBody>
      </MessageBar>
    );
  }
  const r = outcome.report;
  // A relay whose upstream is a sandbox said so in its answers; the results' header says it too.
  const fictional = r.fictional && <div data-testid="bulk-fictional">{SANDBOX_SERVER_LABEL[lang]}</div>;
  const params = {
    total: r.rowsTotal,
    done: r.rowsWritten,
    hits: r.rowsWithHits,
    errors: r.failedRows,
    invalid: r.invalidRows,
    sheet: outcome.sheet,
  };
  const requests = <RequestsLine report={r} lang={lang} />;
  const toDecide = hitsToDecideText(r, lang);
  if (r.status === 'completed') {
    return (
      <MessageBar intent="success" layout="multiline" data-testid="bulk-outcome">
        <MessageBarBody>
          {b.t(lang, 'panel.done', params)}
          {r.emptyRows > 0 && <div data-testid="bulk-empty">{b.t(lang, 'progress.empty', { empty: r.emptyRows })}</div>}
          {r.hiddenRows > 0 && (
            <div data-testid="bulk-hidden">{b.t(lang, 'progress.hidden', { hidden: r.hiddenRows })}</div>
          )}
          {toDecide && <div data-testid="bulk-hits-to-decide">{toDecide}</div>}
          {r.noHitsInDoubt > 0 && (
            <div data-testid="bulk-no-hits-in-doubt">
              {b.t(lang, 'progress.noHitsInDoubt', { count: r.noHitsInDoubt })}
            </div>
          )}
          {requests}
          {fictional}
          <RescreenSummaryLine report={r} lang={lang} />
          {r.notice && <div data-testid="bulk-notice">{r.notice[lang]}</div>}
        </MessageBarBody>
      </MessageBar>
    );
  }
  if (r.status === 'stopped-account') {
    return (
      <MessageBar intent="error" layout="multiline" data-testid="bulk-outcome">
        <MessageBarBody>
          <MessageBarTitle>{b.t(lang, 'phase.stopped')}</MessageBarTitle>
          {b.t(lang, 'panel.accountStop', { why: r.stop?.text[lang] ?? '' })}
          {requests}
          {fictional}
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="bulk-outcome">
      <MessageBarBody>
        {b.t(lang, r.status === 'stopped-unreachable' ? 'panel.unreachableStop' : 'panel.cancelled', params)}
        {/* What stopped it in the service's or the relay's words: not answering, or still limiting requests. */}
        {r.status === 'stopped-unreachable' && r.stop && <div data-testid="bulk-stop-why">{r.stop.text[lang]}</div>}
        {requests}
        {fictional}
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * What the run cost at the service, which counts each request against the customer's quota: the
 * requests sent, and the answers had without one (the add-in's own, or the relay's shared cache).
 */
function RequestsLine({ report, lang }: { report: BulkRunReport; lang: Lang }) {
  const cached = report.answersFromCache;
  const relay = report.answersFromRelayCache;
  return (
    <div data-testid="bulk-requests">
      {b.t(lang, 'panel.requests', { sent: report.requests - cached - relay })}
      {cached > 0 && <> {b.t(lang, 'panel.requests.cached', { count: cached })}</>}
      {relay > 0 && <> {b.t(lang, 'panel.requests.relayCached', { count: relay })}</>}
    </div>
  );
}
