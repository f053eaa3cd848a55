// Invariant: the due-rows worker works every claimed row once, at most `concurrency` at a time. A
// kind claiming in batches claims again only once the batch in hand is done; a kind that refills
// claims again while rows are in work, as soon as enough slots are free, so one slow row holds only
// its own slot. The rows here are in memory: the loop's order of claims and works is the subject.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../deps.ts';
import { systemClock } from '../lib/clock.ts';
import { type DueRowsKind, workDueRows } from './due-rows.ts';

const deps = { clock: systemClock, log: createLogger('silent') };

/** A kind over `due` in-memory rows: each row takes `ms(row)` to work; the log says what happened when. */
function memoryKind(due: number[], ms: (row: number) => number, options: Partial<DueRowsKind<number, void>> = {}) {
  const left = [...due];
  const log: string[] = [];
  let working = 0;
  let most = 0;
  const kind: DueRowsKind<number, void> = {
    leaseMs: 60_000,
    batchSize: 4,
    concurrency: 2,
    stopWhenShort: false,
    claim: async (c) => {
      const rows = left.splice(0, c.limit);
      log.push(`claim ${c.limit}: ${rows.join(',')}`);
      return rows;
    },
    renew: async () => {},
    begin: async (rows) => ({ rows, batch: undefined }),
    work: async (row, _batch, release) => {
      working++;
      most = Math.max(most, working);
      await sleep(ms(row));
      working--;
      log.push(`done ${row}`);
      release();
      return true;
    },
    ...options,
  };
  return { kind, log, most: () => most };
}

describe('workDueRows', () => {
  it('claims the next batch only once the batch in hand is done', async () => {
    const { kind, log, most } = memoryKind([1, 2, 3, 4, 5, 6], (row) => (row === 1 ? 60 : 5));
    const run = await workDueRows(deps, kind, 10_000);
    expect(run).toEqual({ claimed: 6, done: 6 });
    expect(most()).toBe(2);
    // The slow row 1 holds up the second claim until it is done.
    expect(log.indexOf('claim 4: 5,6')).toBeGreaterThan(log.indexOf('done 1'));
    expect(log.at(-1)).toBe('claim 4: ');
  });

  it('stops after a short batch when the kind says a short claim took everything due', async () => {
    const { kind, log } = memoryKind([1, 2, 3], () => 1, { stopWhenShort: true });
    expect(await workDueRows(deps, kind, 10_000)).toEqual({ claimed: 3, done: 3 });
    expect(log.filter((l) => l.startsWith('claim'))).toEqual(['claim 4: 1,2,3']);
  });

  it('with refill, claims again while a slow row is in work, into the slots that freed', async () => {
    const { kind, log, most } = memoryKind([1, 2, 3, 4, 5, 6], (row) => (row === 1 ? 150 : 5), {
      concurrency: 3,
      batchSize: 3,
      refill: { minFree: 1, pollMs: 10 },
    });
    const run = await workDueRows(deps, kind, 10_000);
    expect(run).toEqual({ claimed: 6, done: 6 });
    expect(most()).toBeLessThanOrEqual(3);
    // Rows 4 to 6 were claimed and worked while row 1 was still in work.
    for (const row of [4, 5, 6]) expect(log.indexOf(`done ${row}`)).toBeLessThan(log.indexOf('done 1'));
    // A claim never takes more rows than slots are free.
    for (const line of log.filter((l) => l.startsWith('claim'))) {
      expect(Number.parseInt(line.split(' ')[1]!, 10)).toBeLessThanOrEqual(3);
    }
  });

  it('ends with the error of a row whose work threw, once the rows in hand are done', async () => {
    const { kind, log } = memoryKind([1, 2, 3], () => 5, {
      work: async (row) => {
        await sleep(row === 1 ? 1 : 20);
        if (row === 1) throw new Error('row 1 broke');
        log.push(`done ${row}`);
        return true;
      },
    });
    await expect(workDueRows(deps, kind, 10_000)).rejects.toThrow('row 1 broke');
    expect(log).toContain('done 2');
  });
});
