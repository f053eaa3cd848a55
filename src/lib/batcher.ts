/**
 * The one batcher of the write paths that share a commit. Calls made while a group forms (one turn
 * of the event loop, or a short window) run together as one group: one transaction, often one
 * statement. Should the group fail, each of its calls runs again alone, so a bad call fails only
 * itself. Every caller is answered once its group (or its own run) finished: nobody acts on a write
 * a crash could still take back.
 */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface BatchOptions<I, O> {
  /** Calls per group; more wait for the next group, so one commit stays short. */
  max: number;
  /** A call whose key is already in the forming group waits for a later one (a statement may touch a row only once). */
  key?: (item: I) => string;
  /** Waits up to this long for more calls (a full group goes at once); without it, until the next turn of the event loop. */
  windowMs?: number;
  /** Runs a group of two or more calls together: throwing fails the group whole, an outcome fails one call. */
  group(items: I[]): Promise<Outcome<O>[]>;
  /** Runs one call by itself: a group of one, and each call of a failed group. */
  alone(item: I): Promise<O>;
  /**
   * Groups running at once. While that many run, calls wait and join the next group, so under load
   * groups grow instead of multiplying (and take no more connections); without it, every turn's calls
   * start a group at once.
   */
  maxRunning?: number;
  /** Whether the calls of a group that threw `error` run again alone (default: always); if not, each gets the error. */
  retryAlone?: (error: unknown) => boolean;
}

/** Each value as a success. */
export const allOk = <O>(values: O[]): Outcome<O>[] => values.map((value) => ({ ok: true, value }));

/** A function batching its calls as `opts` says; each call resolves or rejects with its own outcome. */
export function batcher<I, O>(opts: BatchOptions<I, O>): (item: I) => Promise<O> {
  type Call = { item: I; resolve(value: O): void; reject(err: unknown): void };
  let waiting: Call[] = [];
  let timer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  let running = 0;

  const attempt = async (item: I): Promise<Outcome<O>> => {
    try {
      return { ok: true, value: await opts.alone(item) };
    } catch (error) {
      return { ok: false, error };
    }
  };

  const run = async (items: I[]): Promise<Outcome<O>[]> => {
    if (items.length === 1) return [await attempt(items[0]!)];
    try {
      return await opts.group(items);
    } catch (error) {
      if (opts.retryAlone && !opts.retryAlone(error)) return items.map(() => ({ ok: false, error }));
      // The group rolled back whole: each runs again by itself, so only a failing one fails.
      return Promise.all(items.map(attempt));
    }
  };

  const take = (): Call[] => {
    const group: Call[] = [];
    const later: Call[] = [];
    const keys = new Set<string>();
    for (const call of waiting) {
      const key = opts.key?.(call.item);
      if (group.length >= opts.max || (key !== undefined && keys.has(key))) later.push(call);
      else {
        if (key !== undefined) keys.add(key);
        group.push(call);
      }
    }
    waiting = later;
    return group;
  };

  const flush = async () => {
    timer = undefined;
    // At the cap: the group that ends next schedules the calls waiting.
    if (opts.maxRunning !== undefined && running >= opts.maxRunning) return;
    const group = take();
    if (waiting.length > 0) schedule();
    running++;
    let outcomes: Outcome<O>[];
    try {
      outcomes = await run(group.map((c) => c.item));
    } finally {
      running--;
      if (waiting.length > 0) schedule();
    }
    group.forEach((c, i) => {
      const o = outcomes[i]!;
      if (o.ok) c.resolve(o.value);
      else c.reject(o.error);
    });
  };

  const schedule = () => {
    if (opts.windowMs !== undefined && waiting.length >= opts.max) {
      clearTimeout(timer as NodeJS.Timeout | undefined);
      void flush();
    } else if (timer === undefined) {
      timer = opts.windowMs === undefined ? setImmediate(flush) : setTimeout(flush, opts.windowMs);
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      schedule();
    });
}

/**
 * A kind of batch a feature declares once (a module constant, no state): its options, made from the
 * context of the first call. The queue itself lives in the process's `Batches`.
 */
export interface BatchKind<C, I, O> {
  readonly options: (context: C) => BatchOptions<I, O>;
}

export function batchKind<C, I, O>(options: (context: C) => BatchOptions<I, O>): BatchKind<C, I, O> {
  return { options };
}

/** The process's batches, one per kind (Deps.batches). */
export interface Batches {
  /** Adds `item` to the batch of `kind`, made on first use with `context` (the process's deps). */
  add<C, I, O>(kind: BatchKind<C, I, O>, context: C, item: I): Promise<O>;
}

export function createBatches(): Batches {
  const live = new Map<object, (item: never) => Promise<unknown>>();
  return {
    add<C, I, O>(kind: BatchKind<C, I, O>, context: C, item: I): Promise<O> {
      let run = live.get(kind) as ((item: I) => Promise<O>) | undefined;
      if (!run) {
        run = batcher(kind.options(context));
        live.set(kind, run);
      }
      return run(item);
    },
  };
}
