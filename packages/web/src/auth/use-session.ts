// The session as screens read it: the account, whether it counts as signed in, whether it is still loading.
import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../api/session';
import type { Account } from '../api/types';

export interface Session {
  account: Account | null;
  /** Signed in with an activated account (spec part 1 section 4). */
  isAuthenticated: boolean;
  /** The first session check has not answered yet. */
  isPending: boolean;
}

export function useSession(): Session {
  const { data, isPending } = useQuery(sessionQuery());
  const account = data ?? null;
  return { account, isAuthenticated: account?.activated === true, isPending };
}
