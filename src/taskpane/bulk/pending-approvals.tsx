import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { pendingLineText, whyLines, type PendingDecisions } from '../../core/answer/decision-history';
import type { Lang } from '../../core/text/i18n';
import { inLanguage } from '../../core/text/both-languages';
import { approveDecision, fetchPending, returnDecision, type RelayTarget } from '../results/decision-client';
import { relayTargetOf } from '../results/relay-target';
import { resultsMessages as resultsText } from '../results/results-messages';
import type { TaskpaneServices } from '../shell/services';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, margin: 0, padding: 0 },
  item: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, listStyle: 'none' },
  returnForm: { flexBasis: '100%', display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
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
 * Four-eyes in the pane (relay connection): the decisions waiting for a second person, oldest
 * first, each with the facts its author decided on. An approver approves one with one click under
 * their key, or sends it back for review with why; their own waits for another approver. An
 * auditor reads the list, an analyst their own and those returned to them; neither gets buttons.
 * A refusal shows the relay's why.
 */
export function PendingApprovals({ services, lang }: { services: TaskpaneServices; lang: Lang }) {
  const styles = useStyles();
  const [shown, setShown] = useState<Shown>({ kind: 'idle' });
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, string>>(new Map());
  const [approving, setApproving] = useState<number | null>(null);
  /** The one decision whose "why it goes back" is being typed. */
  const [returning, setReturning] = useState<{ id: number; comment: string } | null>(null);

  const load = async () => {
    setShown({ kind: 'loading' });
    setOutcomes(new Map());
    const relay = await relayTargetOf(services);
    if (!relay) return setShown({ kind: 'failed', detail: resultsText.t(lang, 'pending.noRelay') });
    const read = await fetchPending(relay);
    setShown(read.ok ? { kind: 'shown', relay, list: read.list } : { kind: 'failed', detail: read.detail });
  };
  const settle = async (
    id: number,
    act: () => Promise<{ ok: true } | { ok: false; detail: string }>,
    back: boolean,
  ) => {
    setApproving(id);
    const done = await act();
    const refused = back ? 'pending.returnRefused' : 'pending.refused';
    setOutcomes((was) =>
      new Map(was).set(
        id,
        done.ok
          ? resultsText.t(lang, back ? 'pending.returned' : 'pending.approved')
          : resultsText.t(lang, refused, { detail: inLanguage(done.detail, lang) }),
      ),
    );
    if (done.ok) setReturning(null);
    setApproving(null);
  };
  const approve = (relay: RelayTarget, id: number) => settle(id, () => approveDecision(relay, id), false);
  const sendBack = (relay: RelayTarget, id: number, comment: string) =>
    settle(id, () => returnDecision(relay, id, comment.trim()), true);

  const returned = shown.kind === 'shown' ? (shown.list.returned ?? []) : [];
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
              ? resultsText.t(lang, shown.list.scope === 'own' ? 'pending.noneOwn' : 'pending.none')
              : resultsText.t(lang, 'pending.title', { count: shown.list.pending.length })}
          </Text>
          <ul className={styles.list}>
            {shown.list.pending.map((p) => {
              const own = p.analyst === shown.list.analyst;
              const readOnly = shown.list.approver === false;
              const outcome = outcomes.get(p.id);
              const why = whyLines(p, lang);
              return (
                <li key={p.id} className={styles.item} data-pending={p.id}>
                  <Text size={200}>{pendingLineText(p, lang)}</Text>
                  {own ? (
                    <Text size={200}>{resultsText.t(lang, 'pending.own')}</Text>
                  ) : readOnly ? null : (
                    <>
                      <Button
                        size="small"
                        disabled={approving !== null || outcome !== undefined}
                        onClick={() => void approve(shown.relay, p.id)}
                      >
                        {resultsText.t(lang, 'pending.approve')}
                      </Button>
                      <Button
                        size="small"
                        appearance="subtle"
                        disabled={approving !== null || outcome !== undefined || returning?.id === p.id}
                        onClick={() => setReturning({ id: p.id, comment: '' })}
                      >
                        {resultsText.t(lang, 'pending.return')}
                      </Button>
                    </>
                  )}
                  {outcome && <Text size={200}>{outcome}</Text>}
                  {returning?.id === p.id && outcome === undefined && (
                    // Never sent back without why: the comment is what its author reads on the hit.
                    <div className={styles.returnForm}>
                      <Field label={resultsText.t(lang, 'pending.returnWhy')} size="small">
                        <Input
                          size="small"
                          value={returning.comment}
                          maxLength={2000}
                          onChange={(_, d) => setReturning({ id: p.id, comment: d.value })}
                        />
                      </Field>
                      <Button
                        size="small"
                        disabled={approving !== null || returning.comment.trim() === ''}
                        onClick={() => void sendBack(shown.relay, p.id, returning.comment)}
                      >
                        {resultsText.t(lang, 'pending.returnSend')}
                      </Button>
                    </div>
                  )}
                  {/* The facts its author decided on: what the second person judges. */}
                  <Facts facts={why} className={styles.why} label={resultsText.t(lang, 'pending.why')} />
                </li>
              );
            })}
          </ul>
          {returned.length > 0 && (
            // What came back to this analyst for review: each waits for a new decision on its hit.
            <>
              <Text block size={200}>
                {resultsText.t(lang, 'pending.returnedTitle', { count: returned.length })}
              </Text>
              <ul className={styles.list}>
                {returned.map((r) => (
                  <li key={r.id} className={styles.item} data-returned={r.id}>
                    <Text size={200}>{pendingLineText(r, lang)}</Text>
                    <Facts
                      facts={whyLines(r, lang)}
                      className={styles.why}
                      label={resultsText.t(lang, 'pending.why')}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

function Facts({ facts, className, label }: { facts: readonly string[]; className: string; label: string }) {
  if (facts.length === 0) return null;
  return (
    <ul className={className} aria-label={label}>
      {facts.map((fact, i) => (
        <li key={i}>{fact}</li>
      ))}
    </ul>
  );
}
