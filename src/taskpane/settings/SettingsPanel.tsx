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
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Lang, LocalizedText } from '../../core/text/i18n';
import { lowranklimitSchema, rangeHint } from '../../core/query';
import { concurrencySchema, maskSecret, serviceMode, type Settings } from '../../core/settings/settings';
import type { LoadedSettings } from '../../core/settings/settings-store';
import { describeExcelError } from '../../excel/errors';
import { runConnectionTest, type ConnectionTestOutcome } from './connection-test';
import { taskpaneMessages as m } from '../shell/messages';
import { settingsMessages as settingsText } from './settings-messages';
import { detectRelayOrigin, relayPaneMessages as r, runRelayConnectionTest } from './relay-connection';
import { RegistryPicker } from '../search/RegistryPicker';
import { StorageSection } from './StorageSection';
import type { TaskpaneServices } from '../shell/services';
import {
  MIN_RESERVE_SLOTS,
  formFromSettings,
  validateSettingsForm,
  type SettingsErrors,
  type SettingsField,
  type SettingsFormValues,
} from './settings-form';

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

/**
 * Addresses, credentials and defaults that every surface reads. The saved tokken is never put
 * back into any field: the form shows its mask and offers to replace or remove it.
 */
export function SettingsPanel({ services, loaded, lang, language, onSaved }: SettingsPanelProps) {
  const styles = useStyles();
  const [values, setValues] = useState<SettingsFormValues>(() => formFromSettings(loaded.settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [replacing, setReplacing] = useState(loaded.tokken === null);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<ConnectionTestOutcome | null>(null);
  const testAbort = useRef<AbortController | null>(null);
  const savedTokkenId = useId();

  useEffect(() => () => testAbort.current?.abort(), []);

  // Served by a relay and nothing saved yet: propose that relay, so an analyst only adds a key.
  const [proposed, setProposed] = useState<string | null>(null);
  useEffect(() => {
    if (loaded.settings.primaryUrl.trim()) return;
    let live = true;
    void detectRelayOrigin().then((origin) => {
      if (!live || !origin) return;
      setProposed(origin);
      setValues((v) => (v.primaryUrl.trim() ? v : { ...v, connection: 'relay', primaryUrl: origin }));
    });
    return () => {
      live = false;
    };
  }, [loaded.settings.primaryUrl]);
  const relay = values.connection === 'relay';

  const hasSaved = loaded.tokken !== null;
  const err = (field: SettingsField): string | undefined => (errors[field] as LocalizedText | undefined)?.[lang];
  const set = <K extends keyof SettingsFormValues>(key: K, value: SettingsFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setStatus(null);
  };
  const setReserve = (i: number, value: string) =>
    setValues((v) => ({ ...v, reserveUrls: v.reserveUrls.map((r, j) => (j === i ? value : r)) }));
  const removeReserve = (i: number) =>
    setValues((v) => {
      const next = v.reserveUrls.filter((_, j) => j !== i);
      while (next.length < MIN_RESERVE_SLOTS) next.push('');
      return { ...v, reserveUrls: next };
    });

  const validate = () => {
    const outcome = validateSettingsForm(replacing ? values : { ...values, tokkenDraft: '' }, hasSaved, language);
    setErrors(outcome.ok ? {} : outcome.errors);
    return outcome;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = validate();
    if (!outcome.ok) {
      setStatus({ intent: 'error', text: settingsText.t(lang, 'settings.fixErrors') });
      return;
    }
    setSaving(true);
    try {
      await services.settings.save(outcome.settings);
      if (outcome.tokken) await services.settings.saveTokken(outcome.tokken);
      const fresh = await services.settings.load();
      setValues({ ...formFromSettings(fresh.settings), tokkenDraft: '' });
      setReplacing(fresh.tokken === null);
      setStatus({
        intent: 'success',
        text: settingsText.t(lang, fresh.mode === 'live' ? 'settings.saved.live' : 'settings.saved.sandbox'),
      });
      onSaved(fresh);
    } catch (error) {
      setStatus({
        intent: 'error',
        text: settingsText.t(lang, 'settings.saveFailed', { message: describeExcelError(error)[lang] }),
      });
    } finally {
      setSaving(false);
    }
  };

  const removeTokken = async () => {
    setSaving(true);
    try {
      await services.settings.clearTokken();
      const fresh = await services.settings.load();
      setReplacing(true);
      setValues((v) => ({ ...v, tokkenDraft: '' }));
      setStatus({ intent: 'success', text: settingsText.t(lang, 'settings.tokkenRemoved') });
      onSaved(fresh);
    } catch (error) {
      setStatus({
        intent: 'error',
        text: settingsText.t(lang, 'settings.saveFailed', { message: describeExcelError(error)[lang] }),
      });
    } finally {
      setSaving(false);
    }
  };

  const runTest = async () => {
    const outcome = validate();
    if (!outcome.ok) {
      setTest(null);
      setStatus({ intent: 'error', text: settingsText.t(lang, 'settings.fixErrors') });
      return;
    }
    const tokken = outcome.tokken ?? loaded.tokken;
    testAbort.current?.abort();
    const controller = new AbortController();
    testAbort.current = controller;
    setTesting(true);
    setTest(null);
    try {
      if (outcome.settings.connection === 'relay') {
        const result = await runRelayConnectionTest(outcome.settings.primaryUrl, tokken, lang, controller.signal);
        if (!controller.signal.aborted) setTest(result);
        return;
      }
      const mode = serviceMode(outcome.settings, tokken);
      const connection = services.connectWith({ settings: outcome.settings, tokken, mode });
      const result = await runConnectionTest(connection.client, lang, controller.signal);
      if (!controller.signal.aborted) {
        setTest(
          mode === 'sandbox' && result.kind === 'ok'
            ? { ...result, details: [settingsText.t(lang, 'test.sandbox'), ...result.details] }
            : result,
        );
      }
    } catch (error) {
      // connectWith rejects addresses the client cannot use; the form's own check should have caught them.
      setTest({
        kind: 'invalid',
        title: settingsText.t(lang, 'test.invalid'),
        details: [error instanceof Error ? error.message : String(error)],
      });
    } finally {
      setTesting(false);
    }
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
            <Button
              onClick={() => {
                setReplacing((r) => !r);
                set('tokkenDraft', '');
              }}
            >
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
        {settingsText.t(lang, 'settings.testCost')}
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
