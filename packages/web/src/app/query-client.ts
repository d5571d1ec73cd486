// One QueryClient for the app. No retry of its own: every failed call already told the user through the
// error catalogue, and the HTTP client already tries a lost call again (api/http-client.ts); a retry here
// would repeat the toast or double the tries. Queries and mutations run offline too ('always'), so that
// the HTTP client's tries, with the connection banner, are the only waiting, not a silent pause.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
