/** The Office.js layer: the only code that knows context.sync, payload limits and safe text writing. */
export * from './a1';
export * from './payload';
export * from './safe-text';
export * from './chunked-writer';
export * from './selection';
export * from './sheet-names';
export * from './sheets';
export * from './storage';
export * from './errors';
export { excelMessages, type ExcelMessageKey } from './messages';
