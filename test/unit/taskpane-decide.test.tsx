import '../support/ui-setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DECISIONS, explainHit } from '../../src/core/answer/explain';
import { explainMessages } from '../../src/core/answer/explain-messages';
import { recordOf } from '../../src/core/answer/record-identity';
import { RELAY_DECISIONS_FIELD, decisionText } from '../../src/core/answer/relay-decisions';
import { validateQuery } from '../../src/core/query';
import { DEFAULT_SETTINGS, type Settings } from '../../src/core/settings/settings';
import { createSandboxEngine, DEMO_CREDENTIALS, KNOWN } from '../../src/sandbox';
import { resultsMessages as resultsText } from '../../src/taskpane/results/results-messages';
import { SearchPanel } from '../../src/taskpane/search/SearchPanel';
import { taskpaneMessages as m } from '../../src/taskpane/shell/messages';
import { loadAllParts } from '../../src/taskpane/shell/lazy-parts';
import { fakeServices, json, scriptedTransport } from '../support/taskpane-fakes';
import { connect } from '../../src/shared-runtime/connection';
import type { LoadedSettings } from '../../src/core/settings/settings-store';
import { bilingual, relayMessages } from '../../src/relay/messages';

/**
 * The hit card in the task pane: why it is a hit (a chip per compared field, the suggestion), and
 * through the relay the decision, recorded there with the suggestion pre-selected; the accept
 * list's muted hits named above the registries; directly, the note that decisions stay in the workbook.
 */

beforeAll(() => loadAllParts(), 60_000);
jest.setTimeout(20_000);
const user = userEvent.setup({ delay: null });

const NAME = KNOWN.pepSanctioned.name;

function sandboxAnswer(): Record<string, unknown> {
  const engine = createSandboxEngine({});
  const answer = engine.handle({
    method: 'POST',
    path: '/api',
    query: {},
    body: JSON.stringify({
      ...DEMO_CREDENTIALS,
      IDsubjectFM: DEMO_CREDENTIALS.idSubjectFM,
      name: NAME,
      date: '1985-02-01',
    }),
  });
  return JSON.parse(answer.body) as Record<string, unknown>;
}

let shownServices: ReturnType<typeof fakeServices> | null = null;

async function show(settings: Settings, answer: Record<string, unknown>, key: string) {
  const services = fakeServices({ transport: scriptedTransport(json(200, answer)) });
  await services.settings.save(settings);
  await services.settings.saveTokken(key);
  shownServices = services;
  render(
    <FluentProvider theme={webLightTheme}>
      <SearchPanel services={services} settings={settings} lang="en" />
    </FluentProvider>,
  );
  await user.click(screen.getByLabelText(m.t('en', 'search.date')));
  await user.paste('1985-02-01');
  await user.click(screen.getByLabelText(m.t('en', 'search.name')));
  await user.paste(NAME);
  await user.keyboard('{Enter}');
  return screen.findByTestId('results', {}, { timeout: 10_000 });
}

const query = (() => {
  const checked = validateQuery({ name: NAME, date: '1985-02-01' });
  if (!checked.ok) throw new Error('subject');
  return checked.query;
})();

