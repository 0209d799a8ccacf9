import { useEffect, useMemo, useReducer, useRef } from 'react';
import { CancelledError } from '../../core/protocol/errors';
import { validateQuery, type SearchQuery } from '../../core/query';
import type { Settings } from '../../core/settings/settings';
import type { Lang } from '../../core/text/i18n';
import { runtimeFor } from '../shell/pane-runtime';
import { answeredBy } from '../../shared-runtime/connection';
import { relaySandboxOf } from '../../core/answer/relay-sandbox';
import { resultsView } from '../shell/lazy-parts';
import type { InsertOutcome, TaskpaneServices } from '../shell/services';
import type { InsertLayout } from '../results/summary-rows';
import { relayTargetOf } from '../results/relay-target';
import { queryInputFrom, subjectText, type SearchFormValues } from './search-form';
import { initialSearchState, searchReducer, type Shown } from './search-state';

/**
 * The single search's state and what can be done to it: every request through the runtime's
 * scheduler, every workbook write through the injected services. SearchPanel only renders it.
 */
export function useSearch(services: TaskpaneServices, settings: Settings, lang: Lang) {
  const [state, dispatch] = useReducer(searchReducer, settings, initialSearchState);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    dispatch({ type: 'defaults', settings });
  }, [settings]);

  const asking = state.outcome.kind === 'asking';
  const shown = state.outcome.kind === 'answered' ? state.outcome.shown : null;

  const ask = async (query: SearchQuery, subject: string, fresh: boolean) => {
    const controller = new AbortController();
    abort.current = controller;
    dispatch({ type: 'asking' });
    try {
      const context = await runtimeFor(services).context();
      // The context's mode, not the pane's: it is the connection that actually answered.
      const answer = await context.scheduler.ask(query, { signal: controller.signal, fresh });
      const relay = await relayTargetOf(services);
      const service = answeredBy(context.connection, relaySandboxOf(answer.envelope));
      dispatch({ type: 'answered', shown: { answer, query, mode: context.mode, service, subject, relay } });
    } catch (error) {
      dispatch(error instanceof CancelledError ? { type: 'cancelled' } : { type: 'failed', error });
    } finally {
      abort.current = null;
    }
  };

  // The same functions until the answer or the running state changes: the answer's view is
  // memoised, so a keystroke in the form above it does not draw every registry again.
  const actions = useMemo(
    () =>
      shown && {
        /** The answer shown, asked again past the cache: the question it answered, not the edited form. */
        askAgain: asking ? undefined : () => void ask(shown.query, shown.subject, true),
        insert: async (layout: InsertLayout, overwrite: boolean): Promise<InsertOutcome> => {
          // The sheet layout comes with the results chunk: only a search that answered needs it.
          const { summaryRows, laidOut } = await import(/* webpackChunkName: "results" */ '../results/summary-rows');
          const rows = summaryRows(shown.subject, shown.answer.summary, shown.answer, shown.service.label, lang);
          return services.excel.insertAtActiveCell(laidOut(rows, layout), { overwrite });
        },
        evidence: () => writeEvidence(services, shown, settings, lang),
      },
    // `ask` uses only `services` and refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shown, asking, services, settings, lang],
  );

  return {
    state,
    asking,
    shown,
    actions,
    edit: <K extends keyof SearchFormValues>(key: K, value: SearchFormValues[K]) =>
      dispatch({ type: 'edit', values: { [key]: value } }),
    unfold: () => dispatch({ type: 'unfold' }),
    cancel: () => abort.current?.abort(),
    submit: async () => {
      if (asking) return;
      const checked = validateQuery(queryInputFrom(state.values, settings));
      if (!checked.ok) {
        dispatch({ type: 'refused', errors: checked.errors });
        return;
      }
      // The renderers load while the question is out; a failed load is shown where the results go.
      resultsView.preload().catch(() => undefined);
      await ask(checked.query, subjectText(state.values), false);
    },
  };
}

/** The shown answer's certificate in a protected sheet (direct mode: the pane saves no files). */
async function writeEvidence(services: TaskpaneServices, shown: Shown, settings: Settings, lang: Lang) {
  // On demand: the certificate's words are not part of the pane's first render. The version as
  // the JSON module's default export (webpack deprecates named exports of JSON).
  const [{ buildCertificate, certificateRows }, { default: product }] = await Promise.all([
    import(/* webpackChunkName: "evidence" */ '../../evidence/certificate'),
    import(/* webpackChunkName: "evidence" */ '../../../package.json'),
  ]);
  const certificate = buildCertificate(
    {
      query: shown.query,
      envelope: shown.answer.envelope,
      asked: shown.answer.summary.registries.map((r) => r.key),
      receivedAt: new Date(shown.answer.receivedAt),
      servedBy: shown.answer.servedBy,
      sandbox: shown.service.fictional,
      productVersion: product.version,
      // Excel names no user to an add-in without sign-in: IDuserPC, or the certificate says it is unset.
      analyst: settings.idUserPC,
    },
    lang,
  );
  return services.excel.writeEvidenceSheet(certificateRows(certificate));
}
