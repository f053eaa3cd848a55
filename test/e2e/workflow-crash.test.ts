// Invariant: a workflow execution never repeats an email step and never loses a step, whatever
// happens to the process running it; an external call repeated by a crash carries the same delivery id.
// A real `serve` process runs TRIGGER → SEND_EMAIL → WEBHOOK → DELAY → SEND_EMAIL → UPDATE_CONTACT →
// EXIT for 400 contacts signing up, into a slow SMTP sink and a slow webhook receiver, and is
// SIGKILLed four times: twice while webhook calls are in flight (the first, as a rule, while signups
// still arrive), once when every call is made and executions wait in the DELAY, once while the second
// emails go out. On PostgreSQL the first kill strikes SEND_EMAIL steps between their outbox row and
// their move, the last one before their outbox row (killInsideStep); on SQLite kills fall where they
// fall. Each time a new process on the same database takes over when the dead one's leases run out.
// In the end every execution EXITED with each step once in its history; the database holds exactly
// one outbox row per (execution, email step), the one its step recorded, and every contact's update;
// the sink has both emails for every contact and never two different emails of one step (a message
// received twice is the same email, from a row in flight at a kill); every execution's call reached
// the receiver, and each of its calls carried the delivery id its step recorded.
import { afterEach, describe, expect, it } from 'vitest';
import { fromJson } from '../../src/db/codecs.ts';
import { groupBy } from '../../src/lib/group-by.ts';
import { DIALECTS } from '../env.ts';
import { expectStableMessageIds, useCrashRig } from '../fixtures/crash-rig.ts';
import { until } from '../fixtures/processes.ts';
import { type HttpListener, startHttpListener } from '../servers/http-listener.ts';
import {
  buildOnboarding,
  caller,
  deliveriesByExecution,
  executionRows,
  killInsideStep,
  signUpInBackground,
  type Table,
} from './workflow-crash-helpers.ts';

const CONTACTS = 400;
/** Executions a run works on at once, and emails delivered at once. */
const IN_FLIGHT = 10;
const HOOK_DELAY_MS = 150;
const SINK_DELAY_MS = 10;
/** 12 s: executions of several processes wait in the DELAY together, and across kills. */
const DELAY_MINUTES = 0.2;

type Json = Record<string, unknown>;

