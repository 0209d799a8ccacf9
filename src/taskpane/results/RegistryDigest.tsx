import { Link, makeStyles, tokens } from '@fluentui/react-components';
import type { Lang } from '../../core/text/i18n';
import { registryDef, type RegistryKey } from '../../core/protocol/registries';
import { levelText, type RegistrySummary } from '../../core/answer/summary';
import { mutedIn, type RelayDecisions } from '../../core/answer/relay-decisions';
import { resultsMessages as resultsText } from './results-messages';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column' },
  line: { fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The section of a registry on the page, for the digest's links. */
export function registrySectionId(key: RegistryKey): string {
  return `registry-${key}`;
}

/** Takes the reader to an element: focus (announced by a screen reader) and the pane scrolled to its start. */
export function bringIntoView(element: HTMLElement | null): void {
  element?.focus({ preventScroll: true });
  element?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
}

/** Scrolls to a registry's section and moves focus there (once it is open). */
export function showSection(key: RegistryKey): void {
  bringIntoView(document.getElementById(registrySectionId(key)));
}

/**
 * Every registry asked, in a few lines under the verdict, as the command line prints it: the ones
 * with hits (and their best level) or an error, each a link to its section, then the rest named on
 * one line. The whole answer at a glance in a 350 px pane, before any card.
 */
export function RegistryDigest(props: {
  registries: readonly RegistrySummary[];
  lang: Lang;
  /** Opens the registry's section and takes the reader there. In-page, so a button: every link (<a>) in an answer leaves for the service's sources. */
  onGoTo: (key: RegistryKey) => void;
  /** What the relay's decisions did to the answer: "No hits: PEP (1 muted by the relay)", not a bare "PEP". */
  decisions?: RelayDecisions | null;
}) {
  const { registries, lang, onGoTo, decisions = null } = props;
  const styles = useStyles();
  const label = (key: RegistryKey) => registryDef(key).shortLabel[lang];
  const quietLabel = (key: RegistryKey) => {
    const count = mutedIn(decisions, key).length;
    return count > 0 ? resultsText.t(lang, 'digest.muted', { registry: label(key), count }) : label(key);
  };
  const notable = registries.filter((r) => r.hits > 0 || r.status === 'error' || r.status === 'malformed');
  const quiet = registries.filter((r) => !notable.includes(r) && r.status === 'ok');
  const absent = registries.filter((r) => r.status === 'absent');
  return (
    <ul className={styles.list} data-testid="registry-digest" aria-label={resultsText.t(lang, 'digest.title')}>
      {notable.map((r) => (
        <li key={r.key} className={styles.line} data-registry={r.key}>
          <Link as="button" onClick={() => onGoTo(r.key)}>
            {label(r.key)}
          </Link>
          {': '}
          {r.status === 'ok' ? (
            // A registry that gives no level (company changes, licences): its count alone, not "best: No hits".
            r.bestLevel ? (
              resultsText.t(lang, 'digest.hits', { count: r.hits, level: levelText(r.bestLevel, lang) })
            ) : (
              String(r.hits)
            )
          ) : (
            <span className={styles.error}>{resultsText.t(lang, 'results.registryFailed')}</span>
          )}
        </li>
      ))}
      {quiet.length > 0 && (
        <li className={`${styles.line} ${styles.muted}`} data-testid="digest-clear">
          {resultsText.t(lang, 'digest.clear', { registries: quiet.map((r) => quietLabel(r.key)).join(', ') })}
        </li>
      )}
      {absent.length > 0 && (
        <li className={`${styles.line} ${styles.muted}`}>
          {resultsText.t(lang, 'digest.absent', { registries: absent.map((r) => label(r.key)).join(', ') })}
        </li>
      )}
    </ul>
  );
}
