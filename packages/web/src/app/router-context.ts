// The app's QueryClient as route loaders see it: kept apart from query-client.ts, which the sign-in page
// opened first uses without the router.
import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react-router';

/** Given by start.tsx; null under a router made without it. */
export const queryClientContext = createContext<QueryClient | null>(null);

// Types loaders' `context` as the router's context provider, which data routers always pass them.
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}
