// Amounts are exact: they travel as strings or integers of XOF and are never summed as floats here.
// One formatter for every amount shown, so that none appears without its currency.

/** Splits a decimal string into sign, integer digits and fraction digits; null when not a number. */
function parseDecimal(value: string | number): { negative: boolean; int: string; frac: string } | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  return { negative: match[1] === '-', int: match[2]!.replace(/^0+(?=\d)/, ''), frac: match[3] ?? '' };
}

export interface AmountOptions {
  /** Without ' XOF': a spreadsheet cell or an input that says its currency elsewhere. */
  currency?: boolean;
}

/**
 * XOF with a space between thousands, the one amount format of every screen (the spec's German dots on
 * some screens and spaces on the provisions' made one amount read two ways: docs/security.md).
 * @example formatXof('1234567.5') === '1 234 567,50 XOF'
 * @example formatXof('1500000', { currency: false }) === '1 500 000'
 */
export function formatXof(value: string | number | null | undefined, { currency = true }: AmountOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const parts = parseDecimal(value);
  if (!parts) return String(value);
  const frac = parts.frac.replace(/0+$/, '');
  const int = parts.int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const body = int + (frac ? ',' + frac.padEnd(2, '0').slice(0, 2) : '');
  return (parts.negative ? '-' : '') + body + (currency ? ' XOF' : '');
}
