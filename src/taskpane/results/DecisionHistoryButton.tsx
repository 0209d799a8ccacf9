import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { historyLineText, sameNameText, whyLines, type DecisionHistory } from '../../core/answer/decision-history';
import type { SearchQuery } from '../../core/query';
import type { Lang } from '../../core/text/i18n';
import { inLanguage } from '../../core/text/both-languages';
import { fetchHistory, type RelayTarget } from './decision-client';
import { resultsMessages as resultsText } from './results-messages';

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, fontSize: tokens.fontSizeBase200 },
});

type Shown =
  { kind: 'idle' | 'loading' } | { kind: 'shown'; history: DecisionHistory } | { kind: 'failed'; detail: string };

/**
 * Through the relay: every decision on this subject, oldest first, approvals included, read from
 * the relay's record (`/decisions/history`). Asks the service nothing, so it costs no quota.
 */
export function DecisionHistoryButton({ relay, query, lang }: { relay: RelayTarget; query: SearchQuery; lang: Lang }) {
  const styles = useStyles();
  const [shown, setShown] = useState<Shown>({ kind: 'idle' });
  const load = async () => {
    setShown({ kind: 'loading' });
    const read = await fetchHistory(relay, query);
    setShown(read.ok ? { kind: 'shown', history: read.history } : { kind: 'failed', detail: read.detail });
  };
  return (
    <>
      <Button onClick={() => void load()} disabled={shown.kind === 'loading'} data-testid="history-button">
        {resultsText.t(lang, 'history.button')}
      </Button>
      {shown.kind === 'failed' && (
        <Text role="status" size={200}>
          {resultsText.t(lang, 'history.failed', { detail: inLanguage(shown.detail, lang) })}
        </Text>
      )}
      {shown.kind === 'shown' && (
        <div data-testid="history" role="status">
          <Text size={200}>
            {resultsText.t(lang, shown.history.history.length === 0 ? 'history.none' : 'history.title')}
          </Text>
          {shown.history.history.length === 0 && shown.history.sameName && shown.history.sameName.length > 0 && (
            <Text as="p" size={200} data-testid="history-same-name">
              {sameNameText(shown.history.sameName, lang)}
            </Text>
          )}
          {shown.history.history.length > 0 && (
            <ul className={styles.list}>
              {shown.history.history.map((line) => (
                <li key={line.id}>
                  {historyLineText(line, lang)}
                  {whyLines(line, lang).length > 0 && (
                    <ul className={styles.list}>
                      {whyLines(line, lang).map((fact, i) => (
                        <li key={i}>{fact}</li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
