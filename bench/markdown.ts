// The Markdown table the bench reports print and write under bench/results/.

/**
 * A Markdown table: the header row, its separator, then one line per row.
 * @example markdownTable(['call', 'p99 ms'], [['sign-in', 42]])
 */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
