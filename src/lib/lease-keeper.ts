/**
 * Keeps a lease alive: `renew` every third of the lease, so one late or failed renewal still leaves
 * time for the next before the lease runs out. Used by the job runner for its job leases and by the
 * due-rows worker for its claimed batches.
 */
export interface LeaseKeeperOptions {
  leaseMs: number;
  /** Stops renewing after this long (a run that overran is left to lose its lease). */
  maxMs?: number;
}

/** Starts renewing; the answer stops it. `renew` must not throw (log inside it). */
export function keepLeaseAlive(renew: () => Promise<void> | void, opts: LeaseKeeperOptions): () => void {
  const started = Date.now();
  const timer = setInterval(
    () => {
      if (opts.maxMs !== undefined && Date.now() - started >= opts.maxMs) return clearInterval(timer);
      void renew();
    },
    Math.max(10, Math.floor(opts.leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
