import { Button, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { rescreenMessages as r } from '../../bulk/rescreen-messages';
import type { RunQueryOptions } from '../../bulk/plan';
import type { Lang } from '../../core/text/i18n';
import type { SaveDecisionsReport } from '../../excel/bulk/save-decisions';
import { sendDecisions } from '../results/decision-client';
import { relayTargetOf } from '../results/relay-target';
import type { TaskpaneServices } from '../shell/services';
import { describeWorkbookError as describeError } from '../../excel/errors';

/** Lines of refused and unsent hits shown under the summary; the rest are counted only. */
const LINES_SHOWN = 20;

/** "peps:10001" from a Hit ID: the registry and the record, which the analyst can find on the sheet. */
function hitLabel(identity: string): string {
  return identity.split('|')[1] ?? identity;
}

function reportLines(report: SaveDecisionsReport, lang: Lang): string[] {
  return [
    ...report.refused.map((x) => r.t(lang, 'saved.refused', { hit: hitLabel(x.identity), reason: x.reason })),
    ...report.notSent.map((x) => r.t(lang, `saved.notSent.${x.why}`, { hit: hitLabel(x.identity) })),
  ];
}

/**
 * "Save decisions" (relay connection only): the open results or hits sheet's decisions sent to the
 * relay's record in one go, and what became of each: recorded, waiting for a second person,
 * already there, refused (with why), not sent (with why).
 */
export function SaveDecisions({
  services,
  options,
  lang,
  disabled,
}: {
  services: TaskpaneServices;
  options: RunQueryOptions | null;
  lang: Lang;
  disabled: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: true; report: SaveDecisionsReport } | { ok: false; text: string } | null>(
    null,
  );

  const save = async () => {
    setBusy(true);
    setResult(null);
    try {
      const relay = await relayTargetOf(services);
      if (!options) return;
      if (!relay) {
        setResult({ ok: false, text: r.t(lang, 'saved.noRelay') });
        return;
      }
      const report = await services.bulk.saveDecisions(await services.bulk.activeSheetName(), options, (items) =>
        sendDecisions(relay, items),
      );
      setResult({ ok: true, report });
    } catch (error) {
      setResult({ ok: false, text: describeError(error)[lang] });
    } finally {
      setBusy(false);
    }
  };

  const report = result?.ok ? result.report : null;
  const sent = report ? report.recorded + report.pending + report.unchanged + report.refused.length : 0;
  const lines = report ? reportLines(report, lang) : [];
  return (
    <>
      <Button
        disabled={disabled || busy || !options}
        onClick={() => void save()}
        title={r.t(lang, 'panel.saveDecisionsHint')}
        data-testid="bulk-save-decisions"
      >
        {r.t(lang, 'panel.saveDecisions')}
      </Button>
      {result && (
        <MessageBar
          intent={!result.ok || lines.length > 0 ? 'warning' : 'success'}
          layout="multiline"
          data-testid="bulk-save-decisions-outcome"
        >
          <MessageBarBody>
            {!result.ok
              ? result.text
              : sent + result.report.notSent.length === 0
                ? r.t(lang, 'saved.nothing')
                : r.t(lang, 'saved.summary', {
                    recorded: result.report.recorded,
                    pending: result.report.pending,
                    unchanged: result.report.unchanged,
                    refused: result.report.refused.length,
                    notSent: result.report.notSent.length,
                  })}
            {lines.slice(0, LINES_SHOWN).map((line) => (
              <Text key={line} as="p" size={200} style={{ display: 'block', margin: 0 }}>
                {line}
              </Text>
            ))}
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
