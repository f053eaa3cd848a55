// Shared "wait until N things arrived" helper for the loopback test servers.
// Event-driven (no polling): the owning server calls notify() after every push.

export interface Waiters<T> {
  /** Resolves with a copy of all items once at least `count` exist; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<T[]>;
  /** Re-checks pending waiters; call after every push to the items array. */
  notify(): void;
  /** Rejects every pending waiter; used by close() so no test hangs on a dead server. */
  rejectAll(reason: string): void;
}

interface Pending<T> {
  count: number;
  resolve: (items: T[]) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** Creates waiters over a live array; `label` names the items in timeout errors ("smtp-sink messages"). */
export function createWaiters<T>(items: T[], label: string): Waiters<T> {
  const pending = new Set<Pending<T>>();

  function settle(p: Pending<T>): void {
    clearTimeout(p.timer);
    pending.delete(p);
  }

  return {
    waitFor(count, timeoutMs = 5000) {
      if (items.length >= count) return Promise.resolve([...items]);
      return new Promise<T[]>((resolve, reject) => {
        const p: Pending<T> = {
          count,
          resolve,
          reject,
          timer: setTimeout(() => {
            settle(p);
            reject(new Error(`${label}: waited ${timeoutMs}ms for ${count}, got ${items.length}`));
          }, timeoutMs),
        };
        pending.add(p);
      });
    },
    notify() {
      for (const p of pending) {
        if (items.length < p.count) continue;
        settle(p);
        p.resolve([...items]);
      }
    },
    rejectAll(reason) {
      for (const p of pending) {
        settle(p);
        p.reject(new Error(`${label}: ${reason} while waiting for ${p.count}, got ${items.length}`));
      }
    },
  };
}
