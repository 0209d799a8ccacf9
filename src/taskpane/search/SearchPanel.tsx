import { Button, Field, Input, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { CancelledError, describeError } from '../../core/protocol/errors';
import type { Lang } from '../../core/text/i18n';
import { lowranklimitSchema, rangeHint, validateQuery, type SearchQuery } from '../../core/query';
import type { ScheduledAnswer } from '../../core/request/scheduler';
import type { Settings, ServiceMode } from '../../core/settings/settings';
import { taskpaneMessages as m } from '../shell/messages';
import { RegistryPicker } from './RegistryPicker';
import { runtimeFor } from '../shell/pane-runtime';
import {
  errorsByField,
  queryInputFrom,
  searchFormDefaults,
  subjectText,
  type SearchField,
  type SearchFormValues,
  type SearchTextField as TextField,
} from './search-form';
import type { TaskpaneServices } from '../shell/services';
import { LoadBoundary } from '../shell/LoadBoundary';
import { functionHeadings, resultsView } from '../shell/lazy-parts';
import type { RelayTarget } from '../results/decision-client';
import { relayTargetOf } from '../results/relay-target';
import type { InsertLayout } from '../results/summary-rows';

/**
 * The result renderers of all 18 registries and their field labels load with the first answer;
 * the request starts on submit, so the chunk arrives while the service is still answering.
 */
const ResultsView = resultsView.Component;
const FunctionHeadings = functionHeadings.Component;

const LOWRANKLIMIT_HINT = rangeHint(lowranklimitSchema);

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL, minWidth: 0 },
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  hint: { color: tokens.colorNeutralForeground3 },
  // The form's own `display: flex` would beat the browser's rule for `hidden`.
  folded: { display: 'none' },
  start: { alignSelf: 'flex-start' },
});

export interface SearchPanelProps {
  /** Settings store, connection and workbook: the search asks through the runtime built on them. */
  services: TaskpaneServices;
  /** The saved settings: the form's defaults. */
  settings: Settings;
  lang: Lang;
}

interface Shown {
  /** Its summary covers exactly the registries asked, however much the answer holds. */
  answer: ScheduledAnswer;
  /** What was asked, so "search again" repeats it even after the form was edited. */
  query: SearchQuery;
  mode: ServiceMode;
  subject: string;
  /** Through the organisation's relay: where decisions on these hits are recorded. */
  relay: RelayTarget | null;
}

/** The shown answer's certificate in a protected sheet (direct mode: the pane saves no files). */
async function writeEvidence(
  services: TaskpaneServices,
  shown: Shown,
  settings: Settings,
  lang: Lang,
): Promise<string> {
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
      sandbox: shown.mode === 'sandbox',
      productVersion: product.version,
      analyst: settings.idUserPC || '-',
    },
    lang,
  );
  return services.excel.writeEvidenceSheet(certificateRows(certificate));
}

/** The relay and the analyst's key, when the saved connection goes through one. */
/**
 * One subject looked up in depth: every search attribute, then the whole answer. The search goes
 * through the scheduler the worksheet functions and bulk runs use, so a subject already screened
 * is answered from the shared cache instead of costing a second request.
 */
