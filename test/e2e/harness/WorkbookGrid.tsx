import { useEffect, useReducer, useRef } from 'react';
import { columnLetter } from '../../../src/bulk/columns';
import { cellAddress, rectAddress, rectContains } from '../../../src/excel/a1';
import type { HarnessWorkbook } from './harness-workbook';

/** Enough for the 200-row list and its results table; the screenshots show the top anyway. */
const MAX_ROWS = 240;
const MAX_COLUMNS = 32;
const MIN_ROWS = 30;
const MIN_COLUMNS = 8;

export interface WorkbookGridProps {
  workbook: HarnessWorkbook;
}

/**
 * The fake workbook as a person would see Excel's: name box, the active sheet's cells (as
 * displayed text), sheet tabs. Redrawn once per frame after syncs. Clicking a cell selects it,
 * shift+click extends the selection from the last clicked cell, clicking a tab activates it.
 */
export function WorkbookGrid({ workbook }: WorkbookGridProps) {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const anchor = useRef<{ row: number; col: number }>({ row: 0, col: 0 });

  useEffect(() => {
    let frame = 0;
    const off = workbook.onChange(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        redraw();
      });
    });
    return () => {
      off();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [workbook]);

  const model = workbook.model;
  const sheet = model.activeSheet;
  const used = sheet.usedRect(false);
  const sel = sheet.selection;
  const rows = Math.min(
    MAX_ROWS,
    Math.max(MIN_ROWS, used ? used.rowIndex + used.rowCount : 0, sel.rowIndex + sel.rowCount),
  );
  const columns = Math.min(
    MAX_COLUMNS,
    Math.max(MIN_COLUMNS, used ? used.columnIndex + used.columnCount : 0, sel.columnIndex + sel.columnCount),
  );

  const click = (row: number, col: number, extend: boolean) => {
    const from = extend ? anchor.current : { row, col };
    if (!extend) anchor.current = { row, col };
    const rect = {
      rowIndex: Math.min(from.row, row),
      columnIndex: Math.min(from.col, col),
      rowCount: Math.abs(row - from.row) + 1,
      columnCount: Math.abs(col - from.col) + 1,
    };
    workbook.select(sheet.name, rectAddress(rect));
    workbook.changed();
  };

  const body = [];
  for (let r = 0; r < rows; r++) {
    const cells = [];
    for (let c = 0; c < columns; c++) {
      const content = sheet.get(r, c);
      const style = sheet.style(r, c);
      const classes = [
        content?.type === 'Double' ? 'hx-num' : '',
        rectContains(sel, r, c) ? 'hx-sel' : '',
        style.bold ? 'hx-bold' : '',
      ].filter(Boolean);
      const text = sheet.text(r, c);
      cells.push(
        <td
          key={c}
          data-cell={cellAddress(r, c)}
          className={classes.join(' ') || undefined}
          style={style.fillColor ? { background: style.fillColor, color: style.fontColor } : undefined}
          title={text}
          onMouseDown={(e) => {
            e.preventDefault();
            click(r, c, e.shiftKey);
          }}
        >
          {text}
        </td>,
      );
    }
    body.push(
      <tr key={r}>
        <th className="hx-row" scope="row">
          {r + 1}
        </th>
        {cells}
      </tr>,
    );
  }

  const visible = model.sheets.filter((s) => s.visibility === 'Visible');
  return (
    <>
      <div className="hx-name" data-testid="name-box">
        {`${sheet.name}!${rectAddress(sel)}`}
      </div>
      {/* Keyed by sheet: another sheet opens at its top-left corner, as in Excel. */}
      <div className="hx-grid" key={sheet.id}>
        <table aria-label={sheet.name} data-sheet={sheet.name}>
          <thead>
            <tr>
              <th className="hx-row" />
              {Array.from({ length: columns }, (_, c) => (
                <th key={c} scope="col">
                  {columnLetter(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      <div className="hx-tabs" role="tablist" aria-label="Sheets">
        {visible.map((s) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            aria-selected={s === sheet}
            onClick={() => {
              model.activeSheet = s;
              workbook.changed();
            }}
          >
            {s.name}
          </button>
        ))}
      </div>
    </>
  );
}
