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
import { useId } from 'react';
import {
  COLUMN_ROLES,
  columnLetter,
  describeMappingProblem,
  headerText,
  roleLabel,
  type ColumnRole,
} from '../../bulk/columns';
import { bulkMessages as b } from '../../bulk/messages';
import { phaseText, progressLines } from '../../bulk/progress-text';
import { describeWorkbookError as describeError } from '../../excel/errors';
import type { Lang } from '../../core/text/i18n';
import type { Listdata } from '../../core/protocol/listdata';
import { RegistryPicker } from '../search/RegistryPicker';
import type { TaskpaneServices } from '../shell/services';
import { ScreenAgainButton } from './screen-again';
import { OutcomeBar } from './outcome-bar';
import { PendingApprovals } from './pending-approvals';
import { SaveDecisions } from './save-decisions';
import { RowCertificate } from './row-certificate';
import { NameNotes } from './name-notes';
import { HiddenRowsChoice } from './hidden-rows';
import { useBulk } from './use-bulk';

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

const NONE = 'none';

/**
 * Screening a whole list: read the selection, confirm which column is what, pick registries
 * for this run, start; progress, cancel and resume. The work itself is src/bulk's engine
 * writing through src/excel; this component only collects choices and shows progress.
 */
export function BulkPanel({ lang, services }: BulkPanelProps) {
  const styles = useStyles();
  const ids = { mapping: useId(), options: useId(), search: useId() };
  const bulk = useBulk(services, lang);
  const { input, mapping, listdata, search, lowranklimit, settings, modeLabel, progress, outcome, resumable } =
    bulk.state;
  const { running, reading, choices, problems, canStart, readInput, start, resume, screenAgain, discard } = bulk;
  const choiceErrors = choices.ok ? null : choices.errors;
  const readError = bulk.state.readError === null ? null : describeError(bulk.state.readError)[lang];
  const setListdata = (value: Listdata) => bulk.dispatch({ type: 'choose', listdata: value });

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
      {input && input.aboveHeader > 0 && (
        <Text size={200} data-testid="bulk-above-header">
          {b.t(lang, 'panel.aboveHeader', { row: input.rect.rowIndex + 1, count: input.aboveHeader })}
        </Text>
      )}
      {input && (
        <HiddenRowsChoice
          input={input}
          lang={lang}
          leaveOut={bulk.state.leaveOutHidden}
          disabled={running}
          onChange={(leaveOutHidden) => bulk.dispatch({ type: 'choose', leaveOutHidden })}
        />
      )}
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
                  const column = value === undefined || value === NONE ? null : Number(value);
                  bulk.dispatch({ type: 'map', role, column });
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
              onChange={(_, d) => bulk.dispatch({ type: 'choose', search: d.value === '2' ? 2 : 1 })}
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
              onChange={(_, d) => bulk.dispatch({ type: 'choose', lowranklimit: d.value })}
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
          services={services}
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
        {settings.connection === 'relay' && (
          <RowCertificate services={services} lang={lang} disabled={running || reading} />
        )}
        {running && (
          <Button onClick={bulk.cancel} data-testid="bulk-cancel">
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

      {settings.connection === 'relay' && <PendingApprovals services={services} lang={lang} />}
    </div>
  );
}
