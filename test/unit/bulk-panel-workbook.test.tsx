import '../support/ui-setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bulkMessages } from '../../src/bulk/messages';
import { excelMessages } from '../../src/excel/messages';
import { BulkPanel } from '../../src/taskpane/bulk/BulkPanel';
import { WorkbookFake } from '../support/workbook-fake';
import { fakeServices } from '../support/taskpane-fakes';

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
