import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createTaskpaneServices, type ReadyInfo } from './office-services';
import { loadFluentTheme, themeKindFor } from './theme';

/**
 * Office.onReady resolves in Excel with the host, and outside Office (the browser harness loads
 * office.js too) with host null; without office.js at all the pane still starts, detached.
 */
async function ready(): Promise<ReadyInfo> {
  if (typeof Office === 'undefined' || typeof Office.onReady !== 'function') return { host: null };
  const info = await Office.onReady();
  return { host: info?.host ?? null };
}

/** Renders the pane; loaded by index.ts only once the page is up, so the functions never wait for React. */
export async function mountTaskpane(): Promise<void> {
  const container = document.getElementById('container');
  if (!container) throw new Error('#container is missing from taskpane.html');
  // The pane's background comes from the Fluent theme; a default body margin would frame it in white.
  document.body.style.margin = '0';
  const info = await ready();
  const services = createTaskpaneServices(info);
  // A dark or high-contrast Office gets its theme before the first paint, never a flash of light.
  await loadFluentTheme(themeKindFor(services.host.officeTheme(), services.host.forcedColors())).catch(() => undefined);
  createRoot(container).render(<App services={services} />);
}
