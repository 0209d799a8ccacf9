import { Button, Text } from '@fluentui/react-components';
import { relayAnalystOf } from './relay-analyst';
import { useEffect, useRef, useState } from 'react';
import type { BulkProgress, BulkRunReport } from '../../bulk';
import { rescreenMessages as r } from '../../bulk/rescreen-messages';
import { countsApart } from '../../bulk/rescreen';
import type { Lang } from '../../core/text/i18n';
import type { Listdata } from '../../core/protocol/listdata';
import type { WorkbookRun } from '../../excel/bulk/bulk-run';
import type { ResultsInFront } from '../../excel/bulk/results-sheet-watch';
import type { TaskpaneServices } from '../shell/services';
import { bulkService } from './bulk-ask';

/** "Screen again" on the open results sheet, with the panel's registries and search options. */
export async function startScreenAgain(
  services: TaskpaneServices,
  choices: {
    listdata: Listdata;
    search: 1 | 2;
    lowranklimit: number;
    lang: Lang;
    tuning: { chunkRows: number; flushIntervalMs: number };
  },
  onProgress: (p: BulkProgress) => void,
): Promise<WorkbookRun> {
  const service = await bulkService(services);
  const sheetName = await services.bulk.activeSheetName();
  const analyst = await relayAnalystOf(services);
  return services.bulk.rescreen(
    {
      sheetName,
      analyst,
      options: {
        listdata: choices.listdata,
        search: choices.search,
        lowranklimit: choices.lowranklimit,
        idUserPC: service.connection.settings.idUserPC,
      },
      lang: choices.lang,
      mode: service.connection.mode,
      modeLabel: service.connection.label,
      tuning: { ...choices.tuning, concurrency: service.concurrency },
    },
    { ask: service.ask, onProgress },
  );
}

/** The results sheet in front of the analyst (null on any other sheet), kept current. */
function useResultsSheet(services: TaskpaneServices): ResultsInFront | null {
  const [inFront, setInFront] = useState<ResultsInFront | null>(null);
  useEffect(() => services.bulk.watchResultsSheet(setInFront), [services]);
  return inFront;
}

function meaningOf(inFront: ResultsInFront | null, lang: Lang): string {
  if (inFront === null) return r.t(lang, 'panel.screenAgainNoSheet');
  if (inFront.commandLine) return r.t(lang, 'panel.screenAgainCommandLine', { input: inFront.commandLine.input });
  return r.t(lang, 'panel.screenAgainHint');
}

/** Offered only on a results sheet, and named after it; what it does is written beside it, not only in a tooltip. */
export function ScreenAgainButton(props: {
  services: TaskpaneServices;
  lang: Lang;
  disabled: boolean;
  onClick: () => void;
}) {
  const { lang, services } = props;
  const inFront = useResultsSheet(services);
  // Results the command line wrote are screened again by it, where their list is.
  const sheet = inFront && !inFront.commandLine ? inFront.sheet : null;
  // Enabled again after a run: the run may have made the sheet in front a results sheet. Not on
  // mount: subscribing (useResultsSheet) has just looked at the sheet in front.
  const wasDisabled = useRef(props.disabled);
  useEffect(() => {
    if (wasDisabled.current && !props.disabled) void services.bulk.recheckResultsSheet();
    wasDisabled.current = props.disabled;
  }, [props.disabled, services]);
  return (
    <span style={{ display: 'flex', flexDirection: 'column', rowGap: '2px', maxWidth: '100%' }}>
      <Button disabled={props.disabled || sheet === null} onClick={props.onClick} data-testid="bulk-screen-again">
        {sheet === null ? r.t(lang, 'panel.screenAgain') : r.t(lang, 'panel.screenAgainOn', { sheet })}
      </Button>
      <Text size={200} data-testid="bulk-screen-again-meaning">
        {meaningOf(inFront, lang)}
      </Text>
    </span>
  );
}

/** The run summary on screen: what changed since the previous run. */
export function RescreenSummaryLine({ report, lang }: { report: BulkRunReport; lang: Lang }) {
  const s = report.rescreen;
  if (!s) return null;
  return (
    <Text
      as="p"
      size={200}
      data-testid="bulk-rescreen-summary"
      style={{ display: 'block', margin: 0, marginTop: '4px' }}
    >
      {r.t(lang, 'summary.line', {
        new: s.newHits,
        changed: s.changedHits,
        gone: s.goneHits,
        review: s.rowsToReview,
        undecided: s.undecidedHits,
      })}
      {countsApart(s, lang, 'summary').map((a) => (
        <strong key={a.key} data-testid={`bulk-rescreen-${a.key}`} style={{ display: 'block', marginTop: '4px' }}>
          {a.text}
        </strong>
      ))}
      {s.serviceShift && (
        <strong data-testid="bulk-service-shift" style={{ display: 'block', marginTop: '4px' }}>
          {r.t(lang, `shift.${s.serviceShift}`)}
        </strong>
      )}
    </Text>
  );
}
