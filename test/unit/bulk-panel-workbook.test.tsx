import '../support/ui-setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bulkMessages } from '../../src/bulk/messages';
import { rescreenMessages } from '../../src/bulk/rescreen-messages';
import { excelMessages } from '../../src/excel/messages';
import { BulkPanel } from '../../src/taskpane/bulk/BulkPanel';
import { WorkbookFake } from '../support/workbook-fake';
import { fakeServices, json, scriptedTransport } from '../support/taskpane-fakes';
import { fixtureJson } from '../support/fixtures';
import { DEFAULT_SETTINGS } from '../../src/core/settings/settings';
import { cellAddress } from '../../src/excel/a1';
import { hitsColumns } from '../../src/bulk/result-table';
import { bilingual, relayMessages } from '../../src/relay/messages';

// Issue 11: what Excel refuses reaches the person in their language, not as Excel's English text.
const user = userEvent.setup({ delay: null });
jest.setTimeout(30_000);

let fake: WorkbookFake;
let restore: () => void;
beforeEach(() => {
  window.localStorage.clear();
  fake = new WorkbookFake();
  restore = fake.install();
  fake.setSheet('Clients', [
    ['ПІБ', 'Дата народження'],
    ['Петренко Петро', '1980-01-02'],
    ['Коваленко Олена', '1985-05-05'],
  ]);
});
afterEach(() => restore());

describe('BulkPanel on a real Excel rule', () => {
  it.each(['uk', 'en'] as const)('several areas selected: asks for one block, in %s', async (lang) => {
    fake.select('Clients', 'A1:A3,B1:B3');
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang={lang} services={fakeServices()} />
      </FluentProvider>,
    );
    await user.click(screen.getByRole('button', { name: bulkMessages.t(lang, 'panel.readSelection') }));
    expect(await screen.findByText(excelMessages.t(lang, 'excel.selection.severalAreas'))).toBeInTheDocument();
  });
});

