import { Badge, Button, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import type { Lang } from '../../core/text/i18n';
import { registryDef } from '../../core/protocol/registries';
import { registryErrorText, type RegistrySummary } from '../../core/answer/summary';
import type { SearchQuery } from '../../core/query';
import { FieldList } from './FieldView';
import { HitCard, LevelBadge } from './HitCard';
import { registrySectionId } from './RegistryDigest';
import type { RelayTarget } from './decision-client';
import type { DecidedHits } from '../../core/answer/relay-decisions';
import { resultsMessages as resultsText } from './results-messages';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  heading: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** One hit of a registry's block, as the service sent it. */
export type SectionItem = Record<string, unknown>;

interface SectionProps {
  summary: RegistrySummary;
  /** The registry's hits as the service sent them. */
  items: readonly SectionItem[];
  lang: Lang;
  query?: SearchQuery | undefined;
  relay: RelayTarget | null;
  /** Through the relay: the decision in force on each hit it knows (decidedByHit). */
  decided?: DecidedHits;
  open: boolean;
  onToggle: () => void;
}

/** One registry of the answer: its count, its error or its hits, folded when there are many. */
export function RegistrySection({ summary, items, lang, query, relay, decided, open, onToggle }: SectionProps) {
  const styles = useStyles();
  const headingId = useId();
  const cardsId = useId();
  const label = registryDef(summary.key).label[lang];
  const empty = summary.status === 'ok' && items.length === 0;
  return (
    <section
      id={registrySectionId(summary.key)}
      tabIndex={-1}
      className={styles.section}
      aria-labelledby={headingId}
      data-registry={summary.key}
      data-status={summary.status}
    >
      <h3 id={headingId} className={styles.heading}>
        <span>{label}</span>
        {summary.status === 'error' ? (
          <Badge color="severe" appearance="tint">
            {resultsText.t(lang, 'results.registryFailed')}
          </Badge>
        ) : empty ? (
          <Text size={200} weight="regular" className={styles.muted}>
            {resultsText.t(lang, 'results.noHits')}
          </Text>
        ) : (
          <Badge color={summary.hits > 0 ? 'brand' : 'subtle'} appearance={summary.hits > 0 ? 'filled' : 'outline'}>
            {resultsText.t(lang, 'results.hits', { count: summary.hits })}
          </Badge>
        )}
        <LevelBadge level={summary.bestLevel} lang={lang} />
        {items.length > 0 && (
          <Button
            appearance="subtle"
            size="small"
            aria-expanded={open}
            aria-controls={cardsId}
            onClick={onToggle}
            data-testid="section-toggle"
          >
            {open
              ? resultsText.t(lang, 'results.foldHits')
              : resultsText.t(lang, 'results.showHits', { count: items.length })}
          </Button>
        )}
      </h3>
      {summary.status === 'error' && summary.error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{registryErrorText(summary.error, lang)}</MessageBarBody>
        </MessageBar>
      )}
      {summary.status === 'malformed' && summary.error && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            {resultsText.t(lang, 'results.malformed', { details: summary.error.message })}
          </MessageBarBody>
        </MessageBar>
      )}
      {summary.status === 'absent' && <Text className={styles.muted}>{resultsText.t(lang, 'results.absent')}</Text>}
      {items.length > 0 && (
        <div id={cardsId} className={styles.section} hidden={!open}>
          {open &&
            items.map((item, i) => (
              <HitCard
                key={i}
                registry={summary.key}
                item={item}
                index={i}
                lang={lang}
                relay={relay}
                {...(decided ? { decided } : {})}
                {...(query ? { query } : {})}
              />
            ))}
        </div>
      )}
    </section>
  );
}

/** Blocks the answer held that this version does not know: shown field by field, never dropped. */
export function UnknownBlocks({ blocks, lang }: { blocks: Record<string, unknown>; lang: Lang }) {
  const styles = useStyles();
  return (
    <section className={styles.section} data-registry="unknown">
      <h3 className={styles.heading}>{resultsText.t(lang, 'results.unknownBlocks')}</h3>
      <FieldList item={blocks} lang={lang} allFields />
    </section>
  );
}
