// Masks for secrets shown on screens: only the parts the spec allows are visible.

export const MASK_PLACEHOLDER = '*****';

/**
 * An OTP story token shows characters 8 to 10 and 175 to 180 (1-based) around a placeholder
 * (spec part 2 §9); a shorter token shows what exists of those ranges.
 * @example maskOtpToken('abcdefghijk…') starts with 'hij*****'
 */
export function maskOtpToken(token: string | null | undefined): string {
  if (!token) return '';
  return `${token.slice(7, 10)}${MASK_PLACEHOLDER}${token.slice(174, 180)}`;
}

/** A one-time code shows nothing of itself: the placeholder says there is one. */
export const maskOtpCode = (code: string | null | undefined): string => (code ? MASK_PLACEHOLDER : '');

/**
 * The masks a field may declare (`mask: 'otpToken'`): the server answers with the masked value only, and
 * a masked field can be neither searched, filtered nor sorted on.
 * @example FIELD_MASKS.otpToken(token) === maskOtpToken(token)
 */
export const FIELD_MASKS = {
  otpToken: maskOtpToken,
  otpCode: maskOtpCode,
} as const satisfies Record<string, (value: string | null | undefined) => string>;

export type MaskName = keyof typeof FIELD_MASKS;

/**
 * The manager SMS list shows an account number's first 6 characters and an ellipsis (spec part 2 §9).
 * @example truncateAccountNumber('SN0123456789') === 'SN0123…'
 */
export function truncateAccountNumber(value: string | null | undefined): string {
  if (!value) return '';
  return value.length > 6 ? `${value.slice(0, 6)}…` : value;
}