describe('Save decisions (relay connection, issue 29)', () => {
  async function panel(connection: 'relay' | 'direct') {
    const services = fakeServices();
    await services.settings.save({ ...DEFAULT_SETTINGS, connection, primaryUrl: 'https://relay.example' });
    await services.settings.saveTokken('analyst-own-key');
    fake.select('Clients', 'A1:B3');
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="en" services={services} />
      </FluentProvider>,
    );
  }

  it('is offered only through a relay', async () => {
    await panel('direct');
    expect(await screen.findByRole('button', { name: bulkMessages.t('en', 'panel.start') })).toBeInTheDocument();
    expect(screen.queryByTestId('bulk-save-decisions')).toBeNull();
  });

  it('says what is missing when the relay connection has no key saved', async () => {
    const services = fakeServices();
    await services.settings.save({ ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.example' });
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="uk" services={services} />
      </FluentProvider>,
    );
    await user.click(await screen.findByTestId('bulk-save-decisions'));
    expect(await screen.findByTestId('bulk-save-decisions-outcome')).toHaveTextContent(
      'Нічого не надіслано: спершу збережіть адресу релея та свій ключ у «Налаштуваннях».',
    );
  });

  it('sends the decided hits of the sheet with the analyst’s key in the body, and says what became of them', async () => {
    await panel('relay');
    await user.click(await screen.findByRole('button', { name: bulkMessages.t('en', 'panel.readSelection') }));
    await user.click(await screen.findByRole('button', { name: bulkMessages.t('en', 'panel.start') }));
    await screen.findByTestId('bulk-outcome', {}, { timeout: 20_000 });
    const hitsSheet = fake.sheetNames().find((n) => /hits/.test(n))!;
    const hits = fake.sheetValues(hitsSheet);
    const decision = hits[0].indexOf('Decision');
    const first = hits.findIndex((r, i) => i > 0 && r[1] === 'Петренко Петро');
    fake.pasteValues(hitsSheet, cellAddress(first, decision), [['False positive', 'another person', 'seen the ID']]);
    fake.select(hitsSheet, 'A1');

    const sent: { url: string; body: Record<string, unknown> }[] = [];
    globalThis.fetch = (async (url: string, init: { body: string }) => {
      const body = JSON.parse(init.body) as { decisions: unknown[] };
      sent.push({ url, body });
      const results = body.decisions.map((_, index) => ({ status: 'recorded', id: 40 + index, index }));
      return { ok: true, status: 200, text: async () => JSON.stringify({ results }) };
    }) as unknown as typeof fetch;

    await user.click(screen.getByTestId('bulk-save-decisions'));
    const outcome = await screen.findByTestId('bulk-save-decisions-outcome');
    expect(outcome).toHaveTextContent(
      'Saved to the relay: recorded 1, waiting for approval 0, already recorded 0, refused 0, not sent 0.',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('https://relay.example/decisions');
    expect(sent[0].body.tokken).toBe('analyst-own-key');
    expect(sent[0].body.decisions).toEqual([
      expect.objectContaining({
        subject: { name: 'Петренко Петро', date: '1980-01-02', search: 1, lowranklimit: 0 },
        decision: 'false-positive',
        reason: 'other-person',
        comment: 'seen the ID',
        fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      }),
    ]);
    // Who decided is the relay's to say from the key: the body never names anyone.
    expect(JSON.stringify(sent[0].body.decisions)).not.toMatch(/analyst|decidedBy/);

    // The key revoked meanwhile: the relay's why, in the pane's language only.
    globalThis.fetch = (async () => {
      const message = bilingual('key.revoked');
      return { ok: false, status: 403, text: async () => JSON.stringify({ error: 9, message }) };
    }) as unknown as typeof fetch;
    await user.click(screen.getByTestId('bulk-save-decisions'));
    await waitFor(() =>
      expect(screen.getByTestId('bulk-save-decisions-outcome').textContent).toBe(relayMessages.t('en', 'key.revoked')),
    );
  });
});

describe('Certificate of the selected row (through the relay)', () => {
  const KEY = 'analyst-own-key';
  /** The relay's answers: the fixture, with an audit no. of its own for each client. */
  function relayTransport(audit: Map<string, number>, withAudit = true) {
    return scriptedTransport((request) => {
      const name = (JSON.parse(request.body ?? '{}') as { name: string }).name;
      audit.set(name, audit.get(name) ?? 700 + audit.size);
      const answer = fixtureJson('post-all-registries.json');
      return json(200, withAudit ? { ...answer, relay_audit_id: audit.get(name) } : answer);
    });
  }

  async function runThrough(audit: Map<string, number>, lang: 'en' | 'uk', withAudit = true, clients = 'A1:B3') {
    const services = fakeServices({ transport: relayTransport(audit, withAudit) });
    await services.settings.save({ ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.example' });
    await services.settings.saveTokken(KEY);
    fake.select('Clients', clients);
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang={lang} services={services} />
      </FluentProvider>,
    );
    await user.click(await screen.findByRole('button', { name: bulkMessages.t(lang, 'panel.readSelection') }));
    await user.click(await screen.findByRole('button', { name: bulkMessages.t(lang, 'panel.start') }));
    await screen.findByTestId('bulk-outcome', {}, { timeout: 20_000 });
    const resultsSheet = fake.sheetNames().find((n) => n.startsWith('CheckLists') && !/hits|збіг/i.test(n))!;
    const hitsSheet = fake.sheetNames().find((n) => /hits|збіг/i.test(n))!;
    return { resultsSheet, hitsSheet };
  }

  function relayFetch(status = 200) {
    const sent: { url: string; body: Record<string, unknown> }[] = [];
    globalThis.fetch = (async (url: string, init: { body: string }) => {
      sent.push({ url, body: JSON.parse(init.body) as Record<string, unknown> });
      return { ok: status === 200, status, blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }) };
    }) as unknown as typeof fetch;
    return sent;
  }

  const downloads: string[] = [];
  let click: jest.SpyInstance;
  beforeEach(() => {
    downloads.length = 0;
    Object.assign(URL, { createObjectURL: () => 'blob:certificate', revokeObjectURL: () => undefined });
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => {
    click.mockRestore();
    delete (globalThis as { fetch?: unknown }).fetch;
  });

  const outcome = () => screen.getByTestId('bulk-row-certificate-outcome');

  it('names the analyst the relay’s key belongs to in the run header, where IDuserPC would be', async () => {
    const checked: { url: string; body: Record<string, unknown> }[] = [];
    globalThis.fetch = (async (url: string, init: { body: string }) => {
      checked.push({ url, body: JSON.parse(init.body) as Record<string, unknown> });
      return { ok: true, status: 200, json: async () => ({ analyst: 'olena.k', roles: ['analyst'] }) };
    }) as unknown as typeof fetch;
    const { resultsSheet } = await runThrough(new Map(), 'uk');
    // Asked with the key in the body: /relay/check spends no request.
    expect(checked).toEqual([{ url: 'https://relay.example/relay/check', body: { tokken: KEY } }]);
    const top = fake.sheetValues(resultsSheet).slice(0, 14);
    expect(top).toContainEqual(['Аналітик (ключ релея)', 'olena.k', ...top[0].slice(2)]);
    expect(top.map((r) => r[0])).not.toContain('IDuserPC');
  });

  it('a relay that does not answer the check: the run goes on, and its header keeps IDuserPC', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const { resultsSheet } = await runThrough(new Map(), 'en');
    expect(screen.getByTestId('bulk-outcome')).toHaveTextContent(/^Finished: 2 rows/);
    const rows = fake.sheetValues(resultsSheet).slice(0, 14);
    expect(rows.map((r) => r[0])).toContain('IDuserPC');
    expect(rows.map((r) => r[0])).not.toContain('Analyst (relay key)');
  });

  it('writes each row’s relay audit no. and fetches the certificate of the row the cursor is on, or of a hit’s row', async () => {
    const audit = new Map<string, number>();
    const { resultsSheet, hitsSheet } = await runThrough(audit, 'en');
    const values = fake.sheetValues(resultsSheet);
    const header = values.findIndex((r) => r[0] === 'Row');
    const column = values[header].indexOf('Relay audit no.');
    const olena = values.findIndex((r) => r[1] === 'Коваленко Олена');
    // The number the relay gave this client's request, beside the row, as a number.
    expect(values[olena][column]).toBe(audit.get('Коваленко Олена'));

    const sent = relayFetch();
    fake.select(resultsSheet, cellAddress(olena, 2));
    await user.click(screen.getByTestId('bulk-row-certificate'));
    const id = audit.get('Коваленко Олена')!;
    await waitFor(() => expect(downloads).toEqual([`checklists-certificate-${id}.pdf`]));
    expect(outcome()).toHaveTextContent(
      `Row 3: saved as checklists-certificate-${id}.pdf (relay audit no. ${id}, from its archived answer).`,
    );
    // The key in the body, never in the address.
    expect(sent).toEqual([{ url: `https://relay.example/certificates/${id}.pdf?lang=en`, body: { tokken: KEY } }]);

    // On the hits sheet: the certificate of the hit's own results row.
    const hits = fake.sheetValues(hitsSheet);
    const petro = hits.findIndex((r, i) => i > 0 && r[1] === 'Петренко Петро');
    fake.select(hitsSheet, cellAddress(petro, 4));
    await user.click(screen.getByTestId('bulk-row-certificate'));
    const petroId = audit.get('Петренко Петро')!;
    expect(petroId).not.toBe(id);
    await waitFor(() =>
      expect(downloads).toEqual([`checklists-certificate-${id}.pdf`, `checklists-certificate-${petroId}.pdf`]),
    );
    expect(outcome()).toHaveTextContent(`Row 2: saved as checklists-certificate-${petroId}.pdf`);

    // The results copied into another sheet (a client's file), no table of the run's: found by the header.
    fake.setSheet('Client file', [['Notes'], [], ...values.slice(header)]);
    fake.select('Client file', cellAddress(2 + olena - header, 1));
    await user.click(screen.getByTestId('bulk-row-certificate'));
    await waitFor(() => expect(downloads).toHaveLength(3));
    expect(downloads[2]).toBe(`checklists-certificate-${id}.pdf`);

    // Not on a client's row: the run header, the table's header, the client list. Nothing is fetched.
    for (const [sheet, address] of [
      [resultsSheet, 'B2'],
      [resultsSheet, cellAddress(header, 0)],
      ['Clients', 'A2'],
    ]) {
      fake.select(sheet, address);
      await user.click(screen.getByTestId('bulk-row-certificate'));
      await waitFor(() =>
        expect(outcome()).toHaveTextContent(
          'Select a client’s row of a results sheet (or several), or hits of its hits sheet, then press again.',
        ),
      );
    }
    expect(sent).toHaveLength(3);
  });

  it('says when the relay keeps the certificate from this analyst, and when a row has no audit no., in Ukrainian', async () => {
    const audit = new Map<string, number>();
    const { resultsSheet } = await runThrough(audit, 'uk');
    const values = fake.sheetValues(resultsSheet);
    const petro = values.findIndex((r) => r[1] === 'Петренко Петро');
    relayFetch(404);
    fake.select(resultsSheet, cellAddress(petro, 0));
    await user.click(screen.getByTestId('bulk-row-certificate'));
    const id = audit.get('Петренко Петро');
    await waitFor(() =>
      expect(outcome()).toHaveTextContent(
        `Довідку не створено: на релеї немає запиту № ${id}, доступного вашому ключу (довідку отримує аналітик, який перевіряв рядок, і аудитори)`,
      ),
    );
    // Past the archive's retention years the relay keeps the audit row, not the answer.
    relayFetch(409);
    await user.click(screen.getByTestId('bulk-row-certificate'));
    await waitFor(() =>
      expect(outcome()).toHaveTextContent(
        `Довідку не створено: запит № ${id} не має архівної відповіді для довідки (релей його відхилив, відповів ще до появи архіву або вилучив її після строку зберігання)`,
      ),
    );
    expect(downloads).toEqual([]);
  });

  it('several selected rows: one PDF of their requests, rows a filter hides and rows without a number left out', async () => {
    fake.setSheet('Clients', [
      ['ПІБ', 'Дата народження'],
      ['Петренко Петро', '1980-01-02'],
      ['Коваленко Олена', '1985-05-05'],
      ['Шевченко Тарас', '1970-03-09'],
      ['Петренко Петро', '1980-01-02'],
      ['Бондар Ірина', '1992-11-30'],
      ['Мельник Андрій', '1964-07-21'],
    ]);
    const audit = new Map<string, number>();
    const { resultsSheet, hitsSheet } = await runThrough(audit, 'en', true, 'A1:B7');
    const values = fake.sheetValues(resultsSheet);
    const header = values.findIndex((r) => r[0] === 'Row');
    const column = values[header].indexOf('Relay audit no.');
    const at = (name: string) => values.findIndex((r) => r[1] === name);
    // Mariia's row screened directly (an older run's row pasted in): no number.
    fake.pasteValues(resultsSheet, cellAddress(at('Бондар Ірина'), column), [['']]);
    const ids = (...names: string[]) => names.map((n) => audit.get(n)!);

    const sent: { url: string; body: Record<string, unknown> }[] = [];
    globalThis.fetch = (async (url: string, init: { body: string }) => {
      sent.push({ url, body: JSON.parse(init.body) as Record<string, unknown> });
      return { ok: true, status: 200, blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }) };
    }) as unknown as typeof fetch;
    // From the first client's row down to the last, across every column: rows 2–7 of the client list.
    fake.select(resultsSheet, `${cellAddress(header + 1, 0)}:${cellAddress(header + 6, column)}`);
    await user.click(screen.getByTestId('bulk-row-certificate'));
    await waitFor(() => expect(sent).toHaveLength(1));
    // Each request once, in the rows' order: the same client twice is one request.
    const all = ids('Петренко Петро', 'Коваленко Олена', 'Шевченко Тарас', 'Мельник Андрій');
    expect(sent[0]).toEqual({
      url: 'https://relay.example/certificates',
      body: { tokken: KEY, ids: all, lang: 'en' },
    });
    const file = `checklists-certificates-${all[0]}-${all[3]}.pdf`;
    expect(downloads).toEqual([file]);
    expect(outcome()).toHaveTextContent(
      `Rows 2–5, 7: certificates of 4 requests saved as ${file}, a list of them first (from the relay’s archived answers). ` +
        'Left out, having no relay audit no.: row 6.',
    );

    // The table filtered to a sample of two and selected top to bottom: the rows it hides are left out.
    const [table] = fake.tables(resultsSheet).map((t) => t.name);
    fake.userFiltersTable(table, 1, (name) => name === 'Коваленко Олена' || name === 'Мельник Андрій');
    await user.click(screen.getByTestId('bulk-row-certificate'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].body.ids).toEqual(ids('Коваленко Олена', 'Мельник Андрій'));
    expect(outcome()).toHaveTextContent('Rows 3, 7: certificates of 2 requests saved as');

    // Hits on the hits sheet, from Taras's first to Andrii's last: their results rows' requests, in the
    // results' order (rows 4–7: the second Петренко row is request 700 again; Iryna's row has no number).
    const hits = fake.sheetValues(hitsSheet);
    const firstHit = hits.findIndex((r, i) => i > 0 && r[1] === 'Шевченко Тарас');
    const lastHit = hits.map((r) => r[1]).lastIndexOf('Мельник Андрій');
    expect(lastHit).toBeGreaterThan(firstHit);
    fake.select(hitsSheet, `${cellAddress(firstHit, 0)}:${cellAddress(lastHit, 2)}`);
    await user.click(screen.getByTestId('bulk-row-certificate'));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2].body.ids).toEqual(ids('Шевченко Тарас', 'Петренко Петро', 'Мельник Андрій'));
    expect(outcome()).toHaveTextContent(
      'Rows 4–5, 7: certificates of 3 requests saved as ' +
        `checklists-certificates-${ids('Шевченко Тарас')[0]}-${ids('Мельник Андрій')[0]}.pdf`,
    );
    expect(outcome()).toHaveTextContent('Left out, having no relay audit no.: row 6.');

    // A Ctrl-click selection, still filtered to Olena and Andrii: every area counts, the row the
    // filter hides (Petro's, clicked before the filter) is left out.
    fake.select(
      resultsSheet,
      [1, 2, 6].map((below) => cellAddress(header + below, below === 6 ? column : 0)).join(','),
    );
    await user.click(screen.getByTestId('bulk-row-certificate'));
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent[3].body.ids).toEqual(ids('Коваленко Олена', 'Мельник Андрій'));
    expect(outcome()).toHaveTextContent('Rows 3, 7: certificates of 2 requests saved as');

    // One client's two rows (filtered to them): one request, one certificate, both rows named.
    fake.userFiltersTable(table, 1, (name) => name === 'Петренко Петро');
    fake.select(resultsSheet, `${cellAddress(header + 1, 0)}:${cellAddress(header + 6, 0)}`);
    await user.click(screen.getByTestId('bulk-row-certificate'));
    await waitFor(() => expect(sent).toHaveLength(5));
    const [petro] = ids('Петренко Петро');
    expect(sent[4].url).toBe(`https://relay.example/certificates/${petro}.pdf?lang=en`);
    expect(outcome()).toHaveTextContent(
      `Rows 2, 5, one client’s: saved as checklists-certificate-${petro}.pdf (relay audit no. ${petro}, from its archived answer).`,
    );

    // Results pasted into a client's file: more than a file holds, by requests or by rows; nothing is asked.
    const pasted = (rows: number) => [
      ['Row', 'Relay audit no.'],
      ...Array.from({ length: rows }, (_, i) => [i + 2, 900 + i]),
    ];
    fake.setSheet('Sample', pasted(101));
    fake.select('Sample', 'A1:B102');
    await user.click(screen.getByTestId('bulk-row-certificate'));
    await waitFor(() =>
      expect(outcome()).toHaveTextContent('At most 100 clients’ certificates in one file: select fewer rows.'),
    );
    fake.setSheet('Sample', pasted(1_001));
    fake.select('Sample', 'A:B');
    await user.click(screen.getByTestId('bulk-row-certificate'));
    await waitFor(() => expect(outcome()).toHaveTextContent('At most 100 clients’ certificates in one file'));
    fake.select('Sample', 'A2:B101');
    await user.click(screen.getByTestId('bulk-row-certificate'));
    await waitFor(() => expect(sent).toHaveLength(6));
    expect(sent[5].body.ids).toEqual(Array.from({ length: 100 }, (_, i) => 900 + i));

    // The relay refuses the file for one number: the pane names it (the filter cleared first).
    fake.userFiltersTable(table, 1, () => true);
    globalThis.fetch = (async () => ({
      ok: false,
      status: 404,
      json: async () => ({ error: 404, message: 'x', auditId: all[1] }),
    })) as unknown as typeof fetch;
    fake.select(resultsSheet, `${cellAddress(header + 1, 1)}:${cellAddress(header + 6, 1)}`);
    await user.click(screen.getByTestId('bulk-row-certificate'));
    await waitFor(() =>
      expect(outcome()).toHaveTextContent(`the relay holds no request no. ${all[1]} that your key may read`),
    );
    expect(sent).toHaveLength(6);
  });

  it('says a row screened without the relay has no certificate there', async () => {
    const { resultsSheet } = await runThrough(new Map(), 'en', false);
    const values = fake.sheetValues(resultsSheet);
    const olena = values.findIndex((r) => r[1] === 'Коваленко Олена');
    const sent = relayFetch();
    fake.select(resultsSheet, cellAddress(olena, 0));
    await user.click(screen.getByTestId('bulk-row-certificate'));
    await waitFor(() =>
      expect(outcome()).toHaveTextContent(
        'Row 3 has no relay audit no.: it was not screened through the relay (or not screened), so the relay holds no certificate of it.',
      ),
    );
    expect(sent).toEqual([]);
  });
});

