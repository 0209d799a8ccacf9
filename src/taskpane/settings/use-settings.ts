import { useEffect, useReducer, useRef } from 'react';
import { serviceMode, type Settings } from '../../core/settings/settings';
import type { LoadedSettings } from '../../core/settings/settings-store';
import type { Lang } from '../../core/text/i18n';
import type { TaskpaneServices } from '../shell/services';
import { runConnectionTest, type ConnectionTestOutcome } from './connection-test';
import { detectRelayOrigin, runRelayConnectionTest } from './relay-connection';
import { validateSettingsForm, type SettingsFormValues } from './settings-form';
import { settingsMessages as settingsText } from './settings-messages';
import { initialSettingsState, settingsReducer } from './settings-state';

/**
 * The settings form's state and what can be done to it: saving through the settings store, the
 * connection test through the injected connection. SettingsPanel only renders it.
 */
export function useSettings(
  services: TaskpaneServices,
  loaded: LoadedSettings,
  lang: Lang,
  language: Settings['language'],
  onSaved: (loaded: LoadedSettings) => void,
) {
  const [state, dispatch] = useReducer(settingsReducer, loaded, initialSettingsState);
  const testAbort = useRef<AbortController | null>(null);
  useEffect(() => () => testAbort.current?.abort(), []);

  // Served by a relay and nothing saved yet: propose that relay, so an analyst only adds a key.
  useEffect(() => {
    if (loaded.settings.primaryUrl.trim()) return;
    let live = true;
    void detectRelayOrigin().then((origin) => {
      if (live && origin) dispatch({ type: 'proposed', origin });
    });
    return () => {
      live = false;
    };
  }, [loaded.settings.primaryUrl]);

  const hasSaved = loaded.tokken !== null;
  const validate = (test: boolean) => {
    const { values, replacing } = state;
    const outcome = validateSettingsForm(replacing ? values : { ...values, tokkenDraft: '' }, hasSaved, language);
    dispatch(outcome.ok ? { type: 'validated' } : { type: 'refused', errors: outcome.errors, test });
    return outcome;
  };

  /** The connection as the form now says, relay or service, without saving anything. */
  const connectionTest = async (settings: Settings, tokken: string | null, signal: AbortSignal) => {
    if (settings.connection === 'relay') return runRelayConnectionTest(settings.primaryUrl, tokken, lang, signal);
    const mode = serviceMode(settings, tokken);
    const connection = services.connectWith({ settings, tokken, mode });
    const result = await runConnectionTest(connection.client, lang, signal);
    if (result.kind !== 'ok' || !connection.fictional) return result;
    // It works, and answers with fictional data: the built-in sandbox, or a sandbox server's address.
    const said = settingsText.t(lang, mode === 'sandbox' ? 'test.sandbox' : 'test.sandboxServer');
    return { ...result, details: [said, ...result.details] };
  };

  return {
    state,
    hasSaved,
    edit: <K extends keyof SettingsFormValues>(key: K, value: SettingsFormValues[K]) =>
      dispatch({ type: 'edit', values: { [key]: value } }),
    setReserve: (index: number, value: string) => dispatch({ type: 'reserve', index, value }),
    removeReserve: (index: number) => dispatch({ type: 'removeReserve', index }),
    toggleReplacing: () => dispatch({ type: 'toggleReplacing' }),
    save: async () => {
      const outcome = validate(false);
      if (!outcome.ok) return;
      dispatch({ type: 'saving' });
      try {
        await services.settings.save(outcome.settings);
        if (outcome.tokken) await services.settings.saveTokken(outcome.tokken);
        const fresh = await services.settings.load();
        dispatch({ type: 'saved', fresh });
        onSaved(fresh);
      } catch (error) {
        dispatch({ type: 'failed', error });
      }
    },
    removeTokken: async () => {
      dispatch({ type: 'saving' });
      try {
        await services.settings.clearTokken();
        const fresh = await services.settings.load();
        dispatch({ type: 'tokkenRemoved' });
        onSaved(fresh);
      } catch (error) {
        dispatch({ type: 'failed', error });
      }
    },
    runTest: async () => {
      const outcome = validate(true);
      if (!outcome.ok) return;
      testAbort.current?.abort();
      const controller = new AbortController();
      testAbort.current = controller;
      dispatch({ type: 'testing' });
      try {
        const result = await connectionTest(outcome.settings, outcome.tokken ?? loaded.tokken, controller.signal);
        // A test started after this one, or the panel closed: this answer is nobody's.
        if (!controller.signal.aborted) dispatch({ type: 'tested', outcome: result });
      } catch (error) {
        // connectWith rejects addresses the client cannot use; the form's own check should have caught them.
        const detail = error instanceof Error ? error.message : String(error);
        const invalid: ConnectionTestOutcome = {
          kind: 'invalid',
          title: settingsText.t(lang, 'test.invalid'),
          details: [detail],
        };
        dispatch({ type: 'tested', outcome: invalid });
      }
    },
  };
}
