// Sign-in: store the token, then fetch the session that the guards and the header read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { preferencesQuery } from '../api/preferences';
import { authenticate, mfaStatusQuery, sessionQuery } from '../api/session';
import { clearToken } from '../api/token-storage';
import type { Account, Credentials } from '../api/types';
import { setAuthNotice } from './auth-notice';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<Account> => {
      await authenticate(credentials);
      const [account] = await Promise.all([
        queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 }),
        // The shell opens on the enrolment page when the role needs a second factor not yet active.
        queryClient.prefetchQuery({ ...mfaStatusQuery(), staleTime: 0 }),
      ]);
      if (!account?.activated) {
        clearToken();
        queryClient.setQueryData(sessionQuery().queryKey, null);
        throw new Error('login.messages.error.authentication');
      }
      setAuthNotice(null);
      // The lists' remembered layouts, read once a session; the sign-in does not wait for them.
      void queryClient.prefetchQuery({ ...preferencesQuery(), staleTime: 0 });
      return account;
    },
  });
}
