import {
  Badge,
  Button,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import type { Lang } from '../../core/text/i18n';
import type { RegistryKey } from '../../core/protocol/registries';
import type { ParsedEnvelope } from '../../core/protocol/schema';
import type { ServiceMode } from '../../core/settings/settings';
import { verdictText, type EnvelopeSummary } from '../../core/answer/summary';
import { MODE_LABELS, type AnsweredBy } from '../../shared-runtime/connection';
import { formatNumber, formatServiceDate } from './field-format';
import { resultsMessages as resultsText } from './results-messages';
import { SandboxBanner } from '../shell/SandboxBanner';
import { decidedByHit, relayAuditIdOf, relayDecisionsOf } from '../../core/answer/relay-decisions';
import { relayCachedAt } from '../../core/answer/relay-cached';
import { mixedScriptWords } from '../../core/query/look-alikes';
import { initialWords } from '../../core/query/initials';
import { failsCheckDigit } from '../../core/query/check-digits';
import { quotedList } from '../../core/text/quotes';
import { CertificateButton, EvidenceSheetButton } from './CertificateButton';
import { RegistryDigest, bringIntoView, showSection } from './RegistryDigest';
import type { SearchQuery } from '../../core/query';
import type { RelayTarget } from './decision-client';
import { InsertActions, type InsertAnswer } from './InsertActions';
import { RegistrySection, UnknownBlocks, type SectionItem } from './RegistrySection';
import { DecisionNotes } from './DecisionNotes';
import { DecisionHistoryButton } from './DecisionHistoryButton';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  verdict: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  audit: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    '& dt': { color: tokens.colorNeutralForeground3 },
    '& dd': { margin: 0, overflowWrap: 'anywhere' },
  },
  muted: { color: tokens.colorNeutralForeground3 },
  askAgain: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/**
 * What the view shows of an answer: a client's SearchResult, or the scheduler's answer, which may
 * come from the cache and then has no request of its own to time.
 */
export interface ShownAnswer {
  envelope: ParsedEnvelope;
  servedBy: string;
  durationMs?: number;
  fromCache?: boolean;
  /** Epoch ms the answer was received; for a cached one, when it originally was. */
  receivedAt?: number;
}

/** The analyst's own clock, not the service's: it says how old the kept answer is. */
export function formatReceivedAt(epochMs: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'uk' ? 'uk-UA' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(epochMs));
}

/**
 * More hits than this and a registry's section starts folded to its heading: a namesake-heavy
 * registry would otherwise push every other registry out of a 350 px pane. The digest above names
 * the count, and a click opens it.
 */
export const LONG_SECTION_HITS = 3;

/** The registries whose cards show at first: the ones with a few hits. */
function openAtFirst(summary: EnvelopeSummary): ReadonlySet<RegistryKey> {
  return new Set(summary.registries.filter((r) => r.hits > 0 && r.hits <= LONG_SECTION_HITS).map((r) => r.key));
}

export interface ResultsViewProps {
  result: ShownAnswer;
  summary: EnvelopeSummary;
  mode: ServiceMode;
  /** What answered, as results name it (a sandbox server's answers too are fictional); default: the mode's. */
  service?: AnsweredBy;
  lang: Lang;
  /** "Insert into sheet" at the active cell, in the layout the analyst picks. */
  onInsert?: InsertAnswer;
  /** The question asked: each hit then says why it is one. */
  query?: SearchQuery;
  /** Through the organisation's relay: hits can be decided there. */
  relay?: RelayTarget | null;
  /** The subject as the analyst typed it: the answer says whose it is. */
  subject?: string;
  /** Directly connected: writes this answer's certificate into a protected sheet; its name. */
  onEvidenceSheet?: () => Promise<string>;
  /** Asks the service again for a kept answer, past every cache; absent while a search runs. */
  onAskAgain?: () => void;
}

function itemsOf(result: ShownAnswer, key: RegistryKey): readonly SectionItem[] {
  const outcome = result.envelope.registries[key];
  if (!outcome || outcome.status === 'error') return [];
  return outcome.items as readonly SectionItem[];
}

