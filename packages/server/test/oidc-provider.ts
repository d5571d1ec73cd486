// A real OpenID Connect provider (oidc-provider) on 127.0.0.1, a random port: the bank's directory as the
// server tests and the browser suite meet it. Its users belong to directory groups; its sign-in and consent
// pages are oidc-provider's development interactions (any password), which a browser fills in and
// `authorize()` completes over HTTP. `tamperIdTokens` rewrites the ID tokens its token endpoint answers
// (here only, in test code): re-signed with the provider's own key, or with a foreign one.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

export interface DirectoryAccount {
  given_name: string;
  family_name: string;
  email: string;
  /** The login the bank takes; the account id (what one types on the sign-in page) is the subject. */
  preferred_username: string;
  groups: string[];
}

/** The directory's users: a manager, an agent, someone in no bank group, and one named like a local account. */
export const directoryUsers = (): Record<string, DirectoryAccount> => ({
  alice: {
    given_name: 'Alice',
    family_name: 'Diop',
    email: 'alice.diop@annuaire.banque.sn',
    preferred_username: 'alice',
    groups: ['bank-managers'],
  },
  bob: {
    given_name: 'Bob',
    family_name: 'Sarr',
    email: 'bob.sarr@annuaire.banque.sn',
    preferred_username: 'bob',
    groups: ['bank-agents', 'staff'],
  },
  carol: {
    given_name: 'Carol',
    family_name: 'Ndiaye',
    email: 'carol.ndiaye@annuaire.banque.sn',
    preferred_username: 'carol',
    groups: ['other-group'],
  },
  // Named like the demo's local `manager` account: the bank must not hand it over.
  'dir-manager': {
    given_name: 'Imposteur',
    family_name: 'Annuaire',
    email: 'imposteur@annuaire.banque.sn',
    preferred_username: 'manager',
    groups: ['bank-managers'],
  },
});

/** OIDC_ROLE_MAP for these groups; `staff` and `other-group` are not mapped. */
export const ROLE_MAP = 'bank-managers=ROLE_MANAGER,bank-agents=ROLE_AGENT_CA';

export interface TestDirectory {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Editable: a test moves a user between groups. */
  users: Record<string, DirectoryAccount>;
  /** The bank server's OIDC_* variables for this directory. */
  env: Record<string, string>;
  /**
   * Follows `url` (an authorization request) through the directory, signing in as `account` and consenting,
   * and returns where the directory sends the browser back (the client's redirect URI with code and state).
   */
  authorize(url: string, account: string): Promise<string>;
  /** From now on, the ID tokens of token answers pass through `rewrite`; null stops it. */
  tamperIdTokens(rewrite: ((idToken: string) => Promise<string>) | null): void;
  /** The ID token with claims changed, signed again with the directory's own key (a valid signature). */
  resign(idToken: string, change: (claims: JWTPayload) => JWTPayload): Promise<string>;
  /** The ID token as it is, signed with a key the directory does not publish, under the directory's kid. */
  signWithForeignKey(idToken: string): Promise<string>;
  close(): Promise<void>;
}

/** Cookies as a browser keeps them for one host: by name and path, sent where the path matches. */
class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(`${name};${path}`);
      else this.cookies.set(`${name};${path}`, { name, value, path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.values()]
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

/**
 * Starts the directory. `redirectUris`: the bank's callback URLs (`<PUBLIC_URL>/login/oauth2/code/oidc`).
 */
export async function startDirectory(redirectUris: string[]): Promise<TestDirectory> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'directory-key-1';
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const users = directoryUsers();
  const clientId = 'banque-backoffice';
  const clientSecret = 'backoffice-client-secret-for-tests';
  let rewrite: ((idToken: string) => Promise<string>) | null = null;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['directory-cookie-key-for-tests-only'] },
    pkce: { required: () => true },
    // Set, so that the provider does not warn of its defaults on every token.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'given_name', 'family_name', 'groups'],
      email: ['email', 'email_verified'],
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = users[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email_verified: true, ...account }) };
    },
  });
  // After the token endpoint has answered, before the answer is written: the tampering hook.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (rewrite && ctx.oidc?.route === 'token' && typeof body?.id_token === 'string')
      body.id_token = await rewrite(body.id_token);
  });
  server.on('request', provider.callback());

  const resign = async (idToken: string, change: (claims: JWTPayload) => JWTPayload, key = privateKey) =>
    new SignJWT(change(decodeJwt(idToken)))
      .setProtectedHeader({ ...decodeProtectedHeader(idToken), alg: 'RS256', kid })
      .sign(key);

  return {
    issuer,
    clientId,
    clientSecret,
    users,
    env: {
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_ROLE_MAP: ROLE_MAP,
      OIDC_LABEL: 'Annuaire Banque',
    },
    async authorize(url, account) {
      const jar = new CookieJar();
      let next = url;
      let body: string | undefined;
      for (let step = 0; step < 20; step++) {
        if (new URL(next).origin !== issuer) return next;
        const response = await fetch(next, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            cookie: jar.header(next),
            ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
          },
          body,
          redirect: 'manual',
        });
        jar.store(response.headers.getSetCookie());
        body = undefined;
        if (response.status >= 300 && response.status < 400) {
          next = new URL(response.headers.get('location')!, next).href;
          continue;
        }
        const html = await response.text();
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
        if (response.status !== 200 || !action || !prompt)
          throw new Error(`the directory answered ${response.status} without a form: ${html.slice(0, 500)}`);
        next = new URL(action.replace(/&amp;/g, '&'), next).href;
        const fields: Record<string, string> =
          prompt === 'login' ? { prompt, login: account, password: 'x' } : { prompt };
        body = new URLSearchParams(fields).toString();
      }
      throw new Error('the directory kept redirecting');
    },
    tamperIdTokens(next) {
      rewrite = next;
    },
    resign: (idToken, change) => resign(idToken, change),
    async signWithForeignKey(idToken) {
      const foreign = (await generateKeyPair('RS256')).privateKey;
      return resign(idToken, (claims) => claims, foreign);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
