// The signed-in staff member's notifications (issue 38, api/account/notifications): the header's bell reads
// the newest with the unread count; a `notified` event on the live stream, or the stream opening again
// (it may have missed some), refreshes them (app/use-live-events.ts).
import type { NotificationList } from '@bank/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { requestData } from './http-client';

export const notificationsKey = ['notifications'] as const;

/** Also refreshed this often: the stream may be away for a while without a word. */
const NOTIFICATIONS_REFRESH_MS = 5 * 60_000;

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationsKey,
    queryFn: ({ signal }) =>
      requestData<NotificationList>('api/account/notifications', {
        signal,
        errorMessage: false,
        background: true,
        // A user who must first enrol a second factor is refused everything else: no bell, no sign-out.
        quietStatuses: [403],
      }),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });

/** Marks one notification read (or all of them, without an id), then reads the list again. */
export async function markNotificationsRead(queryClient: QueryClient, id?: number): Promise<void> {
  await requestData(id === undefined ? 'api/account/notifications/read' : `api/account/notifications/${id}/read`, {
    method: 'PUT',
  });
  await queryClient.invalidateQueries({ queryKey: notificationsKey });
}
