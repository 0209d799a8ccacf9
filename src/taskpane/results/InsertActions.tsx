import { Button, Field, MessageBar, MessageBarActions, MessageBarBody, Select, Text } from '@fluentui/react-components';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import type { Lang } from '../../core/text/i18n';
import { describeExcelError } from '../../excel/errors';
import type { InsertOutcome } from '../shell/services';
import { taskpaneMessages as m } from '../shell/messages';
import { INSERT_LAYOUTS, type InsertLayout } from './summary-rows';
import { resultsMessages as resultsText } from './results-messages';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Writes the answer at the active cell in a layout; `overwrite` only after the analyst said so. */
export type InsertAnswer = (layout: InsertLayout, overwrite: boolean) => Promise<InsertOutcome>;

type Stage =
  | { kind: 'idle' }
  | { kind: 'writing' }
  | { kind: 'done'; address: string }
  | { kind: 'in-use'; layout: InsertLayout; address: string; inUse: number }
  | { kind: 'failed'; error: unknown };

/**
 * "Insert into sheet": as a block of labels and values, as one row of values beside the client's
 * own row, or as that row's headings. A write that would replace anything already in the cells
 * stops and asks first; nothing in the sheet is lost without a click that says so.
 */
export function InsertActions(props: { insert: InsertAnswer; lang: Lang; children?: ReactNode }) {
  const { insert, lang, children } = props;
  const styles = useStyles();
  const [layout, setLayout] = useState<InsertLayout>('block');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });

  const write = async (chosen: InsertLayout, overwrite: boolean) => {
    setStage({ kind: 'writing' });
    try {
      const outcome = await insert(chosen, overwrite);
      setStage(
        outcome.written
          ? { kind: 'done', address: outcome.address }
          : { kind: 'in-use', layout: chosen, address: outcome.address, inUse: outcome.inUse },
      );
    } catch (error) {
      setStage({ kind: 'failed', error });
    }
  };

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
        <Button appearance="primary" onClick={() => void write(layout, false)} disabled={stage.kind === 'writing'}>
          {resultsText.t(lang, 'results.insert')}
        </Button>
        {children}
      </div>
      {stage.kind === 'done' && (
        <Text role="status" data-intent="success" className={styles.muted}>
          {m.t(lang, 'results.inserted', { address: stage.address })}
        </Text>
      )}
      {stage.kind === 'failed' && (
        <Text role="status" data-intent="error" className={styles.error}>
          {m.t(lang, 'results.insertFailed', { message: describeExcelError(stage.error)[lang] })}
        </Text>
      )}
      {stage.kind === 'in-use' && (
        <MessageBar intent="warning" layout="multiline" data-testid="insert-in-use">
          <MessageBarBody>
            {resultsText.t(lang, 'insert.inUse', { address: stage.address, count: stage.inUse })}
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => void write(stage.layout, true)}>
              {resultsText.t(lang, 'insert.overwrite')}
            </Button>
            <Button size="small" appearance="subtle" onClick={() => setStage({ kind: 'idle' })}>
              {resultsText.t(lang, 'insert.keep')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
    </>
  );
}
