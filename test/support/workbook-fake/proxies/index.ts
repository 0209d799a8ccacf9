/** Every proxy class, for tests that need to recognise one (the usual entry is ../../workbook-fake). */
export { FakeRequestContext, type BatchHost, type OpResult, type QueuedOp } from './context';
export { FakeClientObject, FakeClientResult } from './client-object';
export { FakeWorkbook, FakeWorksheetCollection, FakeWorksheet, FakeFreezePanes } from './workbook';
export { FakeRange, type RangeTarget } from './range';
export { FakeRangeAreas, FakeRangeCollection } from './range-areas';
export {
  FakeRangeFormat,
  FakeRangeFont,
  FakeRangeFill,
  FakeConditionalFormatCollection,
  FakeConditionalFormat,
} from './format';
export { FakeTableCollection, FakeTable } from './table';
export { FakeSettingCollection, FakeSetting } from './settings';
