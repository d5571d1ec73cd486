import { describe, expect, it } from 'vitest';
import { entityByName } from '../entities';
import { FIELD_MASKS, maskOtpToken, truncateAccountNumber } from './masks';

describe('maskOtpToken', () => {
  const token = Array.from({ length: 200 }, (_, i) => String.fromCharCode(65 + (i % 26))).join('');

  it('shows characters 8 to 10 and 175 to 180 around the placeholder', () => {
    // 1-based positions 8-10 are H, I, J; 175-180 are indices 174-179.
    expect(maskOtpToken(token)).toBe(`HIJ*****${token.slice(174, 180)}`);
    expect(maskOtpToken(token)).not.toContain(token.slice(0, 7));
  });

  it('hides what lies outside those ranges for short tokens, and shows nothing for none', () => {
    expect(maskOtpToken('abcdefghij')).toBe('hij*****');
    expect(maskOtpToken('abc')).toBe('*****');
    expect(maskOtpToken(null)).toBe('');
  });
});

describe('truncateAccountNumber', () => {
  it('keeps six characters and adds an ellipsis', () => {
    expect(truncateAccountNumber('SN0123456789')).toBe('SN0123…');
    expect(truncateAccountNumber('SN0123')).toBe('SN0123');
    expect(truncateAccountNumber(undefined)).toBe('');
  });
});

describe('field masks', () => {
  it("masks the OTP story's token on every generic screen", () => {
    const token = entityByName('otpstory').field('token')!;
    expect(token.mask).toBe('otpToken');
    expect(FIELD_MASKS[token.mask!]('0123456789abcdef')).toBe('789*****');
  });
});
