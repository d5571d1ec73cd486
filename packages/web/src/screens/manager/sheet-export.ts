// The spreadsheet of a staff list's selected rows (spec part 2 §2.3, Virements.xlsx): a header row
// of the columns' labels, then one row per request, written by the shared spreadsheet download.
import type { Entity } from '@bank/domain';
import type { TFunction } from 'i18next';
import type { EntityRow } from '../../api/entities';
import {
  SHEET_DATE_FORMAT,
  downloadSpreadsheet,
  headerCell,
  type CellObject,
  type SheetData,
} from '../../ui/spreadsheet';
import type { SheetExport } from './request-types';
const AMOUNT_FORMAT = '#,##0.00';

function cell(spec: SheetExport['columns'][number], entity: Entity, row: EntityRow, t: TFunction): CellObject {
  const value = row[spec.name];
  if (value === null || value === undefined || value === '') return { value: undefined };
  if (spec.cell === 'number') {
    // A cell value for the spreadsheet, not arithmetic: the exact decimal text becomes its number.
    const number = Number(value);
    return Number.isFinite(number)
      ? { value: number, type: Number, ...(spec.name === 'id' ? {} : { format: AMOUNT_FORMAT }) }
      : { value: String(value), type: String };
  }
  if (spec.cell === 'date') {
    const date = new Date(String(value));
    return Number.isNaN(date.getTime()) ? { value: undefined } : { value: date, type: Date, format: SHEET_DATE_FORMAT };
  }
  if (spec.cell === 'enum') {
    const enumName = entity.field(spec.name)?.enum;
    return { value: t(`enums.${enumName}.${String(value)}`, { defaultValue: String(value) }), type: String };
  }
  return { value: String(value), type: String };
}

/** The header row then the rows, in the order given. */
export function sheetData(spec: SheetExport, entity: Entity, rows: readonly EntityRow[], t: TFunction): SheetData {
  const header = spec.columns.map((column) => headerCell(t(column.labelKey)));
  return [header, ...rows.map((row) => spec.columns.map((column) => cell(column, entity, row, t)))];
}

/** Builds the file in the browser and hands it to the browser's download under the spec's file name. */
export async function exportSheet(
  spec: SheetExport,
  entity: Entity,
  rows: readonly EntityRow[],
  t: TFunction,
): Promise<void> {
  await downloadSpreadsheet(
    spec.fileName,
    spec.sheetName,
    sheetData(spec, entity, rows, t),
    spec.columns.map((column) => (column.cell === 'date' ? 16 : column.name === 'comment' ? 40 : 20)),
  );
}
