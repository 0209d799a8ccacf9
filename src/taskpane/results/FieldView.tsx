import { Badge, Button, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import type { Lang } from '../../core/text/i18n';
import { formatNumber, formatServiceDate, hasContent, safeHref } from './field-format';
import { RISK_FLAGS, fieldLabel } from '../../core/answer/field-labels';
import { isIdentifierField, isShownField, valueLabel } from '../../core/answer/field-values';
import {
  COUNTRY_NAME_FIELDS,
  countryName,
  isCountryBlock,
  isRecord,
  linkParts,
  riskFlagsOf,
  type LinkParts,
} from '../../core/answer/field-blocks';
import { resultsMessages as resultsText } from './results-messages';

const useStyles = makeStyles({
  list: { margin: 0, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, minWidth: 0 },
  label: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, flexBasis: '100%' },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', flexBasis: '100%' },
  nested: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalM,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
  },
  nestedItem: {
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
    paddingLeft: tokens.spacingHorizontalS,
  },
  plainList: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalXXS },
  links: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  facts: { display: 'block', color: tokens.colorNeutralForeground3 },
  more: { display: 'block', minWidth: 0, paddingLeft: 0 },
});

/**
 * Past these, a value starts folded to its beginning: a sanctions entry's grounds run to pages
 * and an alias list to dozens of names, which would bury every other hit in a 350 px pane.
 */
export const LONG_TEXT_CHARS = 280;
export const LONG_LIST_ITEMS = 5;

/** The start of a long value and a button for the rest; the full value is one click away, never dropped. */
function Unfold(props: { more: string; lang: Lang; children: (open: boolean) => ReactNode }) {
  const { more, lang, children } = props;
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  return (
    <>
      {children(open)}
      <Button
        className={styles.more}
        appearance="transparent"
        size="small"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        data-testid="value-unfold"
      >
        {open ? resultsText.t(lang, 'value.fold') : more}
      </Button>
    </>
  );
}

/** Nesting the service never needs; deeper data shows as text rather than blowing the stack. */
const MAX_DEPTH = 6;

interface ValueProps {
  field: string;
  value: unknown;
  lang: Lang;
  depth: number;
  /** Every field, labelled or not: for blocks of a registry this version does not know. */
  allFields?: boolean;
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" inline>
      {children}
    </Link>
  );
}

/** A URL as a short label: host and path, so a 320 px pane is not filled by one query string. */
function linkText(href: string): string {
  try {
    const url = new URL(href);
    const path = url.pathname.length > 32 ? `${url.pathname.slice(0, 31)}…` : url.pathname;
    return `${url.host}${path === '/' ? '' : path}`;
  } catch {
    return href;
  }
}

function ScalarText({ field, value, lang }: { field: string; value: string | number | boolean; lang: Lang }) {
  const styles = useStyles();
  if (typeof value === 'boolean') return <>{resultsText.t(lang, value ? 'value.yes' : 'value.no')}</>;
  const coded = valueLabel(field, value, lang);
  if (coded) return <>{coded}</>;
  if (typeof value === 'number') return <>{isIdentifierField(field) ? String(value) : formatNumber(value, lang)}</>;
  const href = safeHref(value);
  if (href) return <ExternalLink href={href}>{linkText(href)}</ExternalLink>;
  const date = formatServiceDate(value, lang);
  if (date) return <>{date}</>;
  if (value.length > LONG_TEXT_CHARS) {
    return (
      <Unfold more={resultsText.t(lang, 'value.moreText')} lang={lang}>
        {(open) => <span className={styles.value}>{open ? value : `${value.slice(0, LONG_TEXT_CHARS)}…`}</span>}
      </Unfold>
    );
  }
  return <span className={styles.value}>{value}</span>;
}

/** A list of any length: past LONG_LIST_ITEMS it shows its first items and a count of the rest. */
function LongList({ count, lang, children }: { count: number; lang: Lang; children: (upTo: number) => ReactNode }) {
  if (count <= LONG_LIST_ITEMS) return <>{children(count)}</>;
  return (
    <Unfold more={resultsText.t(lang, 'value.moreItems', { count: count - LONG_LIST_ITEMS })} lang={lang}>
      {(open) => children(open ? count : LONG_LIST_ITEMS)}
    </Unfold>
  );
}

export function CountryView({ block, lang }: { block: Record<string, unknown>; lang: Lang }) {
  const styles = useStyles();
  const flags = riskFlagsOf(block);
  const facts = Object.keys(block).filter(
    (k) => !COUNTRY_NAME_FIELDS.has(k) && !(k in RISK_FLAGS) && isShownField(k) && hasContent(block[k]),
  );
  return (
    <span data-country="">
      {countryName(block, lang)}
      {facts.length > 0 && (
        <Text as="span" size={200} className={styles.facts}>
          {facts.map((k, i) => (
            <span key={k}>
              {i > 0 && ' · '}
              {`${fieldLabel(k, lang)}: `}
              <FieldValue field={k} value={block[k]} lang={lang} depth={MAX_DEPTH - 1} />
            </span>
          ))}
        </Text>
      )}
      {flags.length > 0 && (
        <span className={styles.badges}>
          {flags.map((flag) => (
            <Badge key={flag} color="danger" appearance="tint" shape="rounded">
              {RISK_FLAGS[flag][lang]}
            </Badge>
          ))}
        </span>
      )}
    </span>
  );
}

