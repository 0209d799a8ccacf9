/**
 * Errors shaped like OfficeExtension.Error: name "RichApi.Error", a string `code` from
 * Excel.ErrorCodes (or PropertyNotLoaded / RequestPayloadSizeLimitExceeded, which Office.js
 * raises itself), and debugInfo. Code under test should branch on `code`, as it must in Excel.
 */
export type FakeErrorCode =
  | 'PropertyNotLoaded'
  | 'InvalidArgument'
  | 'InvalidOperation'
  | 'ItemNotFound'
  | 'ItemAlreadyExists'
  | 'GeneralException'
  | 'RequestPayloadSizeLimitExceeded'
  | 'ResponsePayloadSizeLimitExceeded'
  | 'InvalidReference'
  | 'InvalidSelection'
  | 'ApiNotFound'
  | 'InvalidOperationInCellEditMode'
  | 'NotImplemented';

const DEFAULT_MESSAGES: Record<FakeErrorCode, string> = {
  PropertyNotLoaded: 'The property is not available.',
  InvalidArgument: 'The argument is invalid or missing or has an incorrect format.',
  InvalidOperation: 'The operation is invalid for the object or current state.',
  ItemNotFound: "The requested resource doesn't exist.",
  ItemAlreadyExists: 'The resource already exists.',
  GeneralException: 'An internal error has occurred.',
  RequestPayloadSizeLimitExceeded:
    'The request payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
  ResponsePayloadSizeLimitExceeded:
    'The response payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
  InvalidReference: 'This reference is not valid for the current operation.',
  // Excel.ErrorCodes, https://learn.microsoft.com/en-us/javascript/api/excel/excel.errorcodes
  InvalidSelection: 'The current selection is invalid for this operation.',
  ApiNotFound: 'The API you are trying to use could not be found. It may be available in a newer version of Excel.',
  InvalidOperationInCellEditMode:
    'The operation is not available while Excel is in Edit cell mode. Exit Edit mode by using the Enter or Tab keys, or by selecting another cell, and then try again.',
  NotImplemented: 'The requested feature is not implemented.',
};

export class FakeOfficeError extends Error {
  readonly code: FakeErrorCode | string;
  readonly debugInfo: { code: string; message: string; errorLocation?: string; detail?: string };

  constructor(code: FakeErrorCode | string, detail?: string, errorLocation?: string) {
    const base = (DEFAULT_MESSAGES as Record<string, string>)[code] ?? DEFAULT_MESSAGES.GeneralException;
    super(base);
    this.name = 'RichApi.Error';
    this.code = code;
    this.debugInfo = { code, message: base, errorLocation, detail };
  }
}

export function propertyNotLoaded(property: string): FakeOfficeError {
  const e = new FakeOfficeError('PropertyNotLoaded', property);
  e.message = `The property '${property}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`;
  e.debugInfo.message = e.message;
  return e;
}

/** Thrown when a test uses a corner of the API the fake deliberately does not guess at. */
export function fakeNotImplemented(what: string): FakeOfficeError {
  return new FakeOfficeError('NotImplemented', `workbook fake: ${what}`);
}
