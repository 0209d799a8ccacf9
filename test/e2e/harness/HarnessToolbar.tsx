import { useSyncExternalStore } from 'react';
import type { HarnessHost } from './harness-services';

/** Stands in for Excel's own chrome: the Office theme is chosen there, not in the pane. */
export function HarnessToolbar({ host }: { host: HarnessHost }) {
  const theme = useSyncExternalStore(
    (notify) => host.info.onThemeChanged(notify),
    () => host.current,
  );
  return (
    <div className="hx-bar" role="toolbar" aria-label="Excel (workbook fake)">
      <strong>Excel · workbook fake</strong>
      <span>Office theme:</span>
      <button type="button" aria-pressed={theme === 'light'} onClick={() => host.setTheme('light')}>
        Light Office theme
      </button>
      <button type="button" aria-pressed={theme === 'dark'} onClick={() => host.setTheme('dark')}>
        Dark Office theme
      </button>
    </div>
  );
}
