import { describe, expect, it } from 'vitest';
import { localDayStart } from './days.ts';

describe('localDayStart', () => {
  it('turns a local date into the instant its day starts, and the next day', () => {
    const start = new Date(localDayStart('2025-03-09')!);
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([2025, 2, 9, 0]);
    const end = new Date(localDayStart('2025-03-09', true)!);
    expect([end.getMonth(), end.getDate(), end.getHours()]).toEqual([2, 10, 0]);
    expect(localDayStart('nope')).toBeUndefined();
  });
});
