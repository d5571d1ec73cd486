// One QueryClient for the app. No retry of its own: every failed call already told the user through the
// error catalogue, and the HTTP client already tries a lost call again (api/http-client.ts); a retry here
// would repeat the toast or double the tries. Writes run offline too ('always'), so that the HTTP client's
// tries, with the connection banner, are their only waiting. Reads keep TanStack's own pause while the
// browser is offline: run 'always', a page's reads under the idle journey's fast clock kept the warning away.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