export function SourceLinks({ item, lang }: { item: LinkParts; lang: Lang }) {
  const styles = useStyles();
  const site = safeHref(item.page);
  const pdf = safeHref(item.document);
  const brief = typeof item.caption === 'string' && item.caption.trim() ? item.caption : null;
  return (
    <span className={styles.links}>
      {brief && <span className={styles.value}>{brief}</span>}
      {site ? (
        <ExternalLink href={site}>{resultsText.t(lang, 'value.source')}</ExternalLink>
      ) : (
        typeof item.page === 'string' && item.page.trim() && <span>{item.page}</span>
      )}
      {pdf && <ExternalLink href={pdf}>PDF</ExternalLink>}
    </span>
  );
}

function FieldValue({ field, value, lang, depth, allFields }: ValueProps) {
  const styles = useStyles();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return <ScalarText field={field} value={value} lang={lang} />;
  }
  if (depth >= MAX_DEPTH) return <span className={styles.value}>{JSON.stringify(value)}</span>;
  if (Array.isArray(value)) {
    const items = value.filter(hasContent);
    if (items.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) {
      return (
        <LongList count={items.length} lang={lang}>
          {(upTo) => (
            <ul className={styles.plainList}>
              {items.slice(0, upTo).map((v, i) => (
                <li key={i}>
                  <ScalarText field={field} value={v as string | number | boolean} lang={lang} />
                </li>
              ))}
            </ul>
          )}
        </LongList>
      );
    }
    return (
      <LongList count={items.length} lang={lang}>
        {(upTo) => (
          <ol className={styles.nested} aria-label={fieldLabel(field, lang)}>
            {items.slice(0, upTo).map((v, i) => (
              <li key={i} className={styles.nestedItem}>
                <FieldValue field={field} value={v} lang={lang} depth={depth + 1} allFields={allFields} />
              </li>
            ))}
          </ol>
        )}
      </LongList>
    );
  }
  if (isCountryBlock(value)) return <CountryView block={value} lang={lang} />;
  const link = linkParts(value);
  if (link) return <SourceLinks item={link} lang={lang} />;
  if (isRecord(value)) return <FieldList item={value} lang={lang} depth={depth + 1} allFields={allFields} />;
  return <span className={styles.muted}>—</span>;
}

export interface FieldListProps {
  item: Record<string, unknown>;
  lang: Lang;
  /** Shown first, in this order; the rest follow in the order the service sent them. */
  first?: readonly string[];
  /** Left out entirely (shown elsewhere, e.g. in a card header). */
  exclude?: ReadonlySet<string>;
  /** Restricts the list to these fields. */
  only?: readonly string[];
  depth?: number;
  /** Every field, labelled or not: for blocks of a registry this version does not know. */
  allFields?: boolean;
}

export function orderedFields(
  item: Record<string, unknown>,
  first: readonly string[] = [],
  exclude?: ReadonlySet<string>,
  allFields = false,
): string[] {
  const keys = Object.keys(item).filter(
    (k) => !exclude?.has(k) && (allFields || isShownField(k)) && hasContent(item[k]),
  );
  const leading = first.filter((k) => keys.includes(k));
  return [...leading, ...keys.filter((k) => !leading.includes(k))];
}

/**
 * The fields without a list that only repeats values shown beside it: a sanctions record gives its
 * birth date as p_birthdate and again as p_birthdates ["12.04.1967"], which read as two facts.
 */
export function withoutRepeatedLists(item: Record<string, unknown>, keys: readonly string[]): string[] {
  const scalar = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : null);
  return keys.filter((key) => {
    const value = item[key];
    if (!Array.isArray(value) || value.length === 0) return true;
    const elsewhere = new Set(keys.filter((k) => k !== key).map((k) => scalar(item[k])));
    return !value.every((v) => scalar(v) !== null && elsewhere.has(scalar(v)));
  });
}

/** Any record from the service as label/value pairs, recursively; never as HTML. */
export function FieldList({ item, lang, first, exclude, only, depth = 0, allFields = false }: FieldListProps) {
  const styles = useStyles();
  const keys = only
    ? only.filter((k) => !exclude?.has(k) && isShownField(k) && hasContent(item[k]))
    : orderedFields(item, first, exclude, allFields);
  if (keys.length === 0) return null;
  return (
    <dl className={styles.list}>
      {keys.map((key) => (
        <div key={key} className={styles.row} data-field={key}>
          <dt className={styles.label}>
            <Text size={200}>{fieldLabel(key, lang)}</Text>
          </dt>
          <dd className={styles.value}>
            <FieldValue field={key} value={item[key]} lang={lang} depth={depth} allFields={allFields} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
