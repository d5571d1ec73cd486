// Masking of secrets in what management/configprops and management/env show: values under a secret-looking
// name, passwords inside URLs and query strings, and any other value that contains a known secret.

export const MASK = '******';

/** Names whose value is a secret: JWT secret, passwords, tokens, keys, credentials... */
const SECRET_NAME = /secret|passw|token|credential|private|key|cookie|session|signature|salt|(^|[_.-])(pwd|auth)/i;
/** The shell's working directories, not passwords; the session limits, not session keys. */
const NOT_SECRET = /^(old)?pwd$|^session_?(idle|max)/i;
/** `scheme://user:password@host`: the password part. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^:@/\s]*):([^@/\s]+)@/gi;
/** `?password=...&token=...`: query parameters with a secret-looking name. */
const QUERY_SECRET = /([?&;][^=&;\s]*(?:secret|passw|pwd|token|key|auth|signature)[^=&;\s]*=)([^&;\s]+)/gi;
/** Shorter values would mask half of every text and protect nothing. */
const MIN_SECRET_LENGTH = 4;

export const isSecretName = (name: string) => SECRET_NAME.test(name) && !NOT_SECRET.test(name);

/** Secret values found in a set of named values: to be masked wherever else they appear. */
export function collectSecrets(entries: Iterable<[string, unknown]>): string[] {
  const found = new Set<string>();
  for (const [name, value] of entries) {
    if (typeof value !== 'string' || value === '') continue;
    if (isSecretName(name)) found.add(value);
    for (const match of value.matchAll(URL_PASSWORD)) found.add(match[2]!);
    for (const match of value.matchAll(QUERY_SECRET)) found.add(match[2]!);
  }
  // Longest first, so that a secret containing another is masked whole.
  return [...found].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** A text with URL passwords, secret query parameters and known secrets replaced by the mask. */
export function maskText(text: string, secrets: readonly string[]): string {
  let masked = text.replace(URL_PASSWORD, `$1:${MASK}@`).replace(QUERY_SECRET, `$1${MASK}`);
  for (const secret of secrets) masked = masked.split(secret).join(MASK);
  return masked;
}

/** A value shown under `name`: masked whole when the name says secret, else its text masked. */
export function maskValue(name: string, value: unknown, secrets: readonly string[]): unknown {
  if (value === null || value === undefined || value === '') return value ?? null;
  if (isSecretName(name)) return MASK;
  if (typeof value === 'string') return maskText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => maskValue(name, item, secrets));
  return value;
}
