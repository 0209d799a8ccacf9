import type ExcelJS from 'exceljs';
import { columnLetter } from '../../bulk/columns';
import { decisionValidation, reasonValidation, type DecisionValidationSpec } from '../../bulk/decisions';
import type { TableColumn } from '../../bulk/result-table';
import type { Lang } from '../../core/text/i18n';

/**
 * exceljs keeps a sheet's validations in `dataValidations` (DataValidations: add(address, rule)),
 * on the in-memory Worksheet (lib/doc/worksheet.js) and on the streaming WorksheetWriter
 * (lib/stream/xlsx/worksheet-writer.js) alike, and writes a range address such as "J2:J900" as
 * one <dataValidation sqref="J2:J900">. Its typings leave the property out, hence this shape.
 */
export interface SheetWithValidations {
  dataValidations: { add(address: string, validation: ExcelJS.DataValidation): unknown };
}

/** A drop-down's rule: the Decision column's three decisions, or the Reason column's reasons, blank allowed. */
export function listRule(spec: DecisionValidationSpec): ExcelJS.DataValidation {
  return {
    type: 'list',
    allowBlank: true,
    // A literal list: quoted, comma-separated; none of the values holds a comma or a quote (test/unit/rescreen-model.test.ts).
    formulae: [`"${spec.values.join(',')}"`],
    showInputMessage: true,
    promptTitle: spec.title,
    prompt: spec.prompt,
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: spec.title,
    error: spec.error,
  };
}

/** The validation rule of the Decision column: the three decisions in the output's language, blank allowed (none). */
export function decisionRule(lang: Lang): ExcelJS.DataValidation {
  return listRule(decisionValidation(lang));
}

/**
 * Puts the drop-downs on the Decision and Reason cells of hit rows `firstRow`..`lastRow` (1-based
 * sheet rows). Works the same for a Worksheet and a streaming WorksheetWriter: call it any time
 * before commit.
 */
export function addDecisionValidation(
  sheet: SheetWithValidations,
  columns: readonly TableColumn[],
  firstRow: number,
  lastRow: number,
  lang: Lang,
): boolean {
  const index = columns.findIndex((c) => c.id === 'decision');
  if (index < 0 || lastRow < firstRow) return false;
  const letter = columnLetter(index);
  sheet.dataValidations.add(`${letter}${firstRow}:${letter}${lastRow}`, decisionRule(lang));
  const reason = columns.findIndex((c) => c.id === 'reason');
  if (reason >= 0) {
    const at = columnLetter(reason);
    sheet.dataValidations.add(`${at}${firstRow}:${at}${lastRow}`, listRule(reasonValidation(lang)));
  }
  return true;
}
