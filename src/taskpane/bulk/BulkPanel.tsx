import {
  Button,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  ProgressBar,
  Select,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  COLUMN_ROLES,
  checkMapping,
  columnLetter,
  describeMappingProblem,
  headerText,
  recogniseColumns,
  roleLabel,
  type ColumnMapping,
  type ColumnRole,
} from '../../bulk/columns';
import type { BulkProgress } from '../../bulk';
import { bulkMessages as b } from '../../bulk/messages';
import { phaseText, progressLines } from '../../bulk/progress-text';
import type { RunListing } from '../../bulk/state';
import { describeWorkbookError as describeError } from '../../excel/errors';
import type { Lang } from '../../core/text/i18n';
import { ALL_LISTS, type Listdata } from '../../core/protocol/listdata';
import { listdataFrom } from '../../core/request/run-options';
import { DEFAULT_SETTINGS, type Settings } from '../../core/settings/settings';
import { readSelectionInput, type SheetInput } from '../../excel/bulk/bulk-input';
import { resumableRuns, resumeWorkbookRun, startWorkbookRun, type WorkbookRun } from '../../excel/bulk/bulk-run';
import { workbookRunStateStore } from '../../excel/bulk/bulk-state';
import { RegistryPicker } from '../search/RegistryPicker';
import type { TaskpaneServices } from '../shell/services';
import { bulkService } from './bulk-ask';
import { checkBulkChoices } from './bulk-choices';
import { ScreenAgainButton, startScreenAgain } from './screen-again';
import { OutcomeBar, type Outcome } from './outcome-bar';
import { useScreenSelectionRequests } from './screen-request';
import { SaveDecisions } from './save-decisions';
import { NameNotes } from './name-notes';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  dropdown: { minWidth: 0, width: '100%' },
  mono: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  lines: { display: 'flex', flexDirection: 'column' },
});

export interface BulkPanelProps {
  lang: Lang;
  services: TaskpaneServices;
}

const TUNING = { chunkRows: 500, flushIntervalMs: 2000 };
const NONE = 'none';

/**
 * Screening a whole list: read the selection, confirm which column is what, pick registries
 * for this run, start; progress, cancel and resume. The work itself is src/bulk's engine
 * writing through src/excel; this component only collects choices and shows progress.
 */
