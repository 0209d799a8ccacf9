import '../support/ui-setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Transport } from '../../src/core/request/transport';
import {
  SCREEN_SELECTION_MESSAGE,
  notePendingScreenRequest,
} from '../../src/shared-runtime/screen-selection-handshake';
import { KNOWN, createSandboxEngine, sandboxTransport, type SandboxEngine } from '../../src/sandbox';
import { BulkPanel } from '../../src/taskpane/bulk/BulkPanel';
import { WorkbookFake } from '../support/workbook-fake';
import { fakeServices } from '../support/taskpane-fakes';
import { loadAllParts } from '../../src/taskpane/shell/lazy-parts';
import { DEFAULT_SETTINGS } from '../../src/core/settings/settings';
import type { BulkRunReport } from '../../src/bulk';
import { bulkMessages } from '../../src/bulk/messages';
import { RequestRejectedError } from '../../src/core/protocol/errors';
import type { Lang } from '../../src/core/text/i18n';
import { OutcomeBar } from '../../src/taskpane/bulk/outcome-bar';
import { HiddenRowsChoice } from '../../src/taskpane/bulk/hidden-rows';

// The pane's on-demand parts (lazy-parts.ts) load once up front, not inside a findBy timeout.
beforeAll(() => loadAllParts(), 60_000);

const user = userEvent.setup({ delay: null });
jest.setTimeout(30_000);

// fakeServices connects to the sandbox with these credentials.
const ACCOUNT = { tokken: 'demo', idSubjectFM: 'demo' };

function list(count: number): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [['ПІБ', 'Дата народження', 'ІПН']];
  rows.push([KNOWN.pepSanctioned.name, KNOWN.pepSanctioned.date, null]);
  for (let i = 1; i < count; i++) {
    if (i % 10 === 5) rows.push([`Недійсний ${i}`, '31.02.1990', null]);
    else rows.push([i % 7 === 0 ? `=Клієнт ${i}` : `Клієнт Тестовий ${i % 20}`, '1980-01-02', null]);
  }
  return rows;
}

/** Valid rows differ only by name (one birth date for all): distinct subjects are distinct names. */
const DISTINCT = new Set(
  list(40)
    .slice(1)
    .filter((r) => r[1] !== '31.02.1990')
    .map((r) => String(r[0])),
).size;

/** The in-process sandbox behind a switch, so a test can "raise the quota" between two clicks. */
function switchableTransport(first: SandboxEngine): Transport & { use(engine: SandboxEngine): void; requests: number } {
  let current = sandboxTransport(first);
  const t = {
    requests: 0,
    use(engine: SandboxEngine) {
      current = sandboxTransport(engine);
    },
    send(request: Parameters<Transport['send']>[0]) {
      t.requests++;
      return current.send(request);
    },
  };
  return t;
}

let fake: WorkbookFake;
let restore: () => void;
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  fake = new WorkbookFake();
  restore = fake.install();
  fake.setSheet('Clients', list(40)).select('Clients', 'A1');
});
afterEach(() => restore());

function renderPanel(transport: Transport, lang: 'en' | 'uk' = 'en') {
  const services = fakeServices({ transport });
  render(
    <FluentProvider theme={webLightTheme}>
      <BulkPanel lang={lang} services={services} />
    </FluentProvider>,
  );
  return services;
}

const outcome = () => screen.findByTestId('bulk-outcome', {}, { timeout: 20_000 });

