import { Button, Field, Input, Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { memo, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { describeError } from '../../core/protocol/errors';
import type { Lang } from '../../core/text/i18n';
import { lowranklimitSchema, rangeHint } from '../../core/query';
import type { Settings } from '../../core/settings/settings';
import { taskpaneMessages as m } from '../shell/messages';
import { RegistryPicker } from './RegistryPicker';
import { errorsByField, type SearchFormValues, type SearchTextField as TextField } from './search-form';
import type { TaskpaneServices } from '../shell/services';
import { LoadBoundary } from '../shell/LoadBoundary';
import { functionHeadings, resultsView } from '../shell/lazy-parts';
import { useSearch } from './use-search';

/**
 * The result renderers of all 18 registries and their field labels load with the first answer;
 * the request starts on submit, so the chunk arrives while the service is still answering.
 */
// Memoised: the form's keystrokes re-render the panel, and an answer can hold hundreds of hits.
const ResultsView = memo(resultsView.Component);
const FunctionHeadings = functionHeadings.Component;

const LOWRANKLIMIT_HINT = rangeHint(lowranklimitSchema);

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL, minWidth: 0 },
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
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

/**
 * One subject looked up in depth: every search attribute, then the whole answer. The search goes
 * through the scheduler the worksheet functions and bulk runs use, so a subject already screened
 * is answered from the shared cache instead of costing a second request.
 */
export function SearchPanel({ services, settings, lang }: SearchPanelProps) {
  const styles = useStyles();
  const search = useSearch(services, settings, lang);
  const { values, outcome, folded } = search.state;
  const { asking: running, shown, edit: set } = search;
  const [functionsOpen, setFunctionsOpen] = useState(false);
  // The service's tuning knobs stay out of the way until asked for, or until one of them is wrong.
  const [advancedOpen, setAdvancedOpen] = useState(false);
  // Worded at each render: a language switch re-words the refusal or the failure shown.
  const { fields: fieldErrors, general } = errorsByField(outcome.kind === 'refused' ? outcome.errors : [], lang);
  const failure =
    outcome.kind === 'failed'
      ? describeError(outcome.error)[lang]
      : outcome.kind === 'cancelled'
        ? m.t(lang, 'search.cancelled')
        : null;
  const advancedShown = advancedOpen || Boolean(fieldErrors.search || fieldErrors.lowranklimit);
  // "Change the search" takes the reader into the form it brings back.
  const form = useRef<HTMLFormElement>(null);
  const focusForm = useRef(false);
  useEffect(() => {
    if (folded || !focusForm.current) return;
    focusForm.current = false;
    form.current?.querySelector('input')?.focus();
  }, [folded]);
  const unfold = () => {
    focusForm.current = true;
    search.unfold();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search.submit();
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
          {running && (
            <>
              <Spinner size="tiny" label={m.t(lang, 'search.running')} />
              <Button onClick={search.cancel}>{m.t(lang, 'search.cancel')}</Button>
            </>
          )}
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
              <Button onClick={search.cancel}>{m.t(lang, 'search.cancel')}</Button>
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
      {shown && (
        <LoadBoundary lang={lang}>
          <Suspense fallback={<Spinner size="small" label={m.t(lang, 'app.partLoading')} />}>
            <ResultsView
              result={shown.answer}
              summary={shown.answer.summary}
              mode={shown.mode}
              service={shown.service}
              lang={lang}
              onInsert={search.actions?.insert}
              query={shown.query}
              relay={shown.relay}
              subject={shown.subject}
              onEvidenceSheet={search.actions?.evidence}
              onAskAgain={search.actions?.askAgain}
            />
          </Suspense>
        </LoadBoundary>
      )}
    </div>
  );
}
