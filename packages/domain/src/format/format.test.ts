import { describe, expect, it } from 'vitest';
import { EMPTY_DATE_TIME, formatDate, formatDateTime } from './date';
import { formatSpaced, formatXof } from './money';

describe('dates', () => {
  it('formats date-times as DD/MM/YY HH:mm and empty ones as 00/00/00 00:00', () => {
    expect(formatDateTime(new Date(2026, 0, 2, 10, 30))).toBe('02/01/26 10:30');
    expect(formatDateTime(null)).toBe(EMPTY_DATE_TIME);
    expect(formatDateTime('')).toBe('00/00/00 00:00');
    expect(formatDateTime('not a date')).toBe(EMPTY_DATE_TIME);
  });

  it('formats dates as DD/MM/YYYY', () => {
    expect(formatDate(new Date(2026, 10, 23))).toBe('23/11/2026');
    expect(formatDate(undefined)).toBe('');
  });
});

describe('money', () => {
  it.each([
    ['0', '0 XOF'],
    ['1234567', '1.234.567 XOF'],
    ['1234567.5', '1.234.567,50 XOF'],
    ['-2500.25', '-2.500,25 XOF'],
    ['999', '999 XOF'],
    [1000, '1.000 XOF'],
    ['00012', '12 XOF'],
    ['12345678901234567890', '12.345.678.901.234.567.890 XOF'],
  ])('formats %s as %s in XOF with German grouping, exactly', (input, expected) => {
    expect(formatXof(input)).toBe(expected);
  });

  it('leaves empty amounts empty and shows unparseable ones as they are', () => {
    expect(formatXof(null)).toBe('');
    expect(formatXof('abc')).toBe('abc');
    expect(formatXof('1500', false)).toBe('1.500');
  });

  it('groups provision amounts with spaces', () => {
    expect(formatSpaced('1500000')).toBe('1 500 000');
    expect(formatSpaced('250')).toBe('250');
    expect(formatSpaced('1000.5')).toBe('1 000,5');
  });
});