describe('BulkPanel', () => {
  it('reads the selection and the runs to resume through the injected services (issue 26)', async () => {
    const calls: string[] = [];
    const services = fakeServices({ transport: switchableTransport(createSandboxEngine({ accounts: [ACCOUNT] })) });
    const input = { source: 'Elsewhere!B2:C4', headers: ['ПІБ', 'Дата народження'], rows: [['Іваненко Іван', null]] };
    const withBulk = {
      ...services,
      bulk: {
        ...services.bulk,
        readSelection: async () => {
          calls.push('readSelection');
          return input as unknown as Awaited<ReturnType<typeof services.bulk.readSelection>>;
        },
        resumableRuns: async () => {
          calls.push('resumableRuns');
          return [];
        },
      },
    };
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="en" services={withBulk} />
      </FluentProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Use current selection' }));
    // The workbook fake's selection is Clients!A1: the panel read the list the services gave it.
    expect(await screen.findByText('Input: Elsewhere!B2:C4 — 1 data rows')).toBeInTheDocument();
    expect(calls).toEqual(['resumableRuns', 'readSelection']);
  });

  it('reads the selection, shows the recognised mapping, screens and reports', async () => {
    const transport = switchableTransport(createSandboxEngine({ accounts: [ACCOUNT] }));
    renderPanel(transport);
    await user.click(screen.getByRole('button', { name: 'Use current selection' }));
    expect(await screen.findByText('Input: Clients!A1:C41 — 40 data rows')).toBeInTheDocument();
    const nameBox = screen.getByRole('combobox', { name: 'Name (person or company)' });
    expect(nameBox).toHaveTextContent('A: ПІБ');
    expect(screen.getByRole('combobox', { name: 'Birth date' })).toHaveTextContent('B: Дата народження');

    await user.click(screen.getByRole('button', { name: 'Start screening' }));
    const done = await outcome();
    expect(done).toHaveTextContent(
      /^Finished: 40 rows, \d+ with hits, 0 failed, 4 invalid\. Results: sheet "CheckLists \d{4}-\d{2}-\d{2} \d{2}-\d{2}"\./,
    );
    expect(transport.requests).toBe(DISTINCT);
    expect(DISTINCT).toBeLessThan(36);
    // What it cost: every distinct subject once, nothing had without a request.
    expect(screen.getByTestId('bulk-requests').textContent).toBe(
      bulkMessages.t('en', 'panel.requests', { sent: DISTINCT }),
    );
    const sheet = fake.sheetNames().find((n) => n.startsWith('CheckLists 2'))!;
    expect(fake.formulaCells(sheet)).toEqual([]);
    expect(screen.getByTestId('bulk-progress')).toHaveTextContent('40 of 40 rows');

    // The same list again: the add-in's cache answers every subject, and the outcome says none was sent.
    await user.click(screen.getByRole('button', { name: 'Start screening' }));
    await waitFor(() => expect(screen.getByTestId('bulk-requests')).toHaveTextContent(/: 0\./), { timeout: 20_000 });
    expect(transport.requests).toBe(DISTINCT);
    expect(screen.getByTestId('bulk-requests').textContent).toBe(
      [
        bulkMessages.t('en', 'panel.requests', { sent: 0 }),
        bulkMessages.t('en', 'panel.requests.cached', { count: DISTINCT }),
      ].join(' '),
    );
  });

  it('counts a spacer row in the list as empty, not as invalid input', async () => {
    const rows = list(10);
    rows.splice(4, 0, [null, '  ', null]);
    fake.setSheet('Clients', rows).select('Clients', 'A1');
    renderPanel(switchableTransport(createSandboxEngine({ accounts: [ACCOUNT] })));
    await user.click(screen.getByRole('button', { name: 'Use current selection' }));
    await screen.findByText('Input: Clients!A1:C12 — 11 data rows');
    await user.click(screen.getByRole('button', { name: 'Start screening' }));
    const done = await outcome();
    expect(done).toHaveTextContent(/^Finished: 11 rows, \d+ with hits, 0 failed, 1 invalid\./);
    expect(screen.getByTestId('bulk-empty')).toHaveTextContent('Empty rows (nothing to screen): 1');
    expect(screen.getByTestId('bulk-progress')).toHaveTextContent('Empty rows (nothing to screen): 1');
  });

  it('counts the rows whose "no hits" their input puts in doubt, under the outcome', async () => {
    const rows = list(6);
    // Initials can miss a hit; a Latin K among Cyrillic letters is asked in Cyrillic, so its answer stands.
    rows.push(['Іваненко І.І.', '1980-01-02', null], ['Kовальчук Марія', '1980-01-02', null]);
    fake.setSheet('Clients', rows).select('Clients', 'A1');
    renderPanel(switchableTransport(createSandboxEngine({ accounts: [ACCOUNT] })));
    await user.click(screen.getByRole('button', { name: 'Use current selection' }));
    await screen.findByText('Input: Clients!A1:C9 — 8 data rows');
    await user.click(screen.getByRole('button', { name: 'Start screening' }));
    await outcome();
    // The sanctioned PEP's hits, listed with none decided: the work ahead, by what why this hit suggests.
    expect(screen.getByTestId('bulk-hits-to-decide').textContent).toMatch(
      /^Hits to decide: [1-9]\d*; why this hit suggests true match for \d+, needs review for \d+, false positive for \d+ /,
    );
    expect(screen.getByTestId('bulk-no-hits-in-doubt').textContent).toBe(
      "No hits, but the search could have missed: 1 row (initials or a mistyped code; each row's Status says which)",
    );
  });

  it('through a relay whose upstream is a sandbox: the outcome and the results header say the answers are fictional', async () => {
    const inner = sandboxTransport(createSandboxEngine({ accounts: [ACCOUNT] }));
    // What such a relay adds to every answer (core/answer/relay-sandbox.ts).
    const relayOfSandbox: Transport = {
      send: async (request) => {
        const res = await inner.send(request);
        const body = JSON.parse(res.text) as Record<string, unknown> | Record<string, unknown>[];
        const marked = Array.isArray(body)
          ? body.map((e) => ({ ...e, relay_sandbox: true }))
          : { ...body, relay_sandbox: true };
        return { ...res, text: JSON.stringify(marked) };
      },
    };
    // Settings that name the relay: the live path, as far as the pane can tell.
    const services = fakeServices({ transport: relayOfSandbox });
    await services.settings.save({
      ...DEFAULT_SETTINGS,
      primaryUrl: 'https://relay.bank.example',
      idSubjectFM: 'demo',
    });
    await services.settings.saveTokken(ACCOUNT.tokken);
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="en" services={services} />
      </FluentProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Use current selection' }));
    await screen.findByText('Input: Clients!A1:C41 — 40 data rows');
    await user.click(screen.getByRole('button', { name: 'Start screening' }));
    const done = await outcome();
    expect(within(done).getByTestId('bulk-fictional')).toHaveTextContent('SANDBOX SERVER — fictional data');
    const sheet = fake.sheetNames().find((n) => n.startsWith('CheckLists 2'))!;
    const service = fake.sheetValues(sheet).find((row) => row[0] === 'Service');
    expect(service?.[1]).toBe('SANDBOX SERVER — fictional data');
  });

  it('lets the person correct the mapping and refuses one without a subject column', async () => {
    renderPanel(switchableTransport(createSandboxEngine({ accounts: [ACCOUNT] })));
    await user.click(screen.getByRole('button', { name: 'Use current selection' }));
    await screen.findByText(/^Input: /);
    await user.click(screen.getByRole('combobox', { name: 'Tax / company code' }));
    await user.click(screen.getByRole('option', { name: '— not used —' }));
    await user.click(screen.getByRole('combobox', { name: 'Name (person or company)' }));
    await user.click(screen.getByRole('option', { name: '— not used —' }));
    expect(await screen.findByTestId('bulk-mapping-problems')).toHaveTextContent(
      'Map at least one column to name, tax/company code or document.',
    );
    expect(screen.getByRole('button', { name: 'Start screening' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Tax / company code' }));
    await user.click(screen.getByRole('option', { name: 'A: ПІБ' }));
    await waitFor(() => expect(screen.queryByTestId('bulk-mapping-problems')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Start screening' })).toBeEnabled();
  });

  it('stops on a used-up quota with a clear message, then resumes where it stopped', async () => {
    const transport = switchableTransport(createSandboxEngine({ accounts: [{ ...ACCOUNT, quota: 6 }] }));
    renderPanel(transport, 'uk');
    await user.click(screen.getByRole('button', { name: 'Взяти поточне виділення' }));
    await screen.findByText(/^Вхідні дані: /);
    await user.click(screen.getByRole('button', { name: 'Почати перевірку' }));
    const stopped = await outcome();
    expect(stopped).toHaveTextContent('Перевірку зупинено: Ліміт запитів вичерпано');
    expect(stopped).toHaveTextContent('Більше нічого не надсилалося.');
    const offer = await screen.findByTestId('bulk-resumable');
    const asked = transport.requests;
    expect(asked).toBeLessThanOrEqual(6 + 4);

    transport.use(createSandboxEngine({ accounts: [ACCOUNT] }));
    await user.click(within(offer).getByRole('button', { name: 'Продовжити' }));
    await waitFor(() => expect(screen.getByTestId('bulk-outcome')).toHaveTextContent(/^Завершено: 40 рядків/), {
      timeout: 20_000,
    });
    // Only what the first session could not get: six subjects were answered before the quota ran out.
    expect(transport.requests - asked).toBe(DISTINCT - 6);
    await waitFor(() => expect(screen.queryByTestId('bulk-resumable')).not.toBeInTheDocument());
  });

  it('answers the ribbon: a click made before the pane opened, and one while it is open', async () => {
    notePendingScreenRequest();
    renderPanel(switchableTransport(createSandboxEngine({ accounts: [ACCOUNT] })));
    expect(await screen.findByText('Input: Clients!A1:C41 — 40 data rows')).toBeInTheDocument();

    fake
      .setSheet('Other', [
        ['name', 'ipn'],
        ['Acme', '12345678'],
      ])
      .select('Other', 'A2');
    await act(async () => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: SCREEN_SELECTION_MESSAGE }, origin: window.location.origin }),
      );
    });
    expect(await screen.findByText('Input: Other!A1:B2 — 1 data rows')).toBeInTheDocument();
  });
});

