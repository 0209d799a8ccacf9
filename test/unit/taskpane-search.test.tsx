import '../support/ui-setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coreMessages } from '../../src/core/text/messages';
import type { Lang } from '../../src/core/text/i18n';
import { listdataForRegistries, registriesOf } from '../../src/core/protocol/listdata';
import { functionHeadings } from '../../src/core/answer/function-headings';
import { subjectKey, validateQuery } from '../../src/core/query';
import { DEFAULT_SETTINGS, type Settings } from '../../src/core/settings/settings';
import type { Transport, TransportRequest, TransportResponse } from '../../src/core/request/transport';
import { FRESH_HEADER } from '../../src/core/request/client';
import { taskpaneMessages as m } from '../../src/taskpane/shell/messages';
import { resultsMessages as resultsText } from '../../src/taskpane/results/results-messages';
import { formatReceivedAt } from '../../src/taskpane/results/ResultsView';
import { runtimeFor } from '../../src/taskpane/shell/pane-runtime';
import { SearchPanel } from '../../src/taskpane/search/SearchPanel';
import type { InsertOutcome, TaskpaneServices } from '../../src/taskpane/shell/services';
import { queryInputFrom, searchFormDefaults } from '../../src/taskpane/search/search-form';
import { verdictText } from '../../src/core/answer/summary';
import { KNOWN } from '../../src/sandbox';
import { connect } from '../../src/shared-runtime/connection';
import { startSharedRuntime } from '../../src/shared-runtime/runtime';
import { excelMessages } from '../../src/excel/messages';
import { fakeConnect, fakeServices, json, scriptedTransport, type FakeServices } from '../support/taskpane-fakes';
import { fixtureJson } from '../support/fixtures';
import { loadAllParts } from '../../src/taskpane/shell/lazy-parts';

// The pane's on-demand parts (lazy-parts.ts) load once up front, not inside a findBy timeout.
beforeAll(() => loadAllParts(), 60_000);

// No delay between keystrokes: the machine is shared and timers would make these tests slow, not truer.
const user = userEvent.setup({ delay: null });

// Called once each time the answer's view draws: counted to show the form's keystrokes don't redraw it.
jest.mock('../../src/core/answer/summary', () => {
  const actual = jest.requireActual<typeof import('../../src/core/answer/summary')>('../../src/core/answer/summary');
  return { ...actual, verdictText: jest.fn(actual.verdictText) };
});
const answerDrawn = () => jest.mocked(verdictText).mock.calls.length;

/**
 * Puts text in a field as one paste: the panel re-renders once instead of once per key, which was
 * most of this suite's time. A trailing {Enter} then submits, as a person pressing Enter does.
 */
async function enter(el: HTMLElement, text: string) {
  const submit = text.endsWith('{Enter}');
  await user.click(el);
  await user.paste(submit ? text.slice(0, -'{Enter}'.length) : text);
  if (submit) await user.keyboard('{Enter}');
}
jest.setTimeout(20_000);

/** An answer folds the form away: the analyst brings it back to search again. */
async function unfold(lang: Lang = 'en') {
  await user.click(screen.getByRole('button', { name: m.t(lang, 'search.unfold') }));
}

const LIVE: Settings = {
  ...DEFAULT_SETTINGS,
  primaryUrl: 'https://primary.example',
  idSubjectFM: 'S1',
  idUserPC: 'PC-7',
};

/** Services whose store holds the given settings, and a tokken when the mode is live. */
async function savedServices(
  transport: Transport,
  settings: Settings,
  mode: 'live' | 'sandbox',
): Promise<FakeServices> {
  const services = fakeServices({ transport });
  await services.settings.save(settings);
  if (mode === 'live') await services.settings.saveTokken('secret');
  return services;
}

function renderPanel(services: TaskpaneServices, settings: Settings, lang: Lang) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <SearchPanel services={services} settings={settings} lang={lang} />
    </FluentProvider>,
  );
}

