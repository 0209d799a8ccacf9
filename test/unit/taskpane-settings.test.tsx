import '../support/ui-setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lang } from '../../src/core/text/i18n';
import { coreMessages } from '../../src/core/text/messages';
import { DEFAULT_SETTINGS, maskSecret, type Settings } from '../../src/core/settings/settings';
import type { LoadedSettings } from '../../src/core/settings/settings-store';
import type { Transport } from '../../src/core/request/transport';
import { ExcelLayerError } from '../../src/excel/errors';
import { storageMessages } from '../../src/excel/storage-messages';
import { taskpaneMessages as m } from '../../src/taskpane/shell/messages';
import { settingsMessages as settingsText } from '../../src/taskpane/settings/settings-messages';
import { SettingsPanel } from '../../src/taskpane/settings/SettingsPanel';
import { relayPaneMessages as r } from '../../src/taskpane/settings/relay-connection';
import {
  formFromSettings,
  validateSettingsForm,
  type SettingsFormValues,
} from '../../src/taskpane/settings/settings-form';
import { fakeServices, json, scriptedTransport, type FakeServices } from '../support/taskpane-fakes';
import { fixtureJson } from '../support/fixtures';
import { loadAllParts } from '../../src/taskpane/shell/lazy-parts';

// The pane's on-demand parts (lazy-parts.ts) load once up front, not inside a findBy timeout.
beforeAll(() => loadAllParts(), 60_000);

// No delay between keystrokes: the machine is shared and timers would make these tests slow, not truer.
const user = userEvent.setup({ delay: null });
jest.setTimeout(20_000);

const SECRET = 'tk_live_9f8e7d6c5b4a3210ZZ';
const PRIMARY = 'https://primary.example:9443';

function form(patch: Partial<SettingsFormValues> = {}): SettingsFormValues {
  return { ...formFromSettings(DEFAULT_SETTINGS), ...patch };
}

describe('validateSettingsForm', () => {
  it.each([
    ['https://host.example:9443', true],
    ['http://localhost:8080', true],
    ['http://127.0.0.1:9000', true],
    ['http://host.example', false],
    ['ftp://host.example', false],
    ['host.example', false],
    ['https://user:pw@host.example', false],
    ['https://host.example/?tokken=x', false],
  ])('primary address %s accepted: %s', (url, ok) => {
    const outcome = validateSettingsForm(form({ primaryUrl: url }), false, 'auto');
    expect(outcome.ok ? undefined : outcome.errors.primaryUrl).toEqual(
      ok ? undefined : expect.objectContaining({ en: expect.any(String), uk: expect.any(String) }),
    );
  });

  it('checks every reserve on its own line and refuses a repeated address', () => {
    const outcome = validateSettingsForm(
      form({ primaryUrl: PRIMARY, reserveUrls: ['https://r1.example', 'http://r2.example', `${PRIMARY}/`, ''] }),
      false,
      'auto',
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors['reserveUrls.0']).toBeUndefined();
    expect(outcome.errors['reserveUrls.1']).toEqual(coreMessages.text('address.http'));
    expect(outcome.errors['reserveUrls.2']).toEqual(settingsText.text('settings.address.duplicate'));
    expect(outcome.errors['reserveUrls.3']).toBeUndefined();
  });

  it('needs IDsubjectFM and a primary address once a tokken is given or saved', () => {
    for (const [draft, saved] of [
      [SECRET, false],
      ['', true],
    ] as const) {
      const outcome = validateSettingsForm(form({ tokkenDraft: draft }), saved, 'auto');
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.errors.idSubjectFM).toEqual(settingsText.text('settings.idSubjectFM.required'));
      expect(outcome.errors.primaryUrl).toEqual(settingsText.text('settings.primary.required'));
    }
    expect(validateSettingsForm(form(), false, 'auto').ok).toBe(true);
  });

  it.each([
    ['lowranklimit', '101'],
    ['lowranklimit', '-1'],
    ['lowranklimit', '50.5'],
    ['concurrency', '0'],
    ['concurrency', '17'],
    ['cacheHours', 'abc'],
    ['cacheHours', '721'],
    ['timeoutSeconds', '0'],
  ] as const)('refuses %s = %s', (field, value) => {
    const outcome = validateSettingsForm(form({ [field]: value }), false, 'auto');
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(Object.keys(outcome.errors)).toEqual([field]);
  });

  it('refuses a tokken with spaces inside and an empty registry choice', () => {
    const outcome = validateSettingsForm(
      form({ tokkenDraft: 'two words', registries: 0n, primaryUrl: PRIMARY, idSubjectFM: 'S1' }),
      false,
      'auto',
    );
    expect(outcome.ok ? [] : Object.keys(outcome.errors).sort()).toEqual(['registries', 'tokken']);
  });

  it('turns a valid form into settings, keeping the tokken apart from them', () => {
    const outcome = validateSettingsForm(
      form({
        primaryUrl: PRIMARY,
        reserveUrls: ['https://r1.example', '', ''],
        idSubjectFM: ' S-1 ',
        tokkenDraft: ` ${SECRET} `,
        registries: 127n,
        lowranklimit: '40',
        cacheHours: '1,5',
      }),
      false,
      'uk',
    );
    expect(outcome).toEqual({
      ok: true,
      tokken: SECRET,
      settings: expect.objectContaining({
        primaryUrl: PRIMARY,
        reserveUrls: ['https://r1.example'],
        idSubjectFM: 'S-1',
        registries: '127',
        lowranklimit: 40,
        cacheHours: 1.5,
        language: 'uk',
      }),
    });
    if (outcome.ok) expect(JSON.stringify(outcome.settings)).not.toContain(SECRET);
  });
});

