// An xlsx read back as a user's spreadsheet would show it: shared by the browser suite and `npm run
// bench:clerk`, so it imports nothing from vitest.
import { strFromU8, unzipSync } from 'fflate';

/** The cells of an xlsx's first sheet by reference (A1…), shared and inline strings resolved. */
export function readSheet(file: Buffer): {
  sheetNames: string[];
  cells: Map<string, { value: string; numeric: boolean }>;
} {
  const parts = unzipSync(new Uint8Array(file));
  const workbook = strFromU8(parts['xl/workbook.xml']!);
  const sheetNames = [...workbook.matchAll(/<sheet [^>]*name="([^"]*)"/g)].map((m) => m[1]!);
  const shared = parts['xl/sharedStrings.xml']
    ? [...strFromU8(parts['xl/sharedStrings.xml']).matchAll(/<si>.*?<t[^>]*>([^<]*)<\/t>.*?<\/si>/gs)].map((m) => m[1]!)
    : [];
  const cells = new Map<string, { value: string; numeric: boolean }>();
  const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
  for (const match of sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)) {
    const [, ref, attributes, body = ''] = match;
    const type = /t="(\w+)"/.exec(attributes!)?.[1];
    const v = /<v>([^<]*)<\/v>/.exec(body)?.[1];
    const inline = /<t[^>]*>([^<]*)<\/t>/.exec(body)?.[1];
    if (type === 's') cells.set(ref!, { value: shared[Number(v)]!, numeric: false });
    else if (type === 'inlineStr' || type === 'str') cells.set(ref!, { value: inline ?? v ?? '', numeric: false });
    else if (v !== undefined) cells.set(ref!, { value: v, numeric: true });
  }
  return { sheetNames, cells };
}
