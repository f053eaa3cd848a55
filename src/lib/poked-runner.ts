/**
 * A background run that work arriving while it goes extends instead of starting another: `poke()`
 * while a run is going in this process only marks it to look again before it stops; otherwise it
 * calls `start` (which enqueues the run's job), concurrent pokes sharing one call. Used by the outbox
 * delivery and the workflow engine, whose runs claim rows: a mark costs nothing, a job costs a write.
 */
export interface PokedRunner {
  poke(): Promise<void>;
  /** True while a run is going in this process. */
  going(): boolean;
  /**
   * Runs `loop` as "going": called again while pokes arrived during the previous call (until
   * `deadline`, epoch ms), so rows made due meanwhile are not left to the next job. With `lingerMs`,
   * a call that saw no poke waits that long for one before the run ends: under a steady trickle of
   * work one run keeps going instead of a job being enqueued, claimed and finished for every poke.
   * Once `signal` is aborted (the process stops) the run ends after the call in hand, pokes or not.
   */
  whileRunning<T>(loop: () => Promise<T>, merge: (a: T, b: T) => T, until: RunLimits): Promise<T>;
}

/** When a run of `whileRunning` ends at the latest. */
export interface RunLimits {
  /** Epoch ms. */
  deadline: number;
  lingerMs?: number;
  signal?: AbortSignal;
}

export function createPokedRunner(start: () => Promise<void>): PokedRunner {
  let inflight: Promise<void> | undefined;
  let running = 0;
  let poked = false;
  let lingering: (() => void) | undefined;
  /** Resolves at the next poke, after `ms`, or when `signal` aborts. */
  const nextPoke = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        lingering = undefined;
        resolve();
      }
      lingering = done;
    });
  return {
    going: () => running > 0,
    poke() {
      if (running > 0) {
        poked = true;
        lingering?.();
        return Promise.resolve();
      }
      inflight ??= start().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
    async whileRunning<T>(loop: () => Promise<T>, merge: (a: T, b: T) => T, until: RunLimits): Promise<T> {
      const { deadline, lingerMs = 0, signal } = until;
      const over = () => Date.now() >= deadline || signal?.aborted === true;
      running++;
      try {
        poked = false;
        let result: T = await loop();
        for (;;) {
          if (!poked && lingerMs > 0 && !over()) await nextPoke(Math.min(lingerMs, deadline - Date.now()), signal);
          // Checked and cleared with no await in between: a poke lands either before (seen here)
          // or after `running` drops (then it starts a run). A poke left unseen at a stop or the
          // deadline is not lost: the job reschedules itself for the next due row.
          if (!poked || over()) return result;
          poked = false;
          result = merge(result, await loop());
        }
      } finally {
        running--;
      }
    },
  };
}
