import type { LocalizedText } from '../core/text/i18n';

/*
 * Apart from errors.ts and its catalogue: the worksheet functions' runtime (settings storage)
 * raises this too, and should not carry every Office error's words to do so.
 */

/** Errors this layer raises itself (not Excel's), with text for both languages. */
export class ExcelLayerError extends Error {
  constructor(
    readonly code:
      | 'selection-too-large'
      | 'storage-unavailable'
      | 'several-areas'
      | 'needs-newer-excel'
      | 'run-paused'
      | 'run-not-started'
      | 'write-too-large'
      | 'table-disturbed',
    readonly text: LocalizedText,
  ) {
    super(text.en);
    this.name = 'ExcelLayerError';
  }
}
