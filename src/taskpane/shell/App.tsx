import {
  FluentProvider,
  Select,
  Spinner,
  Tab,
  TabList,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { Suspense, useCallback, useEffect, useId, useState } from 'react';
import { reloadSharedSettings } from '../../shared-runtime/runtime';
import { isScreenSelectionMessage, peekPendingScreenRequest } from '../../shared-runtime/screen-selection-handshake';
import { describeError } from '../../core/protocol/errors';
import { langFromLocale, type Lang, type LocalizedText } from '../../core/text/i18n';
import type { Settings } from '../../core/settings/settings';
import type { LoadedSettings } from '../../core/settings/settings-store';
import type { Connection } from '../../shared-runtime/connection';
import { LoadBoundary } from './LoadBoundary';
import { bulkPanel, settingsPanel } from './lazy-parts';
import { taskpaneMessages as m } from './messages';
import { SandboxBanner } from './SandboxBanner';
import { SearchPanel } from '../search/SearchPanel';
import type { TaskpaneServices } from './services';
import { fluentTheme, isThemeLoaded, loadFluentTheme, themeKindFor, type ThemeKind } from './theme';

const useStyles = makeStyles({
  provider: { minHeight: '100vh', boxSizing: 'border-box' },
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '100%',
    minWidth: 0,
    overflowX: 'hidden',
    overflowWrap: 'anywhere',
  },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  title: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  lang: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  // Fluent's filled Badge, medium, drawn here: the Badge package weighs about 3 KB on the first
  // render for this one pill, and the first render's budget is 200 KB (docs/PERFORMANCE.md).
  mode: {
    display: 'inline-flex',
    alignItems: 'center',
    height: '20px',
    padding: `0 calc(${tokens.spacingHorizontalXS} + ${tokens.spacingHorizontalXXS})`,
    borderRadius: tokens.borderRadiusCircular,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
  },
  sandbox: { backgroundColor: tokens.colorPaletteYellowBackground3, color: tokens.colorNeutralForeground1Static },
  live: { backgroundColor: tokens.colorPaletteGreenBackground3, color: tokens.colorNeutralForegroundOnBrand },
  tabs: { flexWrap: 'wrap' },
  panel: { minWidth: 0 },
});

type TabKey = 'search' | 'settings' | 'bulk';

/** The bulk panel (with the bulk engine and its writers) and the settings load the first time their tab opens. */
const BulkPanel = bulkPanel.Component;
const SettingsPanel = settingsPanel.Component;

export function resolveLang(language: Settings['language'], displayLanguage: string | null): Lang {
  return language === 'auto' ? langFromLocale(displayLanguage) : language;
}

function useHostTheme(services: TaskpaneServices): ThemeKind {
  const { host } = services;
  const read = useCallback(() => themeKindFor(host.officeTheme(), host.forcedColors()), [host]);
  const [kind, setKind] = useState<ThemeKind>(read);
  const [, setLoaded] = useState(0);
  useEffect(() => host.onThemeChanged(() => setKind(read())), [host, read]);
  useEffect(() => {
    if (isThemeLoaded(kind)) return;
    let live = true;
    loadFluentTheme(kind)
      .then(() => live && setLoaded((n) => n + 1))
      .catch(() => undefined); // the light theme stays: readable, only not the host's colours
    return () => {
      live = false;
    };
  }, [kind]);
  return kind;
}

export interface AppProps {
  services: TaskpaneServices;
}

