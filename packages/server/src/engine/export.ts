// List exports (issue 38, point 5): `GET <list>/export` answers the rows a list's filter selects, in the
// list's own order, as an xlsx file streamed page by page while the pages are read. The export runs the
// list route's own page function, so its filter, sort, permission and masking are the list's.
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest, RouteGenericInterface, RouteShorthandOptions } from 'fastify';
import {
  APP_HEADERS,
  entityByName,
  formatXof,
  resolveJoinPath,
  type Entity,
  type Field,
  type FieldKind,
} from '@bank/domain';
// The French wording lives in one place, the web app's catalogue (DESIGN.md §6): the file speaks it too.
import fr from '../../../web/public/i18n/fr.json' with { type: 'json' };
import { HttpProblem } from '../problem';
import type { Page } from './entity-service';
import { MAX_PAGE_SIZE, type Query } from './list-query';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Reads one page of a list for the query given (the route's own query, paging replaced). */
export type PageOf<R extends RouteGenericInterface> = (
  request: FastifyRequest<R>,
  query: R['Querystring'],
) => Promise<Page>;

/** A column of the file: the row's property, its French header, how its cells are written. */
interface SheetColumn {
  name: string;
  header: string;
  kind: FieldKind;
  field: Field;
}

/** A catalogue text by its dotted key; `fallback` (the key) when the catalogue lacks it. */
function french(key: string, fallback = key): string {
  let node: unknown = fr;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : fallback;
}

/** Excel number formats, French style: the spreadsheet's own locale shows the separators. */
const AMOUNT = '#,##0';
const DAY = 'dd/mm/yyyy';
const INSTANT = 'dd/mm/yyyy hh:mm';

/**
 * A cell per kind: amounts and numbers as numbers, dates as dates (Dakar is UTC all year, as Excel's
 * serial dates are), enums as their French words, masked values as the list shows them.
 */
const CELLS = {
  text: (v) => String(v),
  longText: (v) => String(v),
  email: (v) => String(v),
  phone: (v) => String(v),
  rib: (v) => String(v),
  secret: () => null,
  int: (v) => Number(v),
  decimal: (v) => Number(v),
  money: (v) => Number(v),
  bool: (v) => Boolean(v),
  date: (v) => new Date(`${String(v)}T00:00:00.000Z`),
  dateTime: (v) => new Date(String(v)),
  enum: (v, f) => french(`enums.${f.enum}.${String(v)}`, String(v)),
  ref: (v) => (typeof v === 'object' && v !== null ? Number((v as { id: unknown }).id) : Number(v)),
  refs: () => null,
  image: () => null,
} as const satisfies Record<FieldKind, (value: unknown, field: Field) => unknown>;

const FORMATS: Partial<Record<FieldKind, string>> = { money: AMOUNT, date: DAY, dateTime: INSTANT };
const WIDTHS: Partial<Record<FieldKind, number>> = { longText: 40, dateTime: 17, date: 12, money: 14, int: 10 };
/** Kinds that are no column of a file: pictures, secrets, many-to-many lists. */
const NOT_IN_FILE = new Set<FieldKind>(['image', 'secret', 'refs']);

const ID_FIELD = { name: 'id', kind: 'int', labelKey: 'entity.field.id' } as Field;

/**
 * The list's columns in the generic list's order: the id, each listed field (a ref by the joined name it
 * is shown by, when declared), then the other joined fields (the manager views' client name, account…).
 * @example sheetColumns(entityByName('transfer')).map((c) => c.header)
 */
export function sheetColumns(entity: Entity): SheetColumn[] {
  const columns: SheetColumn[] = [{ name: 'id', header: french('entity.field.id'), kind: 'int', field: ID_FIELD }];
  const used = new Set<string>();
  const joinedColumn = (name: string, header?: string): SheetColumn => {
    const { steps, field } = resolveJoinPath(entity, entity.joined[name]!, entityByName);
    const owner = steps.at(-1)!.target;
    used.add(name);
    return {
      name,
      header: header ?? `${french(owner.labelKey)} - ${french(field.labelKey)}`,
      kind: field.kind,
      field,
    };
  };
  for (const field of entity.fields) {
    if (NOT_IN_FILE.has(field.kind) || field.list === false) continue;
    if (field.kind === 'ref' && field.labelFrom && entity.joined[field.labelFrom]) {
      columns.push(joinedColumn(field.labelFrom, french(field.labelKey)));
    } else {
      columns.push({ name: field.name, header: french(field.labelKey), kind: field.kind, field });
    }
  }
  for (const name of Object.keys(entity.joined)) if (!used.has(name)) columns.push(joinedColumn(name));
  return columns.filter((column) => !NOT_IN_FILE.has(column.kind));
}

/** The list's name and the day, for the file's name: `Virements-2026-11-29.xlsx`. */
function fileNameOf(entity: Entity, now: Date): string {
  return `${french(`entities.${entity.name}.plural`, entity.resource)}-${now.toISOString().slice(0, 10)}.xlsx`;
}

/** `attachment` with the name in UTF-8 (RFC 6266) and without accents for older clients. */
function attachment(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** 400 before anything is sent: the filter matches more rows than a file takes. */
export const tooManyRows = (max: number) =>
  new HttpProblem(400, {
    message: 'error.exportTooLarge',
    detail: `The filter matches more than ${max} rows: narrow it to export`,
    figures: { max: formatXof(String(max), { currency: false }) },
  });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The entity whose rows an export route writes (the access log records it as a read of them). */
    exportOf?: string;
  }
}