describe.each(DIALECTS)('workflow executions whose process is killed, on %s', (dialect) => {
  const rig = useCrashRig(dialect);
  let hook: HttpListener | undefined;
  afterEach(async () => hook?.close());

  it('runs every step once per contact, and repeats a webhook call only with its delivery id, after four SIGKILLs', {
    timeout: 180_000,
  }, async () => {
    hook = await startHttpListener();
    const receiver = hook;
    receiver.respond(() => ({ status: 200, body: 'ok', delayMs: HOOK_DELAY_MS }));
    const {
      deps,
      sink,
      project: p,
      url,
      serve,
      ready,
    } = await rig.start(SINK_DELAY_MS, {
      WORKFLOW_LEASE_SECONDS: '2',
      WORKFLOW_CONCURRENCY: String(IN_FLIGHT),
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      SEND_RATE_PER_SECOND: '100000',
      DELIVERY_CONCURRENCY: String(IN_FLIGHT),
      DELIVERY_BATCH_SIZE: '50',
      SMTP_POOL_SIZE: String(IN_FLIGHT),
    });
    let server = serve();
    await ready(server);
    const api = caller(url, p.auth);
    const flow = await buildOnboarding(api, receiver.url, DELAY_MINUTES);

    const started = Date.now();
    const signups = signUpInBackground(api, CONTACTS);

    const called = () => deliveriesByExecution(receiver).size;
    const laterAtSink = () =>
      new Set(
        sink.messages.filter((m) => m.subject.startsWith('Later ')).map((m) => m.headers['x-mailwright-email-id']),
      ).size;
    const census = async () => {
      const rows = await executionRows(deps, flow.id);
      const waiting = rows.filter((e) => e.status === 'WAITING').length;
      const atHook = rows.filter((e) => e.status === 'RUNNING' && e.currentStepId === flow.steps.hook);
      return { waiting, atHook: atHook.map((e) => e.id) };
    };
    // Kills 1 and 4 land inside SEND_EMAIL steps on PostgreSQL (killInsideStep); elsewhere where they fall.
    const killAt: [string, () => Promise<boolean>, Table?][] = [
      [
        'signups arriving, webhook calls in flight',
        async () => signups.done >= CONTACTS / 2 && called() >= IN_FLIGHT,
        'workflow_step_runs',
      ],
      ['webhook calls in flight', async () => called() >= CONTACTS * 0.6],
      [
        'every call made, executions waiting in the DELAY',
        async () => called() >= CONTACTS && (await census().then((c) => c.atHook.length === 0 && c.waiting > 0)),
      ],
      // Half the executions waiting at kill 3 have gone on: the others come due meanwhile.
      ['second emails going out', async () => (await census()).waiting <= atKill[2]!.waiting / 2, 'emails'],
    ];
    type AtKill = {
      s: string;
      signedUp: number;
      called: number;
      atSink: number;
      later: number;
      waiting: number;
      sending: number;
      inside?: number;
    };
    const atKill: AtKill[] = [];
    /** For each outbox row, the kills it was SENDING at: each may have sent it once more. */
    const killsInFlight = new Map<string, number>();
    const atHook = new Set<string>();
    const kill = async () => {
      server.child.kill('SIGKILL');
      expect((await server.exited()).signal).toBe('SIGKILL');
    };
    for (const [i, [what, due, held]] of killAt.entries()) {
      const point = async () => {
        if (signups.failure) throw signups.failure;
        return (await due()) ? true : undefined;
      };
      await until(point, `kill ${i + 1} (${what})`, 60_000);
      let inside: number | undefined;
      if (dialect === 'postgres' && held) {
        inside = await killInsideStep(deps, held, kill);
      } else await kill();
      // What the dead process held: outbox rows claimed and not stamped (only these may arrive twice),
      // and executions at the WEBHOOK step (whose call may come again).
      const sending = await deps.db
        .selectFrom('emails')
        .select('id')
        .where('projectId', '=', p.id)
        .where('status', '=', 'SENDING')
        .execute();
      for (const r of sending) {
        killsInFlight.set(r.id, (killsInFlight.get(r.id) ?? 0) + 1);
      }
      const c = await census();
      for (const id of c.atHook) atHook.add(id);
      const s = ((Date.now() - started) / 1000).toFixed(1);
      atKill.push({
        s,
        signedUp: signups.done,
        called: called(),
        atSink: sink.messages.length,
        later: laterAtSink(),
        waiting: c.waiting,
        sending: sending.length,
        inside,
      });
      server = serve();
      await ready(server);
    }
    await signups.all;
    // Every kill landed mid-work: calls still to make, executions waiting, second emails still to come.
    expect(atKill[0]!.called).toBeLessThan(CONTACTS);
    expect(atKill[1]!.called).toBeLessThan(CONTACTS);
    expect(atKill[2]!.waiting).toBeGreaterThan(0);
    expect(atKill[3]!.later).toBeLessThan(CONTACTS);
    expect(atHook.size, 'executions a kill caught at the WEBHOOK step').toBeGreaterThan(0);

    const executions = await until(
      async () => {
        const rows = await executionRows(deps, flow.id);
        const ended = rows.every((e) => e.status !== 'RUNNING' && e.status !== 'WAITING');
        return ended ? rows : undefined;
      },
      'every execution ended',
      60_000,
    );
    const doneMs = Date.now() - started;
    const emails = await until(
      async () => {
        const rows = await deps.db
          .selectFrom('emails')
          .select(['id', 'sourceId', 'sourceType', 'templateId', 'status'])
          .where('projectId', '=', p.id)
          .execute();
        // Every execution has ended: the rows are all there, and only their delivery may be under way.
        return rows.every((r) => r.status === 'SENT') ? rows : undefined;
      },
      'every email SENT',
      60_000,
    );

    // Executions: one per contact, each EXITED at the EXIT step with each step once in its history.
    expect(executions).toHaveLength(CONTACTS);
    expect(new Set(executions.map((e) => e.contactId)).size).toBe(CONTACTS);
    expect(executions.filter((e) => e.status !== 'EXITED' || e.exitReason !== 'onboarded')).toEqual([]);
    const runs = await deps.db
      .selectFrom('workflowStepRuns')
      .select(['executionId', 'stepId', 'status', 'output'])
      .where('projectId', '=', p.id)
      .execute();
    const history = groupBy(runs, (r) => r.executionId);
    const everyStep = Object.values(flow.steps).sort();
    for (const e of executions) {
      const steps = history.get(e.id) ?? [];
      expect(steps.map((s) => s.stepId).sort(), `history of ${e.id}`).toEqual(everyStep);
      expect(steps.filter((s) => s.status !== 'COMPLETED')).toEqual([]);
    }
    const outputOf = (executionId: string, step: string) =>
      fromJson<Json>(history.get(executionId)!.find((s) => s.stepId === flow.steps[step])!.output);

    // The outbox: exactly one row per (execution, email step), the one its step recorded.
    expect(emails).toHaveLength(2 * CONTACTS);
    expect(emails.filter((m) => m.sourceType !== 'WORKFLOW')).toEqual([]);
    const rowOf = new Map(emails.map((m) => [`${m.sourceId}/${m.templateId}`, m.id]));
    for (const e of executions) {
      expect(rowOf.get(`${e.id}/${flow.templates.welcome}`)).toBe(outputOf(e.id, 'welcome').emailId);
      expect(rowOf.get(`${e.id}/${flow.templates.later}`)).toBe(outputOf(e.id, 'later').emailId);
    }

    // The sink: both emails for every contact, never two different emails of one step.
    const received = sink.messages.map((m) => m.headers['x-mailwright-email-id']!);
    const distinct = new Set(received);
    expect([...distinct].sort()).toEqual(emails.map((m) => m.id).sort());
    const byRecipientStep = groupBy(sink.messages, (m) => `${m.to[0]} ${m.subject.split(' ')[0]}`);
    expect(byRecipientStep.size).toBe(2 * CONTACTS);
    for (const [key, ms] of byRecipientStep)
      expect(new Set(ms.map((m) => m.headers['x-mailwright-email-id'])).size, key).toBe(1);
    // A message arrives again only for a kill that struck while its row was SENDING, at most once per such kill.
    const copies = new Map<string, number>();
    for (const id of received) copies.set(id, (copies.get(id) ?? 0) + 1);
    const duplicates = received.length - distinct.size;
    const beyondKills = [...copies].filter(([id, n]) => n - 1 > (killsInFlight.get(id) ?? 0));
    expect(beyondKills, 'copies beyond the kills that struck while the row was SENDING').toEqual([]);
    expectStableMessageIds(sink, 'shop.test');

    // UPDATE_CONTACT: every contact's write is there.
    const contacts = await deps.db
      .selectFrom('contacts')
      .select(['email', 'data'])
      .where('projectId', '=', p.id)
      .execute();
    expect(contacts).toHaveLength(CONTACTS);
    expect(contacts.filter((c) => fromJson<Json>(c.data).welcomed !== true).map((c) => c.email)).toEqual([]);

    // Webhooks: every execution's call arrived; each call carried the one delivery id its step recorded.
    const deliveries = deliveriesByExecution(receiver);
    expect([...deliveries.keys()].sort()).toEqual(executions.map((e) => e.id).sort());
    for (const [executionId, d] of deliveries)
      expect([...d.ids], `delivery ids of ${executionId}`).toEqual([outputOf(executionId, 'hook').deliveryId]);
    const repeated = [...deliveries].filter(([, d]) => d.calls > 1);
    const maxCalls = Math.max(...[...deliveries.values()].map((d) => d.calls));
    // A call is made again only for an execution a kill caught at the WEBHOOK step (its move not committed).
    expect(repeated.filter(([id]) => !atHook.has(id)).map(([id]) => id)).toEqual([]);
    expect(maxCalls).toBeLessThanOrEqual(1 + atKill.length);

    // On PostgreSQL kills 1 and 4 struck inside SEND_EMAIL steps: after an outbox row, before one.
    if (dialect === 'postgres') {
      expect(atKill[0]!.inside, 'outbox rows held before their move at kill 1').toBeGreaterThan(0);
      expect(atKill[3]!.inside, 'outbox inserts held at kill 4').toBeGreaterThan(0);
    }
    console.log(
      `[${dialect}] ${CONTACTS} contacts, ${atKill.length} SIGKILLs (${atKill
        .map(
          (k) =>
            `${k.s} s: ${k.signedUp} signed up, ${k.called} called, ${k.atSink} at the sink, ${k.waiting} waiting` +
            (k.inside === undefined ? '' : `, ${k.inside} outbox writes held`),
        )
        .join('; ')}); ${distinct.size} emails at the sink, ${duplicates} duplicate message(s) ` +
        `(${killsInFlight.size} rows in flight at the kills); ${receiver.requests.length} webhook calls, ` +
        `${repeated.length} execution(s) called more than once (at most ${maxCalls} times; ` +
        `${repeated.filter(([id]) => atHook.has(id)).length} of them among the ${atHook.size} at the WEBHOOK ` +
        `step at a kill), one delivery id each; all ended ${(doneMs / 1000).toFixed(1)} s after the first signup`,
    );
  });
});
