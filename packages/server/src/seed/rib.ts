// Account numbers of the demo bank in the UEMOA RIB layout (code banque, code guichet, numéro
// de compte, clé RIB) and the Senegalese IBAN built on it, with real check digits.

/** Code banque of the demo bank. */
export const BANK_CODE = 'SN012';

/** UEMOA/French RIB letters → digits (A,J → 1; B,K,S → 2; ...). */
const ribDigits = (text: string) =>
  text.replace(/[A-Z]/g, (c) => String(((c.charCodeAt(0) - 65) % 9) + 1 + (c >= 'S' ? 1 : 0)).slice(-1));

/** Clé RIB: 97 - ((89 × banque + 15 × guichet + 3 × compte) mod 97). */
export function ribKey(bank: string, branch: string, account: string): string {
  const value = 89n * BigInt(ribDigits(bank)) + 15n * BigInt(ribDigits(branch)) + 3n * BigInt(ribDigits(account));
  return String(97n - (value % 97n)).padStart(2, '0');
}

/** IBAN check digits (ISO 13616, mod 97-10) of `country` + `bban`. */
function ibanCheck(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return String(98n - (BigInt(numeric) % 97n)).padStart(2, '0');
}

export interface Rib {
  bank: string;
  branch: string;
  account: string;
  key: string;
  /** `SN08SN0120100100012345678942`: 28 characters, no spaces. */
  iban: string;
}

/** The RIB and IBAN of account `account` (12 digits) held at guichet `branch` of bank `bank`. */
export function rib(branch: string, account: string, bank: string = BANK_CODE): Rib {
  const key = ribKey(bank, branch, account);
  const bban = `${bank}${branch}${account}${key}`;
  return { bank, branch, account, key, iban: `SN${ibanCheck('SN', bban)}${bban}` };
}
