// The live work queue in the shell: one event stream per signed-in staff member, re-opened after a
// pause when it drops. New pending counts go straight into the side menu's badges and refresh the
// staff lists; a presence change refreshes the notice of that request's form.
import { ROUTE_ACCESS } from '@bank/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { presenceKey, readLiveEvents } from '../api/events';
import { MANAGER_KEY, pendingQuery } from '../api/pending';
import { useHasAuthority } from '../auth/use-has-authority';

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export function useLiveEvents(): void {
  const staff = useHasAuthority(ROUTE_ACCESS.entity);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!staff) return;
    const controller = new AbortController();
    let wait = RETRY_MIN_MS;
    // The stream opens with the counts as they are: the lists just loaded need no refresh for the first
    // one, while after a drop they may have missed changes.
    let seeded = false;
    void (async () => {
      while (!controller.signal.aborted) {
        try {
          await readLiveEvents((live) => {
            wait = RETRY_MIN_MS;
            if (live.event === 'pending') {
              queryClient.setQueryData(pendingQuery().queryKey, live.data);
              if (!seeded) {
                seeded = true;
                return;
              }
              void queryClient.invalidateQueries({
                queryKey: MANAGER_KEY,
                predicate: (query) => query.queryKey[1] !== 'pending' && query.queryKey[1] !== 'presence',
              });
            } else {
              void queryClient.invalidateQueries({ queryKey: presenceKey(live.data.resource, live.data.id) });
            }
          }, controller.signal);
        } catch {
          // Dropped or refused: tried again after a pause that grows while it keeps failing.
        }
        if (controller.signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, RETRY_MAX_MS);
      }
    })();
    return () => controller.abort();
  }, [staff, queryClient]);
}
