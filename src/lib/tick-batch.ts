/**
 * Collects calls made in one turn of the event loop and runs them together at the next setImmediate:
 * requests that arrive together then share one round trip and one commit. Each caller gets its own
 * outcome. With `key`, a call whose key is already in the forming group waits for a later group (a
 * single statement may touch a row only once).
 */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export function tickBatch<I, O>(
  run: (items: I[]) => Promise<Outcome<O>[]>,
  opts: { max: number; key?: (item: I) => string },
): (item: I) => Promise<O> {
  type Call = { item: I; resolve(value: O): void; reject(err: unknown): void };
  let waiting: Call[] = [];
  let scheduled = false;

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
    scheduled = false;
    const group = take();
    if (waiting.length > 0) schedule();
    try {
      const outcomes = await run(group.map((c) => c.item));
      group.forEach((c, i) => {
        const o = outcomes[i]!;
        if (o.ok) c.resolve(o.value);
        else c.reject(o.error);
      });
    } catch (err) {
      for (const c of group) c.reject(err);
    }
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      schedule();
    });
}
