import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './exports';

describe('the file name of an export', () => {
  it('takes the UTF-8 name when given, else the plain one', () => {
    expect(
      dispositionFileName(
        `attachment; filename="Beneficiaires-2026-11-29.xlsx"; filename*=UTF-8''B%C3%A9n%C3%A9ficiaires-2026-11-29.xlsx`,
      ),
    ).toBe('Bénéficiaires-2026-11-29.xlsx');
    expect(dispositionFileName('attachment; filename="Virements-2026-11-29.xlsx"')).toBe('Virements-2026-11-29.xlsx');
    expect(dispositionFileName(null)).toBeUndefined();
  });
});
