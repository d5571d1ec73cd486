// The registration form: its rules before any call, the success message, and the server's error key translated.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { json, renderRoutes, stubFetch } from '../../test/render';

function serve(answer: () => Response) {
  const stub = stubFetch({
    'POST /api/register': answer,
    'GET /management/info': () => json({ activeProfiles: [], ribbonEnv: null, inProduction: true }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

async function fill(values: { login: string; email: string; password: string; confirmation: string }) {
  fireEvent.change(await screen.findByLabelText(/^Username/), { target: { value: values.login } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: values.email } });
  fireEvent.change(screen.getByLabelText(/^New password\s*\*?$/), { target: { value: values.password } });
  fireEvent.change(screen.getByLabelText(/^New password confirmation/), { target: { value: values.confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Register' }));
}

const valid = { login: 'awa.diop', email: 'awa@bank.sn', password: 'Secret1!', confirmation: 'Secret1!' };

describe('registration page', () => {
  it('checks every field before calling the server', async () => {
    const { calls } = serve(() => new Response(null, { status: 201 }));
    renderRoutes(routes, { path: '/register' });
    await fill({ login: 'awa diop', email: 'a@b', password: 'abc', confirmation: 'abd' });
    expect(await screen.findByText('Your username can only contain letters, digits and _ . @ -')).toBeTruthy();
    expect(screen.getByText('Your email is required to be at least 5 characters.')).toBeTruthy();
    expect(screen.getByText('Your password is required to be at least 4 characters.')).toBeTruthy();
    expect(screen.getByText('The password and its confirmation do not match!')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('register'))).toBe(false);
  });

  it('sends login, email, password and language, then tells the user to check their e-mail', async () => {
    const { calls } = serve(() => new Response(null, { status: 201 }));
    renderRoutes(routes, { path: '/register' });
    await fill(valid);
    expect(await screen.findByTestId('register-success')).toBeTruthy();
    const call = calls.find((c) => c.url.includes('register'))!;
    expect(JSON.parse(String(call.body))).toEqual({
      login: 'awa.diop',
      email: 'awa@bank.sn',
      password: 'Secret1!',
      langKey: 'en',
    });
  });

  // A taken login or address is answered 201 like a new one (the mail says what happened): what is left
  // to show is a refusal such as the per-address limit.
  it("shows the server's error key translated", async () => {
    serve(() => json({ status: 429, message: 'error.http.429' }, 429));
    renderRoutes(routes, { path: '/register' });
    await fill(valid);
    await waitFor(() =>
      expect(screen.getByTestId('register-error').textContent).toBe(
        'Too many attempts from this computer: try again in a minute.',
      ),
    );
  });
});