async function renderSearch(
  options: { transport?: Transport; lang?: Lang; mode?: 'live' | 'sandbox'; settings?: Settings } = {},
) {
  const transport = options.transport ?? scriptedTransport(json(200, fixtureJson('post-all-registries.json')));
  const settings = options.settings ?? LIVE;
  const services = await savedServices(transport, settings, options.mode ?? 'live');
  const lang = options.lang ?? 'en';
  renderPanel(services, settings, lang);
  return { transport: transport as ReturnType<typeof scriptedTransport>, services, lang };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('worksheet functions’ headings in the pane (issue 31, item 10)', () => {
  it('names the cells each function fills and writes their headings at the active cell; SCREEN’s follow the saved registries', async () => {
    const settings: Settings = { ...LIVE, registries: 'peps, lostdocs, edr' };
    const services = await savedServices(scriptedTransport(json(200, {})), settings, 'live');
    renderPanel(services, settings, 'uk');
    const section = within(screen.getByTestId('function-headings'));
    await user.click(section.getByRole('button', { name: m.t('uk', 'functions.title') }));
    const pep = functionHeadings('PEP', 'uk', listdataForRegistries(['peps']));
    expect(pep).toEqual(['ПЕП: рівень', 'ПЕП: найкращий збіг, %', 'ПЕП: збігів']);
    expect(
      screen.getByText(resultsText.t('uk', 'functions.spills', { count: 3, headings: pep.join(' · ') })),
    ).toBeVisible();
    expect(screen.getByText('3 клітинки: ' + pep.join(' · '))).toBeVisible();
    await user.click(
      section.getByRole('button', { name: resultsText.t('uk', 'functions.insertHeadings', { function: 'PEP' }) }),
    );
    await user.click(
      section.getByRole('button', { name: resultsText.t('uk', 'functions.insertHeadings', { function: 'SCREEN' }) }),
    );
    expect(services.inserted.map((rows) => rows.map((r) => [...r]))).toEqual([
      [pep],
      [['ПЕП', 'Втрачені док.', 'ЄДР']],
    ]);
    // SCREEN's headings are REGISTRIES' answer for the same registries: one home for both.
    expect(functionHeadings('SCREEN', 'uk', listdataForRegistries(['peps', 'lostdocs', 'edr']))).toEqual([
      'ПЕП',
      'Втрачені док.',
      'ЄДР',
    ]);
  });
});

describe('SearchPanel form', () => {
  it.each<Lang>(['en', 'uk'])(
    'shows the core validator’s message inline on each wrong field and sends nothing (%s)',
    async (lang) => {
      const { transport } = await renderSearch({ lang });
      const typed = { namelat: 'Петро Коваль', ipn: '12345', date: '31.02.2020', doc: 'XYZ', lowranklimit: '150' };
      await enter(field(m.t(lang, 'search.namelat')), typed.namelat);
      await enter(field(m.t(lang, 'search.ipn')), typed.ipn);
      await enter(field(m.t(lang, 'search.date')), typed.date);
      await enter(field(m.t(lang, 'search.doc')), typed.doc);
      // The lowest match sits with the search method, folded until asked for.
      expect(screen.queryByLabelText(m.t(lang, 'search.lowranklimit'))).toBeNull();
      await user.click(screen.getByRole('button', { name: m.t(lang, 'search.advanced') }));
      await user.clear(field(m.t(lang, 'search.lowranklimit')));
      await enter(field(m.t(lang, 'search.lowranklimit')), typed.lowranklimit);
      await user.click(screen.getByRole('button', { name: m.t(lang, 'search.submit') }));

      const expected = validateQuery(queryInputFrom({ ...searchFormDefaults(LIVE), ...typed }, LIVE));
      expect(expected.ok).toBe(false);
      if (expected.ok) return;
      const labels: Record<string, string> = {
        namelat: m.t(lang, 'search.namelat'),
        ipn: m.t(lang, 'search.ipn'),
        date: m.t(lang, 'search.date'),
        doc: m.t(lang, 'search.doc'),
        lowranklimit: m.t(lang, 'search.lowranklimit'),
      };
      expect(new Set(expected.errors.map((e) => e.field))).toEqual(new Set(Object.keys(labels)));
      for (const e of expected.errors) {
        expect(field(labels[e.field])).toHaveAccessibleDescription(expect.stringContaining(e.message[lang]));
        expect(field(labels[e.field])).toHaveAttribute('aria-invalid', 'true');
      }
      expect(transport.requests).toHaveLength(0);
    },
  );

  it('says what is missing when no subject is given', async () => {
    const { transport } = await renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('search-general-errors')).toHaveTextContent(
      coreMessages.t('en', 'field.required.subject'),
    );
    expect(transport.requests).toHaveLength(0);
  });

  it('submits on Enter and sends the attributes as typed, normalised by the core', async () => {
    const { transport } = await renderSearch();
    await enter(field('Date of birth'), '12.04.1968');
    await enter(field('Name (surname first name patronymic) or organisation'), 'Коваленко  Олександр Петрович{Enter}');
    await screen.findByTestId('results');
    expect(transport.requests).toHaveLength(1);
    const body = JSON.parse(transport.requests[0].body ?? '{}') as Record<string, unknown>;
    // Default registries of the settings: -1, every list the account allows.
    expect(body).toEqual(
      expect.objectContaining({
        name: 'Коваленко Олександр Петрович',
        date: '1968-04-12',
        search: 1,
        IDuserPC: 'PC-7',
        listdata: -1,
      }),
    );
    // A name in one alphabet has nothing to correct.
    expect(screen.queryByTestId('mixed-scripts')).toBeNull();
  });

  it('sends the registries chosen in the picker as listdata', async () => {
    const { transport } = await renderSearch();
    await user.click(screen.getByRole('checkbox', { name: /Every list the account allows/ }));
    for (const group of ['Sanctions lists', 'Documents', 'Company register', 'Courts and enforcement', 'Other']) {
      await user.click(screen.getByRole('checkbox', { name: new RegExp(`^${group}`) }));
    }
    // Only the PEP group is left: bits 9-12.
    expect(screen.getByTestId('listdata-value')).toHaveTextContent(`listdata = ${512 + 1024 + 2048 + 4096}`);
    await enter(field('Tax number (RNOKPP) or company code (EDRPOU)'), '41234567{Enter}');
    await screen.findByTestId('results');
    expect(JSON.parse(transport.requests[0].body ?? '{}')).toEqual(
      expect.objectContaining({ ipn: '41234567', listdata: 7680 }),
    );
  });
});

