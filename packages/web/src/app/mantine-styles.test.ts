// Keeps mantine-styles.ts in step with the code: every Mantine component imported anywhere in src has
// its stylesheets in the list (its own and those of the components it is built from, found by walking
// Mantine's modules), and the list holds nothing else.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');
/** Wherever npm placed it (the web package's own node_modules or the root's): above its `cjs/index.cjs`. */
const packageDir = (pkg: string) =>
  path.resolve(path.dirname(createRequire(import.meta.url).resolve(`@mantine/${pkg}`)), '..');
/** Always there, whatever the components: reset, theme variables, global classes (hiddenFrom, visibleFrom). */
const BASE = ['baseline', 'default-css-variables', 'global'];

const read = (file: string) => fs.readFileSync(file, 'utf8');

/** The names imported from `pkg` by a module's source: `import { A, type B, C as D } from 'pkg'`. */
function namesImported(source: string, pkg: string): string[] {
  const quoted = pkg.replace(/[/@]/g, '\\$&');
  const imports = source.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g'));
  return [...imports].flatMap(([, names]) =>
    names!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0]!),
  );
}

/** The module of each export of a Mantine package, from its ESM index. */
function exportFiles(pkg: string): Map<string, string> {
  const esm = path.join(packageDir(pkg), 'esm');
  const files = new Map<string, string>();
  for (const [, names, from] of read(path.join(esm, 'index.mjs')).matchAll(/import \{([^}]*)\} from "(\.[^"]+)"/g))
    for (const name of names!.split(','))
      files.set(
        name
          .split(/\s+as\s+/)
          .at(-1)!
          .trim(),
        path.join(esm, from!),
      );
  return files;
}

const core = exportFiles('core');
const notifications = exportFiles('notifications');
// The date pickers bring their own stylesheet (imported with them); the core components they are built from need theirs here.
const dates = exportFiles('dates');
const isCoreSheet = (name: string) => fs.existsSync(path.join(packageDir('core'), 'styles', `${name}.css`));

/** Walks a module's imports inside Mantine; each `X.module.mjs` on the way is the class map of `styles/X.css`. */
function sheetsOf(file: string, seen = new Set<string>(), sheets = new Set<string>()): Set<string> {
  if (seen.has(file)) return sheets;
  seen.add(file);
  const sheet = /([^/\\]+)\.module\.mjs$/.exec(file)?.[1];
  if (sheet) sheets.add(sheet);
  const source = read(file);
  for (const [, from] of source.matchAll(/from "(\.[^"]+)"/g))
    sheetsOf(path.join(path.dirname(file), from!), seen, sheets);
  for (const name of namesImported(source, '@mantine/core')) {
    const module = core.get(name);
    if (module) sheetsOf(module, seen, sheets);
  }
  return sheets;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function sheetsInUse(): Set<string> {
  const sheets = new Set<string>();
  for (const file of sourceFiles(src)) {
    const source = read(file);
    const used = [
      ...namesImported(source, '@mantine/core').map((name) => core.get(name)),
      ...namesImported(source, '@mantine/notifications').map((name) => notifications.get(name)),
    ];
    for (const module of used) if (module) sheetsOf(module, new Set(), sheets);
    for (const name of namesImported(source, '@mantine/dates')) {
      const module = dates.get(name);
      if (module) for (const sheet of sheetsOf(module)) if (isCoreSheet(sheet)) sheets.add(sheet);
    }
  }
  return sheets;
}

/**
 * The stylesheets mantine-styles.ts imports, by name: `Button` for `@mantine/core/styles/Button.css`,
 * `Notifications` for the notifications package's one sheet.
 */
const listed = [
  ...read(path.join(src, 'app/mantine-styles.ts')).matchAll(
    /'@mantine\/(core\/styles\/([^']+)|notifications\/styles)\.css'/g,
  ),
].map(([, , name]) => name ?? 'Notifications');

describe('Mantine stylesheets', () => {
  it('lists the stylesheet of every Mantine component in use, and only those', () => {
    expect(new Set(listed)).toEqual(new Set([...BASE, ...sheetsInUse()]));
  });

  it('imports each one once, after the base sheets', () => {
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.slice(0, BASE.length)).toEqual(BASE);
  });
});
