// Renders routes inside the app's providers, with a chosen session and no network for it.
import { fireEvent, render, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { type MfaStatus, mfaStatusKey, sessionKey } from '../api/session';
import type { Account } from '../api/types';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/query-client';
import { ThemeProvider } from '../app/ThemeProvider';

export function account(login: string, authorities: string[]): Account {
  return {
    id: 1,
    login,
    firstName: 'Moussa',
    lastName: 'Ndiaye',
    email: `${login}@bank.sn`,
    activated: true,
    langKey: 'en',
    authorities,
  };
}

interface RenderOptions {
  path?: string;
  session?: Account | null;
  queryClient?: QueryClient;
  /** The second factor's status of a signed-in session: by default none, and none required. */
  mfa?: MfaStatus;
}

const NO_SECOND_FACTOR: MfaStatus = { totp: false, recoveryCodesLeft: 0, enrolmentRequired: false };

export function renderRoutes(
  routes: RouteObject[],
  { path = '/', session = null, queryClient = createQueryClient(), mfa = NO_SECOND_FACTOR }: RenderOptions = {},
) {
  queryClient.setQueryData(sessionKey, session);
  if (session) queryClient.setQueryData(mfaStatusKey, mfa);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers queryClient={queryClient}>
      {/* The theme at once, as for screens tested outside the lazy routes that bring it. */}
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Providers>,
  );
  return { ...view, router, queryClient };
}

/** A fetch stub answering from a table of `METHOD path` → Response factory; records every call. */
export function stubFetch(answers: Record<string, () => Response | Promise<Response>>) {
  const calls: { method: string; url: string; headers: Headers; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({ method, url, headers: new Headers(init.headers), body: init.body });
    const answer = answers[`${method} ${url.replace(/\?.*$/, '')}`];
    // Not a network error: the HTTP client would try that again for as long as the test runs.
    if (!answer) return json({ message: 'error.http.404' }, 404);
    return answer();
  };
  return { fetchStub, calls };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });
}

/** Chooses `option` in the decision form's status select (`label`): a form never opens with one chosen. */
export async function chooseDecision(option: string, label: string | RegExp = /status/i) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}
