// The directory sign-in's settings (OIDC_* variables), read and checked once at start by config.ts: a
// mistake here stops the server with a message rather than failing on the first staff member's sign-in.
import { isAuthority, type Authority } from '@bank/domain';
import type { Config } from '../../config';

export type OidcSettings = Pick<
  Config,
  'oidcIssuerUrl' | 'oidcClientId' | 'oidcClientSecret' | 'oidcRolesClaim' | 'oidcRoleMap' | 'oidcLabel'
>;

/** Loopback hosts, where an http:// issuer is accepted (a directory on the same machine: tests, development). */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/**
 * `bank-managers=ROLE_MANAGER,bank-admins=ROLE_ADMIN,bank-admins=ROLE_USER`: a group named twice gives
 * both roles. Only the nine authorities the server knows are accepted.
 */
export function parseRoleMap(text: string): Record<string, Authority[]> {
  const map: Record<string, Authority[]> = {};
  for (const entry of text.split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const at = entry.lastIndexOf('=');
    const group = entry.slice(0, at).trim();
    const role = entry.slice(at + 1).trim();
    if (at <= 0 || group === '' || !isAuthority(role))
      throw new Error(`OIDC_ROLE_MAP: "${entry}" is not group=ROLE_X with a known role`);
    const roles = (map[group] ??= []);
    if (!roles.includes(role)) roles.push(role);
  }
  if (Object.keys(map).length === 0) throw new Error('OIDC_ROLE_MAP must map at least one directory group to a role');
  return map;
}

export function loadOidcSettings(env: NodeJS.ProcessEnv): OidcSettings {
  const issuer = env.OIDC_ISSUER_URL || undefined;
  const settings: OidcSettings = {
    oidcIssuerUrl: issuer,
    oidcClientId: env.OIDC_CLIENT_ID || undefined,
    oidcClientSecret: env.OIDC_CLIENT_SECRET || undefined,
    oidcRolesClaim: env.OIDC_ROLES_CLAIM || 'groups',
    oidcRoleMap: {},
    oidcLabel: env.OIDC_LABEL || 'OpenID Connect',
  };
  if (!issuer) return settings;
  const url = URL.canParse(issuer) ? new URL(issuer) : null;
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname))))
    throw new Error(`OIDC_ISSUER_URL must be an https URL (http only on a loopback address), got "${issuer}"`);
  if (!settings.oidcClientId || !settings.oidcClientSecret)
    throw new Error('OIDC_ISSUER_URL is set: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required too');
  settings.oidcRoleMap = parseRoleMap(env.OIDC_ROLE_MAP ?? '');
  return settings;
}

/** An http:// issuer, accepted only on a loopback address (see LOOPBACK). */
export const isInsecureIssuer = (issuer: string) => new URL(issuer).protocol === 'http:';
