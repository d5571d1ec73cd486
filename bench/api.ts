// The server's API as the browser benches call it around the pages they measure: a token for a demo
// login and plain JSON calls (the browser suite's own, in e2e/support.ts, need vitest).

/** A token for the demo login `login` (password = login). */
export async function signInToken(base: string, login: string): Promise<string> {
  const response = await fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password: login, rememberMe: false }),
  });
  if (!response.ok) throw new Error(`sign-in of ${login} failed: ${response.status}`);
  return ((await response.json()) as { id_token: string }).id_token;
}

/** One JSON call; throws unless the answer is `expected`. */
export async function apiCall<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  expected = 200,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