async function renderPanel(services: FakeServices, lang: Lang = 'en') {
  const loaded = await services.settings.load();
  const saved: LoadedSettings[] = [];
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <SettingsPanel services={services} loaded={loaded} lang={lang} language="auto" onSaved={(l) => saved.push(l)} />
    </FluentProvider>,
  );
  return { ...view, saved, loaded };
}

function input(label: string | RegExp): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

/**
 * One paste per field, not one keystroke each: the form reads what a field holds, and every
 * keystroke would re-render the whole panel (most of this suite's time when it typed).
 */
async function fill(label: string | RegExp, value: string) {
  const el = input(label);
  await user.clear(el);
  if (value) await user.paste(value);
}

describe('SettingsPanel', () => {
  it.each<Lang>(['en', 'uk'])('shows each validation message on its own field and saves nothing (%s)', async (lang) => {
    const services = fakeServices();
    await renderPanel(services, lang);
    await fill(settingsText.t(lang, 'settings.primaryUrl'), 'http://service.example');
    await fill(settingsText.t(lang, 'settings.tokken'), SECRET);
    await fill(m.t(lang, 'search.lowranklimit'), '150');
    await fill(settingsText.t(lang, 'settings.concurrency'), '99');
    await user.click(screen.getByRole('button', { name: settingsText.t(lang, 'settings.save') }));

    expect(await screen.findByText(coreMessages.t(lang, 'address.http'))).toBeInTheDocument();
    expect(screen.getByText(settingsText.t(lang, 'settings.idSubjectFM.required'))).toBeInTheDocument();
    expect(
      screen.getByText(coreMessages.t(lang, 'field.range.value', { value: '150', min: 0, max: 100 })),
    ).toBeInTheDocument();
    expect(
      screen.getByText(coreMessages.t(lang, 'field.range.value', { value: '99', min: 1, max: 16 })),
    ).toBeInTheDocument();
    expect(screen.getByText(settingsText.t(lang, 'settings.fixErrors'))).toBeInTheDocument();
    // Each message is tied to its input, so a screen reader reads it with the field.
    expect(input(settingsText.t(lang, 'settings.primaryUrl'))).toHaveAccessibleDescription(
      expect.stringContaining(coreMessages.t(lang, 'address.http')),
    );
    expect(services.storage.map.size).toBe(0);
  });

  it('saves the tokken only into its secret slot and never renders it back in full', async () => {
    const services = fakeServices();
    const { saved, unmount } = await renderPanel(services);
    await fill('Primary address', PRIMARY);
    await fill('Reserve address 1', 'https://reserve1.example');
    await fill('IDsubjectFM', 'SUBJ-77');
    await fill('Token (tokken)', SECRET);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(settingsText.t('en', 'settings.saved.live'));

    const secretSlots = [...services.storage.map.entries()].filter(([, v]) => v.includes(SECRET));
    expect(secretSlots).toEqual([['checklists.secret.tokken', SECRET]]);
    const loaded = await services.settings.load();
    expect(loaded).toEqual(expect.objectContaining({ tokken: SECRET, mode: 'live' }));
    expect(loaded.settings.reserveUrls).toEqual(['https://reserve1.example']);
    expect(saved.at(-1)?.mode).toBe('live');

    const leaks = () =>
      [...document.querySelectorAll('input')].filter(
        (i) => i.value.includes(SECRET) || (i.placeholder ?? '').includes(SECRET),
      );
    expect(leaks()).toEqual([]);
    expect(document.body.textContent).not.toContain(SECRET);

    // A fresh pane over the saved store shows the mask, not the key, even after "Replace".
    unmount();
    await renderPanel(services);
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(
      screen.getByText(settingsText.t('en', 'settings.tokkenSaved', { mask: maskSecret(SECRET) })),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Replace token' }));
    expect(input('Token (tokken)').value).toBe('');
    expect(input('Token (tokken)')).toHaveAttribute('type', 'password');
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('removing the tokken empties its slot and returns to the sandbox', async () => {
    const services = fakeServices();
    await services.settings.save({ ...DEFAULT_SETTINGS, primaryUrl: PRIMARY, idSubjectFM: 'S' } satisfies Settings);
    await services.settings.saveTokken(SECRET);
    const { saved } = await renderPanel(services);
    await user.click(screen.getByRole('button', { name: 'Remove token' }));
    await screen.findByText(settingsText.t('en', 'settings.tokkenRemoved'));
    expect(services.storage.map.has('checklists.secret.tokken')).toBe(false);
    expect(saved.at(-1)?.mode).toBe('sandbox');
  });

  it('says in the pane’s language when the store refuses to remove the tokken, and keeps it', async () => {
    const services = fakeServices();
    await services.settings.save({ ...DEFAULT_SETTINGS, primaryUrl: PRIMARY, idSubjectFM: 'S' } satisfies Settings);
    await services.settings.saveTokken(SECRET);
    const refusal = new ExcelLayerError('storage-unavailable', storageMessages.text('excel.storage.unavailable'));
    services.storage.removeItem = async () => {
      throw refusal;
    };
    const { saved } = await renderPanel(services, 'uk');
    await user.click(screen.getByRole('button', { name: settingsText.t('uk', 'settings.removeTokken') }));
    const expected = settingsText.t('uk', 'settings.saveFailed', {
      message: storageMessages.t('uk', 'excel.storage.unavailable'),
    });
    expect(await screen.findByText(expected)).toBeInTheDocument();
    expect(screen.queryByText(settingsText.t('uk', 'settings.tokkenRemoved'))).toBeNull();
    expect(saved).toEqual([]);
    expect((await services.settings.load()).tokken).toBe(SECRET);
  });

  it('says in the pane’s language when saving fails', async () => {
    const services = fakeServices();
    services.storage.setItem = async () => {
      throw new ExcelLayerError('storage-unavailable', storageMessages.text('excel.storage.unavailable'));
    };
    await renderPanel(services, 'uk');
    await fill(settingsText.t('uk', 'settings.primaryUrl'), PRIMARY);
    await user.click(screen.getByRole('button', { name: settingsText.t('uk', 'settings.save') }));
    expect(
      await screen.findByText(
        settingsText.t('uk', 'settings.saveFailed', { message: storageMessages.t('uk', 'excel.storage.unavailable') }),
      ),
    ).toBeInTheDocument();
  });

  it('adds and removes reserve addresses, always offering at least three', async () => {
    await renderPanel(fakeServices());
    expect(screen.getAllByLabelText(/^Reserve address \d$/)).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Add a reserve address' }));
    expect(screen.getAllByLabelText(/^Reserve address \d$/)).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Remove reserve address 4' }));
    expect(screen.getAllByLabelText(/^Reserve address \d$/)).toHaveLength(3);
  });

  it('shows the listdata of the chosen lists as they change', async () => {
    await renderPanel(fakeServices());
    const value = screen.getByTestId('listdata-value');
    expect(value).toHaveTextContent('listdata = -1');
    await user.click(screen.getByRole('checkbox', { name: /Every list the account allows/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Sanctions lists/ }));
    // Every list but the sanctions group: bits 0-7 and 37-39 are off.
    const sanctionsBits = (1n << 8n) - 1n + (7n << 37n);
    const allBits = [...Array(40).keys()]
      .filter((b) => ![18, 21, 32, 34, 36].includes(b))
      .reduce((acc, b) => acc | (1n << BigInt(b)), 0n);
    expect(value).toHaveTextContent(`listdata = ${allBits & ~sanctionsBits}`);
    const expand = screen.getByRole('button', { name: 'Show the lists of Sanctions lists' });
    // A drawn chevron, not a character some fonts lack (the browser tests showed an empty button).
    expect(expand.querySelector('svg path')).not.toBeNull();
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(screen.getByRole('button', { name: 'Hide the lists of Sanctions lists' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.click(screen.getByRole('checkbox', { name: 'European Union' }));
    expect(value).toHaveTextContent(`listdata = ${(allBits & ~sanctionsBits) | 8n}`);
  });
});

describe('Test connection', () => {
  it.each<Lang>(['en', 'uk'])(
    'says what a test costs: a request of the quota directly, none through the relay (%s)',
    async (lang) => {
      await renderPanel(fakeServices(), lang);
      expect(screen.getByText(settingsText.t(lang, 'settings.testCost'))).toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText(r.t(lang, 'connection.label')), 'relay');
      expect(screen.getByText(r.t(lang, 'test.cost'))).toBeInTheDocument();
      expect(screen.queryByText(settingsText.t(lang, 'settings.testCost'))).toBeNull();
    },
  );

  async function testWith(transport: Transport, reserves: string[] = []) {
    const services = fakeServices({ transport });
    await renderPanel(services);
    await fill('Primary address', PRIMARY);
    for (const [i, r] of reserves.entries()) await fill(`Reserve address ${i + 1}`, r);
    await fill('IDsubjectFM', 'SUBJ-1');
    await fill('Token (tokken)', SECRET);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const box = await screen.findByTestId('connection-test', {}, { timeout: 5000 });
    return { box, services };
  }

  it('names every address tried when none answers', async () => {
    const { box, services } = await testWith(scriptedTransport({}), [
      'https://reserve1.example',
      'https://reserve2.example',
    ]);
    expect(box).toHaveAttribute('data-kind', 'unreachable');
    expect(box).toHaveTextContent(settingsText.t('en', 'test.unreachable', { count: 3 }));
    for (const a of [PRIMARY, 'https://reserve1.example', 'https://reserve2.example']) expect(box).toHaveTextContent(a);
    // Testing does not save anything.
    expect(services.storage.map.size).toBe(0);
  });

  it.each([
    [2, 'ip', 'test.ip'],
    [1, 'credentials', 'test.credentials'],
    [11, 'quota', 'test.quota'],
    [9, 'account', 'test.account'],
  ] as const)('maps service error %i to "%s"', async (code, kind, key) => {
    const { box } = await testWith(scriptedTransport(json(403, { error: code, message: `service says ${code}` })));
    expect(box).toHaveAttribute('data-kind', kind);
    expect(box).toHaveTextContent(settingsText.t('en', key, { code }));
    expect(box).toHaveTextContent(`service says ${code}`);
  });

  it('fails over and reports which address answered', async () => {
    const answer = fixtureJson('post-lostdocs-hit.json');
    const transport = scriptedTransport({
      'https://reserve1.example': json(200, answer),
      [PRIMARY]: json(503, 'down'),
    });
    const { box } = await testWith(transport, ['https://reserve1.example']);
    expect(box).toHaveAttribute('data-kind', 'ok');
    expect(box).toHaveTextContent(/Answered by https:\/\/reserve1\.example in \d+ ms/);
    expect(box).toHaveTextContent(`${PRIMARY}: server error 503`);
    // One request per address, each the cheap test: one list, name "Тест", credentials in the body only.
    expect(transport.requests).toHaveLength(2);
    for (const r of transport.requests) {
      expect(r.url).not.toContain(SECRET);
      expect(JSON.parse(r.body ?? '{}')).toEqual(
        expect.objectContaining({ name: 'Тест', listdata: 512, tokken: SECRET, IDsubjectFM: 'SUBJ-1' }),
      );
    }
    expect(within(box).queryByText(SECRET)).toBeNull();
  });
});
