// Invariant: a new step is offered only ways out that lead nowhere yet, the selected step's first.
import { describe, expect, it } from 'vitest';
import type { Step, Transition } from '../model.ts';
import { defaultFreeWay, freeWays, wayKey } from './free-ways.ts';

const step = (id: string, type: Step['type']) => ({ id, type }) as Step;
const transition = (fromStepId: string, toStepId: string, branch: 'yes' | 'no' | null = null) =>
  ({ id: `${fromStepId}>${toStepId}`, fromStepId, toStepId, branch, waitOutcome: null }) as Transition;

describe('freeWays', () => {
  it('lists each way out without a transition, and none of an exit', () => {
    const steps = [step('t', 'TRIGGER'), step('c', 'CONDITION'), step('x', 'EXIT')];
    const free = freeWays({ steps, transitions: [transition('t', 'c'), transition('c', 'x', 'yes')] });
    expect(free.map(wayKey)).toEqual(['c:no']);
    expect(free[0]).toMatchObject({ wayIndex: 1, wayCount: 2 });
  });
});

describe('defaultFreeWay', () => {
  const steps = [step('t', 'TRIGGER'), step('a', 'DELAY'), step('b', 'DELAY')];
  const graph = { steps, transitions: [transition('t', 'a')] };
  const positions = new Map([
    ['t', { y: 0 }],
    ['a', { y: 200 }],
    ['b', { y: 100 }],
  ]);

  it('prefers a free way of the selected step', () => {
    expect(defaultFreeWay(graph, 'b', positions)?.stepId).toBe('b');
  });

  it('otherwise takes the lowest free way on the canvas', () => {
    expect(defaultFreeWay(graph, null, positions)?.stepId).toBe('a');
    expect(defaultFreeWay(graph, 't', positions)?.stepId).toBe('a');
  });

  it('is null when every way is taken', () => {
    expect(defaultFreeWay({ steps: [step('x', 'EXIT')], transitions: [] }, null, positions)).toBeNull();
  });
});