describe('Screen again is offered only on a results sheet, named after it (issue 31, item 8)', () => {
  it('disabled on a client list with what to do; after a run, on its results sheet, named and explained', async () => {
    fake.select('Clients', 'A1:B3');
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="uk" services={fakeServices()} />
      </FluentProvider>,
    );
    const button = await screen.findByTestId('bulk-screen-again');
    const meaning = screen.getByTestId('bulk-screen-again-meaning');
    expect(button).toBeDisabled();
    expect(meaning).toHaveTextContent(rescreenMessages.t('uk', 'panel.screenAgainNoSheet'));

    await user.click(await screen.findByRole('button', { name: bulkMessages.t('uk', 'panel.readSelection') }));
    await user.click(await screen.findByRole('button', { name: bulkMessages.t('uk', 'panel.start') }));
    await screen.findByTestId('bulk-outcome', {}, { timeout: 20_000 });
    const results = fake.activeSheetName();
    expect(
      fake
        .tables(results)
        .map((t) => t.name)
        .join(),
    ).toMatch(/^CheckLists_/);
    await waitFor(() =>
      expect(button).toHaveTextContent(rescreenMessages.t('uk', 'panel.screenAgainOn', { sheet: results })),
    );
    expect(button).toBeEnabled();
    expect(meaning).toHaveTextContent(rescreenMessages.t('uk', 'panel.screenAgainHint'));

    // The analyst goes back to the client list: nothing there to screen again.
    fake.select('Clients', 'A1');
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveTextContent(rescreenMessages.t('uk', 'panel.screenAgain'));
    // And to the hits sheet, which Screen again also starts from.
    const hits = fake.sheetNames().find((n) => n.startsWith(bulkMessages.t('uk', 'sheet.hits')))!;
    fake.select(hits, 'A1');
    await waitFor(() =>
      expect(button).toHaveTextContent(rescreenMessages.t('uk', 'panel.screenAgainOn', { sheet: hits })),
    );
  });
});