/** The whole answer: verdict, audit facts, then each registry with its hits or its error. */
export function ResultsView(props: ResultsViewProps) {
  const { result, summary, mode, lang, onInsert, query, relay = null, subject } = props;
  const service = props.service ?? { label: MODE_LABELS[mode], fictional: mode === 'sandbox' };
  const { onEvidenceSheet, onAskAgain } = props;
  const styles = useStyles();
  const notes = relayDecisionsOf(result.envelope);
  const decided = decidedByHit(notes);
  const auditId = relayAuditIdOf(result.envelope);
  const header = result.envelope.header;
  // An answer the relay kept is as old as the relay's request, whenever this pane received it.
  const relayKeptAt = relayCachedAt(result.envelope);
  const keptAt = relayKeptAt ?? (result.fromCache ? result.receivedAt : undefined);
  const date = summary.dateResponse ? (formatServiceDate(summary.dateResponse, lang) ?? summary.dateResponse) : '—';
  const extra = result.envelope.unknownResultKeys;
  // The answer is right either way; the record the name came from is not, and other systems search it too.
  const mixed = subject ? mixedScriptWords(subject) : [];
  // "No hits" for "Кривоклен С.Б." is not a client cleared: the registries hold whole names.
  const initials = subject ? initialWords(subject) : [];
  // Nor is "no hits" for a code whose own check digit says it was mistyped.
  const mistypedCode = query?.ipn && failsCheckDigit(query.ipn) ? query.ipn : null;
  // A new answer takes the reader to it: the pane scrolls to its start and focus moves there, so
  // the verdict is read first (and announced by a screen reader), not the form above it.
  const start = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(() => openAtFirst(summary));
  // The digest's link opens a folded section first, then goes there once it has rendered.
  const [goingTo, setGoingTo] = useState<RegistryKey | null>(null);
  useEffect(() => {
    setOpen(openAtFirst(summary));
    bringIntoView(start.current);
  }, [result, summary]);
  useEffect(() => {
    if (goingTo === null) return;
    showSection(goingTo);
    setGoingTo(null);
  }, [goingTo]);
  const toggle = (key: RegistryKey, to: boolean) =>
    setOpen((was) => {
      const now = new Set(was);
      if (to) now.add(key);
      else now.delete(key);
      return now;
    });
  const goTo = (key: RegistryKey) => {
    toggle(key, true);
    setGoingTo(key);
  };
  return (
    <div
      className={styles.root}
      data-testid="results"
      ref={start}
      tabIndex={-1}
      role="region"
      aria-label={resultsText.t(lang, 'results.region')}
    >
      {mode === 'sandbox' && <SandboxBanner lang={lang} />}
      {mode === 'live' && service.fictional && (
        <MessageBar intent="warning" layout="multiline" data-testid="sandbox-banner">
          <MessageBarBody>
            <MessageBarTitle>{service.label[lang]}</MessageBarTitle>
            {resultsText.t(lang, 'results.sandboxServer')}
          </MessageBarBody>
        </MessageBar>
      )}
      {subject && (
        <Text weight="semibold" data-testid="subject-line">
          {resultsText.t(lang, 'results.subject', {
            subject,
            time: formatReceivedAt(keptAt ?? result.receivedAt ?? Date.now(), lang),
          })}
        </Text>
      )}
      {mixed.length > 0 && (
        <MessageBar intent="info" layout="multiline" data-testid="mixed-scripts">
          <MessageBarBody>
            {resultsText.t(lang, 'results.mixedScripts', { words: quotedList(mixed, lang) })}
          </MessageBarBody>
        </MessageBar>
      )}
      {initials.length > 0 && (
        <MessageBar intent="warning" layout="multiline" data-testid="name-initials">
          <MessageBarBody>
            {resultsText.t(lang, 'results.initials', { words: quotedList(initials, lang) })}
          </MessageBarBody>
        </MessageBar>
      )}
      {mistypedCode && (
        <MessageBar intent="warning" layout="multiline" data-testid="code-check-digit">
          <MessageBarBody>{resultsText.t(lang, 'results.badCheckDigit', { code: mistypedCode })}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.verdict} aria-live="polite" data-testid="verdict">
        <Text weight="semibold" size={500}>
          {verdictText(summary.verdict, lang)}
        </Text>
        <Badge appearance="outline">{resultsText.t(lang, 'results.hits', { count: summary.totalHits })}</Badge>
        {summary.bestPercent !== null && (
          <Badge appearance="outline">
            {resultsText.t(lang, 'results.bestPercent', { percent: formatNumber(summary.bestPercent, lang) })}
          </Badge>
        )}
      </div>
      <RegistryDigest registries={summary.registries} lang={lang} onGoTo={goTo} decisions={notes} />
      <dl className={styles.audit} aria-label={resultsText.t(lang, 'audit.title')}>
        <dt>{resultsText.t(lang, 'audit.idrequest')}</dt>
        <dd data-testid="audit-idrequest">{summary.idrequest ?? header.idrequest ?? '—'}</dd>
        <dt>{resultsText.t(lang, 'audit.dateResponse')}</dt>
        <dd>{date}</dd>
        {keptAt !== undefined ? (
          <>
            <dt>{resultsText.t(lang, 'audit.source')}</dt>
            <dd data-testid="audit-origin" data-from-cache={relayKeptAt !== null ? 'relay' : 'true'}>
              {resultsText.t(lang, relayKeptAt !== null ? 'audit.fromRelayCache' : 'audit.fromCache', {
                time: formatReceivedAt(keptAt, lang),
              })}
            </dd>
          </>
        ) : (
          <>
            <dt>{resultsText.t(lang, 'audit.servedBy')}</dt>
            <dd data-testid="audit-origin" data-from-cache="false">
              {result.servedBy}
            </dd>
            {result.durationMs !== undefined && (
              <>
                <dt>{resultsText.t(lang, 'audit.duration')}</dt>
                <dd>{resultsText.t(lang, 'audit.ms', { ms: Math.round(result.durationMs) })}</dd>
              </>
            )}
          </>
        )}
        <dt>{resultsText.t(lang, 'audit.mode')}</dt>
        <dd>{service.label[lang]}</dd>
        {auditId !== null && (
          <>
            <dt>{resultsText.t(lang, 'audit.relayAudit')}</dt>
            <dd data-testid="audit-relay">{auditId}</dd>
          </>
        )}
      </dl>
      {keptAt !== undefined && (
        <div className={styles.askAgain} data-testid="search-fresh">
          <Button onClick={onAskAgain} disabled={!onAskAgain}>
            {resultsText.t(lang, 'fresh.ask')}
          </Button>
          <Text size={200} className={styles.muted}>
            {resultsText.t(lang, relayKeptAt !== null ? 'fresh.relayHint' : 'fresh.hint')}
          </Text>
        </div>
      )}
      {onInsert && (
        <InsertActions insert={onInsert} lang={lang}>
          {relay && auditId !== null && <CertificateButton relay={relay} auditId={auditId} lang={lang} />}
          {relay && query && <DecisionHistoryButton relay={relay} query={query} lang={lang} />}
          {!relay && onEvidenceSheet && <EvidenceSheetButton write={onEvidenceSheet} lang={lang} />}
        </InsertActions>
      )}
      {result.envelope.problems.length > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{resultsText.t(lang, 'results.problems')}</MessageBarTitle>
            {result.envelope.problems.join('; ')}
          </MessageBarBody>
        </MessageBar>
      )}
      {notes && <DecisionNotes notes={notes} lang={lang} />}
      {mode === 'live' && !relay && summary.totalHits > 0 && (
        <Text size={200} className={styles.muted} data-testid="decisions-here">
          {resultsText.t(lang, 'decide.directOnly')}
        </Text>
      )}
      {summary.registries.map((r) => (
        <RegistrySection
          key={r.key}
          summary={r}
          items={itemsOf(result, r.key)}
          lang={lang}
          query={query}
          relay={relay}
          decided={decided}
          open={open.has(r.key)}
          onToggle={() => toggle(r.key, !open.has(r.key))}
        />
      ))}
      {Object.keys(extra).length > 0 && <UnknownBlocks blocks={extra} lang={lang} />}
    </div>
  );
}
