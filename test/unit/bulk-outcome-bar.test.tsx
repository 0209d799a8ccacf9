import '../support/ui-setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';
import type { BulkRunReport } from '../../src/bulk';
import { bulkMessages } from '../../src/bulk/messages';
import { RequestRejectedError } from '../../src/core/protocol/errors';
import type { Lang } from '../../src/core/text/i18n';
import { OutcomeBar } from '../../src/taskpane/bulk/outcome-bar';

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
    subjectsTotal: 40,
    requests: 13,
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