describe('Screen again on results the command line wrote', () => {
  it('names where their list is and the command that screens them again; a pane results sheet converted to a range stays no results sheet', async () => {
    const header = (input: string) => [
      ['CheckLists — bulk screening', null],
      ['Started', '2026-10-01 02:00:04'],
      ['Run state', 'completed: 2 rows, 1 hits listed'],
      ['Input', input],
      ['Rows', 2],
      [null, null],
      ['Row', 'ПІБ'],
      [2, 'Петренко Петро'],
    ];
    fake.setSheet('CheckLists', header('clients.xlsx [Клієнти]'));
    fake.setSheet('Copied', header('Clients!A1:B3'));
    fake.select('CheckLists', 'A1');
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="uk" services={fakeServices()} />
      </FluentProvider>,
    );
    const button = await screen.findByTestId('bulk-screen-again');
    const meaning = screen.getByTestId('bulk-screen-again-meaning');
    await waitFor(() =>
      expect(meaning).toHaveTextContent(
        rescreenMessages.t('uk', 'panel.screenAgainCommandLine', { input: 'clients.xlsx [Клієнти]' }),
      ),
    );
    expect(button).toBeDisabled();
    // A header whose Input is an address in this workbook is the pane's, its table gone: as before.
    fake.select('Copied', 'A1');
    await waitFor(() => expect(meaning).toHaveTextContent(rescreenMessages.t('uk', 'panel.screenAgainNoSheet')));
    expect(button).toBeDisabled();
  });

  it('Save decisions there says the same, rather than that no sheet holds a hits table', async () => {
    const services = fakeServices();
    await services.settings.save({ ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.example' });
    await services.settings.saveTokken('analyst-own-key');
    fake.setSheet('CheckLists hits', [
      ['CheckLists — масова перевірка', null],
      ['Вхідні дані', 'clients.xlsx [Клієнти]'],
    ]);
    fake.select('CheckLists hits', 'A1');
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="en" services={services} />
      </FluentProvider>,
    );
    await user.click(await screen.findByTestId('bulk-save-decisions'));
    expect(await screen.findByTestId('bulk-save-decisions-outcome')).toHaveTextContent(
      rescreenMessages.t('en', 'previous.commandLine', { sheet: 'CheckLists hits', input: 'clients.xlsx [Клієнти]' }),
    );
  });
});

