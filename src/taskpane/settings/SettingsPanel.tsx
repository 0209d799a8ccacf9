import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Select,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useId, type FormEvent } from 'react';
import type { Lang, LocalizedText } from '../../core/text/i18n';
import { lowranklimitSchema, rangeHint } from '../../core/query';
import { concurrencySchema, maskSecret, type Settings } from '../../core/settings/settings';
import type { LoadedSettings } from '../../core/settings/settings-store';
import { describeExcelError } from '../../excel/errors';
import { taskpaneMessages as m } from '../shell/messages';
import { settingsMessages as settingsText } from './settings-messages';
import { relayPaneMessages as r } from './relay-connection';
import { RegistryPicker } from '../search/RegistryPicker';
import { StorageSection } from './StorageSection';
import type { TaskpaneServices } from '../shell/services';
import { MIN_RESERVE_SLOTS, type SettingsField } from './settings-form';
import type { SaveState } from './settings-state';
import { useSettings } from './use-settings';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  section: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    border: 'none',
    padding: 0,
    margin: 0,
    minWidth: 0,
  },
  legend: {
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    marginBottom: tokens.spacingVerticalXS,
  },
  reserve: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  grow: { flexGrow: 1, minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  input: { width: '100%', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  details: { margin: 0, paddingLeft: tokens.spacingHorizontalL, overflowWrap: 'anywhere' },
});

export interface SettingsPanelProps {
  services: TaskpaneServices;
  loaded: LoadedSettings;
  lang: Lang;
  /** The language choice lives in the header switch; saving keeps it. */
  language: Settings['language'];
  onSaved(loaded: LoadedSettings): void;
}

type Status = { intent: 'success' | 'error'; text: string } | null;

/** The last save's outcome as the line under the form, in the language of the moment. */
function statusOf(save: SaveState, lang: Lang): Status {
  switch (save.kind) {
    case 'refused':
      return { intent: 'error', text: settingsText.t(lang, 'settings.fixErrors') };
    case 'saved': {
      const key = {
        live: 'settings.saved.live',
        sandbox: 'settings.saved.sandbox',
        tokkenRemoved: 'settings.tokkenRemoved',
      } as const;
      return { intent: 'success', text: settingsText.t(lang, key[save.what]) };
    }
    case 'failed':
      return {
        intent: 'error',
        text: settingsText.t(lang, 'settings.saveFailed', { message: describeExcelError(save.error)[lang] }),
      };
    default:
      return null;
  }
}

/**
 * Addresses, credentials and defaults that every surface reads. The saved tokken is never put
 * back into any field: the form shows its mask and offers to replace or remove it.
 */
