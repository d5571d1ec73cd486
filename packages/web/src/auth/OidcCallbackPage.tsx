// /login/oidc: where the server sends the browser after a directory sign-in, with a one-time code in the
// address's fragment. The code leaves the address bar at once, is exchanged for the session's token, and
// the user goes on to the page they had asked for; a code that no longer works sends them back to /login.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { redeemDirectoryCode } from '../api/directory';
import { sessionQuery } from '../api/session';
import { clearToken } from '../api/token-storage';
import { PageLoader } from '../ui/PageLoader';
import { setAuthNotice } from './auth-notice';

/** A page of this app; never another site (`//host`) nor the sign-in pages themselves. */
function safePath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  return /^\/(login|logout)\b/.test(value) ? '/' : value;
}

/** Codes this page has begun to redeem: a code works once, so neither a remount nor React's development
 * double run of effects may send it twice. */
const redeeming = new Set<string>();

export function OidcCallbackPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const fragment = new URLSearchParams(location.hash.slice(1));
    const code = fragment.get('code');
    const to = safePath(fragment.get('to'));
    // The code leaves the address bar and the browser's history at once (the router's own record of it
    // goes with the next page): not through the router, whose navigation would draw this page anew.
    window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}`);
    const refused = () => void navigate('/login?oidcError=expired', { replace: true });
    if (!code) return refused();
    if (redeeming.has(code)) return;
    redeeming.add(code);
    void (async () => {
      try {
        await redeemDirectoryCode(code);
        const account = await queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 });
        if (!account?.activated) throw new Error('not activated');
        setAuthNotice(null);
        await navigate(to, { replace: true });
      } catch {
        clearToken();
        queryClient.setQueryData(sessionQuery().queryKey, null);
        refused();
      }
    })();
  }, [location, navigate, queryClient]);

  return (
    <>
      <p style={{ textAlign: 'center' }}>{t('oidc.signingIn')}</p>
      <PageLoader />
    </>
  );
}