describe('Screen again between a sandbox and the live service', () => {
  it('says the comparison is of nothing real when the previous results came from the other kind of service', async () => {
    fake.select('Clients', 'A1:B3');
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="uk" services={fakeServices()} />
      </FluentProvider>,
    );
    await user.click(await screen.findByRole('button', { name: bulkMessages.t('uk', 'panel.readSelection') }));
    await user.click(await screen.findByRole('button', { name: bulkMessages.t('uk', 'panel.start') }));
    await screen.findByTestId('bulk-outcome', {}, { timeout: 20_000 });
    const results = fake.activeSheetName();
    const again = screen.getByTestId('bulk-screen-again');
    await waitFor(() => expect(again).toBeEnabled());
    // Sandbox then sandbox (the fake names its service "тест": no claim either way).
    await user.click(again);
    await screen.findByTestId('bulk-rescreen-summary', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('bulk-service-shift')).toBeNull();

    // Results whose header says they came from the live service, screened again on the sandbox.
    const header = fake.sheetValues(results);
    const service = header.findIndex((r) => r[0] === bulkMessages.t('uk', 'header.mode'));
    expect(service).toBeGreaterThanOrEqual(0);
    fake.pasteValues(results, cellAddress(service, 1), [['Робочий сервіс CheckLists']]);
    fake.select(results, 'A1');
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    expect(await screen.findByTestId('bulk-service-shift', {}, { timeout: 20_000 })).toHaveTextContent(
      rescreenMessages.t('uk', 'shift.live-to-fictional'),
    );
  });
});

