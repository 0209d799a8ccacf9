import '../support/ui-setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coreMessages } from '../../src/core/messages';
import type { Lang } from '../../src/core/i18n';
import { validateQuery } from '../../src/core/query';
import { DEFAULT_SETTINGS, type Settings } from '../../src/core/settings';
import type { Transport } from '../../src/core/transport';
import { taskpaneMessages as m } from '../../src/taskpane/messages';
import { SearchPanel } from '../../src/taskpane/SearchPanel';
import { queryInputFrom, searchFormDefaults } from '../../src/taskpane/search-form';
import { verdictText } from '../../src/core/summary';
import { KNOWN } from '../../src/sandbox';
import { connect } from '../../src/service/connection';
import { excelMessages } from '../../src/excel/messages';
import { fakeConnect, fakeServices, fixtureJson, json, scriptedTransport } from './taskpane-fakes';

// No delay between keystrokes: the machine is shared and timers would make these tests slow, not truer.
const user = userEvent.setup({ delay: null });
jest.setTimeout(20_000);

const LIVE: Settings = { ...DEFAULT_SETTINGS, primaryUrl: 'https://primary.example', idSubjectFM: 'S1', idUserPC: 'PC-7' };

function renderSearch(options: { transport?: Transport; lang?: Lang; mode?: 'live' | 'sandbox'; settings?: Settings } = {}) {
  const transport = options.transport ?? scriptedTransport(json(200, fixtureJson('post-all-registries.json')));
  const settings = options.settings ?? LIVE;
  const mode = options.mode ?? 'live';
  const connection = fakeConnect(transport)({ settings, tokken: mode === 'live' ? 'secret' : null, mode });
  const services = fakeServices({ transport });
  const lang = options.lang ?? 'en';
  render(
    <FluentProvider theme={webLightTheme}>
      <SearchPanel connection={connection} settings={settings} excel={services.excel} lang={lang} />
    </FluentProvider>,
  );
  return { transport: transport as ReturnType<typeof scriptedTransport>, services, lang };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('SearchPanel form', () => {
  it.each<Lang>(['en', 'uk'])('shows the core validator’s message inline on each wrong field and sends nothing (%s)', async (lang) => {
    const { transport } = renderSearch({ lang });
    const typed = { namelat: 'Петро Коваль', ipn: '12345', date: '31.02.2020', doc: 'XYZ', lowranklimit: '150' };
    await user.type(field(m.t(lang, 'search.namelat')), typed.namelat);
    await user.type(field(m.t(lang, 'search.ipn')), typed.ipn);
    await user.type(field(m.t(lang, 'search.date')), typed.date);
    await user.type(field(m.t(lang, 'search.doc')), typed.doc);
    await user.clear(field(m.t(lang, 'search.lowranklimit')));
    await user.type(field(m.t(lang, 'search.lowranklimit')), typed.lowranklimit);
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
  });

  it('says what is missing when no subject is given', async () => {
    const { transport } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('search-general-errors')).toHaveTextContent(coreMessages.t('en', 'field.required.subject'));
    expect(transport.requests).toHaveLength(0);
  });

  it('submits on Enter and sends the attributes as typed, normalised by the core', async () => {
    const { transport } = renderSearch();
    await user.type(field('Date of birth'), '12.04.1968');
    await user.type(field('Name (surname first name patronymic) or organisation'), 'Коваленко  Олександр Петрович{Enter}');
    await screen.findByTestId('results');
    expect(transport.requests).toHaveLength(1);
    const body = JSON.parse(transport.requests[0].body ?? '{}') as Record<string, unknown>;
    // Default registries of the settings: -1, every list the account allows.
    expect(body).toEqual(expect.objectContaining({ name: 'Коваленко Олександр Петрович', date: '1968-04-12', search: 1, IDuserPC: 'PC-7', listdata: -1 }));
  });

  it('sends the registries chosen in the picker as listdata', async () => {
    const { transport } = renderSearch();
    await user.click(screen.getByRole('checkbox', { name: /Every list the account allows/ }));
    for (const group of ['Sanctions lists', 'Documents', 'Company register', 'Courts and enforcement', 'Other']) {
      await user.click(screen.getByRole('checkbox', { name: new RegExp(`^${group}`) }));
    }
    // Only the PEP group is left: bits 9-12.
    expect(screen.getByTestId('listdata-value')).toHaveTextContent(`listdata = ${512 + 1024 + 2048 + 4096}`);
    await user.type(field('Tax number (RNOKPP) or company code (EDRPOU)'), '41234567{Enter}');
    await screen.findByTestId('results');
    expect(JSON.parse(transport.requests[0].body ?? '{}')).toEqual(expect.objectContaining({ ipn: '41234567', listdata: 7680 }));
  });
});

