import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { pendingLineText, whyLines, type PendingDecisions } from '../../core/answer/decision-history';
import type { Lang } from '../../core/text/i18n';
import { inLanguage } from '../../core/text/both-languages';
import { approveDecision, fetchPending, type RelayTarget } from '../results/decision-client';
import { relayTargetOf } from '../results/relay-target';
import { resultsMessages as resultsText } from '../results/results-messages';
import type { TaskpaneServices } from '../shell/services';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, margin: 0, padding: 0 },
  item: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, listStyle: 'none' },
  why: {
    flexBasis: '100%',
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalL,
    fontSize: tokens.fontSizeBase200,
  },
});

type Shown =
  | { kind: 'idle' | 'loading' }
  | { kind: 'failed'; detail: string }
  | { kind: 'shown'; relay: RelayTarget; list: PendingDecisions };

/**
 * Four-eyes in the pane (relay connection; approvers and auditors see the list): the decisions
 * waiting for a second person, oldest first, each approved with one click under this analyst's
 * key. One's own waits for another approver; a refusal shows the relay's why.
 */
export function PendingApprovals({ services, lang }: { services: TaskpaneServices; lang: Lang }) {
  const styles = useStyles();
  const [shown, setShown] = useState<Shown>({ kind: 'idle' });
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, string>>(new Map());
  const [approving, setApproving] = useState<number | null>(null);

  const load = async () => {
    setShown({ kind: 'loading' });
    setOutcomes(new Map());
    const relay = await relayTargetOf(services);
    if (!relay) return setShown({ kind: 'failed', detail: resultsText.t(lang, 'pending.noRelay') });
    const read = await fetchPending(relay);
    setShown(read.ok ? { kind: 'shown', relay, list: read.list } : { kind: 'failed', detail: read.detail });
  };
  const approve = async (relay: RelayTarget, id: number) => {
    setApproving(id);
    const done = await approveDecision(relay, id);
    setOutcomes((was) =>
      new Map(was).set(
        id,
        done.ok
          ? resultsText.t(lang, 'pending.approved')
          : resultsText.t(lang, 'pending.refused', { detail: inLanguage(done.detail, lang) }),
      ),
    );
    setApproving(null);
  };

  return (
    <section data-testid="pending-approvals">
      <Button onClick={() => void load()} disabled={shown.kind === 'loading'} data-testid="pending-button">
        {resultsText.t(lang, 'pending.button')}
      </Button>
      {shown.kind === 'failed' && (
        <Text block role="status" size={200}>
          {resultsText.t(lang, 'pending.failed', { detail: inLanguage(shown.detail, lang) })}
        </Text>
      )}
      {shown.kind === 'shown' && (
        <div role="status">
          <Text block size={200}>
            {shown.list.pending.length === 0
              ? resultsText.t(lang, 'pending.none')
              : resultsText.t(lang, 'pending.title', { count: shown.list.pending.length })}
          </Text>
          <ul className={styles.list}>
            {shown.list.pending.map((p) => {
              const own = p.analyst === shown.list.analyst;
              const outcome = outcomes.get(p.id);
              const why = whyLines(p, lang);
              return (
                <li key={p.id} className={styles.item} data-pending={p.id}>
                  <Text size={200}>{pendingLineText(p, lang)}</Text>
                  {own ? (
                    <Text size={200}>{resultsText.t(lang, 'pending.own')}</Text>
                  ) : (
                    <Button
                      size="small"
                      disabled={approving !== null || outcome !== undefined}
                      onClick={() => void approve(shown.relay, p.id)}
                    >
                      {resultsText.t(lang, 'pending.approve')}
                    </Button>
                  )}
                  {outcome && <Text size={200}>{outcome}</Text>}
                  {why.length > 0 && (
                    // The facts its author decided on: what the second person judges.
                    <ul className={styles.why} aria-label={resultsText.t(lang, 'pending.why')}>
                      {why.map((fact, i) => (
                        <li key={i}>{fact}</li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