describe('Screen again after the registry edited a cleared record', () => {
  it('says how many cleared hits to look at again, on screen and on the Run state line', async () => {
    fake.select('Clients', 'A1:B3');
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="uk" services={fakeServices()} />
      </FluentProvider>,
    );
    await user.click(await screen.findByRole('button', { name: bulkMessages.t('uk', 'panel.readSelection') }));
    await user.click(await screen.findByRole('button', { name: bulkMessages.t('uk', 'panel.start') }));
    await screen.findByTestId('bulk-outcome', {}, { timeout: 20_000 });
    const results = fake.activeSheetName();
    // The analyst clears the first hit; the sheet saw the record with another fingerprint than today's.
    const hits = fake.sheetNames().find((n) => n.startsWith(bulkMessages.t('uk', 'sheet.hits')))!;
    const header = fake.sheetValues(hits)[0];
    const col = (id: string) => header.indexOf(hitsColumns('uk').find((c) => c.id === id)!.header);
    fake.pasteValues(hits, cellAddress(1, col('decision')), [[rescreenMessages.t('uk', 'decision.falsePositive')]]);
    fake.pasteValues(hits, cellAddress(1, col('fingerprint')), [['0000000000000000']]);
    fake.select(results, 'A1');
    const again = screen.getByTestId('bulk-screen-again');
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    expect(await screen.findByTestId('bulk-rescreen-reopened', {}, { timeout: 20_000 })).toHaveTextContent(
      rescreenMessages.t('uk', 'summary.reopened', { count: 1 }),
    );
    const state = fake
      .sheetValues(fake.activeSheetName())
      .find((r) => r[0] === bulkMessages.t('uk', 'header.state'))?.[1];
    expect(String(state)).toMatch(/; знятих збігів переглянути знову 1$/);
  });
});

describe('split name columns in the pane (issue 31)', () => {
  it('maps Прізвище, Ім’я, По батькові and says the name is joined from them, that the title above is left out and that rows are hidden, before Start', async () => {
    fake.setSheet('Split', [
      ['Клієнти станом на 01.11.2026', null, null],
      ['Прізвище', 'Ім’я', 'По батькові'],
      ['Петренко', 'Петро', 'Петрович'],
      ['Іваненко', 'Іван', 'Іванович'],
    ]);
    fake.userHidesRows('Split', [4]);
    fake.select('Split', 'A1:C4');
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="uk" services={fakeServices()} />
      </FluentProvider>,
    );
    await user.click(await screen.findByRole('button', { name: bulkMessages.t('uk', 'panel.readSelection') }));
    expect(await screen.findByTestId('bulk-name-notes')).toHaveTextContent(
      'ПІБ = Прізвище + Ім’я + По батькові, для кожного рядка в такому порядку.',
    );
    expect(screen.queryByTestId('bulk-mapping-problems')).toBeNull();
    expect(screen.getByTestId('bulk-above-header')).toHaveTextContent(
      bulkMessages.t('uk', 'panel.aboveHeader', { row: 2, count: 1 }),
    );
    expect(screen.getByTestId('bulk-source')).toHaveTextContent('Split!A2:C4');
    expect(screen.getByTestId('bulk-rows-hidden')).toHaveTextContent(
      bulkMessages.t('uk', 'panel.rowsHidden', { hidden: 1, total: 2 }),
    );
  });
});

describe('A filtered list in the pane', () => {
  beforeEach(() => {
    fake
      .setSheet('Filtered', [
        ['ПІБ', 'Дата народження'],
        ['Петренко Петро', '1980-01-02'],
        ['Коваленко Олена', '1985-05-05'],
        ['Шевченко Тарас', '1990-03-09'],
      ])
      .addTable('Filtered', 'A1:B4', 'Filtered')
      .userFiltersTable('Filtered', 0, (value) => value !== 'Коваленко Олена')
      .select('Filtered', 'A2');
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="en" services={fakeServices()} />
      </FluentProvider>,
    );
  });

  async function readAndRun(): Promise<unknown[][]> {
    await user.click(screen.getByRole('button', { name: bulkMessages.t('en', 'panel.start') }));
    await screen.findByTestId('bulk-outcome', {}, { timeout: 20_000 });
    const results = fake.sheetNames().find((n) => n.startsWith('CheckLists') && !/hits/.test(n))!;
    return fake.sheetValues(results);
  }

  function rowOf(values: unknown[][], name: string): Record<string, unknown> {
    const header = values.findIndex((r) => r.includes('Status'));
    const row = values.find((r, i) => i > header && r.includes(name))!;
    return Object.fromEntries(values[header].map((h, i) => [String(h), row[i]]));
  }

  it('offers to screen only the rows shown, chosen by default: the hidden client is accounted for, not asked', async () => {
    await user.click(screen.getByRole('button', { name: bulkMessages.t('en', 'panel.readSelection') }));
    const choice = await screen.findByTestId('bulk-rows-hidden');
    expect(choice).toHaveTextContent('Rows of this list hidden (a filter, or by hand): 1 of 3.');
    expect(within(choice).getByRole('checkbox', { name: 'Screen only the rows shown' })).toBeChecked();
    expect(choice).toHaveTextContent(bulkMessages.t('en', 'panel.onlyShownOn'));

    const values = await readAndRun();
    expect(screen.getByTestId('bulk-hidden')).toHaveTextContent('Hidden rows left out (not screened): 1');
    expect(rowOf(values, 'Коваленко Олена')).toMatchObject({
      Status: bulkMessages.t('en', 'status.hidden'),
      'Request id': '',
    });
    expect(rowOf(values, 'Петренко Петро')['Request id']).toMatch(/\S/);
    expect(values.flat()).toContain(bulkMessages.t('en', 'input.rowsHiddenLeftOut', { hidden: 1 }));
  });

  it('screens every row, the hidden ones too, when the analyst unticks the choice', async () => {
    await user.click(screen.getByRole('button', { name: bulkMessages.t('en', 'panel.readSelection') }));
    await user.click(within(await screen.findByTestId('bulk-rows-hidden')).getByRole('checkbox'));
    expect(screen.getByTestId('bulk-rows-hidden')).toHaveTextContent(bulkMessages.t('en', 'panel.onlyShownOff'));

    const values = await readAndRun();
    expect(screen.queryByTestId('bulk-hidden')).toBeNull();
    expect(rowOf(values, 'Коваленко Олена')['Request id']).toMatch(/\S/);
    expect(values.flat()).toContain(bulkMessages.t('en', 'input.rowsHidden'));
  });
});

