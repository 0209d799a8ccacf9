import { Button, MessageBar, MessageBarActions, MessageBarBody, Text } from '@fluentui/react-components';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Lang } from '../../core/text/i18n';
import { describeExcelError } from '../../excel/errors';
import type { InsertOutcome } from '../shell/services';
import { resultsMessages as m } from './results-messages';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Writes rows at the active cell; `overwrite` only after the analyst said so. */
export type SheetWrite = (overwrite: boolean) => Promise<InsertOutcome>;

type Stage =
  | { kind: 'idle' }
  | { kind: 'writing' }
  | { kind: 'done'; address: string }
  | { kind: 'in-use'; again: SheetWrite; address: string; inUse: number }
  | { kind: 'failed'; error: unknown };

/**
 * One write into the sheet at a time, and its outcome: written, refused by Excel, or stopped
 * because the cells hold something, until the analyst chooses to overwrite or keep it.
 */
export function useSheetWrite() {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const write = async (work: SheetWrite, overwrite = false) => {
    setStage({ kind: 'writing' });
    try {
      const outcome = await work(overwrite);
      setStage(
        outcome.written
          ? { kind: 'done', address: outcome.address }
          : { kind: 'in-use', again: work, address: outcome.address, inUse: outcome.inUse },
      );
    } catch (error) {
      setStage({ kind: 'failed', error });
    }
  };
  return { stage, write, writing: stage.kind === 'writing', dismiss: () => setStage({ kind: 'idle' }) };
}

/** What the last write did, and, when the cells were in use, the choice between overwriting and keeping. */
export function SheetWriteStatus({ write, lang }: { write: ReturnType<typeof useSheetWrite>; lang: Lang }) {
  const styles = useStyles();
  const { stage } = write;
  if (stage.kind === 'done') {
    return (
      <Text role="status" data-intent="success" className={styles.muted}>
        {m.t(lang, 'results.inserted', { address: stage.address })}
      </Text>
    );
  }
  if (stage.kind === 'failed') {
    return (
      <Text role="status" data-intent="error" className={styles.error}>
        {m.t(lang, 'results.insertFailed', { message: describeExcelError(stage.error)[lang] })}
      </Text>
    );
  }
  if (stage.kind !== 'in-use') return null;
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="insert-in-use">
      <MessageBarBody>{m.t(lang, 'insert.inUse', { address: stage.address, count: stage.inUse })}</MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={() => void write.write(stage.again, true)}>
          {m.t(lang, 'insert.overwrite')}
        </Button>
        <Button size="small" appearance="subtle" onClick={write.dismiss}>
          {m.t(lang, 'insert.keep')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
