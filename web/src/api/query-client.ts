/**
 * The one QueryClient and its defaults. Mutations (queries/<resource>.ts) declare what they change in
 * `meta`, and this cache carries it out, the same way for every screen:
 *  - `invalidates`: key prefixes refreshed once the mutation succeeded, awaited, so a screen that
 *    moves on after `mutateAsync` (or in its own onSuccess) lands on fresh data;
 *  - `removes`: a record the mutation deleted. Its detail is never asked for again (a 404 waiting
 *    to happen): left out of the refresh, and forgotten once no screen shows it, which is after the
 *    screen's own reaction (closing, going back to the list) has run. Its lists are refreshed even
 *    where no screen shows them now, so the list a screen returns to no longer holds it;
 *  - `errorShownInline`: the screen shows the error itself (a form's error, a field's message);
 *    otherwise every failed mutation shows the API's message as an error toast.
 */
import { hashKey, MutationCache, type Query, QueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../lib/toasts.ts';
import { ApiError, errorMessage } from './client.ts';

export interface Removal {
  /** Everything about the record (`keys.detail(id)`). */
  detail: QueryKey;
  /** Every list of its resource (`keys.lists()`). */
  lists: QueryKey;
}

export interface MutationMeta extends Record<string, unknown> {
  invalidates?: readonly QueryKey[];
  removes?: Removal;
  errorShownInline?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

/** Refreshes every query under each prefix but those under `except` (a removed record's detail). */
async function refresh(client: QueryClient, meta: MutationMeta): Promise<void> {
  const { removes } = meta;
  // Each prefix once: lists of several resources overlap, and a prefix refreshed twice would cancel
  // its first refetch and ask again.
  const invalidates = [...new Map((meta.invalidates ?? []).map((key) => [hashKey(key), key])).values()];
  const gone = new Set<Query>(removes ? client.getQueryCache().findAll({ queryKey: removes.detail }) : []);
  if (removes) await client.cancelQueries({ queryKey: removes.detail });
  await Promise.all([
    ...invalidates.map((queryKey) => client.invalidateQueries({ queryKey, predicate: (q) => !gone.has(q) })),
    removes ? client.invalidateQueries({ queryKey: removes.lists, refetchType: 'all' }) : undefined,
  ]);
}

/**
 * Forgets the queries under `key`: at once where no screen shows them, else when the last screen
 * showing one goes (a detail page that is leaving after its record was deleted), so no screen
 * asks for a record that is gone.
 */
function forget(client: QueryClient, key: QueryKey): void {
  const cache = client.getQueryCache();
  for (const query of cache.findAll({ queryKey: key })) {
    if (query.getObserversCount() === 0) {
      cache.remove(query);
      continue;
    }
    const stop = cache.subscribe((event) => {
      if (event.query !== query) return;
      if (event.type === 'removed') stop();
      else if (event.type === 'observerRemoved' && query.getObserversCount() === 0) {
        stop();
        cache.remove(query);
      }
    });
  }
}

/** How long a read counts as current. */
const FRESH_FOR_MS = 15_000;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.errorShownInline) toast(errorMessage(error), 'error');
      },
      onSuccess: (_data, _vars, _ctx, mutation) => refresh(client, mutation.meta ?? {}),
      // After the mutation's own onSuccess, where the screen reacts (leaves the record's page).
      onSettled: (_data, error, _vars, _ctx, mutation) => {
        const removes = mutation.meta?.removes;
        if (!error && removes) forget(client, removes.detail);
      },
    }),
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; network blips and 5xx get one more try.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
        // Coming back to a screen within this long shows what was read, without asking again: what
        // this dashboard writes is refreshed by its mutations (queries/affects.ts), so only changes
        // made elsewhere (the API, another member) wait for it, or for a reload. Screens watching
        // work in progress poll on their own (refetchInterval).
        staleTime: FRESH_FOR_MS,
      },
    },
  });
  return client;
}
