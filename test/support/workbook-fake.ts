/**
 * The in-memory workbook every Office-side test runs against (jest now, the headless-Chromium
 * harness later). See workbook-fake/fake.ts for the test-facing API and
 * workbook-fake/proxies/ and workbook-fake/input.ts for the Excel behaviours it reproduces.
 */
export { WorkbookFake } from './workbook-fake/fake';
export type {
  CellView,
  ConditionalFormatView,
  SetupCell,
  SyncFailure,
  SyncStats,
  TableView,
  WorkbookFakeOptions,
} from './workbook-fake/fake';
export { FakeOfficeError } from './workbook-fake/errors';
export type { FakeErrorCode } from './workbook-fake/errors';
export {
  installOfficeRuntimeStorage,
  officeRuntimeStorageFake,
  OFFICE_RUNTIME_STORAGE_LIMIT_BYTES,
} from './workbook-fake/office-runtime';
export type { OfficeRuntimeStorageFake } from './workbook-fake/office-runtime';
