// Everything a screen relies on: toasts, the connection banner, TanStack Query, i18n. Mantine's theme comes with the screens that
// draw with it (ThemeProvider.tsx).
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { ConnectionBanner } from './ConnectionBanner';
import { lazyComponent } from './lazy-group';

const Toasts = lazyComponent(() => import('./Toasts').then((module) => module.Toasts));

/** Mounts the toasts' container at the first toast, which waits in the store meanwhile. */
function ToastsOnDemand() {
  const any = useNotifications().notifications.length > 0;
  // Kept mounted from then on, so that the last toast still leaves with its transition.
  const [mounted, setMounted] = useState(false);
  if (any && !mounted) setMounted(true);
  if (!any && !mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ConnectionBanner />
      <ToastsOnDemand />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
