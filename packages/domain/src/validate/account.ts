// Rules of the account forms (spec part 1 section 5, part 2 section 5), shared by server schemas and web forms.

export const LOGIN_PATTERN = /^[a-zA-Z0-9_.@-]+$/;

export const ACCOUNT_RULES = {
  login: { minLength: 1, maxLength: 50, pattern: LOGIN_PATTERN },
  email: { minLength: 5, maxLength: 254 },
  /** Registration and change of password. */
  password: { minLength: 4, maxLength: 50 },
  /** Password reset finish. */
  resetPassword: { minLength: 8, maxLength: 50 },
  firstName: { maxLength: 50 },
  lastName: { maxLength: 50 },
  langKey: { minLength: 2, maxLength: 10 },
} as const;

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
