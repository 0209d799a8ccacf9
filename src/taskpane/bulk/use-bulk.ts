import { useCallback, useEffect, useReducer, useRef } from 'react';
import { relayAnalystOf } from './relay-analyst';
import type { BulkProgress } from '../../bulk';
import { checkMapping, recogniseColumns } from '../../bulk/columns';
import { ALL_LISTS } from '../../core/protocol/listdata';
import { listdataFrom } from '../../core/request/run-options';
import type { Lang } from '../../core/text/i18n';
import { describeWorkbookError as describeError } from '../../excel/errors';
import type { WorkbookRun } from '../../excel/bulk/bulk-run';
import type { TaskpaneServices } from '../shell/services';
import { bulkService } from './bulk-ask';
import { checkBulkChoices } from './bulk-choices';
import { bulkPanelReducer, initialBulkPanelState } from './bulk-panel-state';
import { startScreenAgain } from './screen-again';
import { useScreenSelectionRequests } from './screen-request';

const TUNING = { chunkRows: 500, flushIntervalMs: 2000 };

/**
 * The bulk panel's state and what can be done to it: read the selection, start, follow, cancel,
 * resume, discard and screen again. The work is src/bulk's engine writing through src/excel;
 * BulkPanel only renders this.
 */
export function useBulk(services: TaskpaneServices, lang: Lang) {
  const [state, dispatch] = useReducer(bulkPanelReducer, initialBulkPanelState);
  const run = useRef<WorkbookRun | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // Nothing reaches a panel that has closed: the run itself goes on and is resumable.
  const send: typeof dispatch = useCallback((action) => {
    if (mounted.current) dispatch(action);
  }, []);

  const refreshResumable = useCallback(async () => {
    const runs = await services.bulk.resumableRuns().catch(() => []);
    send({ type: 'resumable', listing: runs[0] ?? null });
  }, [services, send]);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const loaded = await services.settings.load();
        if (!live) return;
        // A saved value core refuses starts the picker at "every list"; the settings tab reports it.
        const saved = listdataFrom(loaded.settings);
        dispatch({
          type: 'settings',
          settings: loaded.settings,
          listdata: saved.ok ? (saved.value ?? ALL_LISTS) : ALL_LISTS,
        });
        const connection = await services.connect();
        if (live) dispatch({ type: 'modeLabel', label: connection.label[lang] });
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
    send({ type: 'reading' });
    try {
      const read = await services.bulk.readSelection();
      send({ type: 'read', input: read, mapping: recogniseColumns(read.headers) });
    } catch (error) {
      send({ type: 'readFailed', error });
    }
  }, [services, send]);

  useScreenSelectionRequests(
    useCallback(() => {
      if (!run.current) void readInput();
    }, [readInput]),
  );

  const { input, mapping, work } = state;
  const running = work.kind === 'running';
  const reading = work.kind === 'reading';
  const choices = checkBulkChoices(state.settings, state);
  const problems = input ? checkMapping(mapping, input.headers.length) : [];
  const canStart = !!input && problems.length === 0 && choices.ok && !running && !reading;
  const onProgress = (progress: BulkProgress) => send({ type: 'progress', progress });

  const failed = (error: unknown) =>
    send({ type: 'ended', outcome: { kind: 'error', text: describeError(error)[lang] } });
  const follow = async (started: WorkbookRun) => {
    run.current = started;
    send({ type: 'running' });
    try {
      const report = await started.done;
      send({ type: 'ended', outcome: { kind: 'report', report, sheet: report.output.resultsSheet ?? '' } });
    } catch (error) {
      failed(error);
    } finally {
      run.current = null;
      await refreshResumable();
    }
  };

  return {
    state,
    running,
    reading,
    choices,
    problems,
    canStart,
    dispatch,
    readInput,
    cancel: () => run.current?.cancel(),
    start: async () => {
      if (!input || !canStart || !choices.ok) return;
      dispatch({ type: 'starting' });
      try {
        const service = await bulkService(services);
        const analyst = await relayAnalystOf(services);
        const started = await services.bulk.start(
          {
            input,
            mapping,
            analyst,
            leaveOutHidden: state.leaveOutHidden,
            options: { ...choices.options, idUserPC: service.connection.settings.idUserPC },
            lang,
            mode: service.connection.mode,
            modeLabel: service.connection.label,
            tuning: { ...TUNING, concurrency: service.concurrency },
          },
          { ask: service.ask, onProgress },
        );
        await follow(started);
      } catch (error) {
        failed(error);
      }
    },
    resume: async (runId: string) => {
      dispatch({ type: 'starting' });
      try {
        const service = await bulkService(services);
        // The person chose to go on: an account stop earlier in this session no longer blocks sending.
        service.allowSending();
        const resumed = await services.bulk.resume(
          runId,
          { ask: service.ask, mode: service.connection.mode, modeLabel: service.connection.label, onProgress },
          { ...TUNING, concurrency: service.concurrency },
        );
        if (resumed) await follow(resumed);
        else await refreshResumable();
      } catch (error) {
        failed(error);
      }
    },
    screenAgain: async () => {
      dispatch({ type: 'starting' });
      try {
        if (!choices.ok) return;
        const { listdata, search, lowranklimit } = choices.options;
        const options = { listdata, search, lowranklimit, lang, tuning: TUNING };
        await follow(await startScreenAgain(services, options, onProgress));
      } catch (error) {
        failed(error);
      }
    },
    discard: async (runId: string) => {
      try {
        await services.bulk.discard(runId);
      } finally {
        await refreshResumable();
      }
    },
  };
}
