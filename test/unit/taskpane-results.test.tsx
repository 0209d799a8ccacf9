import '../support/ui-setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lang } from '../../src/core/text/i18n';
import { REGISTRY_KEYS, registryDef, type RegistryKey } from '../../src/core/protocol/registries';
import { parseRegistryErrorText } from '../../src/core/protocol/schema';
import { hitStrength, levelText, registryErrorText, summarize } from '../../src/core/answer/summary';
import { formatServiceDate } from '../../src/taskpane/results/field-format';
import { resultsMessages as resultsText } from '../../src/taskpane/results/results-messages';
import { LONG_SECTION_HITS, ResultsView, formatReceivedAt } from '../../src/taskpane/results/ResultsView';
import { searchResultFrom } from '../support/taskpane-fakes';
import type { InsertAnswer } from '../../src/taskpane/results/InsertActions';
import { LONG_LIST_ITEMS, LONG_TEXT_CHARS } from '../../src/taskpane/results/FieldView';
import { fixtureJson } from '../support/fixtures';
import { loadAllParts } from '../../src/taskpane/shell/lazy-parts';

// The pane's on-demand parts (lazy-parts.ts) load once up front, not inside a findBy timeout.
beforeAll(() => loadAllParts(), 60_000);

// No delay between keystrokes: the machine is shared and timers would make these tests slow, not truer.
const user = userEvent.setup({ delay: null });
jest.setTimeout(20_000);

const ERROR_TEXT = '9004.База даних реєстру недоступна';
const FAILED: RegistryKey = 'corrupt';

/** The full POST answer with every registry block, one of them replaced by a registry error string. */
function answerWithError(): Record<string, unknown> {
  const raw = fixtureJson('post-all-registries.json');
  const result = raw.result as Record<string, unknown>;
  for (const key of REGISTRY_KEYS) expect(result[key]).toBeDefined();
  result[FAILED] = ERROR_TEXT;
  return raw;
}

function show(raw: unknown, lang: Lang = 'en', mode: 'sandbox' | 'live' = 'live', onInsert?: InsertAnswer) {
  const result = searchResultFrom(raw);
  const summary = summarize(result.envelope);
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <ResultsView result={result} summary={summary} mode={mode} lang={lang} onInsert={onInsert} />
    </FluentProvider>,
  );
  return { ...view, result, summary };
}

function section(container: HTMLElement, key: string): HTMLElement {
  const el = container.querySelector<HTMLElement>(`section[data-registry="${key}"]`);
  if (!el) throw new Error(`no section for ${key}`);
  return el;
}

