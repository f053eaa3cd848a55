/**
 * The one QueryClient and its defaults. Mutations declare what they change in `meta`:
 *  - `invalidates`: key prefixes (queries/keys.ts) refreshed once the mutation succeeded, awaited,
 *    so a screen that navigates after `mutateAsync` lands on fresh data;
 *  - `errorShownInline`: the screen shows the error itself (a form's FormError, a field's message);
 *    otherwise every failed mutation shows the API's message as an error toast. That is the one way
 *    a mutation error reaches the person unless the screen says it shows it.
 */
import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../lib/toasts.ts';
import { ApiError, errorMessage } from './client.ts';

export interface MutationMeta extends Record<string, unknown> {
  invalidates?: readonly QueryKey[];
  errorShownInline?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

/** Refreshes every query under each prefix: what a mutation's meta, or a background job that ended, changed. */
export async function invalidate(client: QueryClient, prefixes: readonly QueryKey[]): Promise<void> {
  await Promise.all(prefixes.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.errorShownInline) toast(errorMessage(error), 'error');
      },
      onSuccess: (_data, _vars, _ctx, mutation) => invalidate(client, mutation.meta?.invalidates ?? []),
    }),
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; network blips and 5xx get one more try.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}
