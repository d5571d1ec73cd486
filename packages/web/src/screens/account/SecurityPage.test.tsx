import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../api/token-storage';
import { routes } from '../../app/routes';
import { account, json, renderRoutes, stubFetch } from '../../test/render';

const SESSIONS = [
  {
    id: 'here',
    createdAt: '2026-11-25T08:00:00Z',
    lastSeenAt: '2026-11-25T09:30:00Z',
    ip: '10.0.0.12',
    userAgent: 'Chromium poste 12',
    method: 'password',
    current: true,
  },
  {
    id: 'forgotten',
    createdAt: '2026-11-24T17:00:00Z',
    lastSeenAt: '2026-11-24T17:40:00Z',
    ip: '10.0.0.3',
    userAgent: 'Firefox guichet 3',
    method: 'password',
    current: false,
  },
];

describe('security page', () => {
  it('is open to a trainee: lists the sessions, marks this one, and signs out the other', async () => {
    let open = SESSIONS;
    const { fetchStub, calls } = stubFetch({
      'GET /management/info': () => json({ activeProfiles: [], ribbonEnv: null, inProduction: true }),
      'GET /api/account/sessions': () => json(open),
      'DELETE /api/account/sessions/forgotten': () => {
        open = SESSIONS.filter((s) => s.id !== 'forgotten');
        return new Response(null, { status: 204 });
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    storeToken('token', false);
    renderRoutes(routes, {
      path: '/account/security',
      session: account('stagiaire', [ROLES.STAGIAIRE]),
      mfa: { totp: true, recoveryCodesLeft: 7, enrolmentRequired: false },
    });
    const table = await screen.findByTestId('sessions-table');
    expect(screen.getByText('Recovery codes left: 7')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This session')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /^Sign out the session Firefox guichet 3/ }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/account/sessions/forgotten'))).toBe(true);
  });
});

describe('second factor', () => {
  const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${i}K`);

  it('takes an administrator who must enrol to the QR code at any address, then into the app once the codes are kept', async () => {
    let status = { totp: false, recoveryCodesLeft: 0, enrolmentRequired: true };
    const { fetchStub, calls } = stubFetch({
      'GET /management/info': () => json({ activeProfiles: [], ribbonEnv: null, inProduction: true }),
      'POST /api/account/mfa/totp/setup': () =>
        json({ secret: SECRET, otpauthUri: `otpauth://totp/Banque:admin?secret=${SECRET}&issuer=Banque` }),
      'POST /api/account/mfa/totp/activate': () => {
        status = { totp: true, recoveryCodesLeft: 10, enrolmentRequired: false };
        return json({ recoveryCodes: CODES });
      },
      'GET /api/account/mfa': () => json(status),
      'GET /api/users': () => json([]),
    });
    vi.stubGlobal('fetch', fetchStub);
    storeToken('token', false);
    renderRoutes(routes, {
      path: '/admin/user-management',
      session: account('admin', [ROLES.ADMIN]),
      mfa: status,
    });
    expect(await screen.findByRole('heading', { name: 'Turn on two-factor authentication' })).toBeTruthy();
    // Nothing of the shell's work queue or of the page asked for: the server would refuse it.
    expect(calls.some((c) => c.url.includes('/api/users'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Set up the authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code of your authenticator app key' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Type the six-digit code.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code shown by the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    const activation = calls.find((c) => c.url.endsWith('/api/account/mfa/totp/activate'));
    expect(JSON.parse(String(activation?.body))).toEqual({ code: '123456' });
    // The codes stay until the user says they are kept; then the page asked for opens.
    fireEvent.click(screen.getByRole('button', { name: 'I have kept these codes' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/api/users'))).toBe(true));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('says why a wrong code is refused, and removes the second factor with a right one', async () => {
    let status = { totp: true, recoveryCodesLeft: 10, enrolmentRequired: false };
    let tries = 0;
    const { fetchStub } = stubFetch({
      'GET /management/info': () => json({ activeProfiles: [], ribbonEnv: null, inProduction: true }),
      'GET /api/account/sessions': () => json(SESSIONS.slice(0, 1)),
      'DELETE /api/account/mfa/totp': () => {
        if (++tries === 1) return json({ message: 'error.mfaInvalid', status: 400 }, 400);
        status = { totp: false, recoveryCodesLeft: 0, enrolmentRequired: false };
        return new Response(null, { status: 204 });
      },
      'GET /api/account/mfa': () => json(status),
    });
    vi.stubGlobal('fetch', fetchStub);
    storeToken('token', false);
    renderRoutes(routes, { path: '/account/security', session: account('manager', [ROLES.MANAGER]), mfa: status });
    const code = await screen.findByLabelText('Current code');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await screen.findByText('This code is wrong, expired or already used.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await screen.findByRole('button', { name: 'Set up the authenticator app' })).toBeTruthy();
  });
});
