import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createTaskpaneServices, type ReadyInfo } from './office-services';

/**
 * Office.onReady resolves in Excel with the host, and outside Office (the browser harness loads
 * office.js too) with host null; without office.js at all the pane still starts, detached.
 */
async function ready(): Promise<ReadyInfo> {
  if (typeof Office === 'undefined' || typeof Office.onReady !== 'function') return { host: null };
  const info = await Office.onReady();
  return { host: info?.host ?? null };
}

async function main(): Promise<void> {
  const container = document.getElementById('container');
  if (!container) throw new Error('#container is missing from taskpane.html');
  // The pane's background comes from the Fluent theme; a default body margin would frame it in white.
  document.body.style.margin = '0';
  const info = await ready();
  createRoot(container).render(<App services={createTaskpaneServices(info)} />);
}

void main();
