// Amounts are exact: they travel as strings or integers of XOF and are never summed as floats here.

/** Splits a decimal string into sign, integer digits and fraction digits; null when not a number. */
function parseDecimal(value: string | number): { negative: boolean; int: string; frac: string } | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  return { negative: match[1] === '-', int: match[2]!.replace(/^0+(?=\d)/, ''), frac: match[3] ?? '' };
}

function group(int: string, separator: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * XOF with German grouping, as the spec's currency format ('0,0.[00]' in de).
 * @example formatXof('1234567.5') === '1.234.567,50 XOF'
 */
export function formatXof(value: string | number | null | undefined, withCurrency = true): string {
  if (value === null || value === undefined || value === '') return '';
  const parts = parseDecimal(value);
  if (!parts) return String(value);
  const frac = parts.frac.replace(/0+$/, '');
  const body = group(parts.int, '.') + (frac ? ',' + frac.padEnd(2, '0').slice(0, 2) : '');
  return (parts.negative ? '-' : '') + body + (withCurrency ? ' XOF' : '');
}

/**
 * Provision amounts: spaces as thousands separator (part 2 section 2.15).
 * @example formatSpaced('1500000') === '1 500 000'
 */
export function formatSpaced(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const parts = parseDecimal(value);
  if (!parts) return String(value);
  const frac = parts.frac.replace(/0+$/, '');
  return (parts.negative ? '-' : '') + group(parts.int, ' ') + (frac ? ',' + frac : '');
}