export function SearchPanel({ services, settings, lang }: SearchPanelProps) {
  const styles = useStyles();
  const [values, setValues] = useState<SearchFormValues>(() => searchFormDefaults(settings));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SearchField, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  // An answer folds the long form away so the verdict is on the first screen; one click brings it back.
  const [folded, setFolded] = useState(false);
  const [functionsOpen, setFunctionsOpen] = useState(false);
  // The service's tuning knobs stay out of the way until asked for, or until one of them is wrong.
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusForm = useRef(false);
  useEffect(() => {
    if (folded || !focusForm.current) return;
    focusForm.current = false;
    form.current?.querySelector('input')?.focus();
  }, [folded]);
  const unfold = () => {
    focusForm.current = true;
    setFolded(false);
  };
  const abort = useRef<AbortController | null>(null);
  // The validator returns texts in both languages: keep them so a language switch re-words them.
  const [lastErrors, setLastErrors] = useState<Parameters<typeof errorsByField>[0]>([]);

  useEffect(() => () => abort.current?.abort(), []);
  // Saved defaults apply to the form at once; what the person typed stays.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const d = searchFormDefaults(settings);
    setValues((v) => ({ ...v, search: d.search, lowranklimit: d.lowranklimit, listdata: d.listdata }));
  }, [settings]);
  useEffect(() => {
    const { fields, general: rest } = errorsByField(lastErrors, lang);
    setFieldErrors(fields);
    setGeneral(rest);
  }, [lastErrors, lang]);

  const advancedShown = advancedOpen || Boolean(fieldErrors.search || fieldErrors.lowranklimit);
  const set = <K extends keyof SearchFormValues>(key: K, value: SearchFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    const checked = validateQuery(queryInputFrom(values, settings));
    if (!checked.ok) {
      setLastErrors(checked.errors);
      // An answer never sits under a search it does not belong to.
      setShown(null);
      return;
    }
    // The renderers load while the question is out; a failed load is shown where the results go.
    resultsView.preload().catch(() => undefined);
    setLastErrors([]);
    await ask(checked.query, subjectText(values), false);
  };

  const ask = async (query: SearchQuery, subject: string, fresh: boolean) => {
    setFailure(null);
    // The previous answer goes as the new question leaves: it cannot be read as this one's.
    setShown(null);
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    try {
      const context = await runtimeFor(services).context();
      // The context's mode, not the pane's: it is the connection that actually answered.
      const answer = await context.scheduler.ask(query, { signal: controller.signal, fresh });
      setShown({ answer, query, mode: context.mode, subject, relay: await relayTargetOf(services) });
      setFolded(true);
    } catch (error) {
      if (!(error instanceof CancelledError)) setFailure(describeError(error)[lang]);
      else setFailure(m.t(lang, 'search.cancelled'));
    } finally {
      setRunning(false);
      abort.current = null;
    }
  };

  const askAgain = () => {
    if (!shown || running) return;
    void ask(shown.query, shown.subject, true);
  };

  const insert = async (layout: InsertLayout, overwrite: boolean) => {
    if (!shown) throw new Error('no answer is shown');
    // The sheet layout comes with the results chunk: only a search that answered needs it.
    const { summaryRows, laidOut } = await import(/* webpackChunkName: "results" */ '../results/summary-rows');
    const rows = summaryRows(shown.subject, shown.answer.summary, shown.answer, shown.mode, lang);
    return services.excel.insertAtActiveCell(laidOut(rows, layout), { overwrite });
  };

  const text = (field: TextField, label: string, extra: { placeholder?: string; hint?: string } = {}) => (
    <Field
      label={label}
      hint={extra.hint}
      validationMessage={fieldErrors[field]}
      validationState={fieldErrors[field] ? 'error' : 'none'}
    >
      <Input
        className={styles.input}
        name={field}
        value={values[field]}
        placeholder={extra.placeholder}
        onChange={(_, d) => set(field, d.value)}
      />
    </Field>
  );

  return (
    <div className={styles.root}>
      {folded && (
        <div className={styles.row} data-testid="search-folded">
          <Button onClick={unfold} aria-expanded={false}>
            {m.t(lang, 'search.unfold')}
          </Button>
        </div>
      )}
      <form
        ref={form}
        className={folded ? styles.folded : styles.form}
        onSubmit={submit}
        noValidate
        aria-label={m.t(lang, 'tab.search')}
        hidden={folded}
      >
        {text('name', m.t(lang, 'search.name'), { hint: m.t(lang, 'search.nameHint') })}
        {text('namelat', m.t(lang, 'search.namelat'), { hint: m.t(lang, 'search.namelatHint') })}
        {text('ipn', m.t(lang, 'search.ipn'), { placeholder: '12345678 / 1234567890' })}
        {text('date', m.t(lang, 'search.date'), { placeholder: m.t(lang, 'search.datePlaceholder') })}
        {text('doc', m.t(lang, 'search.doc'), { placeholder: 'АА 123456 / FA123456 / 123456789' })}
        <Field label={m.t(lang, 'search.doctype')} validationMessage={fieldErrors.doctype}>
          <Select
            name="doctype"
            value={values.doctype}
            onChange={(_, d) => set('doctype', d.value as SearchFormValues['doctype'])}
          >
            <option value="">{m.t(lang, 'search.doctype.default')}</option>
            <option value="0">{m.t(lang, 'search.doctype.0')}</option>
            <option value="1">{m.t(lang, 'search.doctype.1')}</option>
            <option value="2">{m.t(lang, 'search.doctype.2')}</option>
          </Select>
        </Field>
        <Button
          className={styles.start}
          appearance="subtle"
          size="small"
          aria-expanded={advancedShown}
          onClick={() => setAdvancedOpen((v) => !v)}
        >
          {m.t(lang, 'search.advanced')}
        </Button>
        {advancedShown && (
          <>
            <Field label={m.t(lang, 'search.method')} validationMessage={fieldErrors.search}>
              <Select
                name="search"
                value={values.search}
                onChange={(_, d) => set('search', d.value === '2' ? '2' : '1')}
              >
                <option value="1">{m.t(lang, 'search.method.1')}</option>
                <option value="2">{m.t(lang, 'search.method.2')}</option>
              </Select>
            </Field>
            {text('lowranklimit', m.t(lang, 'search.lowranklimit'), { hint: `${LOWRANKLIMIT_HINT} · lowranklimit` })}
          </>
        )}
        <RegistryPicker
          value={values.listdata}
          onChange={(v) => set('listdata', v)}
          lang={lang}
          legend={m.t(lang, 'search.registries')}
          error={fieldErrors.listdata}
        />
        {general.length > 0 && (
          <MessageBar intent="error" layout="multiline" data-testid="search-general-errors">
            <MessageBarBody>{general.join(' ')}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.row}>
          <Button type="submit" appearance="primary" disabled={running}>
            {m.t(lang, 'search.submit')}
          </Button>
          {running && (
            <>
              <Spinner size="tiny" label={m.t(lang, 'search.running')} />
              <Button onClick={() => abort.current?.abort()}>{m.t(lang, 'search.cancel')}</Button>
            </>
          )}
        </div>
      </form>
      {!folded && (
        <section className={styles.form} data-testid="function-headings">
          <Button
            className={styles.start}
            appearance="subtle"
            aria-expanded={functionsOpen}
            onClick={() => setFunctionsOpen((v) => !v)}
          >
            {m.t(lang, 'functions.title')}
          </Button>
          {functionsOpen && (
            <LoadBoundary lang={lang}>
              <Suspense fallback={<Spinner size="tiny" />}>
                <FunctionHeadings services={services} settings={settings} lang={lang} />
              </Suspense>
            </LoadBoundary>
          )}
        </section>
      )}
      {failure && (
        <MessageBar intent="error" layout="multiline" data-testid="search-failure">
          <MessageBarBody>
            <MessageBarTitle>{m.t(lang, 'search.failed')}</MessageBarTitle>
            {failure}
          </MessageBarBody>
        </MessageBar>
      )}
      {shown?.answer.fromCache && (
        <div className={styles.row} data-testid="search-fresh">
          <Button onClick={askAgain} disabled={running}>
            {m.t(lang, 'search.fresh')}
          </Button>
          <Text size={200} className={styles.hint}>
            {m.t(lang, 'search.freshHint')}
          </Text>
        </div>
      )}
      {shown && (
        <LoadBoundary lang={lang}>
          <Suspense fallback={<Spinner size="small" label={m.t(lang, 'app.partLoading')} />}>
            <ResultsView
              result={shown.answer}
              summary={shown.answer.summary}
              mode={shown.mode}
              lang={lang}
              onInsert={insert}
              query={shown.query}
              relay={shown.relay}
              subject={shown.subject}
              onEvidenceSheet={() => writeEvidence(services, shown, settings, lang)}
            />
          </Suspense>
        </LoadBoundary>
      )}
    </div>
  );
}
