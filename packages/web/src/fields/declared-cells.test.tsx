// What a field's declaration changes on the generic screens: a mask (the OTP story's token, spec
// part 2 §2.13) shows characters 8 to 10 and 175 to 180 only; a ref's joined name (user branches,
// §2.16) is the link's text.
import { ROLES } from '@bank/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entityRoutes, fakeEntityApi } from '../test/entity-routes';
import { account, json, renderRoutes } from '../test/render';

const TOKEN = Array.from({ length: 200 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
const MASKED = `${TOKEN.slice(7, 10)}*****${TOKEN.slice(174, 180)}`;
const story = (id: number) => ({ id, token: TOKEN, code: '123456', status: 'SENT', login: 'awa', created_at: null });

afterEach(() => vi.unstubAllGlobals());

describe('declared cells', () => {
  it.each([
    ['list', '/entity/otpstory'],
    ['detail', '/entity/otpstory/1'],
  ])('shows the OTP token masked in the %s', async (_, path) => {
    const api = fakeEntityApi(2, story, (call) =>
      call.url.pathname === '/api/otpstories/1' ? json(story(1)) : undefined,
    );
    vi.stubGlobal('fetch', api.fetchStub);
    renderRoutes(entityRoutes, { path, session: account('admin', [ROLES.ADMIN]) });
    expect((await screen.findAllByText(MASKED)).length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain(TOKEN.slice(0, 20));
  });

  it("shows a user branch's branch by name, linking to the branch", async () => {
    const api = fakeEntityApi(1, (id) => ({
      id,
      login: 'agentca',
      email: 'agentca@bank.sn',
      phoneNumber: '+221770000000',
      branchId: 4,
      branchName: 'Agence Thiès',
    }));
    vi.stubGlobal('fetch', api.fetchStub);
    renderRoutes(entityRoutes, { path: '/entity/user-branch', session: account('admin', [ROLES.ADMIN]) });
    const link = await screen.findByRole('link', { name: 'Agence Thiès' });
    expect(link.getAttribute('href')).toBe('/entity/branch/4');
  });
});
