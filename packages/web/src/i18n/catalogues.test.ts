// Both catalogues hold the same keys, none empty, and every key the code writes literally exists.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from the files, not imported: the web suite's files share their modules, and i18next keeps the
// imported objects it is given (a test adding a resource would change what this one reads).
const catalogue = (language: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../../public/i18n/${language}.json`), 'utf8'));
const en = catalogue('en');
const fr = catalogue('fr');

function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([name, value]) => keys(value, prefix ? `${prefix}.${name}` : name));
}

function valueAt(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('translation catalogues', () => {
  it('fr.json and en.json have exactly the same keys', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('have no empty text', () => {
    for (const [name, catalogue] of Object.entries({ fr, en })) {
      const empty = keys(catalogue).filter((key) => `${valueAt(catalogue, key) as string}`.trim() === '');
      expect(empty, name).toEqual([]);
    }
  });

  it('hold every key the code names literally', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const pattern =
      /\bt\(\s*'([a-zA-Z][\w.]*)'|(?:Message|notice|Key)\s*[:=]\s*'([a-z][\w]*\.[\w.]+)'|'((?:login|error|global|settings|password)\.[\w.]+)'/g;
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern))
        used.add((match[1] ?? match[2] ?? match[3])!);
    }
    expect(used.size).toBeGreaterThan(40);
    const missing = [...used].filter(
      (key) => typeof valueAt(fr, key) !== 'string' || typeof valueAt(en, key) !== 'string',
    );
    expect(missing).toEqual([]);
  });
});
