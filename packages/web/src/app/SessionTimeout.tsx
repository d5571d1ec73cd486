// The idle limit seen from the browser (PCI DSS 8.2.8): a minute before the server ends a session left
// unused, a dialog offers to stay signed in; when the limit passes, the user is signed out and the
// sign-in page says why, then brings them back to the page they were on.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { lastActivity } from '../api/activity';
import { request } from '../api/http-client';
import { profileQuery } from '../api/management';
import { signOut } from '../auth/sign-out';
// In the shell's own code, not loaded on demand: the warning must show even while the server is away.
import { SessionExpiringDialog } from './SessionExpiringDialog';

/** A minute's warning, or half the limit when it is that short. */
const warnBefore = (idleMs: number) => Math.min(60_000, idleMs / 2);
const TICK_MS = 1_000;

export function SessionTimeout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const idleMinutes = useQuery(profileQuery()).data?.sessionIdleMinutes;
  const [left, setLeft] = useState<number | null>(null);

  useEffect(() => {
    if (!idleMinutes) return;
    const idleMs = idleMinutes * 60_000;
    const tick = () => {
      const remaining = idleMs - (Date.now() - lastActivity());
      if (remaining <= 0) {
        // The route guard sends the user to /login, keeping this page to come back to.
        signOut(queryClient, 'login.error.idle');
        return;
      }
      setLeft(remaining <= warnBefore(idleMs) ? Math.ceil(remaining / 1000) : null);
    };
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [idleMinutes, queryClient]);

  // Mounted at the first warning and kept, so that the dialog still closes with its transition.
  const [warned, setWarned] = useState(false);
  if (left !== null && !warned) setWarned(true);
  if (!warned) return null;
  const stay = () => void request('api/account', { errorMessage: false });
  return <SessionExpiringDialog secondsLeft={left} onStay={stay} onSignOut={() => void navigate('/logout')} />;
}
