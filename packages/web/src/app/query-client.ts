// One QueryClient for the app. No automatic retry: every failed call already told the user
// through the error catalogue, and a retry would repeat the toast.
import { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react-router';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's QueryClient as route loaders see it (start.tsx); null under a router made without it. */
export const queryClientContext = createContext<QueryClient | null>(null);

// Types loaders' `context` as the router's context provider, which data routers always pass them.
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}
