import { Button, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { rescreenMessages as r } from '../../bulk/rescreen-messages';
import type { RunQueryOptions } from '../../bulk/plan';
import type { Lang } from '../../core/text/i18n';
import { savedReportLines, type SaveDecisionsReport } from '../../bulk/decisions-to-relay';
import { DecisionBatchRefused } from '../../core/request/body-batches';
import { inLanguage } from '../../core/text/both-languages';
import { sendDecisions } from '../results/decision-client';
import { relayTargetOf } from '../results/relay-target';
import type { TaskpaneServices } from '../shell/services';
import { describeWorkbookError as describeError } from '../../excel/errors';

/** Lines of refused and unsent hits shown under the summary; the rest are counted only. */
const LINES_SHOWN = 20;

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
      // The relay refusing the whole request (a revoked key, a role that cannot decide) in its own words.
      const text = error instanceof DecisionBatchRefused ? inLanguage(error.message, lang) : describeError(error)[lang];
      setResult({ ok: false, text });
    } finally {
      setBusy(false);
    }
  };

  const said = result?.ok ? savedReportLines(result.report, lang) : null;
  const lines = said?.lines ?? [];
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
            {!result.ok ? result.text : said?.summary}
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