describe('Waiting for approval (four-eyes through the relay)', () => {
  const waiting = (id: number, analyst: string) => ({
    id,
    at: '2026-11-21T10:30:00.000Z',
    kind: 'decision',
    analyst,
    subject: { name: 'Петренко Петро', date: '1980-01-02' },
    registry: 'psanctions',
    record: `psanctions:S-${id}`,
    decision: 'false-positive',
    reason: 'different-birth-date',
    comment: 'ID seen',
  });

  it('lists what waits, approves one with the key in the body, and leaves one’s own to another approver', async () => {
    const services = fakeServices();
    await services.settings.save({ ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.example' });
    await services.settings.saveTokken('approver-own-key');
    const sent: { url: string; body: Record<string, unknown> }[] = [];
    globalThis.fetch = (async (url: string, init: { body: string }) => {
      const body = JSON.parse(init.body) as Record<string, unknown>;
      sent.push({ url, body });
      if (url.endsWith('/decisions/pending')) {
        const why = [
          {
            uk: 'Дати народження різні: у запиті 1980-01-02, у записі 1979-05-14.',
            en: 'Birth dates differ: 1980-01-02 asked, 1979-05-14 in the record.',
          },
          'full name agrees; birth date differs',
        ];
        const list = {
          analyst: 'anna',
          pending: [{ ...waiting(12, 'olena'), why }, waiting(13, 'petro'), waiting(15, 'anna')],
        };
        return { ok: true, status: 200, text: async () => JSON.stringify(list) };
      }
      if (url.endsWith('/decisions/return')) {
        return { ok: true, status: 200, text: async () => JSON.stringify({ analyst: 'anna', returned: 13, id: 17 }) };
      }
      return { ok: true, status: 200, text: async () => JSON.stringify({ analyst: 'anna', approved: 12, id: 16 }) };
    }) as unknown as typeof fetch;
    try {
      render(
        <FluentProvider theme={webLightTheme}>
          <BulkPanel lang="en" services={services} />
        </FluentProvider>,
      );
      await user.click(await screen.findByTestId('pending-button'));
      const title = await screen.findByText('Decisions waiting for a second person (3), oldest first:');
      expect(title).toBeInTheDocument();
      const section = screen.getByTestId('pending-approvals');
      const first = section.querySelector('[data-pending="12"]')!;
      expect(first.textContent).toContain(
        '#12  2026-11-21 10:30 UTC  olena  Петренко Петро, 1980-01-02  psanctions:S-12  false positive — namesake (different birth date) "ID seen"',
      );
      // What the approver judges it on: the facts its author saw, in the pane's language.
      const facts = within(first as HTMLElement).getByRole('list', { name: 'Why its author decided so' });
      expect(
        within(facts)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        'Birth dates differ: 1980-01-02 asked, 1979-05-14 in the record.',
        'full name agrees; birth date differs',
      ]);
      // One's own: no button, another approver approves it.
      const own = section.querySelector('[data-pending="15"]')!;
      expect(own.querySelector('button')).toBeNull();
      expect(own.textContent).toContain('yours: a second person approves it');
      // A decision sent without facts (a relay or add-in from before them) lists none.
      expect(within(own as HTMLElement).queryByRole('list')).toBeNull();

      await user.click(first.querySelector('button')!);
      await waitFor(() => expect(first.textContent).toContain('Approved.'));
      expect(sent.map((s) => s.url)).toEqual([
        'https://relay.example/decisions/pending',
        'https://relay.example/decisions/approve',
      ]);
      expect(sent[1].body).toEqual({ tokken: 'approver-own-key', id: 12 });
      expect(first.querySelector('button')).toBeDisabled();

      // Four-eyes' "no": sent back for review, never without why.
      const second = section.querySelector('[data-pending="13"]') as HTMLElement;
      await user.click(within(second).getByRole('button', { name: 'Return for review…' }));
      const sendBack = within(second).getByRole('button', { name: 'Send back' });
      expect(sendBack).toBeDisabled();
      await user.type(
        within(second).getByRole('textbox', { name: 'Why it goes back (its author reads this)' }),
        'Ask for the passport',
      );
      await user.click(sendBack);
      await waitFor(() => expect(second.textContent).toContain('Returned for review: the hit is open again.'));
      expect(sent[2]).toEqual({
        url: 'https://relay.example/decisions/return',
        body: { tokken: 'approver-own-key', id: 13, comment: 'Ask for the passport' },
      });
      expect(within(second).queryByRole('textbox')).toBeNull();
      expect(within(second).getByRole('button', { name: 'Approve' })).toBeDisabled();
    } finally {
      delete (globalThis as { fetch?: unknown }).fetch;
    }
  });

  it('shows an auditor the list and the facts, with nothing to press', async () => {
    const services = fakeServices();
    await services.settings.save({ ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.example' });
    await services.settings.saveTokken('auditor-key');
    globalThis.fetch = (async () => {
      const list = { analyst: 'inspector', approver: false, pending: [waiting(12, 'olena')] };
      return { ok: true, status: 200, text: async () => JSON.stringify(list) };
    }) as unknown as typeof fetch;
    try {
      render(
        <FluentProvider theme={webLightTheme}>
          <BulkPanel lang="en" services={services} />
        </FluentProvider>,
      );
      await user.click(await screen.findByTestId('pending-button'));
      await screen.findByText('Decisions waiting for a second person (1), oldest first:');
      const item = screen.getByTestId('pending-approvals').querySelector('[data-pending="12"]') as HTMLElement;
      expect(item.textContent).toContain('psanctions:S-12');
      expect(within(item).queryByRole('button')).toBeNull();
    } finally {
      delete (globalThis as { fetch?: unknown }).fetch;
    }
  });

  it('shows an analyst their own waiting decisions, and those an approver returned, with why, and nothing to press', async () => {
    const services = fakeServices();
    await services.settings.save({ ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.example' });
    await services.settings.saveTokken('analyst-key');
    const returned = {
      ...waiting(14, 'anna'),
      decision: 'needs-review',
      reason: null,
      comment: 'Ask for the passport',
      returns: 11,
      why: ['full name agrees; birth date differs'],
    };
    globalThis.fetch = (async () => {
      const list = { analyst: 'olena', approver: false, pending: [waiting(12, 'olena')], returned: [returned] };
      return { ok: true, status: 200, text: async () => JSON.stringify(list) };
    }) as unknown as typeof fetch;
    try {
      render(
        <FluentProvider theme={webLightTheme}>
          <BulkPanel lang="en" services={services} />
        </FluentProvider>,
      );
      await user.click(await screen.findByTestId('pending-button'));
      await screen.findByText('Decisions waiting for a second person (1), oldest first:');
      const section = screen.getByTestId('pending-approvals');
      expect(
        screen.getByText('Your decisions returned for review (1): decide each anew on its hit.'),
      ).toBeInTheDocument();
      // One's own waiting decision says who approves it.
      expect(section.querySelector('[data-pending="12"]')!.textContent).toContain('yours: a second person approves it');
      const back = section.querySelector('[data-returned="14"]') as HTMLElement;
      expect(back.textContent).toContain(
        '#14  2026-11-21 10:30 UTC  anna  Петренко Петро, 1980-01-02  psanctions:S-14  returned #11 for review "Ask for the passport"',
      );
      expect(within(back).getByRole('list', { name: 'Why its author decided so' })).toHaveTextContent(
        'full name agrees; birth date differs',
      );
      // Only the list's own button: nothing to approve or return.
      expect(
        within(section)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Waiting for approval']);
    } finally {
      delete (globalThis as { fetch?: unknown }).fetch;
    }
  });

  it.each([
    ['an analyst', { analyst: 'olena', approver: false, scope: 'own' }, 'None of your decisions waits for approval.'],
    ['an auditor', { analyst: 'inspector', approver: false, scope: 'all' }, 'Nothing waits for approval.'],
    // A relay from before `scope` says nothing of whose the list is.
    ['a key on an older relay', { analyst: 'olena', approver: false }, 'Nothing waits for approval.'],
  ])('says, to %s, whose decisions an empty waiting list is of', async (_who, caller, said) => {
    const services = fakeServices();
    await services.settings.save({ ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.example' });
    await services.settings.saveTokken('some-key');
    globalThis.fetch = (async () => {
      const list = { ...caller, pending: [], returned: [] };
      return { ok: true, status: 200, text: async () => JSON.stringify(list) };
    }) as unknown as typeof fetch;
    try {
      render(
        <FluentProvider theme={webLightTheme}>
          <BulkPanel lang="en" services={services} />
        </FluentProvider>,
      );
      await user.click(await screen.findByTestId('pending-button'));
      expect(await screen.findByText(said)).toBeInTheDocument();
    } finally {
      delete (globalThis as { fetch?: unknown }).fetch;
    }
  });

  it('is not offered on a direct connection', async () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="en" services={fakeServices()} />
      </FluentProvider>,
    );
    expect(await screen.findByRole('button', { name: bulkMessages.t('en', 'panel.start') })).toBeInTheDocument();
    expect(screen.queryByTestId('pending-approvals')).toBeNull();
  });
});

it('Waiting for approval without a key saved says what to save, asking the relay nothing', async () => {
  const services = fakeServices();
  await services.settings.save({ ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.example' });
  const calls: string[] = [];
  globalThis.fetch = (async (url: string) => {
    calls.push(url);
    throw new Error('not expected');
  }) as unknown as typeof fetch;
  try {
    render(
      <FluentProvider theme={webLightTheme}>
        <BulkPanel lang="uk" services={services} />
      </FluentProvider>,
    );
    await user.click(await screen.findByTestId('pending-button'));
    expect(
      await screen.findByText(
        'Перелік очікуваних не вдалося прочитати: Спершу збережіть адресу релея та свій ключ аналітика в «Налаштуваннях».',
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  } finally {
    delete (globalThis as { fetch?: unknown }).fetch;
  }
});
