import { Button, Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import type { Lang } from '../../core/text/i18n';
import type { InsertOutcome } from '../shell/services';
import { SheetWriteStatus, useSheetWrite } from './sheet-write';
import { INSERT_LAYOUTS, type InsertLayout } from './summary-rows';
import { resultsMessages as resultsText } from './results-messages';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'end' },
});

/** Writes the answer at the active cell in a layout; `overwrite` only after the analyst said so. */
export type InsertAnswer = (layout: InsertLayout, overwrite: boolean) => Promise<InsertOutcome>;

/**
 * "Insert into sheet": as a block of labels and values, as one row of values beside the client's
 * own row, or as that row's headings. A write that would replace anything already in the cells
 * stops and asks first; nothing in the sheet is lost without a click that says so.
 */
export function InsertActions(props: { insert: InsertAnswer; lang: Lang; children?: ReactNode }) {
  const { insert, lang, children } = props;
  const styles = useStyles();
  const [layout, setLayout] = useState<InsertLayout>('block');
  const sheet = useSheetWrite();
  return (
    <>
      <div className={styles.actions}>
        <Field label={resultsText.t(lang, 'insert.layout')} size="small">
          <Select size="small" value={layout} onChange={(_, d) => setLayout(d.value as InsertLayout)}>
            {INSERT_LAYOUTS.map((l) => (
              <option key={l} value={l}>
                {resultsText.t(lang, `insert.layout.${l}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          appearance="primary"
          onClick={() => void sheet.write((overwrite) => insert(layout, overwrite))}
          disabled={sheet.writing}
        >
          {resultsText.t(lang, 'results.insert')}
        </Button>
        {children}
      </div>
      <SheetWriteStatus write={sheet} lang={lang} />
    </>
  );
}
