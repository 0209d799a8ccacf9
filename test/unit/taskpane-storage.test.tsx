import '../support/ui-setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AnswerCache } from '../../src/core/cache/answer-cache';
import { CACHE_INDEX_KEY, CACHE_KEY_PREFIX } from '../../src/core/cache/cache-layout';
import type { Lang } from '../../src/core/text/i18n';
import { parseEnvelope } from '../../src/core/protocol/schema';
import { SettingsPanel } from '../../src/taskpane/settings/SettingsPanel';
import { storageMessages } from '../../src/taskpane/settings/storage-messages';
import { fakeServices, type FakeServices } from '../support/taskpane-fakes';

// Issue 11, item 8: the settings say truthfully where things are kept, and can empty the answer cache.
const user = userEvent.setup({ delay: null });
jest.setTimeout(20_000);

const RAW = { idrequest: '1', dateResponse: '2026-11-22 10:00:00', listdata: '512', result: { peps: [] } };

async function seed(services: FakeServices): Promise<void> {
  // Two namespaces, as the sandbox and an account would leave them.
  for (const namespace of ['sandbox', 'live:account-1']) {
    const cache = new AnswerCache({ storage: services.storage, namespace });
    await cache.put(`Петренко Петро|1990-01-01|${namespace}`, 512n, RAW, parseEnvelope(RAW), 'https://svc.test');
    await cache.put(`Коваленко Олена|1985-05-05|${namespace}`, 512n, RAW, parseEnvelope(RAW), 'https://svc.test');
  }
}

async function renderPanel(services: FakeServices, lang: Lang) {
  const loaded = await services.settings.load();
  render(
    <FluentProvider theme={webLightTheme}>
      <SettingsPanel services={services} loaded={loaded} lang={lang} language="auto" onSaved={() => undefined} />
    </FluentProvider>,
  );
}

describe('settings: storage said truthfully, cached answers cleared on request', () => {
  it.each<[Lang, RegExp]>([
    ['en', /localStorage[\s\S]*not encrypted[\s\S]*client names and tax numbers for 24 h/],
    ['uk', /localStorage[\s\S]*не шифрується[\s\S]*імена клієнтів і податкові номери протягом 24 год/],
  ])('says where settings and answers are kept (%s)', async (lang, note) => {
    await renderPanel(fakeServices(), lang);
    expect(screen.getByText(note)).toBeInTheDocument();
  });

  it('"Clear cached answers" removes every cached answer of every namespace, and keeps the settings', async () => {
    const services = fakeServices();
    await services.settings.saveTokken('tk_test_secret_0001');
    await seed(services);
    const cached = async () => (await services.storage.keys()).filter((k) => k.startsWith(CACHE_KEY_PREFIX));
    expect(await cached()).toHaveLength(4);

    await renderPanel(services, 'en');
    await user.click(screen.getByRole('button', { name: storageMessages.t('en', 'storage.clear') }));
    await waitFor(() =>
      expect(screen.getByText(storageMessages.t('en', 'storage.cleared', { count: 4 }))).toBeInTheDocument(),
    );

    expect(await cached()).toEqual([]);
    expect(await services.storage.getItem(CACHE_INDEX_KEY)).toBe('{}');
    expect((await services.settings.load()).tokken).toBe('tk_test_secret_0001');
    // A cache that still remembered an answer in memory asks again too.
    const again = new AnswerCache({ storage: services.storage, namespace: 'sandbox' });
    expect(await again.peek('Петренко Петро|1990-01-01|sandbox')).toBeNull();
  });
});
