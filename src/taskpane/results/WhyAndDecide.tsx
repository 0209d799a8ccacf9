import {
  Badge,
  Button,
  Field,
  Input,
  Select,
  Text,
  ToggleButton,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import {
  DECISIONS,
  REASON_CODES,
  explainHit,
  suggestionLabel,
  type Decision,
  type ReasonCode,
} from '../../core/answer/explain';
import { explainMessages } from '../../core/answer/explain-messages';
import { recordOf } from '../../core/answer/record-identity';
import { decisionNoteText, isReasonCode, type DecisionNote } from '../../core/answer/relay-decisions';
import type { RegistryKey } from '../../core/protocol/registries';
import type { SearchQuery } from '../../core/query';
import type { Lang } from '../../core/text/i18n';
import { inLanguage } from '../../core/text/both-languages';
import { recordDecision, type RecordOutcome, type RelayTarget } from './decision-client';
import { resultsMessages as resultsText } from './results-messages';

const useStyles = makeStyles({
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  // A Badge is one line high; a fact longer than the pane is wide wraps inside its chip instead.
  chip: { height: 'auto', minHeight: '20px', whiteSpace: 'normal', textAlign: 'start', maxWidth: '100%' },
  suggestion: { fontSize: tokens.fontSizeBase200 },
  decide: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    marginTop: tokens.spacingVerticalXS,
  },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  choices: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

const TONE_COLOR = { agree: 'success', differ: 'danger', unknown: 'subtle' } as const;

export interface WhyAndDecideProps {
  query: SearchQuery;
  registry: RegistryKey;
  item: Record<string, unknown>;
  lang: Lang;
  /** Through the relay: decisions are recorded there. Null directly (they stay in the workbook). */
  relay: RelayTarget | null;
  /** The decision the relay holds on this hit, if any: shown, and pre-selected over the suggestion. */
  onRecord?: DecisionNote | undefined;
}

function outcomeText(outcome: RecordOutcome, lang: Lang): string {
  switch (outcome.status) {
    case 'recorded':
      return resultsText.t(lang, 'decide.recorded', { id: outcome.id });
    case 'pending':
      return resultsText.t(lang, 'decide.pending', { id: outcome.id });
    case 'unchanged':
      return resultsText.t(lang, 'decide.unchanged', { id: outcome.id });
    case 'refused':
      return resultsText.t(lang, 'decide.refused', { reason: inLanguage(outcome.reason, lang) });
    default:
      return resultsText.t(lang, 'decide.failed', { detail: inLanguage(outcome.detail, lang) });
  }
}

/**
 * Why this is a hit (each compared field as a chip: agrees, differs, nothing to compare), the
 * suggested decision, and, through the relay, the decision itself with the suggestion
 * pre-selected. Computed from the query and the record: no request, no quota.
 */
export function WhyAndDecide({ query, registry, item, lang, relay, onRecord: held }: WhyAndDecideProps) {
  const styles = useStyles();
  const explanation = explainHit(query, registry, item);
  // What the relay holds on this hit: as the answer said, then as this card last recorded it.
  const [onRecord, setOnRecord] = useState(held);
  const recordedReason = onRecord?.reason && isReasonCode(onRecord.reason) ? onRecord.reason : null;
  const [decision, setDecision] = useState<Decision>(onRecord?.decision ?? explanation.suggested.decision);
  const [reason, setReason] = useState<ReasonCode>(recordedReason ?? explanation.suggested.reason);
  const [comment, setComment] = useState(onRecord?.comment ?? '');
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<RecordOutcome | null>(null);

  const save = async () => {
    if (!relay) return;
    setSaving(true);
    const { record, fingerprint } = recordOf(registry, item);
    const suggested = explanation.suggested;
    const done = await recordDecision(relay, {
      query,
      registry,
      record,
      fingerprint,
      decision,
      reason,
      comment,
      suggested,
      why: explanation.facts.map((fact) => fact.text),
    });
    setOutcome(done);
    if (done.status === 'recorded' || done.status === 'pending') {
      setOnRecord({
        id: done.id,
        analyst: done.analyst,
        at: done.at,
        registry,
        record,
        name: onRecord?.name ?? '',
        decision,
        reason,
        comment,
        state: done.status === 'pending' ? 'pending' : 'in-force',
        approvedBy: null,
      });
    }
    setSaving(false);
  };

  return (
    <div data-testid="why">
      <div className={styles.chips} aria-label={resultsText.t(lang, 'why.label')}>
        {explanation.facts.map((fact, i) => (
          <Badge
            key={i}
            className={styles.chip}
            appearance="tint"
            color={TONE_COLOR[fact.tone]}
            data-fact={fact.code}
            data-tone={fact.tone}
          >
            {fact.text[lang]}
          </Badge>
        ))}
      </div>
      <Text block className={styles.suggestion} data-testid="why-suggested">
        {resultsText.t(lang, 'why.suggested', { suggestion: suggestionLabel(explanation.suggested, lang) })}
      </Text>
      {onRecord && (
        <Text block className={styles.suggestion} data-testid="decision-on-record" data-state={onRecord.state}>
          {resultsText.t(lang, 'decide.onRecord', { decision: decisionNoteText(onRecord, lang, { named: false }) })}
        </Text>
      )}
      {relay && (
        <div className={styles.decide} data-testid="decide">
          {/* Three buttons, not a list: the decision is read and changed with one look and one click. */}
          <div className={styles.choices} role="group" aria-label={resultsText.t(lang, 'decide.decision')}>
            {DECISIONS.map((d) => (
              <ToggleButton
                key={d}
                size="small"
                checked={decision === d}
                appearance={decision === d ? 'primary' : 'secondary'}
                onClick={() => setDecision(d)}
                data-decision={d}
              >
                {explainMessages.t(lang, `suggest.${d}`)}
              </ToggleButton>
            ))}
          </div>
          <div className={styles.row}>
            <Field label={resultsText.t(lang, 'decide.reason')} size="small">
              <Select size="small" value={reason} onChange={(_, d) => setReason(d.value as ReasonCode)}>
                {REASON_CODES.map((r) => (
                  <option key={r} value={r}>
                    {explainMessages.t(lang, `reason.${r}`)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field label={resultsText.t(lang, 'decide.comment')} size="small">
            <Input size="small" value={comment} maxLength={2000} onChange={(_, d) => setComment(d.value)} />
          </Field>
          <div className={styles.row}>
            <Button size="small" appearance="primary" disabled={saving} onClick={() => void save()}>
              {resultsText.t(lang, 'decide.record')}
            </Button>
            {outcome && (
              <Text size={200} role="status" data-outcome={outcome.status}>
                {outcomeText(outcome, lang)}
              </Text>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
