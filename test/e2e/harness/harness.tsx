import { createRoot } from 'react-dom/client';
import { App } from '../../../src/taskpane/shell/App';
import type { ReadyInfo } from '../../../src/taskpane/shell/office-services';
import { CLIENT_SHEET, clientSheetRows } from './client-list';
import { harnessApi, type HarnessApi } from './harness-api';
import { HarnessHost, HarnessSandbox, harnessServices } from './harness-services';
import { HarnessToolbar } from './HarnessToolbar';
import { HarnessWorkbook } from './harness-workbook';
import { WorkbookGrid } from './WorkbookGrid';

declare global {
  interface Window {
    __harness?: HarnessApi;
    __harnessError?: string;
  }
}

/** As src/taskpane/shell/mount.tsx: office.js is loaded, outside Office onReady answers with no host. */
async function ready(): Promise<ReadyInfo> {
  if (typeof Office === 'undefined' || typeof Office.onReady !== 'function') return { host: null };
  const info = await Office.onReady();
  return { host: info?.host ?? null };
}

function numberParam(params: URLSearchParams, name: string, fallback: number): number {
  const n = Number(params.get(name) ?? fallback);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

async function main(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const info = await ready();

  // Installed after onReady, so nothing office.js sets up later can replace it.
  const workbook = new HarnessWorkbook({ dropRow: numberParam(params, 'dropRow', 0) });
  workbook.install(window as unknown as Record<string, unknown>);
  if (params.get('list') !== 'none') {
    const sheetRows = clientSheetRows();
    workbook.setSheet(CLIENT_SHEET, sheetRows, { activate: true });
    // Date cells as a person's workbook has them: serial numbers shown as dates.
    sheetRows.forEach((row, r) => {
      if (r > 0 && typeof row[1] === 'number') workbook.setNumberFormat(CLIENT_SHEET, `B${r + 1}`, 'dd.mm.yyyy');
    });
    workbook.select(CLIENT_SHEET, 'A1');
  }

  const host = new HarnessHost(info);
  const sandbox = new HarnessSandbox(numberParam(params, 'latency', 0));
  const services = harnessServices(host, { latencyMs: numberParam(params, 'latency', 0) }, sandbox);

  const workbookElement = document.getElementById('workbook');
  const paneElement = document.getElementById('taskpane');
  if (!workbookElement || !paneElement) throw new Error('harness.html lacks #workbook or #taskpane');
  createRoot(workbookElement).render(
    <>
      <HarnessToolbar host={host} />
      <WorkbookGrid workbook={workbook} />
    </>,
  );
  // The pane exactly as the add-in mounts it (src/taskpane/shell/mount.tsx), with the harness's services.
  document.body.style.margin = '0';
  createRoot(paneElement).render(<App services={services} />);
  window.__harness = harnessApi(workbook, host, info, sandbox);
}

main().catch((error: unknown) => {
  window.__harnessError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  throw error;
});
