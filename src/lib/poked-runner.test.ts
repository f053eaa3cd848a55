// Invariant: a run of whileRunning goes round again only while pokes arrive before its deadline, and
// ends after the call in hand once its signal aborts, pokes or lingering notwithstanding.
import { describe, expect, it } from 'vitest';
import { createPokedRunner } from './poked-runner.ts';

const sum = (a: number, b: number) => a + b;
const FAR = () => Date.now() + 60_000;

describe('poked runner', () => {
  it('calls the loop again for every poke that arrived during the previous call', async () => {
    const runner = createPokedRunner(async () => {});
    let calls = 0;
    const total = await runner.whileRunning(
      async () => {
        calls++;
        if (calls < 3) await runner.poke();
        return 1;
      },
      sum,
      { deadline: FAR() },
    );
    expect({ calls, total }).toEqual({ calls: 3, total: 3 });
    expect(runner.going()).toBe(false);
  });

  it('ends after the call in hand once the signal aborts, though pokes keep arriving', async () => {
    const runner = createPokedRunner(async () => {});
    const stop = new AbortController();
    let calls = 0;
    const total = await runner.whileRunning(
      async () => {
        calls++;
        await runner.poke(); // its own work makes more due, as a fan-out does
        if (calls === 2) stop.abort();
        return 1;
      },
      sum,
      { deadline: FAR(), signal: stop.signal },
    );
    expect({ calls, total }).toEqual({ calls: 2, total: 2 });
  });

  it('stops lingering for a poke when the signal aborts (a minute of linger would outlast the test)', async () => {
    const runner = createPokedRunner(async () => {});
    const stop = new AbortController();
    let calls = 0;
    const count = async () => ++calls && 1;
    const run = runner.whileRunning(count, sum, { deadline: FAR(), lingerMs: 60_000, signal: stop.signal });
    await new Promise((r) => setTimeout(r, 20));
    expect(runner.going()).toBe(true);
    stop.abort();
    expect(await run).toBe(1);
    expect(calls).toBe(1);
    expect(runner.going()).toBe(false);
  });

  it('while lingering, a poke runs the loop again; when no run is going, a poke starts one', async () => {
    let started = 0;
    const runner = createPokedRunner(async () => {
      started++;
    });
    let calls = 0;
    const count = async () => ++calls && 1;
    const run = runner.whileRunning(count, sum, { deadline: Date.now() + 200, lingerMs: 50 });
    await new Promise((r) => setTimeout(r, 10));
    await runner.poke();
    expect(await run).toBe(calls);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(started).toBe(0);
    await runner.poke();
    expect(started).toBe(1);
  });
});
