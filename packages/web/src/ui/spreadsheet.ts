// Spreadsheet downloads (xlsx) built in the browser: a header row, then rows of real numbers and dates
// so that a spreadsheet can sum and sort them. The library is loaded only when someone exports.
import type { SheetData } from 'write-excel-file/browser';

export type { CellObject, SheetData } from 'write-excel-file/browser';

export const SHEET_DATE_FORMAT = 'dd/mm/yyyy hh:mm';

/** Hands `data` (header row first, kept in view) to the browser's download as `fileName`. */
export async function downloadSpreadsheet(
  fileName: string,
  sheet: string,
  data: SheetData,
  widths: readonly number[],
): Promise<void> {
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  await writeExcelFile(data, {
    sheet,
    columns: widths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toFile(fileName);
}

/** A bold text cell, for header rows. */
export const headerCell = (label: string) => ({ value: label, type: String, fontWeight: 'bold' as const });
