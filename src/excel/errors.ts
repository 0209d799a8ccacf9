import { CheckListsError, InvalidInputError, describeError } from '../core/protocol/errors';
import type { LocalizedText } from '../core/text/i18n';
import { excelMessages } from './messages';
import { ExcelLayerError } from './layer-error';

export { ExcelLayerError };

/**
 * Office.js rejects with OfficeExtension.Error, whose `code` is the only stable part
 * (messages are localised by Excel). Branch on the code, never on instanceof: the class is a
 * global that does not exist outside Office.
 */
export function officeErrorCode(e: unknown): string | null {
  if (typeof e === 'object' && e !== null && 'code' in e) {
    const code = (e as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

export function isPayloadTooLarge(e: unknown): boolean {
  return officeErrorCode(e) === 'RequestPayloadSizeLimitExceeded';
}

/** An Office error as text for a person: the code's meaning, never a stack. */
export function describeExcelError(e: unknown): LocalizedText {
  if (e instanceof ExcelLayerError) return e.text;
  const code = officeErrorCode(e);
  switch (code) {
    case 'RequestPayloadSizeLimitExceeded':
      return excelMessages.text('excel.error.payloadTooLarge');
    case 'ResponsePayloadSizeLimitExceeded':
      return excelMessages.text('excel.error.responseTooLarge');
    case 'ItemNotFound':
      return excelMessages.text('excel.error.itemNotFound');
    case 'ItemAlreadyExists':
      return excelMessages.text('excel.error.itemExists');
    case 'InvalidArgument':
      return excelMessages.text('excel.error.invalidArgument');
    // A batch that meets the user editing a cell fails with InvalidOperation according to the
    // cell-edit how-to (https://learn.microsoft.com/en-us/office/dev/add-ins/excel/excel-add-ins-cell-edit-mode)
    // and with InvalidOperationInCellEditMode according to Excel.ErrorCodes: both mean "finish editing".
    case 'InvalidOperation':
    case 'InvalidOperationInCellEditMode':
      return excelMessages.text('excel.error.cellEdit');
    case 'InvalidSelection':
      return excelMessages.text('excel.selection.severalAreas');
    case 'ApiNotFound':
      return excelMessages.text('excel.error.apiNotFound');
    default: {
      const message = e instanceof Error ? e.message : String(e);
      return excelMessages.text('excel.error.other', { code: code ?? '—', message });
    }
  }
}

/**
 * Any failure of work on the workbook, for a person, in both languages: this layer's own errors
 * and Excel's (by code) get their catalogue text, the service's and the input's keep theirs.
 * core's describeError alone would show Excel's English message to a Ukrainian reader.
 */
export function describeWorkbookError(e: unknown): LocalizedText {
  if (e instanceof InvalidInputError) return e.text;
  if (e instanceof CheckListsError) return describeError(e);
  if (e instanceof ExcelLayerError || officeErrorCode(e) !== null) return describeExcelError(e);
  return describeError(e);
}
