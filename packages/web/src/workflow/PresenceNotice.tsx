// On a request's form: claims it for the signed-in staff member while open, and says who else is on it
// ("En cours de traitement par <login> depuis HH:mm"). Proceeding stays possible: the version guards.
import { Alert } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { leavePresence, presenceKey, presenceQuery } from '../api/events';

export function PresenceNotice({ resource, id }: { resource: string; id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A closing tab claims nothing more: a live event heard while it closes (another user opening the form)
  // refreshes this query, and that claim, sent after the release, kept the form claimed until it expired.
  const closed = useRef(false);
  const others = useQuery({ ...presenceQuery(resource, id), enabled: () => !closed.current }).data ?? [];
  // Leaving drops the claim and its cached answer, so that coming back claims the form again; closing
  // the tab (or leaving the app) drops it too, at once rather than when the claim would have expired.
  useEffect(() => {
    const closing = () => {
      closed.current = true;
      void leavePresence(resource, id, true).catch(() => {});
    };
    // Back from the browser's page cache: the form is open again, and claimed again.
    const shown = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      closed.current = false;
      void queryClient.invalidateQueries({ queryKey: presenceKey(resource, id) });
    };
    window.addEventListener('pagehide', closing);
    window.addEventListener('pageshow', shown);
    return () => {
      window.removeEventListener('pagehide', closing);
      window.removeEventListener('pageshow', shown);
      queryClient.removeQueries({ queryKey: presenceKey(resource, id) });
      void leavePresence(resource, id).catch(() => {});
    };
  }, [queryClient, resource, id]);
  if (others.length === 0) return null;
  return (
    <Alert color="orange" data-testid="presence-notice">
      {others
        .map((other) => t('manager.presence.busy', { login: other.login, time: dayjs(other.since).format('HH:mm') }))
        .join(' · ')}
    </Alert>
  );
}