describe('SearchPanel results', () => {
  it('shows the answer with the sandbox banner in sandbox mode', async () => {
    renderSearch({ mode: 'sandbox' });
    await user.type(field('Name (surname first name patronymic) or organisation'), 'Коваленко{Enter}');
    const results = await screen.findByTestId('results');
    expect(within(results).getByTestId('sandbox-banner')).toBeInTheDocument();
    expect(results.querySelectorAll('section[data-registry]').length).toBe(18);
  });

  it('writes the summary at the active cell through the excel facade', async () => {
    const inserted: unknown[][][] = [];
    const transport = scriptedTransport(json(200, fixtureJson('quirk-registry-errors.json')));
    const connection = fakeConnect(transport)({ settings: LIVE, tokken: 'secret', mode: 'live' });
    render(
      <FluentProvider theme={webLightTheme}>
        <SearchPanel
          connection={connection}
          settings={LIVE}
          lang="en"
          excel={{
            insertAtActiveCell: async (rows) => {
              inserted.push(rows.map((r) => [...r]));
              return 'Sheet1!C3:D20';
            },
          }}
        />
      </FluentProvider>,
    );
    await user.type(field('Name (surname first name patronymic) or organisation'), '=HYPERLINK("x") Петро{Enter}');
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

  it('words an Office error from "Insert into sheet" in the pane’s language, not Excel’s raw text', async () => {
    const transport = scriptedTransport(json(200, fixtureJson('post-all-registries.json')));
    const connection = fakeConnect(transport)({ settings: LIVE, tokken: 'secret', mode: 'live' });
    render(
      <FluentProvider theme={webLightTheme}>
        <SearchPanel
          connection={connection}
          settings={LIVE}
          lang="uk"
          excel={{
            insertAtActiveCell: async () => {
              throw Object.assign(new Error('The request cannot be processed in cell-editing mode.'), { code: 'InvalidOperationInCellEditMode' });
            },
          }}
        />
      </FluentProvider>,
    );
    await user.type(field(m.t('uk', 'search.name')), 'Петро{Enter}');
    await screen.findByTestId('results');
    await user.click(screen.getByRole('button', { name: m.t('uk', 'results.insert') }));
    const expected = m.t('uk', 'results.insertFailed', { message: excelMessages.t('uk', 'excel.error.cellEdit') });
    expect(await screen.findByText(expected)).toHaveAttribute('data-intent', 'error');
  });

  it('reports an account error in the core’s words and keeps the form', async () => {
    renderSearch({ transport: scriptedTransport(json(403, { error: 11, message: 'quota' })), lang: 'uk' });
    await user.type(field(m.t('uk', 'search.name')), 'Петро{Enter}');
    expect(await screen.findByTestId('search-failure')).toHaveTextContent(coreMessages.t('uk', 'error.account.11'));
    expect(field(m.t('uk', 'search.name')).value).toBe('Петро');
  });

  it('renders the in-process sandbox’s answer for its documented PEP under sanctions', async () => {
    const connection = connect({ settings: DEFAULT_SETTINGS, tokken: null, mode: 'sandbox' });
    expect(connection.mode).toBe('sandbox');
    const { container } = render(
      <FluentProvider theme={webLightTheme}>
        <SearchPanel connection={connection} settings={DEFAULT_SETTINGS} excel={fakeServices().excel} lang="uk" />
      </FluentProvider>,
    );
    await user.type(field(m.t('uk', 'search.date')), KNOWN.pepSanctioned.date);
    await user.type(field(m.t('uk', 'search.name')), `${KNOWN.pepSanctioned.name}{Enter}`);
    const results = await screen.findByTestId('results', {}, { timeout: 10_000 });
    expect(within(results).getByTestId('sandbox-banner')).toBeInTheDocument();
    for (const key of ['peps', 'psanctions'] as const) {
      const sectionEl = container.querySelector<HTMLElement>(`section[data-registry="${key}"]`);
      expect(sectionEl).not.toBeNull();
      const cards = within(sectionEl as HTMLElement).getAllByTestId(`hit-${key}`);
      expect(cards.some((c) => c.querySelector('[data-level="high"]') !== null)).toBe(true);
    }
  });
});

