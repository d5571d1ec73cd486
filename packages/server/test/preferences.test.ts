// A user's own preferences (api/account/preferences): written and read back by their owner only,
// validated and capped, a refused write changing nothing. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREFERENCE_BYTES, MAX_PREFERENCES_PER_USER } from '../src/modules/preferences/routes';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const put = async (login: string, key: string, payload: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/account/preferences/${key}`,
    headers: { ...bearer(await t.tokenFor(login)), 'content-type': 'application/json' },
    payload,
  });
const get = async (login: string, key = '') =>
  t.app.inject({ url: `/api/account/preferences${key ? `/${key}` : ''}`, headers: bearer(await t.tokenFor(login)) });

describe('preferences', () => {
  it('keeps a value per user and key, replaced by the next write, and lists them all', async () => {
    expect((await put('manager', 'list.cardOrder', '{"size":50,"hidden":["clientCode"]}')).statusCode).toBe(204);
    expect((await put('manager', 'list.cardOrder', '{"size":100}')).statusCode).toBe(204);
    expect((await put('manager', 'density', '"compact"')).statusCode).toBe(204);
    expect((await get('manager', 'list.cardOrder')).json()).toEqual({ size: 100 });
    expect((await get('manager')).json()).toEqual({ density: 'compact', 'list.cardOrder': { size: 100 } });
  });

  it('is the signed-in user’s own: another user sees none of it, and nobody signed out', async () => {
    await put('agentca', 'list.transfer', '{"size":20}');
    expect((await get('agentrsic', 'list.transfer')).statusCode).toBe(404);
    expect((await get('agentrsic')).json()).toEqual({});
    const anonymous = await t.app.inject({ url: '/api/account/preferences/list.transfer' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('forgets a deleted key', async () => {
    await put('responsabledesk', 'list.branch', '{"size":50}');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/preferences/list.branch',
      headers: bearer(await t.tokenFor('responsabledesk')),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get('responsabledesk', 'list.branch')).statusCode).toBe(404);
  });

  it('refuses a bad key, a null, a value too large and one key too many, changing nothing', async () => {
    await put('stagiaire', 'kept', '{"size":20}');
    expect((await put('stagiaire', 'bad key!', '1')).statusCode).toBe(400);
    expect((await put('stagiaire', 'kept', 'null')).statusCode).toBe(400);
    const large = await put('stagiaire', 'kept', JSON.stringify({ text: 'x'.repeat(MAX_PREFERENCE_BYTES) }));
    expect(large.statusCode).toBe(400);
    expect(large.json()).toMatchObject({ message: 'error.preferenceTooLarge' });
    expect((await get('stagiaire', 'kept')).json()).toEqual({ size: 20 });
    for (let i = 1; i < MAX_PREFERENCES_PER_USER; i++)
      expect((await put('stagiaire', `k${i}`, `${i}`)).statusCode).toBe(204);
    const over = await put('stagiaire', 'oneTooMany', '1');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ message: 'error.tooManyPreferences' });
    expect((await put('stagiaire', 'kept', '{"size":50}')).statusCode).toBe(204);
    expect(Object.keys((await get('stagiaire')).json())).toHaveLength(MAX_PREFERENCES_PER_USER);
  }, 120_000);
});
