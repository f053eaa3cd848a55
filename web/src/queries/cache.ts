/**
 * Cache helpers the resource modules share: writing a write's answer where the record is read, and
 * refreshing what a background job changed once it is over. Screens never call the cache themselves.
 */
import { type MutationFunctionContext, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { affects } from './affects.ts';
import type { ResourceKeys } from './keys.ts';

/**
 * A mutation's onSuccess that stores the answer, the record as it is now, as the record's detail: the
 * screen that shows it next has it at once, without asking again.
 */
export function storesAnswer<T extends { id: string }>(keys: ResourceKeys, projectId: string) {
  return (record: T, _variables: unknown, _onMutate: unknown, { client }: MutationFunctionContext) => {
    client.setQueryData(keys.detail(projectId, record.id), record);
  };
}

/**
 * Refreshes what the writes of `what` change once `done` turns true: a background job (an import, a
 * bulk action) changes the same as the writes it stands for, but ends after its mutation did.
 */
export function useRefreshWhenDone(done: boolean, projectId: string, what: keyof typeof affects): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!done) return;
    for (const queryKey of affects[what](projectId)) void client.invalidateQueries({ queryKey });
  }, [client, done, projectId, what]);
}