describe('SearchPanel results', () => {
  it('shows the answer with the sandbox banner in sandbox mode', async () => {
    await renderSearch({ mode: 'sandbox' });
    await enter(field('Name (surname first name patronymic) or organisation'), 'Коваленко{Enter}');
    const results = await screen.findByTestId('results');
    expect(within(results).getByTestId('sandbox-banner')).toBeInTheDocument();
    expect(results.querySelectorAll('section[data-registry]').length).toBe(18);
  });

  it('takes the reader to a new answer: focus and scroll move to its start, where the verdict is', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      await renderSearch({ mode: 'sandbox' });
      await enter(field('Name (surname first name patronymic) or organisation'), 'Коваленко{Enter}');
      const results = await screen.findByRole('region', { name: 'Search answer' });
      await waitFor(() => expect(document.activeElement).toBe(results));
      expect(scrolled).toEqual([results]);
      expect(within(results).getByTestId('subject-line')).toHaveTextContent('Коваленко');
    } finally {
      Element.prototype.scrollIntoView = scrollIntoView;
    }
  });

  it('folds the form away under an answer; "Change the search" brings it back as typed (issue 31, item 4)', async () => {
    await renderSearch({ mode: 'sandbox' });
    await enter(field('Date of birth'), '12.04.1967');
    await enter(field('Name (surname first name patronymic) or organisation'), 'Коваленко{Enter}');
    await screen.findByTestId('results');
    expect(screen.queryByRole('form', { name: 'Search' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Name \(surname/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: m.t('en', 'search.unfold') }));
    const name = screen.getByRole('textbox', { name: /Name \(surname/ });
    expect(document.activeElement).toBe(name);
    expect(name).toHaveValue('Коваленко');
    expect(field('Date of birth')).toHaveValue('12.04.1967');
    expect(screen.queryByRole('button', { name: m.t('en', 'search.unfold') })).toBeNull();
    // An invalid search leaves the form open, its error beside the field, and no answer below.
    await user.clear(field('Date of birth'));
    await enter(field('Date of birth'), '31.02.1967{Enter}');
    expect(screen.queryByTestId('results')).toBeNull();
    expect(screen.getByRole('textbox', { name: /Date of birth/ })).toBeVisible();
  });

  it('writes the summary at the active cell through the excel facade', async () => {
    const inserted: unknown[][][] = [];
    const transport = scriptedTransport(json(200, fixtureJson('quirk-registry-errors.json')));
    const services = await savedServices(transport, LIVE, 'live');
    const excel = {
      insertAtActiveCell: async (rows: readonly (readonly unknown[])[]) => {
        inserted.push(rows.map((r) => [...r]));
        return { written: true as const, address: 'Sheet1!C3:D20' };
      },
    };
    renderPanel({ ...services, excel: { ...services.excel, ...excel } }, LIVE, 'en');
    await enter(field('Name (surname first name patronymic) or organisation'), '=HYPERLINK("x") Петро{Enter}');
    await screen.findByTestId('results');
    await user.click(screen.getByRole('button', { name: 'Insert into sheet' }));
    expect(await screen.findByText('Written to Sheet1!C3:D20.')).toBeInTheDocument();
    expect(inserted).toHaveLength(1);
    const rows = new Map(inserted[0].map((r) => [r[0], r[1]]));
    // The subject goes as the text typed; the Excel side is what keeps "=" from becoming a formula.
    expect(rows.get('Subject')).toBe('=HYPERLINK("x") Петро');
    expect(rows.get('CheckLists verdict')).toBe(verdictText('incomplete', 'en'));
    expect(rows.get('Politically exposed persons (PEP)')).toBe(coreMessages.t('en', 'registry.error.9000'));
    expect(rows.get('Lost documents')).toBe(0);
    expect(rows.get('Served by')).toBe('https://primary.example');
    expect(rows.get('Request id')).toBe(fixtureJson('quirk-registry-errors.json').idrequest);
  });

  it('asks before it overwrites cells in use, and writes one row of values beside a client (issue 31, item 7)', async () => {
    const calls: { rows: unknown[][]; overwrite: boolean }[] = [];
    const transport = scriptedTransport(json(200, fixtureJson('post-all-registries.json')));
    const services = await savedServices(transport, LIVE, 'live');
    const excel = {
      insertAtActiveCell: async (rows: readonly (readonly unknown[])[], options: { overwrite?: boolean } = {}) => {
        calls.push({ rows: rows.map((r) => [...r]), overwrite: options.overwrite === true });
        const address = rows.length === 1 ? 'Sheet1!E5:AD5' : 'Sheet1!E5:F30';
        return options.overwrite ? { written: true as const, address } : { written: false as const, address, inUse: 3 };
      },
    };
    renderPanel({ ...services, excel: { ...services.excel, ...excel } }, LIVE, 'uk');
    await enter(field(m.t('uk', 'search.name')), 'Петро{Enter}');
    await screen.findByTestId('results');
    await user.selectOptions(
      screen.getByRole('combobox', { name: resultsText.t('uk', 'insert.layout') }),
      resultsText.t('uk', 'insert.layout.row'),
    );
    await user.click(screen.getByRole('button', { name: resultsText.t('uk', 'results.insert') }));
    // Nothing written yet: the cells hold data, and the pane says so before anything is replaced.
    const warning = await screen.findByTestId('insert-in-use');
    expect(warning).toHaveTextContent(resultsText.t('uk', 'insert.inUse', { address: 'Sheet1!E5:AD5', count: 3 }));
    expect(calls.map((c) => c.overwrite)).toEqual([false]);
    // One row of values, across: the block's second column, in the block's order.
    expect(calls[0].rows).toHaveLength(1);
    expect(calls[0].rows[0].slice(0, 2)).toEqual(['Петро', verdictText('high', 'uk')]);
    expect(calls[0].rows[0]).not.toContain(resultsText.t('uk', 'sheet.subject'));
    await user.click(within(warning).getByRole('button', { name: resultsText.t('uk', 'insert.keep') }));
    expect(screen.queryByTestId('insert-in-use')).toBeNull();
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: resultsText.t('uk', 'results.insert') }));
    await user.click(
      within(await screen.findByTestId('insert-in-use')).getByRole('button', {
        name: resultsText.t('uk', 'insert.overwrite'),
      }),
    );
    expect(
      await screen.findByText(resultsText.t('uk', 'results.inserted', { address: 'Sheet1!E5:AD5' })),
    ).toBeInTheDocument();
    expect(calls.map((c) => c.overwrite)).toEqual([false, false, true]);
    expect(calls[2].rows).toEqual(calls[0].rows);
  });

  it('words an Office error from "Insert into sheet" in the pane’s language, not Excel’s raw text', async () => {
    const transport = scriptedTransport(json(200, fixtureJson('post-all-registries.json')));
    const services = await savedServices(transport, LIVE, 'live');
    const excel = {
      insertAtActiveCell: async (): Promise<InsertOutcome> => {
        throw Object.assign(new Error('The request cannot be processed in cell-editing mode.'), {
          code: 'InvalidOperationInCellEditMode',
        });
      },
    };
    renderPanel({ ...services, excel: { ...services.excel, ...excel } }, LIVE, 'uk');
    await enter(field(m.t('uk', 'search.name')), 'Петро{Enter}');
    await screen.findByTestId('results');
    await user.click(screen.getByRole('button', { name: resultsText.t('uk', 'results.insert') }));
    const expected = resultsText.t('uk', 'results.insertFailed', {
      message: excelMessages.t('uk', 'excel.error.cellEdit'),
    });
    expect(await screen.findByText(expected)).toHaveAttribute('data-intent', 'error');
  });

  it('reports an account error in the core’s words and keeps the form', async () => {
    await renderSearch({ transport: scriptedTransport(json(403, { error: 11, message: 'quota' })), lang: 'uk' });
    await enter(field(m.t('uk', 'search.name')), 'Петро{Enter}');
    expect(await screen.findByTestId('search-failure')).toHaveTextContent(coreMessages.t('uk', 'error.account.11'));
    expect(field(m.t('uk', 'search.name')).value).toBe('Петро');
  });

  it('renders the in-process sandbox’s answer for its documented PEP under sanctions, typed partly on the Latin layout', async () => {
    const base = fakeServices();
    const services: TaskpaneServices = {
      ...base,
      connectWith: (loaded) => connect(loaded),
      connect: async () => connect(await base.settings.load()),
    };
    expect((await services.connect()).mode).toBe('sandbox');
    const { container } = renderPanel(services, DEFAULT_SETTINGS, 'uk');
    await enter(field(m.t('uk', 'search.date')), KNOWN.pepSanctioned.date);
    // "Cеверин" with a Latin C, "Богданoвич" with a Latin o: found all the same, and named to correct.
    const typed = KNOWN.pepSanctioned.name.replace('Се', 'Cе').replace('ано', 'анo');
    expect(typed).not.toBe(KNOWN.pepSanctioned.name);
    await enter(field(m.t('uk', 'search.name')), `${typed}{Enter}`);
    const results = await screen.findByTestId('results', {}, { timeout: 10_000 });
    expect(within(results).getByTestId('sandbox-banner')).toBeInTheDocument();
    expect(within(results).getByTestId('mixed-scripts')).toHaveTextContent(
      resultsText.t('uk', 'results.mixedScripts', { words: '«Cеверин», «Богданoвич»' }),
    );
    for (const key of ['peps', 'psanctions'] as const) {
      const sectionEl = container.querySelector<HTMLElement>(`section[data-registry="${key}"]`);
      expect(sectionEl).not.toBeNull();
      const cards = within(sectionEl as HTMLElement).getAllByTestId(`hit-${key}`);
      expect(cards.some((c) => c.querySelector('[data-level="high"]') !== null)).toBe(true);
    }
  });
});

