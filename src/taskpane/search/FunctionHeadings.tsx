import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SPILLING_FUNCTIONS, functionHeadings, type SpillingFunction } from '../../core/answer/function-headings';
import { ALL_LISTS } from '../../core/protocol/listdata';
import { listdataFrom } from '../../core/request/run-options';
import type { Settings } from '../../core/settings/settings';
import type { Lang } from '../../core/text/i18n';
import type { TaskpaneServices } from '../shell/services';
import { SheetWriteStatus, useSheetWrite } from '../results/sheet-write';
import { resultsMessages as resultsText } from '../results/results-messages';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  button: { alignSelf: 'flex-start' },
  fn: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, minWidth: 0 },
  formula: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

/** How each function is typed, in the Excel of that language (a Ukrainian Excel separates arguments with ";"). */
const CALLS: Record<SpillingFunction, Record<Lang, string>> = {
  PEP: { uk: '=CHECKLISTS.PEP(ПІБ; дата; РНОКПП)', en: '=CHECKLISTS.PEP(name, date, ipn)' },
  SANCTIONS: { uk: '=CHECKLISTS.SANCTIONS(ПІБ; дата; РНОКПП)', en: '=CHECKLISTS.SANCTIONS(name, date, ipn)' },
  SCREEN: {
    uk: '=CHECKLISTS.SCREEN(ПІБ; дата; РНОКПП; документ; реєстри)',
    en: '=CHECKLISTS.SCREEN(name, date, ipn, doc, registries)',
  },
};

/**
 * The worksheet functions that fill several cells, what each cell holds, and a button that writes
 * those headings at the active cell: the analyst puts them over a column of formulas, so a sheet
 * of results reads without the function's help open. SCREEN's follow the saved registries, as the
 * function does when its registries argument is empty. Loads with the results' chunk when the
 * analyst opens it (the search form's toggle): it is not part of the pane's first render.
 */
export function FunctionHeadings({
  services,
  settings,
  lang,
}: {
  services: TaskpaneServices;
  settings: Settings;
  lang: Lang;
}) {
  const styles = useStyles();
  const sheet = useSheetWrite();
  const saved = listdataFrom(settings);
  const listdata = (saved.ok ? saved.value : undefined) ?? ALL_LISTS;
  return (
    <div className={styles.root} data-testid="function-headings-body">
      <Text size={200}>{resultsText.t(lang, 'functions.intro')}</Text>
      {SPILLING_FUNCTIONS.map((fn) => {
        const headings = functionHeadings(fn, lang, listdata);
        return (
          <div key={fn} className={styles.fn} data-function={fn}>
            <Text size={200} className={styles.formula}>
              {CALLS[fn][lang]}
            </Text>
            <Text size={200} className={styles.muted}>
              {resultsText.t(lang, 'functions.spills', { count: headings.length, headings: headings.join(' · ') })}
            </Text>
            <Button
              size="small"
              className={styles.button}
              disabled={sheet.writing}
              onClick={() =>
                void sheet.write((overwrite) => services.excel.insertAtActiveCell([headings], { overwrite }))
              }
            >
              {resultsText.t(lang, 'functions.insertHeadings', { function: fn })}
            </Button>
          </div>
        );
      })}
      <SheetWriteStatus write={sheet} lang={lang} />
    </div>
  );
}
