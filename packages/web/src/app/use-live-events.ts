// The live work queue in the shell: one event stream per signed-in staff member, re-opened after a
// pause when it drops (or, when the server closed it for newer tabs of the same login, once the tab is
// shown again). New pending counts go straight into the side menu's badges and refresh the
// staff lists; a presence change refreshes the notice of that request's form, and so does each opening
// of the stream, which may have missed some; a save tells that request's open form (savedQuery) and
// refreshes the home page's figures, which move with decisions that change no pending count; a
// `notified` event (this user's only) refreshes the notifications bell.
import { ROUTE_ACCESS } from '@bank/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { presenceKey, readLiveEvents, savedQuery } from '../api/events';
import { notificationsKey } from '../api/notifications';
import { MANAGER_KEY, pendingQuery } from '../api/pending';
import { FILED_KEY, workSummaryQuery } from '../api/work';
import { useHasAuthority } from '../auth/use-has-authority';

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * After the server closed this tab's stream for newer ones (it keeps a few per login): the moment the
 * tab is shown again, or the longest pause if it is on screen now. Reopening at once would close the
 * oldest of the other tabs, which would do the same, round and round.
 */
function afterSuperseded(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', shown);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const shown = () => {
      if (document.visibilityState === 'visible') done();
    };
    if (document.visibilityState === 'visible') timer = setTimeout(done, RETRY_MAX_MS);
    document.addEventListener('visibilitychange', shown);
    signal.addEventListener('abort', done);
  });
}

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
          let opened = false;
          const end = await readLiveEvents((live) => {
            wait = RETRY_MIN_MS;
            if (!opened) {
              opened = true;
              // A claim taken or dropped before this stream opened (a form loaded faster than the stream,
              // or while it was down) sent its event to nobody here: the open forms ask again.
              void queryClient.invalidateQueries({ queryKey: [...MANAGER_KEY, 'presence'] });
              // So may a notification given while the stream was down (the bell reads its own at start).
              if (seeded) void queryClient.invalidateQueries({ queryKey: notificationsKey });
            }
            if (live.event === 'pending') {
              queryClient.setQueryData(
                pendingQuery().queryKey,
                (counts) => counts && { ...counts, pending: live.data },
              );
              if (!seeded) {
                seeded = true;
                return;
              }
              void queryClient.invalidateQueries({
                queryKey: MANAGER_KEY,
                predicate: (query) => query.queryKey[1] !== 'pending' && query.queryKey[1] !== 'presence',
              });
            } else if (live.event === 'notified') {
              void queryClient.invalidateQueries({ queryKey: notificationsKey });
              // A request this user filed was decided: « Mes saisies » shows its new status.
              void queryClient.invalidateQueries({ queryKey: FILED_KEY });
            } else if (live.event === 'presence') {
              void queryClient.invalidateQueries({ queryKey: presenceKey(live.data.resource, live.data.id) });
            } else {
              queryClient.setQueryData(savedQuery(live.data.resource, live.data.id).queryKey, live.data);
              // A transfer decided, or a card order moved between two statuses of its queue, changes the
              // home page's queues and charts but no pending count: no `pending` event follows. Any save
              // may change what awaits this user's decision (the inbox's count).
              void queryClient.invalidateQueries({ queryKey: workSummaryQuery().queryKey });
              void queryClient.invalidateQueries({ queryKey: pendingQuery().queryKey });
            }
          }, controller.signal);
          if (end === 'superseded') {
            await afterSuperseded(controller.signal);
            wait = RETRY_MIN_MS;
            continue;
          }
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