describe('the outcome of a run stopped as unreachable', () => {
  /** A run the relay's limit stopped: the pane says it stopped and, in the relay's words, why. */
  const limited = new RequestRejectedError(
    429,
    429,
    'Забагато запитів із вашого ключа: зачекайте 12 с і спробуйте знову. / Too many requests from your key: wait 12 s and try again.',
  );

  function stoppedReport(): BulkRunReport {
    return {
      runId: 'r1',
      rowsTotal: 40,
      rowsWritten: 5,
      rowsWithHits: 1,
      highRows: 1,
      failedRows: 0,
      invalidRows: 0,
      emptyRows: 0,
      hiddenRows: 0,
      noHitsInDoubt: 0,
      hitsToDecide: { 'true-match': 0, 'needs-review': 0, 'false-positive': 0 },
      subjectsTotal: 40,
      requests: 13,
      answersFromCache: 0,
      answersFromRelayCache: 0,
      status: 'stopped-unreachable',
      chunksWritten: 1,
      stop: { kind: 'unreachable', text: limited.text },
      output: {},
      elapsedMs: 200_000,
    };
  }

  it.each<Lang>(['en', 'uk'])(
    'a run stopped as unreachable says what stopped it: here the relay still limiting requests (%s)',
    (lang) => {
      render(
        <FluentProvider theme={webLightTheme}>
          <OutcomeBar outcome={{ kind: 'report', report: stoppedReport(), sheet: 'Results' }} lang={lang} />
        </FluentProvider>,
      );
      const outcome = screen.getByTestId('bulk-outcome');
      expect(outcome.textContent).toContain(
        bulkMessages.t(lang, 'panel.unreachableStop', {
          total: 40,
          done: 5,
          hits: 1,
          errors: 0,
          invalid: 0,
          sheet: 'Results',
        }),
      );
      expect(screen.getByTestId('bulk-stop-why').textContent).toBe(limited.text[lang]);
    },
  );

  it.each<Lang>(['en', 'uk'])(
    'a stopped run says what it cost too: the relay’s cached answers are not requests sent to the service (%s)',
    (lang) => {
      const report = { ...stoppedReport(), answersFromRelayCache: 5 };
      render(
        <FluentProvider theme={webLightTheme}>
          <OutcomeBar outcome={{ kind: 'report', report, sheet: 'Results' }} lang={lang} />
        </FluentProvider>,
      );
      expect(screen.getByTestId('bulk-requests').textContent).toBe(
        [
          bulkMessages.t(lang, 'panel.requests', { sent: 8 }),
          bulkMessages.t(lang, 'panel.requests.relayCached', { count: 5 }),
        ].join(' '),
      );
    },
  );
});

describe('hidden rows too scattered to leave out', () => {
  it.each(['uk', 'en'] as const)('only warns that every row is screened, with no choice to make, in %s', (lang) => {
    const input = {
      sheetName: 'Clients',
      rect: { rowIndex: 0, columnIndex: 0, rowCount: 3, columnCount: 1 },
      headers: ['ПІБ'],
      rows: [['Петренко Петро'], ['Коваленко Олена']],
      source: 'Clients!A1:A3',
      firstSourceRow: 2,
      dateSystem: 1900 as const,
      aboveHeader: 0,
      rowsHidden: true,
      hiddenRows: null,
    };
    render(
      <FluentProvider theme={webLightTheme}>
        <HiddenRowsChoice input={input} lang={lang} leaveOut disabled={false} onChange={() => undefined} />
      </FluentProvider>,
    );
    expect(screen.getByTestId('bulk-rows-hidden')).toHaveTextContent(bulkMessages.t(lang, 'panel.rowsHiddenScattered'));
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