/** The query the form makes of a typed name with the settings' defaults, as the scheduler keys it. */
function formQuery(name: string, settings: Settings = LIVE) {
  const checked = validateQuery(queryInputFrom({ ...searchFormDefaults(settings), name }, settings));
  if (!checked.ok) throw new Error('the test subject does not validate');
  return checked.query;
}

const origin = () => screen.getByTestId('audit-origin');

describe('SearchPanel through the runtime’s scheduler and answer cache', () => {
  it.each<Lang>(['en', 'uk'])(
    'answers a second search for the same subject from the cache, and the audit line says so (%s)',
    async (lang) => {
      const { transport, services } = await renderSearch({ lang });
      await enter(field(m.t(lang, 'search.name')), 'Коваленко Олександр{Enter}');
      await screen.findByTestId('results');
      expect(origin()).toHaveAttribute('data-from-cache', 'false');
      expect(origin()).toHaveTextContent('https://primary.example');
      expect(screen.getByText(resultsText.t(lang, 'audit.duration'))).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: resultsText.t(lang, 'fresh.ask') })).toBeNull();
      // The first answer is in the cache once the scheduler has stored it.
      const runtime = runtimeFor(services);
      await runtime.idle();

      await unfold(lang);
      await user.click(screen.getByRole('button', { name: m.t(lang, 'search.submit') }));
      await waitFor(() => expect(origin()).toHaveAttribute('data-from-cache', 'true'));
      expect(transport.requests).toHaveLength(1);
      const cached = await (await runtime.context()).cache.peek(subjectKey(formQuery('Коваленко Олександр')));
      expect(cached).not.toBeNull();
      expect(origin()).toHaveTextContent(
        resultsText.t(lang, 'audit.fromCache', { time: formatReceivedAt(cached?.storedAt ?? 0, lang) }),
      );
      // No request was made, so there is no response time to claim.
      expect(screen.queryByText(resultsText.t(lang, 'audit.duration'))).toBeNull();
      expect(screen.getByRole('button', { name: resultsText.t(lang, 'fresh.ask') })).toBeEnabled();
    },
  );

  it('“Search again without the cache” sends a new request for the subject shown, not the edited form', async () => {
    const { transport, services } = await renderSearch();
    await enter(field('Name (surname first name patronymic) or organisation'), 'Коваленко{Enter}');
    await screen.findByTestId('results');
    await runtimeFor(services).idle();
    await unfold();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(origin()).toHaveAttribute('data-from-cache', 'true'));
    expect(transport.requests).toHaveLength(1);

    await unfold();
    const drawn = answerDrawn();
    await user.type(field('Name (surname first name patronymic) or organisation'), ' Петро');
    // The answer below the form is not drawn again at each keystroke: it can hold hundreds of hits.
    expect(answerDrawn()).toBe(drawn);
    await user.click(screen.getByRole('button', { name: 'Search again without the cache' }));
    await waitFor(() => expect(origin()).toHaveAttribute('data-from-cache', 'false'));
    expect(transport.requests).toHaveLength(2);
    const bodies = transport.requests.map((r) => JSON.parse(r.body ?? '{}') as Record<string, unknown>);
    expect(bodies[1].name).toBe('Коваленко');
    expect(bodies[1].listdata).toBe(bodies[0].listdata);
    // Past the relay's shared cache too, where there is one; the first search asked nothing of the kind.
    expect(transport.requests.map((r) => r.headers[FRESH_HEADER])).toEqual([undefined, '1']);
    expect(origin()).toHaveTextContent('https://primary.example');
    expect(screen.queryByRole('button', { name: 'Search again without the cache' })).toBeNull();
  });

  // In English only: the words of both languages are held by the catalogue test, and each render costs a second.
  it.each<Lang>(['en'])(
    'says an answer the relay kept is from its cache, as old as the relay’s request, and asks past it again (%s)',
    async (lang) => {
      const keptAt = '2026-11-27T06:05:00.000Z';
      const first = fixtureJson('post-all-registries.json') as Record<string, unknown>;
      const transport = scriptedTransport((request) =>
        json(200, request.headers[FRESH_HEADER] ? first : { ...first, relay_cached_at: keptAt }),
      );
      await renderSearch({ transport, lang });
      await enter(field(m.t(lang, 'search.name')), 'Коваленко Олександр{Enter}');
      await screen.findByTestId('results');
      const time = formatReceivedAt(Date.parse(keptAt), lang);
      expect(origin()).toHaveAttribute('data-from-cache', 'relay');
      expect(origin()).toHaveTextContent(resultsText.t(lang, 'audit.fromRelayCache', { time }));
      expect(screen.getByTestId('subject-line')).toHaveTextContent(time);
      expect(screen.getByTestId('search-fresh')).toHaveTextContent(resultsText.t(lang, 'fresh.relayHint'));

      await user.click(screen.getByRole('button', { name: resultsText.t(lang, 'fresh.ask') }));
      await waitFor(() => expect(origin()).toHaveAttribute('data-from-cache', 'false'));
      expect(transport.requests.map((r) => r.headers[FRESH_HEADER])).toEqual([undefined, '1']);
      expect(screen.queryByTestId('search-fresh')).toBeNull();
    },
  );

  it('shows only the registries asked when a wider cached answer serves a narrower search', async () => {
    const { transport, services, lang } = await renderSearch();
    await enter(field(m.t(lang, 'search.ipn')), '41234567{Enter}');
    const wide = await screen.findByTestId('results');
    expect(wide.querySelectorAll('section[data-registry]').length).toBe(18);
    await runtimeFor(services).idle();

    await unfold();
    await user.click(screen.getByRole('checkbox', { name: /Every list the account allows/ }));
    for (const group of ['Sanctions lists', 'Documents', 'Company register', 'Courts and enforcement', 'Other']) {
      await user.click(screen.getByRole('checkbox', { name: new RegExp(`^${group}`) }));
    }
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(origin()).toHaveAttribute('data-from-cache', 'true'));
    expect(transport.requests).toHaveLength(1);
    const shown = [...screen.getByTestId('results').querySelectorAll('section[data-registry]')].map((el) =>
      el.getAttribute('data-registry'),
    );
    expect(shown).toEqual(registriesOf(7680n));
  });

  it('Cancel stops waiting at once; the paid answer still lands in the cache for the next search', async () => {
    const gate: { release?: () => void } = {};
    const requests: TransportRequest[] = [];
    const transport: Transport = {
      send: (request) => {
        requests.push(request);
        return new Promise<TransportResponse>((resolve) => {
          gate.release = () => resolve(json(200, fixtureJson('post-all-registries.json')));
        });
      },
    };
    const { services } = await renderSearch({ transport });
    await enter(field('Name (surname first name patronymic) or organisation'), 'Коваленко{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('search-failure')).toHaveTextContent(m.t('en', 'search.cancelled'));
    expect(screen.queryByTestId('results')).toBeNull();
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();

    await waitFor(() => expect(gate.release).toBeDefined());
    gate.release?.();
    await runtimeFor(services).idle();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(origin()).toHaveAttribute('data-from-cache', 'true'));
    expect(requests).toHaveLength(1);
    expect(screen.queryByTestId('search-failure')).toBeNull();
  });

  it('keeps the sandbox banner on an answer from the sandbox’s cache', async () => {
    const { transport, services } = await renderSearch({ mode: 'sandbox' });
    await enter(field('Name (surname first name patronymic) or organisation'), 'Коваленко{Enter}');
    await screen.findByTestId('results');
    await runtimeFor(services).idle();
    await unfold();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(origin()).toHaveAttribute('data-from-cache', 'true'));
    expect(transport.requests).toHaveLength(1);
    expect(within(screen.getByTestId('results')).getByTestId('sandbox-banner')).toBeInTheDocument();
  });
});

// Last in the file: a shared runtime, once started, serves every later ask in this module.
describe('SearchPanel inside Excel’s shared runtime', () => {
  it('answers a subject a worksheet function just screened from the functions’ cache, without a second request', async () => {
    const transport = scriptedTransport(json(200, fixtureJson('post-all-registries.json')));
    const functionsStore = await savedServices(transport, LIVE, 'live');
    const runtime = startSharedRuntime({ storage: functionsStore.storage, connect: fakeConnect(transport) });
    // A cell screens the subject through the shared scheduler.
    const cell = await (await runtime.context()).scheduler.ask(formQuery('Коваленко'));
    expect(cell.fromCache).toBe(false);
    await runtime.idle();
    expect(transport.requests).toHaveLength(1);

    // The pane's own store is separate here, so only the shared runtime can know the answer.
    const pane = await savedServices(transport, LIVE, 'live');
    renderPanel(pane, LIVE, 'en');
    await enter(field('Name (surname first name patronymic) or organisation'), 'Коваленко{Enter}');
    await screen.findByTestId('results');
    expect(origin()).toHaveAttribute('data-from-cache', 'true');
    expect(transport.requests).toHaveLength(1);
  });
});