export function BulkPanel({ lang, services }: BulkPanelProps) {
  const styles = useStyles();
  const ids = { mapping: useId(), options: useId(), search: useId() };
  const [input, setInput] = useState<SheetInput | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [listdata, setListdata] = useState<Listdata>(ALL_LISTS);
  const [search, setSearch] = useState<1 | 2>(1);
  const [lowranklimit, setLowranklimit] = useState('0');
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  const [modeLabel, setModeLabel] = useState<string>('');
  const [reading, setReading] = useState(false);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [resumable, setResumable] = useState<RunListing | null>(null);
  const run = useRef<WorkbookRun | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refreshResumable = useCallback(async () => {
    try {
      const runs = await resumableRuns();
      if (mounted.current) setResumable(runs[0] ?? null);
    } catch {
      if (mounted.current) setResumable(null);
    }
  }, []);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const loaded = await services.settings.load();
        if (!live) return;
        setSettings(loaded.settings);
        // A saved value core refuses starts the picker at "every list"; the settings tab reports it.
        const saved = listdataFrom(loaded.settings);
        setListdata(saved.ok ? (saved.value ?? ALL_LISTS) : ALL_LISTS);
        setSearch(loaded.settings.search);
        setLowranklimit(String(loaded.settings.lowranklimit));
        const connection = await services.connect();
        if (live) setModeLabel(connection.label[lang]);
      } catch {
        // Defaults stay; the settings tab reports what is wrong with the settings.
      }
    })();
    void refreshResumable();
    return () => {
      live = false;
    };
  }, [services, lang, refreshResumable]);

  const readInput = useCallback(async () => {
    setReading(true);
    setReadError(null);
    setOutcome(null);
    try {
      const read = await readSelectionInput();
      if (!mounted.current) return;
      setInput(read);
      setMapping(recogniseColumns(read.headers));
    } catch (error) {
      if (mounted.current) setReadError(describeError(error)[lang]);
    } finally {
      if (mounted.current) setReading(false);
    }
  }, [lang]);

  useScreenSelectionRequests(
    useCallback(() => {
      if (!run.current) void readInput();
    }, [readInput]),
  );

  const choices = checkBulkChoices(settings, { listdata, search, lowranklimit });
  const choiceErrors = choices.ok ? null : choices.errors;
  const problems = input ? checkMapping(mapping, input.headers.length) : [];
  const canStart = !!input && problems.length === 0 && choices.ok && !running && !reading;

  const follow = async (started: WorkbookRun) => {
    run.current = started;
    setRunning(true);
    try {
      const report = await started.done;
      if (mounted.current) setOutcome({ kind: 'report', report, sheet: report.output.resultsSheet ?? '' });
    } catch (error) {
      if (mounted.current) setOutcome({ kind: 'error', text: describeError(error)[lang] });
    } finally {
      run.current = null;
      if (mounted.current) setRunning(false);
      await refreshResumable();
    }
  };

  const start = async () => {
    if (!input || !canStart || !choices.ok) return;
    setOutcome(null);
    setProgress(null);
    try {
      const service = await bulkService(services);
      const started = await startWorkbookRun(
        {
          input,
          mapping,
          options: { ...choices.options, idUserPC: service.connection.settings.idUserPC },
          lang,
          mode: service.connection.mode,
          modeLabel: service.connection.label,
          tuning: { ...TUNING, concurrency: service.concurrency },
        },
        { ask: service.ask, onProgress: (p) => mounted.current && setProgress(p) },
      );
      await follow(started);
    } catch (error) {
      setOutcome({ kind: 'error', text: describeError(error)[lang] });
    }
  };

  const resume = async (runId: string) => {
    setOutcome(null);
    setProgress(null);
    try {
      const service = await bulkService(services);
      // The person chose to go on: an account stop earlier in this session no longer blocks sending.
      service.allowSending();
      const resumed = await resumeWorkbookRun(
        runId,
        {
          ask: service.ask,
          mode: service.connection.mode,
          modeLabel: service.connection.label,
          onProgress: (p) => mounted.current && setProgress(p),
        },
        { ...TUNING, concurrency: service.concurrency },
      );
      if (resumed) await follow(resumed);
      else await refreshResumable();
    } catch (error) {
      setOutcome({ kind: 'error', text: describeError(error)[lang] });
    }
  };

  const screenAgain = async () => {
    setOutcome(null);
    setProgress(null);
    try {
      if (!choices.ok) return;
      const { listdata: chosen, search: mode, lowranklimit: limit } = choices.options;
      const options = { listdata: chosen, search: mode, lowranklimit: limit, lang, tuning: TUNING };
      await follow(await startScreenAgain(services, options, (p) => mounted.current && setProgress(p)));
    } catch (error) {
      setOutcome({ kind: 'error', text: describeError(error)[lang] });
    }
  };

  const discard = async (runId: string) => {
    try {
      await workbookRunStateStore().remove(runId);
    } finally {
      await refreshResumable();
    }
  };

  const roleValue = (role: ColumnRole) => (mapping[role] === undefined ? NONE : String(mapping[role]));
  const optionText = (i: number) => `${columnLetter(i)}: ${input ? headerText(input.headers, i) : ''}`;

  return (
    <div className={styles.root} data-testid="bulk-panel">
      <Text as="h2" weight="semibold" size={400} style={{ margin: 0 }}>
        {b.t(lang, 'panel.title')}
      </Text>
      <Text size={200}>{b.t(lang, 'panel.intro')}</Text>
      {modeLabel && <Text size={200}>{b.t(lang, 'panel.mode', { label: modeLabel })}</Text>}

      {resumable && !running && (
        <MessageBar intent="warning" layout="multiline" data-testid="bulk-resumable">
          <MessageBarBody>
            {b.t(lang, 'panel.resumable', {
              when: new Date(resumable.createdAt).toLocaleString(lang === 'uk' ? 'uk-UA' : 'en-GB'),
              done: resumable.written,
              total: resumable.rowCount,
            })}
          </MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" onClick={() => void resume(resumable.runId)}>
              {b.t(lang, 'panel.resume')}
            </Button>
            <Button onClick={() => void discard(resumable.runId)}>{b.t(lang, 'panel.discard')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      <div className={styles.row}>
        <Button onClick={() => void readInput()} disabled={running || reading}>
          {b.t(lang, 'panel.readSelection')}
        </Button>
        <Text size={200} className={styles.mono} data-testid="bulk-source">
          {input
            ? b.t(lang, 'panel.source', { address: input.source, rows: input.rows.length })
            : b.t(lang, 'panel.noSelection')}
        </Text>
      </div>
      {readError && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{readError}</MessageBarBody>
        </MessageBar>
      )}

      {input && (
        <section className={styles.section} aria-labelledby={ids.mapping}>
          <Text id={ids.mapping} weight="semibold">
            {b.t(lang, 'panel.mapping')}
          </Text>
          {COLUMN_ROLES.map((role) => (
            <Field key={role} label={roleLabel(role, lang)}>
              <Dropdown
                className={styles.dropdown}
                disabled={running}
                data-role={role}
                value={mapping[role] === undefined ? b.t(lang, 'role.none') : optionText(mapping[role])}
                selectedOptions={[roleValue(role)]}
                onOptionSelect={(_, data) => {
                  const value = data.optionValue;
                  setMapping((m) => {
                    const next = { ...m };
                    if (value === undefined || value === NONE) delete next[role];
                    else next[role] = Number(value);
                    return next;
                  });
                }}
              >
                <Option value={NONE}>{b.t(lang, 'role.none')}</Option>
                {input.headers.map((_, i) => (
                  <Option key={i} value={String(i)}>
                    {optionText(i)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          ))}
          {problems.length > 0 && (
            <MessageBar intent="warning" layout="multiline" data-testid="bulk-mapping-problems">
              <MessageBarBody>
                {problems.map((p) => (
                  <div key={`${p.code}-${p.role ?? ''}`}>{describeMappingProblem(p, input.headers, lang)}</div>
                ))}
              </MessageBarBody>
            </MessageBar>
          )}
          <NameNotes input={input} mapping={mapping} lang={lang} />
        </section>
      )}

      {input && (
        <section className={styles.section} aria-labelledby={ids.options}>
          <Text id={ids.options} weight="semibold">
            {b.t(lang, 'panel.options')}
          </Text>
          <RegistryPicker
            value={listdata}
            onChange={setListdata}
            lang={lang}
            legend={b.t(lang, 'panel.registries')}
            error={choiceErrors?.listdata?.[lang]}
            disabled={running}
          />
          <Field label={b.t(lang, 'panel.search')}>
            <Select
              id={ids.search}
              value={String(search)}
              disabled={running}
              onChange={(_, d) => setSearch(d.value === '2' ? 2 : 1)}
            >
              <option value="1">{b.t(lang, 'search.1')}</option>
              <option value="2">{b.t(lang, 'search.2')}</option>
            </Select>
          </Field>
          <Field label={b.t(lang, 'panel.lowranklimit')} validationMessage={choiceErrors?.lowranklimit?.[lang]}>
            <Input
              value={lowranklimit}
              disabled={running}
              inputMode="numeric"
              onChange={(_, d) => setLowranklimit(d.value)}
            />
          </Field>
          {choiceErrors && choiceErrors.general.length > 0 && (
            <MessageBar intent="error" layout="multiline" data-testid="bulk-option-problems">
              <MessageBarBody>
                {choiceErrors.general.map((text) => (
                  <div key={text.en}>{text[lang]}</div>
                ))}
              </MessageBarBody>
            </MessageBar>
          )}
        </section>
      )}

      <div className={styles.row}>
        <Button appearance="primary" disabled={!canStart} onClick={() => void start()}>
          {b.t(lang, 'panel.start')}
        </Button>
        <ScreenAgainButton
          lang={lang}
          disabled={running || reading || !choices.ok}
          onClick={() => void screenAgain()}
        />
        {settings.connection === 'relay' && (
          <SaveDecisions
            services={services}
            lang={lang}
            disabled={running || reading}
            options={choices.ok ? choices.options : null}
          />
        )}
        {running && (
          <Button onClick={() => run.current?.cancel()} data-testid="bulk-cancel">
            {b.t(lang, 'panel.cancel')}
          </Button>
        )}
      </div>

      {progress && (running || outcome) && (
        <Field label={phaseText(progress.phase, lang)} data-testid="bulk-progress">
          <ProgressBar value={progress.rowsTotal > 0 ? progress.rowsDone / progress.rowsTotal : 0} thickness="large" />
          <div className={styles.lines}>
            {progressLines(progress, lang).map((line) => (
              <Text key={line} size={200}>
                {line}
              </Text>
            ))}
          </div>
        </Field>
      )}

      {outcome && <OutcomeBar outcome={outcome} lang={lang} />}
    </div>
  );
}
