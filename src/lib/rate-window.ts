/**
 * Fixed one-second rate windows: sends are counted per key and window (a counter row every worker
 * adds to, db/rate-windows.ts), and a window takes at most `rate` of them. A window is named by the
 * unix second it starts at.
 */

export interface RateWindow {
  /** The unix second the window starts at (the counter row's key). */
  start: number;
  /** When the next window opens (ms). */
  end: number;
}

/** How long a window's counter is kept after it ended (s); older ones are pruned. */
const KEEP_WINDOWS_S = 60;

/** The window `atMs` falls in. */
export function rateWindowAt(atMs: number): RateWindow {
  const start = Math.floor(atMs / 1000);
  return { start, end: (start + 1) * 1000 };
}

/**
 * How many of the `n` sends just counted into a window fit under `rate` a second, given the window's
 * count after they were (`total`): the ones counted before them took their share first.
 */
export function roomInWindow(rate: number, total: number, n: number): number {
  return Math.max(0, Math.min(n, rate - (total - n)));
}

/** The first window (unix second) still kept at `atMs`; counters of earlier ones may be deleted. */
export function oldestKeptWindow(atMs: number): number {
  return rateWindowAt(atMs).start - KEEP_WINDOWS_S;
}
