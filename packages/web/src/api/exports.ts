// A list's export (`GET <list>/export`, issue 38 point 5): every row its filter selects, as the xlsx file
// the server streams, fetched with the bearer header (no token in an address), counted as it arrives,
// and handed to the browser's download under the server's file name.
import { APP_HEADERS } from '@bank/domain';
import { markActivity } from './activity';
import { buildUrl, type Query } from './http-client';
import { HttpError } from './http-error';
import { getToken } from './token-storage';

/** Where a list's page came from: its path and its query without paging (filters, criteria, order). */
export interface ListSource {
  path: string;
  query: Query;
}

export interface ExportProgress {
  /** Bytes of the file received so far. */
  bytes: number;
  /** The rows the file holds, when the server told (its X-Total-Count). */
  rows?: number;
}

export interface ExportResult extends ExportProgress {
  fileName: string;
}

/** The file name of `Content-Disposition`: its UTF-8 form when given, else the plain one. */
export function dispositionFileName(header: string | null): string | undefined {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (utf8) return decodeURIComponent(utf8[1]!);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1];
}

/**
 * Downloads the export of `source`, reporting the bytes as they come; throws an HttpError on a refusal
 * (the filter matches too many rows: `error.exportTooLarge`) or when the transfer breaks off.
 * @example await downloadExport({ path: 'core/api/criterial_search/transfers', query: { status: 'PENDING' } }, show)
 */
export async function downloadExport(
  source: ListSource,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportResult> {
  markActivity();
  const token = getToken();
  const headers = new Headers({ Accept: `${XLSX}, application/problem+json` });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(buildUrl(`${source.path.replace(/\/$/, '')}/export`, source.query), { headers, signal });
  } catch {
    throw new HttpError(0);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not a problem document: the status says enough
    }
    throw new HttpError(response.status, response.headers, body);
  }
  const total = response.headers.get(APP_HEADERS.totalCount);
  const rows = total === null ? undefined : Number(total);
  const fileName = dispositionFileName(response.headers.get('content-disposition')) ?? 'export.xlsx';
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.byteLength;
      onProgress({ bytes, ...(rows === undefined ? {} : { rows }) });
    }
  } catch {
    throw new HttpError(0);
  }
  const url = URL.createObjectURL(new Blob(parts, { type: XLSX }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The download has taken the blob by then; the next turn frees it.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return { fileName, bytes, ...(rows === undefined ? {} : { rows }) };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
