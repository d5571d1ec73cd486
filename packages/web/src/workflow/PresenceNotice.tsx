// On a request's form: claims it for the signed-in staff member while open, and says who else is on it
// ("En cours de traitement par <login> depuis HH:mm"). Proceeding stays possible: the version guards.
import { Alert } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { leavePresence, presenceKey, presenceQuery } from '../api/events';

export function PresenceNotice({ resource, id }: { resource: string; id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const others = useQuery(presenceQuery(resource, id)).data ?? [];
  // Leaving drops the claim and its cached answer, so that coming back claims the form again; closing
  // the tab (or leaving the app) drops it too, at once rather than when the claim would have expired.
  useEffect(() => {
    const closing = () => void leavePresence(resource, id, true).catch(() => {});
    window.addEventListener('pagehide', closing);
    return () => {
      window.removeEventListener('pagehide', closing);
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
