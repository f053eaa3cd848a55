// Invariant: an execution's place reads the same on the list and its page, and the list drops what its badge says.
import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../../../i18n/test-i18n.ts';
import type { ExecutionSummary, Workflow } from '../model.ts';
import { formatDuration, listDetail, whereNow } from './where-now.ts';

beforeAll(startEnglishForTests);

const workflow = { steps: [{ id: 'w1', type: 'WAIT_FOR_EVENT', name: 'Wait for payment' }] } as unknown as Workflow;
const execution = (patch: Partial<ExecutionSummary>) =>
  ({
    status: 'RUNNING',
    currentStepId: null,
    waitingFor: null,
    dueAt: null,
    exitReason: null,
    error: null,
    ...patch,
  }) as ExecutionSummary;

describe('whereNow', () => {
  it('names the step an execution waits at and what for', () => {
    expect(whereNow(execution({ status: 'WAITING', currentStepId: 'w1', waitingFor: 'paid' }), workflow)).toBe(
      'Wait for payment: waiting for paid',
    );
  });

  it('says a step was deleted rather than showing nothing', () => {
    expect(whereNow(execution({ currentStepId: 'gone' }), workflow)).toBe('A deleted step');
    expect(whereNow(execution({}), workflow)).toBe('Starting');
  });

  it('gives the reason an execution exited or failed', () => {
    expect(whereNow(execution({ status: 'EXITED', exitReason: 'Paid' }), workflow)).toBe('Exited: Paid');
    expect(whereNow(execution({ status: 'FAILED', error: 'timeout' }), workflow)).toBe('Failed: timeout');
  });
});

describe('listDetail', () => {
  it('leaves out what the status badge already says', () => {
    expect(listDetail(execution({ status: 'COMPLETED' }), workflow)).toBe('—');
    expect(listDetail(execution({ status: 'CANCELLED' }), workflow)).toBe('—');
    expect(listDetail(execution({ status: 'EXITED' }), workflow)).toBe('—');
    expect(listDetail(execution({ status: 'EXITED', exitReason: 'Paid' }), workflow)).toBe('Exited: Paid');
  });
});

describe('formatDuration', () => {
  it('picks the unit a person would', () => {
    expect(formatDuration(120)).toBe('120 ms');
    expect(formatDuration(4200)).toBe('4.2 s');
    expect(formatDuration(3 * 60_000)).toBe('3 min');
    expect(formatDuration(125 * 60_000)).toBe('2 h 5 min');
    expect(formatDuration(72 * 3_600_000)).toBe('3 days');
  });
});