export function SettingsPanel({ services, loaded, lang, language, onSaved }: SettingsPanelProps) {
  const styles = useStyles();
  const settings = useSettings(services, loaded, lang, language, onSaved);
  const { values, errors, replacing, proposed } = settings.state;
  const { hasSaved, edit: set, setReserve, removeReserve, removeTokken, runTest } = settings;
  const saving = settings.state.save.kind === 'saving';
  const testing = settings.state.test.kind === 'testing';
  const test = settings.state.test.kind === 'tested' ? settings.state.test.outcome : null;
  const status = statusOf(settings.state.save, lang);
  const savedTokkenId = useId();
  const relay = values.connection === 'relay';
  const err = (field: SettingsField): string | undefined => (errors[field] as LocalizedText | undefined)?.[lang];
  const save = (event: FormEvent) => {
    event.preventDefault();
    void settings.save();
  };

  return (
    <form className={styles.form} onSubmit={save} noValidate aria-label={settingsText.t(lang, 'settings.title')}>
      {loaded.mode === 'sandbox' && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{settingsText.t(lang, 'settings.sandboxNote')}</MessageBarBody>
        </MessageBar>
      )}

      {proposed && relay && values.primaryUrl === proposed && (
        <MessageBar intent="info" layout="multiline" data-testid="relay-proposed">
          <MessageBarBody>{r.t(lang, 'relay.proposed', { origin: proposed })}</MessageBarBody>
        </MessageBar>
      )}

      <fieldset className={styles.section}>
        <legend className={styles.legend}>{settingsText.t(lang, 'settings.addresses')}</legend>
        <Field label={r.t(lang, 'connection.label')}>
          <Select
            value={values.connection}
            onChange={(_, d) => set('connection', d.value === 'relay' ? 'relay' : 'direct')}
          >
            <option value="direct">{r.t(lang, 'connection.direct')}</option>
            <option value="relay">{r.t(lang, 'connection.relay')}</option>
          </Select>
        </Field>
        <Field
          label={relay ? r.t(lang, 'relay.address') : settingsText.t(lang, 'settings.primaryUrl')}
          hint={relay ? undefined : settingsText.t(lang, 'settings.addressHint')}
          validationMessage={err('primaryUrl')}
        >
          <Input
            className={styles.input}
            type="url"
            value={values.primaryUrl}
            placeholder="https://host:9443"
            onChange={(_, d) => set('primaryUrl', d.value)}
          />
        </Field>
        {!relay &&
          values.reserveUrls.map((url, i) => (
            <div key={i} className={styles.reserve}>
              <Field
                className={styles.grow}
                label={settingsText.t(lang, 'settings.reserveUrl', { n: i + 1 })}
                validationMessage={err(`reserveUrls.${i}`)}
              >
                <Input
                  className={styles.input}
                  type="url"
                  value={url}
                  placeholder="https://"
                  onChange={(_, d) => setReserve(i, d.value)}
                />
              </Field>
              {(values.reserveUrls.length > MIN_RESERVE_SLOTS || url !== '') && (
                <Button
                  appearance="subtle"
                  onClick={() => removeReserve(i)}
                  aria-label={settingsText.t(lang, 'settings.removeReserve', { n: i + 1 })}
                >
                  ✕
                </Button>
              )}
            </div>
          ))}
        {!relay && (
          <div className={styles.row}>
            <Button onClick={() => set('reserveUrls', [...values.reserveUrls, ''])}>
              {settingsText.t(lang, 'settings.addReserve')}
            </Button>
          </div>
        )}
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>{settingsText.t(lang, 'settings.credentials')}</legend>
        <Field
          label={relay ? r.t(lang, 'relay.key') : settingsText.t(lang, 'settings.tokken')}
          hint={relay ? r.t(lang, 'relay.keyHint') : settingsText.t(lang, 'settings.tokkenHint')}
          validationMessage={err('tokken')}
        >
          {replacing ? (
            <Input
              className={styles.input}
              type="password"
              autoComplete="off"
              value={values.tokkenDraft}
              placeholder={hasSaved ? maskSecret(loaded.tokken) : ''}
              onChange={(_, d) => set('tokkenDraft', d.value)}
            />
          ) : (
            <Input
              className={styles.input}
              type="password"
              readOnly
              value=""
              placeholder={maskSecret(loaded.tokken)}
              aria-describedby={savedTokkenId}
            />
          )}
        </Field>
        <div className={styles.row}>
          {hasSaved && !replacing && (
            <Text id={savedTokkenId} size={200} className={styles.muted}>
              {settingsText.t(lang, 'settings.tokkenSaved', { mask: maskSecret(loaded.tokken) })}
            </Text>
          )}
          {hasSaved && (
            <Button onClick={settings.toggleReplacing}>
              {settingsText.t(lang, replacing ? 'settings.keepTokken' : 'settings.replaceTokken')}
            </Button>
          )}
          {hasSaved && (
            <Button appearance="subtle" onClick={removeTokken} disabled={saving}>
              {settingsText.t(lang, 'settings.removeTokken')}
            </Button>
          )}
        </div>
        {!relay && (
          <Field label="IDsubjectFM" validationMessage={err('idSubjectFM')}>
            <Input
              className={styles.input}
              value={values.idSubjectFM}
              onChange={(_, d) => set('idSubjectFM', d.value)}
            />
          </Field>
        )}
        <Field
          label={settingsText.t(lang, 'settings.idUserPC')}
          hint={settingsText.t(lang, 'settings.idUserPCHint')}
          validationMessage={err('idUserPC')}
        >
          <Input className={styles.input} value={values.idUserPC} onChange={(_, d) => set('idUserPC', d.value)} />
        </Field>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>{settingsText.t(lang, 'settings.defaults')}</legend>
        <RegistryPicker
          value={values.registries}
          onChange={(v) => set('registries', v)}
          lang={lang}
          legend={settingsText.t(lang, 'settings.registries')}
          error={err('registries')}
        />
        <Field label={m.t(lang, 'search.method')}>
          <Select value={String(values.search)} onChange={(_, d) => set('search', d.value === '2' ? 2 : 1)}>
            <option value="1">{m.t(lang, 'search.method.1')}</option>
            <option value="2">{m.t(lang, 'search.method.2')}</option>
          </Select>
        </Field>
        <Field
          label={m.t(lang, 'search.lowranklimit')}
          hint={rangeHint(lowranklimitSchema)}
          validationMessage={err('lowranklimit')}
        >
          <Input
            className={styles.input}
            inputMode="numeric"
            value={values.lowranklimit}
            onChange={(_, d) => set('lowranklimit', d.value)}
          />
        </Field>
        <Field
          label={settingsText.t(lang, 'settings.cacheHours')}
          hint={settingsText.t(lang, 'settings.cacheHoursHint')}
          validationMessage={err('cacheHours')}
        >
          <Input
            className={styles.input}
            inputMode="decimal"
            value={values.cacheHours}
            onChange={(_, d) => set('cacheHours', d.value)}
          />
        </Field>
        <Field
          label={settingsText.t(lang, 'settings.concurrency')}
          hint={rangeHint(concurrencySchema)}
          validationMessage={err('concurrency')}
        >
          <Input
            className={styles.input}
            inputMode="numeric"
            value={values.concurrency}
            onChange={(_, d) => set('concurrency', d.value)}
          />
        </Field>
        <Field
          label={settingsText.t(lang, 'settings.timeoutSeconds')}
          hint="1–300"
          validationMessage={err('timeoutSeconds')}
        >
          <Input
            className={styles.input}
            inputMode="numeric"
            value={values.timeoutSeconds}
            onChange={(_, d) => set('timeoutSeconds', d.value)}
          />
        </Field>
      </fieldset>

      <StorageSection services={services} lang={lang} cacheHours={loaded.settings.cacheHours} />

      {status && (
        <MessageBar intent={status.intent} layout="multiline" role="status">
          <MessageBarBody>{status.text}</MessageBarBody>
        </MessageBar>
      )}

      <div className={styles.row}>
        <Button type="submit" appearance="primary" disabled={saving}>
          {settingsText.t(lang, 'settings.save')}
        </Button>
        <Button onClick={runTest} disabled={testing}>
          {settingsText.t(lang, 'settings.test')}
        </Button>
        {testing && <Spinner size="tiny" label={settingsText.t(lang, 'settings.testing')} />}
      </div>
      <Text size={200} className={styles.muted}>
        {relay ? r.t(lang, 'test.cost') : settingsText.t(lang, 'settings.testCost')}
      </Text>
      {test && (
        <MessageBar
          intent={test.kind === 'ok' ? 'success' : 'error'}
          layout="multiline"
          data-testid="connection-test"
          data-kind={test.kind}
        >
          <MessageBarBody>
            <MessageBarTitle>{test.title}</MessageBarTitle>
            {test.details.length > 0 && (
              <ul className={styles.details}>
                {test.details.map((d, i) => (
                  <li key={i}>{d}</li>
                ))}
              </ul>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
    </form>
  );
}