describe('ResultsView on an answer holding every registry block and a registry error', () => {
  it.each<Lang>(['en', 'uk'])('shows one section per registry, headed by its name (%s)', (lang) => {
    const { container } = show(answerWithError(), lang);
    const sections = [...container.querySelectorAll('section[data-registry]')].map((s) =>
      s.getAttribute('data-registry'),
    );
    expect(sections).toEqual([...REGISTRY_KEYS]);
    for (const key of REGISTRY_KEYS) {
      expect(
        screen.getByRole('region', { name: new RegExp(registryDef(key).label[lang].replace(/[()]/g, '\\$&')) }),
      ).toBe(section(container, key));
    }
  });

  it.each<Lang>(['en', 'uk'])(
    'shows the registry error on its own registry while the others show their hits (%s)',
    (lang) => {
      const { container, result } = show(answerWithError(), lang);
      const error = parseRegistryErrorText(ERROR_TEXT);
      const expected = registryErrorText(error, lang);
      const failed = section(container, FAILED);
      expect(within(failed).getByText(expected)).toBeInTheDocument();
      expect(within(failed).queryAllByTestId(`hit-${FAILED}`)).toHaveLength(0);
      // Exactly one place carries the error text.
      expect(screen.getAllByText(expected)).toHaveLength(1);

      for (const key of REGISTRY_KEYS.filter((k) => k !== FAILED)) {
        const outcome = result.envelope.registries[key];
        expect(outcome?.status).toBe('ok');
        const count = outcome && outcome.status !== 'error' ? outcome.items.length : 0;
        expect(count).toBeGreaterThan(0);
        expect(within(section(container, key)).getAllByTestId(`hit-${key}`)).toHaveLength(count);
      }
    },
  );

  it('gives every hit its level badge and percent, as the core summary reads them', () => {
    const { container, result } = show(answerWithError());
    let highs = 0;
    let lows = 0;
    for (const key of REGISTRY_KEYS.filter((k) => k !== FAILED)) {
      const outcome = result.envelope.registries[key];
      if (!outcome || outcome.status === 'error') continue;
      const cards = within(section(container, key)).getAllByTestId(`hit-${key}`);
      outcome.items.forEach((item, i) => {
        const { percent, level } = hitStrength(key, item as Record<string, unknown>);
        const card = cards[i];
        const badge = card.querySelector('[data-level]');
        if (level === null) expect(badge).toBeNull();
        else {
          expect(badge).toHaveAttribute('data-level', level);
          expect(badge).toHaveTextContent(levelText(level, 'en'));
          if (level === 'high') highs++;
          else lows++;
        }
        const pct = card.querySelector('[data-percent]');
        if (percent === null) expect(pct).toBeNull();
        else expect(pct).toHaveTextContent(`${percent}%`);
      });
    }
    // The fixture holds both levels, so both colours are exercised.
    expect(highs).toBeGreaterThan(0);
    expect(lows).toBeGreaterThan(0);
  });

  it('shows the audit facts: request id, answer time, serving address and response time', () => {
    const raw = answerWithError();
    const { container } = show(raw);
    const audit = container.querySelector<HTMLElement>('dl[aria-label="Audit details"]');
    if (!audit) throw new Error('no audit list');
    expect(within(audit).getByText(String(raw.idrequest))).toBeInTheDocument();
    expect(
      within(audit).getByText(formatServiceDate(String(raw.dateResponse), 'en') ?? 'unparsed'),
    ).toBeInTheDocument();
    expect(within(audit).getByText('https://primary.example')).toBeInTheDocument();
    expect(within(audit).getByText('137 ms')).toBeInTheDocument();
  });

  it('warns that a name with initials can miss a person, and says nothing for a whole name', () => {
    const base = searchResultFrom(answerWithError());
    const view = (subject: string) =>
      render(
        <FluentProvider theme={webLightTheme}>
          <ResultsView result={base} summary={summarize(base.envelope)} mode="live" lang="uk" subject={subject} />
        </FluentProvider>,
      );
    const { unmount } = view('Кривоклен С.Б. · 1967-04-12');
    expect(screen.getByTestId('name-initials')).toHaveTextContent(
      resultsText.t('uk', 'results.initials', { words: '«С.Б.»' }),
    );
    unmount();
    view('Кривоклен Северин Богданович · ВА 730412');
    expect(screen.queryByTestId('name-initials')).toBeNull();
  });

  it('warns that a code failing its check digit was likely mistyped, and says nothing for a valid one', () => {
    const base = searchResultFrom(answerWithError());
    const view = (ipn: string) =>
      render(
        <FluentProvider theme={webLightTheme}>
          <ResultsView result={base} summary={summarize(base.envelope)} mode="live" lang="en" query={{ ipn }} />
        </FluentProvider>,
      );
    const { unmount } = view('41703172');
    expect(screen.getByTestId('code-check-digit')).toHaveTextContent(
      'The code 41703172 fails its check digit, so it was most likely mistyped',
    );
    unmount();
    view('41703173');
    expect(screen.queryByTestId('code-check-digit')).toBeNull();
  });

  it.each<Lang>(['en', 'uk'])(
    'says an answer came from the cache and when it was received, instead of a server and a response time (%s)',
    (lang) => {
      const raw = answerWithError();
      const base = searchResultFrom(raw);
      // 09:41:27 UTC: the minutes and seconds read the same in any whole-hour time zone.
      const receivedAt = Date.UTC(2026, 10, 20, 9, 41, 27);
      const cached = { envelope: base.envelope, servedBy: base.servedBy, fromCache: true, receivedAt };
      const { container } = render(
        <FluentProvider theme={webLightTheme}>
          <ResultsView result={cached} summary={summarize(base.envelope)} mode="live" lang={lang} />
        </FluentProvider>,
      );
      const audit = container.querySelector<HTMLElement>(`dl[aria-label="${resultsText.t(lang, 'audit.title')}"]`);
      if (!audit) throw new Error('no audit list');
      const origin = within(audit).getByTestId('audit-origin');
      expect(origin).toHaveAttribute('data-from-cache', 'true');
      const [before] = resultsText.t(lang, 'audit.fromCache').split('{time}');
      expect(origin.textContent?.startsWith(before)).toBe(true);
      expect(origin).toHaveTextContent(/2026/);
      expect(origin).toHaveTextContent(/:41:27/);
      expect(within(audit).getByText(resultsText.t(lang, 'audit.source'))).toBeInTheDocument();
      expect(within(audit).queryByText(base.servedBy)).toBeNull();
      expect(within(audit).queryByText(resultsText.t(lang, 'audit.duration'))).toBeNull();
      // The request id of the original answer stays: it is what an audit traces.
      expect(within(audit).getByText(String(raw.idrequest))).toBeInTheDocument();
    },
  );

  it('formats the reception time in the pane’s language', () => {
    const at = Date.UTC(2026, 10, 20, 9, 41, 27);
    expect(formatReceivedAt(at, 'uk')).not.toBe(formatReceivedAt(at, 'en'));
    expect(formatReceivedAt(at, 'en')).toMatch(/Nov/);
  });

  it('puts the sandbox banner above sandbox results and none above live ones', () => {
    const { unmount } = show(answerWithError(), 'en', 'sandbox');
    expect(screen.getByTestId('sandbox-banner')).toHaveTextContent('SANDBOX');
    unmount();
    show(answerWithError(), 'en', 'live');
    expect(screen.queryByTestId('sandbox-banner')).toBeNull();
  });

  it('renders nested lists people need: related persons, sources with links, sanction entries with their source', async () => {
    const { container } = show(answerWithError());
    const peps = section(container, 'peps');
    expect(within(peps).getByText('Related persons')).toBeInTheDocument();
    expect(within(peps).getByText('Sources')).toBeInTheDocument();
    const pdf = within(peps).getAllByRole('link', { name: 'PDF' })[0];
    expect(pdf).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));

    const sanctions = section(container, 'psanctions');
    expect(within(sanctions).getByText('Sanctions')).toBeInTheDocument();
    expect(within(sanctions).getAllByText('Sanction source').length).toBeGreaterThan(0);

    // Fields beyond the key ones are one click away, still all there.
    const more = within(peps).getByRole('button', { name: /All fields/ });
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(peps).getByText('Declarations')).toBeInTheDocument();
  });

  it('shows no raw key or code: every field labelled in the pane’s language, codes as words, ids as digits (issue 31, item 5)', async () => {
    const { container } = show(answerWithError(), 'uk');
    for (const button of within(container).getAllByRole('button', { name: /Усі поля/ })) await user.click(button);
    const fields = [...container.querySelectorAll<HTMLElement>('[data-field]')];
    expect(fields.length).toBeGreaterThan(100);
    for (const row of fields) {
      const label = row.querySelector('dt')?.textContent ?? '';
      // A label is words, never the service's key for the field.
      expect(label).not.toBe(row.getAttribute('data-field'));
      expect(label).not.toMatch(/^[a-z]+_[a-z_]+$|^[a-z]+[A-Z]\w*$/);
    }
    const text = container.textContent ?? '';
    for (const raw of ['p_lists_ns', 'p_listdata_aas', 'cca2', 'list_type', 'individual', 'male']) {
      expect(text).not.toContain(raw);
    }
    // A coded value is its words alone; a person's identifier keeps its digits together.
    expect(text).toContain('Колишній публічний діяч');
    expect(text).not.toMatch(/публічний діяч \(\d\)/);
    expect(text).toContain('Фізична особа');
    expect(text).toContain('Чоловіча');
    expect(text).toContain('220871');
    expect(text).not.toMatch(/220\s871/);
  });

  it('puts every registry in a few lines under the verdict, each with hits a way to its section (issue 31, item 4)', async () => {
    const { container, summary } = show(answerWithError(), 'uk');
    const digest = within(container).getByTestId('registry-digest');
    const withHits = summary.registries.filter((r) => r.hits > 0);
    expect(withHits.length).toBeGreaterThan(1);
    for (const r of withHits) {
      const line = digest.querySelector(`li[data-registry="${r.key}"]`);
      // A registry that gives no level (company changes) says its count alone, never "best: No hits".
      const said = r.bestLevel
        ? resultsText.t('uk', 'digest.hits', { count: r.hits, level: levelText(r.bestLevel, 'uk') })
        : String(r.hits);
      expect(line?.textContent).toBe(`${registryDef(r.key).shortLabel.uk}: ${said}`);
    }
    expect(withHits.some((r) => r.bestLevel === null)).toBe(true);
    expect(digest.textContent).not.toContain(`: ${levelText(null, 'uk')}`);
    expect(digest.querySelector(`li[data-registry="${FAILED}"]`)?.textContent).toContain(
      resultsText.t('uk', 'results.registryFailed'),
    );
    // The digest comes before the first registry section, and takes the reader to it.
    const first = withHits[0].key;
    expect(digest.compareDocumentPosition(section(container, first)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(digest).getByRole('button', { name: registryDef(first).shortLabel.uk }));
    expect(document.activeElement).toBe(section(container, first));
  });

  it('starts a registry with many hits folded to its heading; its toggle and the digest open it (issue 31, item 4)', async () => {
    const raw = answerWithError();
    const result = raw.result as Record<string, unknown[]>;
    const many = LONG_SECTION_HITS + 2;
    result.peps = Array.from({ length: many }, (_, i) => ({ ...(result.peps[0] as object), id: 900 + i }));
    const { container, summary } = show(raw, 'uk');
    const peps = section(container, 'peps');
    const toggle = within(peps).getByTestId('section-toggle');
    // Folded: the heading and its count, no cards.
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent(resultsText.t('uk', 'results.showHits', { count: many }));
    expect(within(peps).queryAllByTestId('hit-peps')).toHaveLength(0);
    // A registry with a few hits shows them at once.
    const few = summary.registries.find((r) => r.hits > 0 && r.hits <= LONG_SECTION_HITS);
    expect(few).toBeDefined();
    expect(within(section(container, few!.key)).getAllByTestId(`hit-${few!.key}`)).toHaveLength(few!.hits);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(peps).getAllByTestId('hit-peps')).toHaveLength(many);
    await user.click(toggle);
    expect(within(peps).queryAllByTestId('hit-peps')).toHaveLength(0);
    // The digest's line opens the folded section and takes the reader into it.
    const digest = within(container).getByTestId('registry-digest');
    await user.click(within(digest).getByRole('button', { name: registryDef('peps').shortLabel.uk }));
    expect(within(peps).getAllByTestId('hit-peps')).toHaveLength(many);
    expect(document.activeElement).toBe(peps);
  });

  it('starts a long text and a long list folded to their beginning, the rest one click away (issue 31, item 4)', async () => {
    const raw = answerWithError();
    const result = raw.result as Record<string, Record<string, unknown>[]>;
    const grounds = `${'Фінансування незаконних збройних формувань. '.repeat(20)}КІНЕЦЬ`;
    const akas = Array.from({ length: LONG_LIST_ITEMS + 7 }, (_, i) => `Псевдонім ${i + 1}`);
    result.psanctions = [{ ...result.psanctions[0], p_comment: grounds, p_akas: akas }];
    const { container } = show(raw, 'uk');
    const card = within(section(container, 'psanctions')).getByTestId('hit-psanctions');
    const akaRow = card.querySelector<HTMLElement>('[data-field="p_akas"]')!;
    expect(within(akaRow).getAllByRole('listitem')).toHaveLength(LONG_LIST_ITEMS);
    await user.click(
      within(akaRow).getByRole('button', { name: resultsText.t('uk', 'value.moreItems', { count: 7 }) }),
    );
    expect(
      within(akaRow)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(akas);
    // The grounds are among the fields behind "all fields".
    await user.click(within(card).getByRole('button', { name: /Усі поля/ }));
    const commentRow = card.querySelector<HTMLElement>('[data-field="p_comment"]')!;
    expect(commentRow.textContent).not.toContain('КІНЕЦЬ');
    expect(commentRow.textContent).toContain(grounds.slice(0, LONG_TEXT_CHARS));
    const whole = within(commentRow).getByRole('button', { name: resultsText.t('uk', 'value.moreText') });
    expect(whole).toHaveAttribute('aria-expanded', 'false');
    await user.click(whole);
    expect(commentRow.textContent).toContain(grounds);
    expect(whole).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows a registry block this version does not know with every field, labelled or not', () => {
    const { container } = show(fixtureJson('quirk-unknown-registry-key.json'), 'uk');
    const unknown = section(container, 'unknown');
    expect(unknown.textContent).toContain('sanctionsarchive');
    expect(unknown.textContent).toContain('ТКАЧЕНКО Павло Іванович');
  });

  it('names every registry of a clear answer on one line', () => {
    const { container, summary } = show(fixtureJson('get-nothing-found.json'), 'en');
    const clear = within(container).getByTestId('digest-clear');
    expect(summary.registries.every((r) => r.hits === 0)).toBe(true);
    expect(clear.textContent).toBe(
      resultsText.t('en', 'digest.clear', {
        registries: summary.registries
          .filter((r) => r.status === 'ok')
          .map((r) => registryDef(r.key).shortLabel.en)
          .join(', '),
      }),
    );
  });

  it('opens every link in a new tab without giving the page a handle on the opener', () => {
    const { container } = show(answerWithError());
    const links = container.querySelectorAll('a');
    expect(links.length).toBeGreaterThan(0);
    for (const a of links) {
      expect(a.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});

describe('ResultsView on untrusted text', () => {
  function hostileAnswer() {
    const raw = fixtureJson('post-all-registries.json');
    const result = raw.result as Record<string, unknown[]>;
    const zrada = { ...(result.zrada[0] as Record<string, unknown>) };
    zrada.name = '<img src=x onerror="alert(1)">Мазепа';
    zrada.url = 'javascript:alert(1)';
    zrada.source = 'https://source.example/zrada/1';
    zrada.foto = 'data:text/html,<script>alert(1)</script>';
    const psanctions = { ...(result.psanctions[0] as Record<string, unknown>) };
    psanctions.country = {
      countryname: 'Країна Ризику',
      countrynamelat: 'Riskland',
      country_2dig: 'RL',
      fatfblack: true,
      eugray: true,
      fatfgray: false,
    };
    return { ...raw, result: { zrada: [zrada], psanctions: [psanctions] } };
  }

  it('shows markup as text and makes links only of http(s) addresses', () => {
    const { container } = show(hostileAnswer());
    const zrada = section(container, 'zrada');
    expect(zrada.querySelector('img')).toBeNull();
    expect(within(zrada).getByText('<img src=x onerror="alert(1)">Мазепа')).toBeInTheDocument();
    expect(within(zrada).getByText('javascript:alert(1)').closest('a')).toBeNull();
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('https://source.example/zrada/1');
    expect(hrefs.every((h) => h !== null && /^https?:/.test(h))).toBe(true);
  });

  it('shows a country on a risk list with a badge per list it is on', () => {
    const { container } = show(hostileAnswer());
    const sanctions = section(container, 'psanctions');
    const country = within(sanctions)
      .getByText(/Riskland/)
      .closest('[data-country]') as HTMLElement;
    expect(within(country).getByText('FATF black list')).toBeInTheDocument();
    expect(within(country).getByText('EU grey list')).toBeInTheDocument();
    expect(within(country).queryByText('FATF grey list')).toBeNull();
  });
});