/** The task pane: search one subject, settings, and the bulk-screening panel. */
export function App({ services }: AppProps) {
  const styles = useStyles();
  const themeKind = useHostTheme(services);
  const [loaded, setLoaded] = useState<LoadedSettings | null>(null);
  const [connection, setConnection] = useState<Connection | null>(null);
  const [language, setLanguage] = useState<Settings['language']>('auto');
  const [startError, setStartError] = useState<LocalizedText | null>(null);
  const [tab, setTab] = useState<TabKey>('search');
  // Once opened, the bulk panel stays mounted like the others, so a run survives a look elsewhere.
  const [bulkOpened, setBulkOpened] = useState(false);
  const [settingsOpened, setSettingsOpened] = useState(false);
  if (tab === 'bulk' && !bulkOpened) setBulkOpened(true);
  if (tab === 'settings' && !settingsOpened) setSettingsOpened(true);
  const langSelectId = useId();
  const lang = resolveLang(language, services.host.displayLanguage);

  const refresh = useCallback(
    async (fresh?: LoadedSettings) => {
      const next = fresh ?? (await services.settings.load());
      setLoaded(next);
      setLanguage(next.settings.language);
      setConnection(await services.connect());
    },
    [services],
  );

  useEffect(() => {
    refresh().catch((error: unknown) => setStartError(describeError(error)));
  }, [refresh]);

  // The ribbon's "Screen selection" lands on the bulk tab; the panel itself consumes the request.
  useEffect(() => {
    if (peekPendingScreenRequest()) setTab('bulk');
    const listener = (event: MessageEvent) => {
      if (event.origin === window.location.origin && isScreenSelectionMessage(event.data)) setTab('bulk');
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  const changeLanguage = async (value: Settings['language']) => {
    setLanguage(value);
    // The choice is a setting like any other, so it persists; only this field changes.
    const current = await services.settings.load();
    await services.settings.save({ ...current.settings, language: value });
  };

  const mode = connection?.mode ?? loaded?.mode ?? 'sandbox';

  return (
    <FluentProvider theme={fluentTheme(themeKind)} className={styles.provider} data-theme={themeKind} lang={lang}>
      <main className={styles.root}>
        <header className={styles.header}>
          <div className={styles.title}>
            <Text as="h1" weight="semibold" size={500} style={{ margin: 0 }}>
              CheckLists
            </Text>
            <span
              className={mergeClasses(styles.mode, mode === 'sandbox' ? styles.sandbox : styles.live)}
              data-testid="mode-badge"
            >
              {m.t(lang, mode === 'sandbox' ? 'mode.sandbox' : 'mode.live')}
            </span>
          </div>
          <div className={styles.lang}>
            <label htmlFor={langSelectId}>
              <Text size={200}>{m.t(lang, 'app.language')}</Text>
            </label>
            <Select
              id={langSelectId}
              size="small"
              value={language}
              onChange={(_, d) => void changeLanguage(d.value as Settings['language'])}
            >
              <option value="auto">{m.t(lang, 'app.language.auto')}</option>
              <option value="uk">Українська</option>
              <option value="en">English</option>
            </Select>
          </div>
        </header>

        <TabList
          className={styles.tabs}
          selectedValue={tab}
          onTabSelect={(_, d) => setTab(d.value as TabKey)}
          size="small"
        >
          <Tab value="search">{m.t(lang, 'tab.search')}</Tab>
          <Tab value="bulk">{m.t(lang, 'tab.bulk')}</Tab>
          <Tab value="settings">{m.t(lang, 'tab.settings')}</Tab>
        </TabList>

        {startError && (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>{m.t(lang, 'app.startFailed', { message: startError[lang] })}</MessageBarBody>
          </MessageBar>
        )}
        {!loaded && !startError && <Spinner label={m.t(lang, 'app.loading')} />}

        {loaded && (
          <div className={styles.panel} role="tabpanel" aria-label={m.t(lang, `tab.${tab}`)}>
            {/* Panels stay mounted so a long answer or a half-filled form survives a look at the settings. */}
            <div hidden={tab !== 'search'}>
              <SearchPanel services={services} settings={loaded.settings} lang={lang} />
            </div>
            <div hidden={tab !== 'bulk'}>
              {bulkOpened && mode === 'sandbox' && <SandboxBanner lang={lang} />}
              {bulkOpened && (
                <LoadBoundary lang={lang}>
                  <Suspense fallback={<Spinner label={m.t(lang, 'app.partLoading')} />}>
                    <BulkPanel services={services} lang={lang} />
                  </Suspense>
                </LoadBoundary>
              )}
            </div>
            <div hidden={tab !== 'settings'}>
              {settingsOpened && (
                <LoadBoundary lang={lang}>
                  <Suspense fallback={<Spinner label={m.t(lang, 'app.partLoading')} />}>
                    <SettingsPanel
                      services={services}
                      loaded={loaded}
                      lang={lang}
                      language={language}
                      onSaved={(fresh) => {
                        // Cells and bulk runs share the runtime: they must not keep asking with the old settings.
                        reloadSharedSettings();
                        void refresh(fresh);
                      }}
                    />
                  </Suspense>
                </LoadBoundary>
              )}
            </div>
          </div>
        )}
      </main>
    </FluentProvider>
  );
}