/**
 * Registers `GET ${url}/export` beside a list route: the same access and parameters, the file's rows read
 * through `pageOf` a page of 1,000 at a time up to `app.exportMaxRows`. A filter matching more is refused
 * (400 `error.exportTooLarge`) before the file starts; the access log records the export once, with its
 * count (and the rows' ids when few) and its query, before the file's last part (its zip directory)
 * leaves, so that no usable file goes out unrecorded.
 * @example registerListExport(app, '/core/api/clients', { config }, client, (r, q) => clients.list(q))
 */
export function registerListExport<R extends RouteGenericInterface>(
  app: FastifyInstance,
  url: string,
  options: RouteShorthandOptions,
  entity: Entity,
  pageOf: PageOf<R>,
): void {
  const columns = sheetColumns(entity);
  const config = { ...(options.config as object), exportOf: entity.name };
  // The list's own checks of its address and query; its answer's schema is no file's.
  const { params, querystring } = (options.schema ?? {}) as { params?: unknown; querystring?: unknown };
  const schema = { ...(params ? { params } : {}), ...(querystring ? { querystring } : {}) };
  app.get(`${url}/export`, { config, schema }, async (untyped, reply) => {
    const request = untyped as FastifyRequest<R>;
    const filter = { ...(request.query as Query) };
    delete filter.page;
    delete filter.size;
    const max = app.exportMaxRows;
    const at = (page: number, size: number) => ({ ...filter, page: String(page), size: String(size) });
    // A row past the cap, read as the list would read that page: refused while a 400 can still be sent.
    const beyond = await pageOf(request, at(max, 1) as R['Querystring']);
    if (beyond.rows.length > 0) throw tooManyRows(max);
    const first = await pageOf(request, at(0, MAX_PAGE_SIZE) as R['Querystring']);

    const stream = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    const name = fileNameOf(entity, new Date());
    const sheet = workbook.addWorksheet(name.replace(/-\d{4}-\d{2}-\d{2}\.xlsx$/, '').slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((column) => ({
      header: column.header,
      key: column.name,
      width: WIDTHS[column.kind] ?? 20,
      ...(FORMATS[column.kind] ? { style: { numFmt: FORMATS[column.kind]! } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };

    const write = async () => {
      const ids: number[] = [];
      let page = first;
      for (let next = 1; ; next++) {
        for (const row of page.rows.slice(0, max - ids.length)) {
          sheet.addRow(columns.map(({ name: key, kind, field }) => cellOf(kind, field, row[key]))).commit();
          ids.push(row.id);
        }
        if (page.rows.length < MAX_PAGE_SIZE || ids.length >= max || stream.destroyed) break;
        // The client reads slower than the database answers: wait for it rather than hold the file.
        if (stream.writableNeedDrain) await once(stream, 'drain');
        page = await pageOf(request, at(next, MAX_PAGE_SIZE) as R['Querystring']);
      }
      if (stream.destroyed) return; // the client went away: no file, no record
      sheet.commit();
      await app.recordExport(request, ids);
      await workbook.commit();
    };
    write().catch((error: unknown) => {
      request.log.error({ err: error }, 'export failed after its first bytes');
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    // The rows the file will hold, when the list's total is exact: the browser shows the progress against it.
    if (first.exact !== false) reply.header(APP_HEADERS.totalCount, String(first.total));
    return reply.header('content-type', XLSX).header('content-disposition', attachment(name)).send(stream);
  });
}

function cellOf(kind: FieldKind, field: Field, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  return CELLS[kind](value, field);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The most rows an export writes (EXPORT_MAX_ROWS). */
    exportMaxRows: number;
  }
}
