import { Badge, Button, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useState } from 'react';
import type { Lang } from '../../core/text/i18n';
import type { RegistryKey } from '../../core/protocol/registries';
import { hitStrength, levelText, type MatchLevel } from '../../core/answer/summary';
import { formatNumber } from './field-format';
import { FieldList, orderedFields, withoutRepeatedLists } from './FieldView';
import { resultsMessages as resultsText } from './results-messages';
import { STRENGTH_FIELDS, keyFieldsOf } from '../../core/answer/registry-key-fields';
import { registryView } from '../../core/answer/registry-model';
import { listStanding, listStandingText } from '../../core/answer/registry-lists';
import type { SearchQuery } from '../../core/query';
import type { RelayTarget } from './decision-client';
import { WhyAndDecide } from './WhyAndDecide';
import { recordOf } from '../../core/answer/record-identity';
import { hitKey, type DecidedHits } from '../../core/answer/relay-decisions';

const useStyles = makeStyles({
  card: { width: '100%', boxSizing: 'border-box', minWidth: 0 },
  title: { overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalXXS },
  more: { alignSelf: 'flex-start' },
});

export function LevelBadge({ level, lang }: { level: MatchLevel | null; lang: Lang }) {
  if (level === null) return null;
  return (
    <Badge color={level === 'high' ? 'danger' : 'warning'} appearance="filled" data-level={level}>
      {levelText(level, lang)}
    </Badge>
  );
}

export interface HitCardProps {
  registry: RegistryKey;
  item: Record<string, unknown>;
  index: number;
  lang: Lang;
  /** The question asked: the card then says why this is a hit. */
  query?: SearchQuery;
  /** Through the relay: the card records decisions there. */
  relay?: RelayTarget | null;
  /** Through the relay: the decisions in force on this answer's hits. */
  decided?: DecidedHits;
}

/** One hit: who or what matched, how strongly, and every field the service sent about it. */
export function HitCard({ registry, item, index, lang, query, relay = null, decided }: HitCardProps) {
  const styles = useStyles();
  const [expanded, setExpanded] = useState(false);
  const restId = useId();
  const keyFields = keyFieldsOf(registry);
  const { percent, level } = hitStrength(registry, item);
  // Named as the hits sheet and the certificate name it: one registry model for every surface.
  const view = registryView(registry);
  const title = view.name(item) || view.id(item) || resultsText.t(lang, 'results.hitUntitled', { n: index + 1 });
  const standing = listStanding(registry, item);
  const all = withoutRepeatedLists(item, orderedFields(item, keyFields, STRENGTH_FIELDS));
  const key = all.filter((k) => keyFields.includes(k));
  const rest = all.filter((k) => !keyFields.includes(k));

  return (
    <Card className={styles.card} data-testid={`hit-${registry}`} role="article" aria-label={title}>
      <CardHeader
        header={
          <Text weight="semibold" className={styles.title}>
            {title}
          </Text>
        }
        description={
          <span className={styles.badges}>
            <LevelBadge level={level} lang={lang} />
            {percent !== null && (
              <Badge color="informative" appearance="outline" data-percent={percent}>
                {`${formatNumber(percent, lang)}%`}
              </Badge>
            )}
          </span>
        }
      />
      {standing && (
        <Text block size={200} weight="semibold" data-testid="list-standing">
          {listStandingText(standing, lang)}
        </Text>
      )}
      {query && (
        <WhyAndDecide
          query={query}
          registry={registry}
          item={item}
          lang={lang}
          relay={relay}
          onRecord={decided?.get(hitKey(registry, recordOf(registry, item).record))}
        />
      )}
      <FieldList item={item} lang={lang} only={key} />
      {rest.length > 0 && (
        <>
          <Button
            className={styles.more}
            appearance="subtle"
            size="small"
            aria-expanded={expanded}
            aria-controls={restId}
            onClick={() => setExpanded((v) => !v)}
          >
            {resultsText.t(lang, expanded ? 'results.fewerFields' : 'results.moreFields', { count: rest.length })}
          </Button>
          <div id={restId} hidden={!expanded}>
            {expanded && <FieldList item={item} lang={lang} only={rest} />}
          </div>
        </>
      )}
    </Card>
  );
}
