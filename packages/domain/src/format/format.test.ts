import { describe, expect, it } from 'vitest';
import { EMPTY_DATE_TIME, formatDate, formatDateTime, NO_DATE } from './date';
import { formatXof } from './money';

describe('dates', () => {
  it('formats date-times as DD/MM/YY HH:mm and empty ones as a dash', () => {
    expect(formatDateTime(new Date(2026, 0, 2, 10, 30))).toBe('02/01/26 10:30');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('')).toBe(NO_DATE);
    expect(formatDateTime('not a date')).toBe(NO_DATE);
  });

  it('shows 00/00/00 00:00 for an empty date-time where the spec asks for it', () => {
    expect(formatDateTime(null, EMPTY_DATE_TIME)).toBe('00/00/00 00:00');
    expect(formatDateTime(new Date(2026, 0, 2, 10, 30), EMPTY_DATE_TIME)).toBe('02/01/26 10:30');
  });

  it('formats dates as DD/MM/YYYY', () => {
    expect(formatDate(new Date(2026, 10, 23))).toBe('23/11/2026');
    expect(formatDate(undefined)).toBe('—');
  });
});

describe('money', () => {
  it.each([
    ['0', '0 XOF'],
    ['1234567', '1 234 567 XOF'],
    ['1234567.5', '1 234 567,50 XOF'],
    ['-2500.25', '-2 500,25 XOF'],
    ['999', '999 XOF'],
    [1000, '1 000 XOF'],
    ['00012', '12 XOF'],
    ['12345678901234567890', '12 345 678 901 234 567 890 XOF'],
  ])('formats %s as %s in XOF with spaces between thousands, exactly', (input, expected) => {
    expect(formatXof(input)).toBe(expected);
  });

  it('leaves empty amounts empty and shows unparseable ones as they are', () => {
    expect(formatXof(null)).toBe('');
    expect(formatXof('abc')).toBe('abc');
    expect(formatXof('1500', { currency: false })).toBe('1 500');
  });
});
