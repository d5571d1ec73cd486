// Checks the links of README.md and docs/*.md: a relative link must name a file of the repository, an
// #anchor into a Markdown file must match one of its headings (GitHub's slugs), and every `npm run X`
// must be a script of package.json. Lists each problem as file:line and exits 1 when there is one.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const scripts = new Set(Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {}));

/** GitHub's heading id: lowercase, punctuation dropped (but '-' and '_'), each space a '-'. */
function slug(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text a heading shows: links reduced to their text, code and emphasis marks removed. */
const headingText = (raw) =>
  raw
    .replace(/\s+#+\s*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '');

/** Lines of a Markdown file, each marked whether it sits inside a fenced code block. */
function lines(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line);
    if (marker && (fence === null || marker[1][0] === fence[0])) {
      fence = fence === null ? marker[1] : null;
      return { line, code: true };
    }
    return { line, code: fence !== null };
  });
}

const anchorCache = new Map();
/** Every anchor a Markdown file offers: its headings' slugs (repeats get -1, -2…) and explicit ids. */
function anchorsOf(file) {
  if (!anchorCache.has(file)) {
    const anchors = new Set();
    const seen = new Map();
    for (const { line, code } of lines(readFileSync(file, 'utf8'))) {
      if (code) continue;
      const heading = /^ {0,3}#{1,6}\s+(.*)$/.exec(line);
      if (heading) {
        const base = slug(headingText(heading[1]));
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        anchors.add(count === 0 ? base : `${base}-${count}`);
      }
      for (const id of line.matchAll(/<[^>]+\b(?:id|name)="([^"]+)"/g)) anchors.add(id[1]);
    }
    anchorCache.set(file, anchors);
  }
  return anchorCache.get(file);
}

/** Link targets of a line outside inline code: [text](target) and [label]: target. */
function targetsOf(line) {
  const prose = line.replace(/(`+)[\s\S]*?\1/g, '');
  const targets = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose);
  if (definition) targets.push(definition[1]);
  return targets;
}

const problems = [];
for (const name of files) {
  const file = path.join(root, name);
  lines(readFileSync(file, 'utf8')).forEach(({ line, code }, index) => {
    const where = `${name}:${index + 1}`;
    for (const run of line.matchAll(/\bnpm run ([A-Za-z0-9:_.-]+)/g)) {
      const script = run[1].replace(/[.:]+$/, '');
      if (!script.startsWith('-') && !scripts.has(script))
        problems.push(`${where}: npm run ${script}: no such script in package.json`);
    }
    if (code) return;
    for (const target of targetsOf(line)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const [rawPath, anchor] = target.split('#', 2);
      const linked = rawPath === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(rawPath));
      if (path.relative(root, linked).startsWith('..')) {
        problems.push(`${where}: ${target}: leaves the repository`);
      } else if (!existsSync(linked)) {
        problems.push(`${where}: ${target}: no such file`);
      } else if (anchor !== undefined && linked.endsWith('.md') && !anchorsOf(linked).has(decodeURIComponent(anchor))) {
        problems.push(`${where}: ${target}: no heading #${anchor} in ${path.relative(root, linked)}`);
      }
    }
  });
}

if (problems.length > 0) {
  console.error(`${problems.length} problem(s) in the links:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Links checked in ${files.length} files: all good.`);
