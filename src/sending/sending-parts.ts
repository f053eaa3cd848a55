/**
 * What sending keeps for the process, declared on deps' FeatureState (deps.ts) and built here at
 * composition: the delivery waker and the projects this process saw at their send rate.
 */
import type { CoreDeps, FeatureState } from '../deps.ts';
import type { Waker } from '../jobs/waker.ts';
import { createDeliveryWaker } from './sending.jobs.ts';

declare module '../deps.ts' {
  interface FeatureState {
    /** Wakes delivery once stored outbox rows have committed (jobs/waker.ts). */
    deliveryWaker: Waker;
    /** Projects this process saw at their send rate, until their window ends (sending/rate.ts). */
    sendRateBlocks: Map<string, number>;
  }
}

export type SendingParts = Pick<FeatureState, 'deliveryWaker' | 'sendRateBlocks'>;

/** Sending's parts of the deps: a waker on the change feed, and no project blocked yet. */
export function sendingParts(core: Pick<CoreDeps, 'changes' | 'jobs'>): SendingParts {
  return { deliveryWaker: createDeliveryWaker(core.changes, core.jobs), sendRateBlocks: new Map() };
}
