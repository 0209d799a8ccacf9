import { Button, Text } from '@fluentui/react-components';
import type { BulkProgress, BulkRunReport } from '../../bulk';
import { rescreenMessages as r } from '../../bulk/rescreen-messages';
import type { Lang } from '../../core/text/i18n';
import type { Listdata } from '../../core/protocol/listdata';
import type { WorkbookRun } from '../../excel/bulk/bulk-run';
import { activeSheetName, startWorkbookRescreen } from '../../excel/bulk/rescreen-run';
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
  const sheetName = await activeSheetName();
  return startWorkbookRescreen(
    {
      sheetName,
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
    { ask: service.askFresh, onProgress },
  );
}

export function ScreenAgainButton({ lang, disabled, onClick }: { lang: Lang; disabled: boolean; onClick: () => void }) {
  return (
    <Button
      disabled={disabled}
      onClick={onClick}
      title={r.t(lang, 'panel.screenAgainHint')}
      data-testid="bulk-screen-again"
    >
      {r.t(lang, 'panel.screenAgain')}
    </Button>
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
      {r.t(lang, 'summary.line', { new: s.newHits, changed: s.changedHits, gone: s.goneHits, review: s.rowsToReview })}
    </Text>
  );
}