it('directly: each hit says why (chips per field) and what is suggested; decisions are said to stay in the workbook', async () => {
  const answer = sandboxAnswer();
  const results = await show(
    { ...DEFAULT_SETTINGS, primaryUrl: 'https://primary.example', idSubjectFM: 'S1' },
    answer,
    'secret',
  );
  const card = within(results).getAllByTestId('hit-peps')[0];
  const item = (answer.result as Record<string, object[]>).peps[0];
  const expected = explainHit(query, 'peps', item);
  const chips = [...card.querySelectorAll('[data-fact]')].map((c) => [
    c.getAttribute('data-fact'),
    c.getAttribute('data-tone'),
  ]);
  expect(chips).toEqual(expected.facts.map((f) => [f.code, f.tone]));
  expect(chips).toContainEqual(['birth.differs', 'differ']);
  expect(within(card).getByTestId('why-suggested').textContent).toContain('false positive');
  expect(within(card).queryByTestId('decide')).toBeNull();
  expect(within(results).getByTestId('decisions-here').textContent).toContain('only in this workbook');

  // Directly, the certificate goes into a protected sheet of its own (the pane saves no files).
  expect(within(results).queryByTestId('certificate')).toBeNull();
  expect(within(results).queryByTestId('audit-relay')).toBeNull();
  await user.click(within(results).getByTestId('evidence-sheet'));
  await waitFor(() => expect(shownServices!.evidence).toHaveLength(1));
  const rows = shownServices!.evidence[0];
  expect(rows[0]).toEqual(['Screening certificate']);
  expect(rows).toContainEqual(['Name', NAME]);
  expect(rows).toContainEqual(['Politically exposed persons (PEP)', 'HITS: 1']);
  // No IDuserPC in these settings, and Excel names no user: said, never a bare "-".
  expect(rows).toContainEqual(['Screened by', 'not named (set IDuserPC in the settings to name the analyst)']);
  expect(await screen.findByText('Written to the protected sheet "CheckLists evidence".')).toBeInTheDocument();

  // The answer says whose it is (issue 31), and goes when a search it does not belong to is tried.
  expect(within(results).getByTestId('subject-line').textContent).toMatch(
    new RegExp(`^Subject: ${NAME} · 1985-02-01 — `),
  );
  const date = screen.getByLabelText(m.t('en', 'search.date'));
  await user.clear(date);
  await user.click(date);
  await user.paste('31.02.1985');
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByTestId('results')).toBeNull());
});

it('directly to a sandbox server (a sandbox account’s token): the answer, its sheet rows and its certificate say the data is fictional', async () => {
  const transport = scriptedTransport(json(200, sandboxAnswer()));
  const base = fakeServices({ transport });
  // The real connection, as the pane makes it: only the address and the token say where it goes.
  const services = {
    ...base,
    connectWith: (loaded: LoadedSettings) => connect(loaded, { transport }),
    connect: async () => connect(await base.settings.load(), { transport }),
  };
  const settings = {
    ...DEFAULT_SETTINGS,
    primaryUrl: 'http://127.0.0.1:8443',
    idSubjectFM: DEMO_CREDENTIALS.idSubjectFM,
  };
  await services.settings.save(settings);
  await services.settings.saveTokken(DEMO_CREDENTIALS.tokken);
  expect((await services.connect()).mode).toBe('live');
  render(
    <FluentProvider theme={webLightTheme}>
      <SearchPanel services={services} settings={settings} lang="en" />
    </FluentProvider>,
  );
  await user.click(screen.getByLabelText(m.t('en', 'search.name')));
  await user.paste(NAME);
  await user.keyboard('{Enter}');
  const results = await screen.findByTestId('results', {}, { timeout: 10_000 });
  expect(transport.requests).toHaveLength(1);
  const banner = within(results).getByTestId('sandbox-banner');
  expect(banner.textContent).toContain('SANDBOX SERVER — fictional data');
  expect(banner.textContent).toContain(resultsText.t('en', 'results.sandboxServer'));
  expect(within(results).getByText('SANDBOX SERVER — fictional data', { selector: 'dd' })).toBeInTheDocument();

  await user.click(within(results).getByRole('button', { name: resultsText.t('en', 'results.insert') }));
  await waitFor(() => expect(base.inserted).toHaveLength(1));
  expect(base.inserted[0]).toContainEqual([resultsText.t('en', 'audit.mode'), 'SANDBOX SERVER — fictional data']);

  await user.click(within(results).getByTestId('evidence-sheet'));
  await waitFor(() => expect(base.evidence).toHaveLength(1));
  expect(base.evidence[0].flat()).toContain('SANDBOX: fictional data, not evidence of a real screening');
});

