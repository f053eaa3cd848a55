/**
 * How a screen runs a write: one of the `mutationOptions` its resource module exports (the call,
 * its key, what it changes), plus the screen's own reaction. The write's effects on the cache are
 * the resource module's and the query client's; the screen says only what it shows (a toast, a
 * dialog that closes, the page it goes to) and whether it shows the error itself.
 */
import {
  type MutationFunctionContext,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';

export interface Reaction<TData, TVariables> {
  /** After the write succeeded and what it changed was refreshed. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
  /** The screen shows the error itself (a form's error, a field's message): no toast. */
  inline?: boolean;
}

/** `useMutation` over a resource's mutation, with the screen's reaction run after the resource's own. */
export function useAction<TData, TVariables = void, TOnMutate = unknown>(
  options: UseMutationOptions<TData, Error, TVariables, TOnMutate>,
  reaction: Reaction<TData, TVariables> = {},
): UseMutationResult<TData, Error, TVariables, TOnMutate> {
  const { onSuccess, onError } = options;
  return useMutation({
    ...options,
    meta: { ...options.meta, errorShownInline: reaction.inline ?? options.meta?.errorShownInline },
    onSuccess: async (data, variables, onMutateResult, context: MutationFunctionContext) => {
      await onSuccess?.(data, variables, onMutateResult, context);
      await reaction.onSuccess?.(data, variables);
    },
    onError: async (error, variables, onMutateResult, context) => {
      await onError?.(error, variables, onMutateResult, context);
      await reaction.onError?.(error, variables);
    },
  });
}
