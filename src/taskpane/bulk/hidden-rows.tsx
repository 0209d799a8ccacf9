import { Checkbox, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { rowsInRuns } from '../../bulk/input-rows';
import { bulkMessages as b } from '../../bulk/messages';
import type { Lang } from '../../core/text/i18n';
import type { SheetInput } from '../../excel/bulk/bulk-input';

export interface HiddenRowsChoiceProps {
  input: SheetInput;
  lang: Lang;
  leaveOut: boolean;
  disabled: boolean;
  onChange(leaveOut: boolean): void;
}

/**
 * A list with hidden rows (a filter, or by hand): screen only the rows shown, as Excel's own
 * commands treat a filtered list, or every row. Shown before Start because the hidden rows are
 * paid requests; when they are too scattered to leave out, only the warning.
 */
export function HiddenRowsChoice({ input, lang, leaveOut, disabled, onChange }: HiddenRowsChoiceProps) {
  if (!input.rowsHidden) return null;
  if (input.hiddenRows === null) {
    return (
      <MessageBar intent="warning" layout="multiline" data-testid="bulk-rows-hidden">
        <MessageBarBody>{b.t(lang, 'panel.rowsHiddenScattered')}</MessageBarBody>
      </MessageBar>
    );
  }
  const hidden = rowsInRuns(input.hiddenRows);
  return (
    <MessageBar intent={leaveOut ? 'info' : 'warning'} layout="multiline" data-testid="bulk-rows-hidden">
      <MessageBarBody>
        <div>{b.t(lang, 'panel.rowsHidden', { hidden, total: input.rows.length })}</div>
        <Checkbox
          checked={leaveOut}
          disabled={disabled}
          label={b.t(lang, 'panel.onlyShown')}
          onChange={(_, data) => onChange(data.checked === true)}
        />
        <div>{b.t(lang, leaveOut ? 'panel.onlyShownOn' : 'panel.onlyShownOff')}</div>
      </MessageBarBody>
    </MessageBar>
  );
}
