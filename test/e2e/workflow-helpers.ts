/**
 * Shared by the workflow tests: calls through the HTTP API, a graph built from a compact spec, and
 * `settle`, which wakes the engine and runs the due jobs until no execution is due.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { expectError } from './support.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Json = Record<string, unknown>;

/** A step of a spec: its key in the spec, type and config. */
export interface StepSpec {
  key: string;
  type: string;
  config?: Json;
}
/** `from → to`, with a branch or a wait outcome when the source needs one. */
export type EdgeSpec = [from: string, to: string, label?: 'yes' | 'no' | 'EVENT' | 'TIMEOUT'];

/** An ISO 8601 timestamp in UTC, as every view writes its times. */
export const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/);

/** The fields a 422 names (a union's branches each name the same one: listed once). */
export const fieldsOf = (res: LightMyRequestResponse) => [
  ...new Set((expectError(res, 422, 'VALIDATION_ERROR').errors as Array<{ field: string }>).map((e) => e.field)),
];

export function workflowHelpers(t: TestEnv) {
  const api = (p: TestProject, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: p.auth },
      ...(payload !== undefined ? { payload: payload as Json } : {}),
    });

  const helpers = {
    api,
    /** Creates a workflow (201 expected) and answers its view. */
    async create(p: TestProject, body: Json = { name: 'Flow', eventName: 'signup' }) {
      const res = await api(p, 'POST', '/workflows', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    /** Adds a step (201 expected) and answers its view. */
    async addStep(p: TestProject, workflowId: string, body: Json) {
      const res = await api(p, 'POST', `/workflows/${workflowId}/steps`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    /** The workflow's view as GET answers it. */
    get: async (p: TestProject, id: string) => (await api(p, 'GET', `/workflows/${id}`)).json(),
    /**
     * Creates a workflow and its graph; `trigger` is the TRIGGER step's key. Answers the ids by key.
     * Without `eventName` it is started by `flow.start` (creation takes one); `null` leaves the EVENT
     * trigger without its event, as a PATCH of `triggerConfig: {}` can.
     */
    async build(
      p: TestProject,
      spec: {
        name?: string;
        eventName?: string | null;
        steps: StepSpec[];
        edges: EdgeSpec[];
        enable?: boolean;
        patch?: Json;
      },
    ) {
      const eventName = spec.eventName ?? 'flow.start';
      const created = await api(p, 'POST', '/workflows', { name: spec.name ?? 'Flow', eventName });
      expect(created.statusCode, created.body).toBe(201);
      const workflow = created.json();
      if (spec.eventName === null) {
        const nameless = await api(p, 'PATCH', `/workflows/${workflow.id}`, { triggerConfig: {} });
        expect(nameless.json().triggerConfig).toEqual({});
      }
      const ids: Record<string, string> = { trigger: workflow.steps[0].id };
      for (const s of spec.steps) {
        const res = await api(p, 'POST', `/workflows/${workflow.id}/steps`, { type: s.type, config: s.config ?? {} });
        expect(res.statusCode, res.body).toBe(201);
        ids[s.key] = res.json().id;
      }
      for (const [from, to, label] of spec.edges) {
        const body: Json = { fromStepId: ids[from], toStepId: ids[to] };
        if (label === 'yes' || label === 'no') body.branch = label;
        if (label === 'EVENT' || label === 'TIMEOUT') body.waitOutcome = label;
        const res = await api(p, 'POST', `/workflows/${workflow.id}/transitions`, body);
        expect(res.statusCode, res.body).toBe(201);
      }
      if (spec.enable !== false || spec.patch) {
        const res = await api(p, 'PATCH', `/workflows/${workflow.id}`, {
          enabled: spec.enable !== false,
          ...spec.patch,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      return { id: workflow.id as string, steps: ids };
    },
    /** Tracks an event; every track of these tests is accepted (a refused one would leave a wait vacuous). */
    async track(p: TestProject, email: string, event: string, data: Json = {}) {
      const res = await api(p, 'POST', '/v1/track', { email, event, data });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    },
    /** Wakes the engine and runs due jobs until nothing is left that the clock has made due. */
    async settle(rounds = 5) {
      for (let i = 0; i < rounds; i++) {
        await t.deps.workflowWaker.wakeNow();
        await t.deps.jobs.drain();
      }
    },
    async executions(p: TestProject, workflowId: string, status?: string): Promise<Json[]> {
      const res = await api(
        p,
        'GET',
        `/workflows/${workflowId}/executions?limit=100${status ? `&status=${status}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    },
    async execution(p: TestProject, workflowId: string, id: string) {
      const res = await api(p, 'GET', `/workflows/${workflowId}/executions/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    /** The captured messages to `to` (capture transport), after the due jobs ran. */
    async outbox(p: TestProject, to: string): Promise<Json[]> {
      await t.deps.jobs.drain();
      const res = await api(p, 'GET', `/outbox?to=${encodeURIComponent(to)}`);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    },
  };
  return helpers;
}