it('through a relay whose upstream is a sandbox: the answer says it is fictional, though the settings name the relay', async () => {
  const relay: Settings = { ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.bank.example' };
  const results = await show(
    relay,
    { ...sandboxAnswer(), relay_audit_id: 56, relay_sandbox: true },
    'ckr_abcdefghijkl_secretsecretsecretsecretsecretsecret',
  );
  const banner = within(results).getByTestId('sandbox-banner');
  expect(banner.textContent).toContain('SANDBOX SERVER — fictional data');
  expect(banner.textContent).toContain('behind the organisation’s relay');
  expect(within(results).getByText('SANDBOX SERVER — fictional data', { selector: 'dd' })).toBeInTheDocument();
});

it('through the relay: the decision goes to the relay with the suggestion pre-selected and the analyst key, never a name; muted hits are named', async () => {
  const answer = sandboxAnswer();
  const item = (answer.result as Record<string, object[]>).psanctions[0];
  const muted = {
    id: 7,
    registry: 'peps',
    record: 'peps:10001',
    name: NAME,
    decision: 'false-positive',
    reason: 'different-birth-date',
    analyst: 'olena',
    at: '2026-11-20T09:00:00.000Z',
    state: 'in-force',
    approvedBy: null,
  };
  const relayed = {
    ...answer,
    relay_audit_id: 55,
    result: { ...(answer.result as object), peps: [] },
    [RELAY_DECISIONS_FIELD]: { muted: [muted], changed: [] },
  };
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  let certificateStatus = 200;
  // The pane's jsdom has no fetch: the relay's side of this is tested over real HTTP in
  // test/integration/relay-decisions.test.ts; here, what the card sends.
  const fakeFetch = async (url: unknown, init?: { body?: unknown }) => {
    sent.push({ url: String(url), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    if (String(url).includes('/certificates/')) {
      const status = certificateStatus;
      return { ok: status === 200, status, blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }) };
    }
    const text = JSON.stringify({
      analyst: 'petro',
      results: [{ status: 'pending', id: 42, index: 0, at: '2026-11-28T09:15:00.000Z' }],
    });
    return { ok: true, status: 200, text: async () => text };
  };
  const downloads: string[] = [];
  Object.assign(globalThis, { fetch: fakeFetch });
  Object.assign(URL, { createObjectURL: () => 'blob:certificate', revokeObjectURL: () => undefined });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  try {
    const relay: Settings = { ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.bank.example' };
    const results = await show(relay, relayed, 'ckr_abcdefghijkl_secretsecretsecretsecretsecretsecret');
    const notes = within(results).getByTestId('muted');
    expect(notes.textContent).toContain(resultsText.t('en', 'muted.title', { count: 1 }));
    expect(notes.textContent).toContain(
      `${NAME} (peps:10001): false positive — namesake (different birth date), olena 2026-11-20 09:00 UTC; in force`,
    );
    expect(within(results).queryByTestId('decisions-here')).toBeNull();
    // The digest's "no hits" line says the PEP list's one hit was muted, not a bare "PEP".
    expect(within(results).getByTestId('digest-clear')).toHaveTextContent('PEP (1 muted by the relay)');
    // A relay of the live service: no sandbox banner.
    expect(within(results).queryByTestId('sandbox-banner')).toBeNull();

    const card = within(results).getAllByTestId('hit-psanctions')[0];
    const decide = within(card).getByTestId('decide');
    const suggested = explainHit(query, 'psanctions', item).suggested;
    // Three decision buttons on the card, the suggestion pressed; the reason pre-selected too.
    const choices = within(within(decide).getByRole('group', { name: resultsText.t('en', 'decide.decision') }));
    expect(choices.getAllByRole('button').map((b) => b.getAttribute('data-decision'))).toEqual([...DECISIONS]);
    expect(choices.getAllByRole('button', { pressed: true }).map((b) => b.getAttribute('data-decision'))).toEqual([
      suggested.decision,
    ]);
    const other = DECISIONS.find((d) => d !== suggested.decision)!;
    await user.click(choices.getByRole('button', { name: explainMessages.t('en', `suggest.${other}`) }));
    expect(choices.getByRole('button', { pressed: true })).toHaveAttribute('data-decision', other);
    await user.click(choices.getByRole('button', { name: explainMessages.t('en', `suggest.${suggested.decision}`) }));
    const [reason] = within(decide).getAllByRole('combobox') as HTMLSelectElement[];
    expect(reason.value).toBe(suggested.reason);
    await user.click(within(decide).getByRole('textbox'));
    await user.paste('Клієнт 1985 р. н.');
    expect(within(card).queryByTestId('decision-on-record')).toBeNull();
    await user.click(within(decide).getByRole('button', { name: resultsText.t('en', 'decide.record') }));
    await waitFor(() => expect(within(decide).getByRole('status').textContent).toContain('waits for a second person'));
    // The card says at once what the relay now holds on this hit, under the analyst the key names.
    expect(within(card).getByTestId('decision-on-record').textContent).toBe(
      `On record at the relay: ${decisionText(
        { decision: suggested.decision, reason: suggested.reason, comment: 'Клієнт 1985 р. н.' },
        'en',
      )}, petro 2026-11-28 09:15 UTC; awaiting approval`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('https://relay.bank.example/decisions');
    expect(sent[0].body).toEqual({
      tokken: 'ckr_abcdefghijkl_secretsecretsecretsecretsecretsecret',
      subject: expect.objectContaining({ name: NAME, date: '1985-02-01' }),
      registry: 'psanctions',
      ...recordOf('psanctions', item),
      decision: suggested.decision,
      reason: suggested.reason,
      comment: 'Клієнт 1985 р. н.',
      // What the card suggested goes with it: an approver sees a decision that goes against it.
      suggested: { decision: suggested.decision, reason: suggested.reason },
      // And the facts the card shows, in both languages: what the approver judges the decision on.
      why: explainHit(query, 'psanctions', item).facts.map((f) => f.text),
    });
    expect(Object.keys(sent[0].body)).not.toContain('analyst');

    // The certificate: the relay's PDF of this request, the key in the body, never in the URL; its
    // number among the audit details, as a results sheet shows it beside a client.
    expect(within(results).getByTestId('audit-relay').textContent).toBe('55');
    await user.click(within(results).getByTestId('certificate'));
    await waitFor(() => expect(downloads).toEqual(['checklists-certificate-55.pdf']));
    expect(sent[1].url).toBe('https://relay.bank.example/certificates/55.pdf?lang=en');
    expect(sent[1].url).not.toContain('ckr_');
    expect(sent[1].body).toEqual({ tokken: 'ckr_abcdefghijkl_secretsecretsecretsecretsecretsecret' });
    // Pruned after the retention years (409), or not this analyst's (404): said in words, not as a status.
    certificateStatus = 409;
    await user.click(within(results).getByTestId('certificate'));
    await waitFor(() =>
      expect(
        within(results)
          .getAllByRole('status')
          .map((e) => e.textContent),
      ).toContain(
        'No certificate was made: request no. 55 has no archived answer to certify (refused by the relay, answered before its archive existed, or pruned after the retention years)',
      ),
    );
    certificateStatus = 404;
    await user.click(within(results).getByTestId('certificate'));
    await waitFor(() =>
      expect(
        within(results)
          .getAllByRole('status')
          .map((e) => e.textContent),
      ).toContain(
        'No certificate was made: the relay holds no request no. 55 that your key may read (a certificate goes to the analyst who made it, and to auditors)',
      ),
    );
    expect(downloads).toEqual(['checklists-certificate-55.pdf']);
  } finally {
    delete (globalThis as { fetch?: unknown }).fetch;
    click.mockRestore();
  }
});

it('through the relay: a hit with a decision on record says so under its why, and the form starts from that decision, not the suggestion', async () => {
  const answer = sandboxAnswer();
  const item = (answer.result as Record<string, object[]>).psanctions[0];
  const onRecord = {
    id: 9,
    registry: 'psanctions',
    record: recordOf('psanctions', item).record,
    name: NAME,
    decision: 'true-match',
    reason: 'confirmed-by-code',
    comment: 'РНОКПП збігся',
    analyst: 'olena',
    at: '2026-11-21T10:30:00.000Z',
    state: 'pending',
    approvedBy: null,
  };
  const relayed = { ...answer, [RELAY_DECISIONS_FIELD]: { muted: [], changed: [], decided: [onRecord] } };
  const relay: Settings = { ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.bank.example' };
  const results = await show(relay, relayed, 'ckr_abcdefghijkl_secretsecretsecretsecretsecretsecret');
  const [card] = within(results).getAllByTestId('hit-psanctions');
  const note = within(card).getByTestId('decision-on-record');
  expect(note.textContent).toBe(
    'On record at the relay: true match — confirmed by code "РНОКПП збігся", olena 2026-11-21 10:30 UTC; awaiting approval',
  );
  const decide = within(card).getByTestId('decide');
  // The suggestion here is "false positive" (another birth date); the record's decision wins.
  expect(explainHit(query, 'psanctions', item).suggested.decision).not.toBe('true-match');
  const choices = within(within(decide).getByRole('group', { name: resultsText.t('en', 'decide.decision') }));
  expect(choices.getByRole('button', { pressed: true })).toHaveAttribute('data-decision', 'true-match');
  const [reason] = within(decide).getAllByRole('combobox') as HTMLSelectElement[];
  expect(reason.value).toBe('confirmed-by-code');
  expect(within(decide).getByRole('textbox')).toHaveValue('РНОКПП збігся');
  // Hits the relay holds no decision on carry no such line.
  expect(within(within(results).getAllByTestId('hit-peps')[0]).queryByTestId('decision-on-record')).toBeNull();

  // The subject's whole record, from the relay: the key in the body with the subject as screened.
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const history = {
    current: [],
    history: [
      {
        ...onRecord,
        kind: 'decision',
        approves: null,
        why: [{ uk: 'Код збігається: 3012345678.', en: 'The code agrees: 3012345678.' }],
      },
      { ...onRecord, id: 10, kind: 'approval', analyst: 'petro', comment: '', approves: 9, at: '2026-11-21T11:00:00Z' },
    ],
  };
  Object.assign(globalThis, {
    fetch: async (url: unknown, init?: { body?: unknown }) => {
      sent.push({ url: String(url), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
      return { ok: true, status: 200, text: async () => JSON.stringify(history) };
    },
  });
  try {
    await user.click(within(results).getByTestId('history-button'));
    const shown = await within(results).findByTestId('history');
    expect(sent).toEqual([
      {
        url: 'https://relay.bank.example/decisions/history',
        body: expect.objectContaining({ tokken: 'ckr_abcdefghijkl_secretsecretsecretsecretsecretsecret', name: NAME }),
      },
    ]);
    expect(sent[0].url).not.toContain('ckr_');
    expect([...shown.querySelectorAll(':scope > ul > li')].map((li) => li.firstChild?.textContent)).toEqual([
      `#9  2026-11-21 10:30 UTC  olena  ${onRecord.record}  true match — confirmed by code "РНОКПП збігся"`,
      `#10  2026-11-21 11:00 UTC  petro  ${onRecord.record}  approved #9`,
    ]);
    // Under the decision, the facts its author saw, in the pane's language; the approval has none.
    expect([...shown.querySelectorAll('li li')].map((li) => li.textContent)).toEqual(['The code agrees: 3012345678.']);
    // No lines for this subject as asked, but for the same name screened with other details: said so.
    Object.assign(history, { history: [], sameName: [{ details: ['date', 'ipn'], lines: 3 }] });
    await user.click(within(results).getByTestId('history-button'));
    expect(await within(results).findByTestId('history-same-name')).toHaveTextContent(
      'This name has decisions when screened with other details: birth date and code (3 entries). ' +
        'A decision belongs to the subject as it was screened: ask with the same details.',
    );
  } finally {
    delete (globalThis as { fetch?: unknown }).fetch;
  }
});

it('through the relay: a new answer gives each hit card a fresh start, with that answer’s decision on record, not the last card’s', async () => {
  const first = sandboxAnswer();
  const item = (first.result as Record<string, object[]>).psanctions[0];
  const colleagues = {
    id: 77,
    registry: 'psanctions',
    record: recordOf('psanctions', item).record,
    name: NAME,
    decision: 'true-match',
    reason: 'confirmed-by-code',
    comment: '',
    analyst: 'olena',
    at: '2026-11-28T10:00:00.000Z',
    state: 'in-force',
    approvedBy: null,
  };
  const second = { ...first, [RELAY_DECISIONS_FIELD]: { muted: [], changed: [], decided: [colleagues] } };
  let answers = 0;
  const services = fakeServices({ transport: scriptedTransport(() => json(200, answers++ === 0 ? first : second)) });
  const relay: Settings = { ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.bank.example' };
  await services.settings.save(relay);
  await services.settings.saveTokken('ckr_abcdefghijkl_secretsecretsecretsecretsecretsecret');
  Object.assign(globalThis, {
    fetch: async () => ({
      ok: true,
      status: 200,
      text: async () =>
        JSON.stringify({
          analyst: 'petro',
          results: [{ status: 'pending', id: 42, index: 0, at: '2026-11-28T09:15:00Z' }],
        }),
    }),
  });
  try {
    render(
      <FluentProvider theme={webLightTheme}>
        <SearchPanel services={services} settings={relay} lang="en" />
      </FluentProvider>,
    );
    await user.click(screen.getByLabelText(m.t('en', 'search.name')));
    await user.paste(NAME);
    await user.keyboard('{Enter}');
    const results = await screen.findByTestId('results', {}, { timeout: 10_000 });
    const decide = within(within(results).getAllByTestId('hit-psanctions')[0]).getByTestId('decide');
    await user.click(within(decide).getByRole('button', { name: resultsText.t('en', 'decide.record') }));
    await waitFor(() => expect(within(decide).getByRole('status').textContent).toContain('waits for a second person'));

    // Another subject: the transport answers with the same records, one of them decided by a colleague.
    await user.click(screen.getByRole('button', { name: m.t('en', 'search.unfold') }));
    await user.clear(screen.getByLabelText(m.t('en', 'search.name')));
    await user.paste('Інша Особа');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(screen.getByTestId('results')).queryByText(/waits for a second person/)).toBeNull(),
    );
    const card = within(screen.getByTestId('results')).getAllByTestId('hit-psanctions')[0];
    expect(within(card).getByTestId('decision-on-record').textContent).toContain(
      'olena 2026-11-28 10:00 UTC; in force',
    );
    const choices = within(within(card).getByRole('group', { name: resultsText.t('en', 'decide.decision') }));
    expect(choices.getByRole('button', { pressed: true })).toHaveAttribute('data-decision', 'true-match');
  } finally {
    delete (globalThis as { fetch?: unknown }).fetch;
  }
});

it('through the relay: a decision the relay refuses is told in its own words, in the pane’s language only', async () => {
  const answer = { ...sandboxAnswer(), relay_audit_id: 56 };
  // What the relay answers a key that reads records only (src/relay/messages.ts), both languages in one line.
  const message = bilingual('decision.role');
  Object.assign(globalThis, {
    fetch: async () => ({ ok: false, status: 403, text: async () => JSON.stringify({ error: 403, message }) }),
  });
  try {
    const relay: Settings = { ...DEFAULT_SETTINGS, connection: 'relay', primaryUrl: 'https://relay.bank.example' };
    const results = await show(relay, answer, 'ckr_abcdefghijkl_secretsecretsecretsecretsecretsecret');
    const decide = within(within(results).getAllByTestId('hit-psanctions')[0]).getByTestId('decide');
    await user.click(within(decide).getByRole('button', { name: resultsText.t('en', 'decide.record') }));
    await waitFor(() =>
      expect(within(decide).getByRole('status').textContent).toBe(
        resultsText.t('en', 'decide.failed', { detail: relayMessages.t('en', 'decision.role') }),
      ),
    );
  } finally {
    delete (globalThis as { fetch?: unknown }).fetch;
  }
});
