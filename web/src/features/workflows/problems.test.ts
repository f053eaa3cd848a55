import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../../i18n/test-i18n.ts';
import type { Step, Transition } from './model.ts';
import { graphProblems, readableMessage, stillOpen } from './problems.ts';

beforeAll(startEnglishForTests);

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const step = (n: number, type: Step['type'], name: string | null = null): Step => ({
  id: id(n),
  workflowId: 'w',
  type,
  name,
  config: {},
  position: null,
  createdAt: '',
  updatedAt: '',
});
const edge = (n: number, from: number, to: number): Transition => ({
  id: `t${n}`,
  workflowId: 'w',
  fromStepId: id(from),
  toStepId: id(to),
  condition: null,
  branch: null,
  waitOutcome: null,
  priority: 0,
  createdAt: '',
});

const steps = [
  step(1, 'TRIGGER', 'Trigger'),
  step(2, 'CONDITION', 'Is pro?'),
  step(3, 'UPDATE_CONTACT'),
  step(4, 'EXIT'),
];

describe('graphProblems', () => {
  it('marks a condition and the branch it lacks, with its name instead of its id', () => {
    const [p] = graphProblems(
      [
        {
          field: `steps.${id(2)}`,
          message: `CONDITION "Is pro?" (${id(2)}) has no "no" branch: connect it to a step (an EXIT step ends the execution)`,
          code: 'DANGLING_BRANCH',
        },
      ],
      steps,
      [],
    );
    expect(p).toEqual({
      stepId: id(2),
      code: 'DANGLING_BRANCH',
      missingWay: 'no',
      short: 'The “No” path leads nowhere',
      transitionIds: [],
      message: '“Is pro?” has no "no" branch: connect it to a step (an Exit step ends the execution)',
    });
  });

  it('puts the trigger’s settings and a trigger that leads nowhere on the trigger', () => {
    const problems = graphProblems(
      [
        { field: 'triggerConfig.eventName', message: 'an EVENT workflow needs the event that starts it' },
        {
          field: `steps.${id(1)}`,
          message: 'the trigger leads nowhere: add a transition from the TRIGGER step to the first step',
          code: 'NO_PATH',
        },
      ],
      steps,
      [],
    );
    expect(problems.map((p) => p.stepId)).toEqual([id(1), id(1)]);
    expect(problems[1]!.message).toBe('The trigger leads nowhere: add a transition from the trigger to the first step');
  });

  it('marks every transition of a cycle that never waits', () => {
    const transitions = [edge(1, 1, 2), edge(2, 2, 3), edge(3, 3, 2), edge(4, 2, 4)];
    const [p] = graphProblems(
      [
        {
          field: `steps.${id(2)}`,
          message: `the cycle CONDITION "Is pro?" (${id(2)}) → UPDATE_CONTACT (${id(3)}) has no DELAY (longer than 0) or WAIT_FOR_EVENT step, so it would run without end`,
          code: 'UNBOUNDED_CYCLE',
        },
      ],
      steps,
      transitions,
    );
    expect(p!.transitionIds.sort()).toEqual(['t2', 't3']);
    expect(p!.message).toBe(
      'The cycle “Is pro?” → “Update contact” has no Delay (longer than 0) or Wait for event step, so it would run without end',
    );
  });

  it('keeps an error that names no step for the list only', () => {
    const [p] = graphProblems([{ field: 'steps', message: 'the workflow has no TRIGGER step' }], steps, []);
    expect(p!.stepId).toBeNull();
    expect(p!.message).toBe('The workflow has no Trigger step');
  });
});

describe('readableMessage', () => {
  it('falls back to the name in the message for a step it does not know', () => {
    expect(readableMessage(`SEND_EMAIL "Hello" (${id(9)}) is wrong`, new Map())).toBe('“Hello” is wrong');
    expect(readableMessage(`DELAY (${id(9)}) is wrong`, new Map())).toBe('“Delay” is wrong');
  });
});

describe('stillOpen', () => {
  const base = { message: '', short: '', code: null, missingWay: null, transitionIds: [] as string[] };
  it('closes a missing branch once it has a transition, and nothing else', () => {
    const p = { ...base, stepId: id(2), missingWay: 'no' };
    expect(stillOpen(p, steps, [{ ...edge(1, 2, 3), branch: 'yes' }])).toBe(true);
    expect(stillOpen(p, steps, [{ ...edge(1, 2, 4), branch: 'no' }])).toBe(false);
  });
  it('closes a trigger that now leads somewhere, a broken cycle and a deleted step', () => {
    expect(stillOpen({ ...base, stepId: id(1), code: 'NO_PATH' }, steps, [edge(1, 1, 2)])).toBe(false);
    expect(stillOpen({ ...base, stepId: id(1), code: 'NO_PATH' }, steps, [])).toBe(true);
    expect(stillOpen({ ...base, stepId: id(2), transitionIds: ['t2', 't3'] }, steps, [edge(2, 2, 3)])).toBe(false);
    expect(stillOpen({ ...base, stepId: id(9) }, steps, [])).toBe(false);
    expect(stillOpen({ ...base, stepId: null }, steps, [])).toBe(true);
  });
});
