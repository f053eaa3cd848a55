// Invariant: rendering is bounded in time, and the bound is the template's, not the machine's: a
// render the process stalls in (descheduled, a GC pause) is tried again, while a template that is
// really too slow still fails with a 422.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { renderTemplate } from './liquid.ts';

/** Blocks the thread for `ms`, as a process that is not scheduled would look to the render's clock. */
function stall(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy: nothing else may run, exactly like a paused process
  }
}

describe('renderTemplate time limit', () => {
  it('renders a template whose first attempt stalled past the limit', async () => {
    let reads = 0;
    const vars = {};
    Object.defineProperty(vars, 'n', {
      enumerable: true,
      get() {
        reads++;
        if (reads === 1) stall(300);
        return 7;
      },
    });
    await expect(renderTemplate('html', 'body', '<p>{{ n }}</p><p>{{ n }}</p>', vars)).resolves.toBe(
      '<p>7</p><p>7</p>',
    );
    expect(reads).toBeGreaterThan(2);
  });

  it('fails a template that is too slow on every attempt, with a 422 naming the field', async () => {
    const vars = {};
    Object.defineProperty(vars, 'n', {
      enumerable: true,
      get() {
        stall(300);
        return 7;
      },
    });
    const started = performance.now();
    const err = await renderTemplate('html', 'body', '<p>{{ n }}</p><p>{{ n }}</p>', vars).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(/html: Template could not be rendered: template render limit exceeded/);
    // Three attempts of two 300 ms reads at most each: bounded, not endless.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
