import '../support/ui-setup';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvalidInputError } from '../../src/core/protocol/errors';
import { DEFAULT_SETTINGS } from '../../src/core/settings/settings';
import { App } from '../../src/taskpane/shell/App';
import { taskpaneMessages as m } from '../../src/taskpane/shell/messages';
import type { HostTheme } from '../../src/taskpane/shell/services';
import { fakeServices } from '../support/taskpane-fakes';
import { loadAllParts } from '../../src/taskpane/shell/lazy-parts';

// The pane's on-demand parts (lazy-parts.ts) load once up front, not inside a findBy timeout.
beforeAll(() => loadAllParts(), 60_000);

// No delay between keystrokes: the machine is shared and timers would make these tests slow, not truer.
const user = userEvent.setup({ delay: null });
jest.setTimeout(20_000);

const bulkProps: { lang: string; services: unknown }[] = [];
jest.mock(
  '../../src/taskpane/bulk/BulkPanel',
  () => ({
    BulkPanel: (props: { lang: string; services: unknown }) => {
      bulkProps.push(props);
      return <div data-testid="bulk-panel">{`bulk ${props.lang}`}</div>;
    },
  }),
  { virtual: true },
);

beforeEach(() => {
  bulkProps.length = 0;
});

describe('App', () => {
  it.each([
    ['uk-UA', 'uk'],
    ['en-US', 'en'],
    ['de-DE', 'en'],
  ] as const)('speaks the Office display language %s as %s', async (displayLanguage, lang) => {
    render(<App services={fakeServices({ host: { displayLanguage } })} />);
    for (const key of ['tab.search', 'tab.bulk', 'tab.settings'] as const) {
      expect(await screen.findByRole('tab', { name: m.t(lang, key) })).toBeInTheDocument();
    }
  });

  it('tells why it could not start in the display language', async () => {
    const services = fakeServices({ host: { displayLanguage: 'uk-UA' } });
    const problem = {
      field: 'addresses',
      code: 'field.address',
      message: { uk: 'Хибна адреса сервісу', en: 'Bad service address' },
    };
    services.connect = async () => {
      throw new InvalidInputError([problem]);
    };
    render(<App services={services} />);
    expect(await screen.findByText(new RegExp(m.t('uk', 'app.startFailed', { message: '' }).trim()))).toHaveTextContent(
      'Хибна адреса сервісу',
    );
    expect(screen.queryByText(/Bad service address/)).toBeNull();
  });

  it('switches language on request and remembers the choice', async () => {
    const services = fakeServices({ host: { displayLanguage: 'uk-UA' } });
    render(<App services={services} />);
    await screen.findByRole('tab', { name: 'Пошук' });
    await user.selectOptions(screen.getByLabelText('Мова'), 'en');
    expect(await screen.findByRole('tab', { name: 'Search' })).toBeInTheDocument();
    await waitFor(async () => expect((await services.settings.load()).settings.language).toBe('en'));
  });

  it('follows the Office theme and its changes', async () => {
    let theme: HostTheme = { bodyBackgroundColor: '#262626', bodyForegroundColor: '#ffffff', isDarkTheme: true };
    let notify = () => undefined as void;
    const services = fakeServices({
      host: {
        officeTheme: () => theme,
        onThemeChanged: (listener) => {
          notify = listener;
          return () => undefined;
        },
      },
    });
    const { container } = render(<App services={services} />);
    await screen.findByRole('tab', { name: 'Search' });
    const provider = () => container.querySelector('[data-theme]');
    expect(provider()).toHaveAttribute('data-theme', 'dark');
    theme = { bodyBackgroundColor: '#ffffff', bodyForegroundColor: '#262626', isDarkTheme: false };
    act(() => notify());
    expect(provider()).toHaveAttribute('data-theme', 'light');
    theme = { bodyBackgroundColor: '#000000', bodyForegroundColor: '#ffffff' };
    act(() => notify());
    expect(provider()).toHaveAttribute('data-theme', 'high-contrast');
  });

  it('shows sandbox mode until credentials are saved, then live', async () => {
    const services = fakeServices();
    const { unmount } = render(<App services={services} />);
    expect(await screen.findByTestId('mode-badge')).toHaveTextContent('SANDBOX');
    unmount();
    await services.settings.save({ ...DEFAULT_SETTINGS, primaryUrl: 'https://primary.example', idSubjectFM: 'S1' });
    await services.settings.saveTokken('secret');
    render(<App services={services} />);
    await waitFor(() => expect(screen.getByTestId('mode-badge')).toHaveTextContent('Live'));
  });

  it('hosts the bulk panel with the services and language, under the sandbox banner', async () => {
    const services = fakeServices({ host: { displayLanguage: 'uk-UA' } });
    render(<App services={services} />);
    await user.click(await screen.findByRole('tab', { name: 'Масова перевірка' }));
    expect(screen.getByTestId('bulk-panel')).toBeVisible();
    expect(bulkProps.at(-1)).toEqual({ services, lang: 'uk' });
    const banner = screen.getAllByTestId('sandbox-banner').find((b) => b.closest('[hidden]') === null);
    expect(banner).toBeVisible();
  });

  // Tab order itself needs a real layout (tabster skips elements jsdom reports as zero-sized):
  // the headless-Chromium test walks it. Here: every control is natively focusable, Enter submits.
  it('is operable by keyboard: every search control focusable, Enter runs the search', async () => {
    render(<App services={fakeServices()} />);
    const nameField = await screen.findByLabelText('Name (surname first name patronymic) or organisation');
    const form = screen.getByRole('form', { name: 'Search' });
    const controls = [...form.querySelectorAll<HTMLElement>('input, select, button')];
    expect(controls.length).toBeGreaterThan(10);
    for (const c of controls) {
      expect(c.tabIndex).toBeGreaterThanOrEqual(0);
      act(() => c.focus());
      if (!(c as HTMLInputElement).disabled) expect(c).toHaveFocus();
    }
    act(() => nameField.focus());
    await user.keyboard('Коваленко{Enter}');
    expect(await screen.findByTestId('results')).toBeInTheDocument();
  });
});
