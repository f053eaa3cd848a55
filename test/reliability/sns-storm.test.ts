// Invariant: SNS delivers at least once, so each signed notification may arrive several times, at
// once, at different API processes; whatever the copies, each has its effect exactly once: one
// email.delivery / email.bounce / email.complaint event per email, one contact.unsubscribed and one
// suppression per contact a hard bounce or a complaint stopped mailing, campaign counters moved once,
// and a workflow started by email.complaint started once per complaint.
// A cluster of 2 APIs and 1 worker sends two campaigns to 120 contacts through a loopback SES API
// (so every email has a real SES MessageId); then 240 notifications about those emails (deliveries,
// permanent and transient bounces, complaints) are each posted 3 times, all 720 requests in flight
// at once, the copies of one notification spread over both APIs.
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { SNS_TOPIC, signSns, startCertHost } from '../e2e/sns-signing.ts';
import { reportFigures } from '../fixtures/figures.ts';
import { until } from '../fixtures/processes.ts';
import type { HttpListener } from '../servers/http-listener.ts';
import { type SesApi, startSesApi } from '../servers/ses-api.ts';
import { apiClient, type Cluster, startCluster } from './cluster.ts';
import { call } from './restart-rig.ts';
import {
  compareEffects,
  type Kind,
  loggedErrors,
  PLAN,
  recordedEffects,
  type SentEmail,
  sesEvent,
} from './sns-storm-rig.ts';

const SCENARIO = 'SNS storm: 240 notifications × 3 concurrent copies over 2 APIs';
const CONTACTS = 120;
const COPIES = 3;

describe('an SNS storm on a scaled-out cluster', () => {
  let cluster: Cluster | undefined;
  let certHost: HttpListener | undefined;
  let ses: SesApi | undefined;
  afterAll(async () => {
    await cluster?.close();
    await certHost?.close();
    await ses?.close();
  });

  it('has each notification’s effect once when every notification arrives 3 times at once', async () => {
    certHost = await startCertHost();
    ses = await startSesApi();
    cluster = await startCluster({
      apis: 2,
      workers: 1,
      env: {
        SNS_TOPIC_ARNS: SNS_TOPIC,
        SNS_CERT_HOSTS: `127.0.0.1:${certHost.port}`,
        MAIL_TRANSPORT: 'ses',
        SES_REGION: 'eu-west-1',
        SES_ENDPOINT: ses.url,
        AWS_ACCESS_KEY_ID: 'AKIDTEST',
        AWS_SECRET_ACCESS_KEY: 'test-secret',
        REQUIRE_VERIFIED_DOMAIN: 'false',
        SEND_RATE_PER_SECOND: '100000',
      },
    });
    const c = cluster;
    const p = await c.project();
    const api = apiClient(c, p.auth);
    const ok = (method: string, path: string, body?: unknown, status?: number) => call(api, method, path, body, status);

    // A workflow each complaint starts (re-entry on: a doubled complaint event would start it again).
    const flow = await ok('POST', '/workflows', { name: 'On complaint', eventName: 'email.complaint' }, 201);
    const exit = await ok('POST', `/workflows/${flow.id}/steps`, { type: 'EXIT', config: { reason: 'noted' } }, 201);
    const trigger = (flow.steps as Array<{ id: string }>)[0]!.id;
    await ok('POST', `/workflows/${flow.id}/transitions`, { fromStepId: trigger, toStepId: exit.id }, 201);
    await ok('PATCH', `/workflows/${flow.id}`, { enabled: true, allowReentry: true });

    const contacts: string[] = [];
    for (let i = 0; i < CONTACTS; i += 20) {
      const batch = Array.from({ length: Math.min(20, CONTACTS - i) }, (_, j) =>
        ok('POST', '/contacts', { email: `storm${i + j}@dest.test` }, 201),
      );
      for (const r of await Promise.all(batch)) contacts.push(r.id as string);
    }
    const campaign = async (name: string) => {
      const body = {
        name,
        subject: `${name} {{ email }}`,
        body: '<p>Hi</p>',
        from: 'news@storm.test',
        audienceType: 'ALL',
        type: 'MARKETING',
      };
      const id = ((await ok('POST', '/campaigns', body, 201)).data as { id: string }).id;
      await ok('POST', `/campaigns/${id}/send`, {});
      return id;
    };
    const campaigns = { a: await campaign('A'), b: await campaign('B') };
    const sent = await until(
      async () => {
        const rows = await c.deps.db
          .selectFrom('emails')
          .select(['id', 'contactId', 'toEmail', 'messageId', 'transportMessageId', 'sourceId', 'status'])
          .where('projectId', '=', p.id)
          .execute();
        return rows.length === 2 * CONTACTS && rows.every((r) => r.status === 'SENT') ? rows : undefined;
      },
      'both campaigns sent through SES',
      30_000,
    );
    expect(new Set(sent.map((r) => r.transportMessageId)).size).toBe(2 * CONTACTS);
    const emailOf = new Map(sent.map((r) => [`${r.sourceId}/${r.contactId}`, r as SentEmail]));

    // The notifications, and the effects each must have once.
    const notifications: Array<Record<string, string>> = [];
    const expected = new Map<string, number>();
    const expect1 = (key: string) => expected.set(key, (expected.get(key) ?? 0) + 1);
    const counters = { a: { delivered: 0, bounced: 0, complained: 0 }, b: { delivered: 0, bounced: 0, complained: 0 } };
    const stopped = new Set<string>();
    contacts.forEach((contactId, i) => {
      for (const which of ['a', 'b'] as const) {
        const email = emailOf.get(`${campaigns[which]}/${contactId}`)!;
        const kind = PLAN[which][i % 4]!;
        const message = sesEvent(kind, email, (i + (which === 'b' ? 1 : 0)) % 2 === 0);
        notifications.push(
          signSns(
            {
              Type: 'Notification',
              MessageId: newId(),
              TopicArn: SNS_TOPIC,
              Message: JSON.stringify(message),
              Timestamp: new Date().toISOString(),
              SigningCertURL: `${certHost!.url}/cert.pem`,
              UnsubscribeURL: `${certHost!.url}/unsubscribe`,
            },
            i % 2 === 0 ? '1' : '2',
          ),
        );
        if (kind === 'delivery') {
          expect1(`email.delivery ${email.id}`);
          counters[which].delivered++;
        } else if (kind === 'complaint') {
          expect1(`email.complaint ${email.id}`);
          expect1(`workflow execution ${contactId}`);
          counters[which].complained++;
          stopped.add(contactId);
        } else {
          expect1(`email.bounce ${kind} ${email.id}`);
          if (kind === 'hard') {
            counters[which].bounced++;
            stopped.add(contactId);
          }
        }
      }
    });
    for (const contactId of stopped) {
      expect1(`contact.unsubscribed ${contactId}`);
      expect1(`suppression ${sent.find((r) => r.contactId === contactId)!.toEmail}`);
    }

    // The storm: every copy in flight at once, copy k of notification n to API (n + k) mod 2.
    const urls = c.urls();
    const started = Date.now();
    const answers = await Promise.all(
      notifications.flatMap((n, i) =>
        Array.from({ length: COPIES }, async (_, k) => {
          const res = await fetch(`${urls[(i + k) % urls.length]}/webhooks/sns`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain; charset=UTF-8' },
            body: JSON.stringify(n),
          });
          const text = await res.text();
          return { i, status: res.status, outcome: (res.ok ? JSON.parse(text).outcome : text) as string };
        }),
      ),
    );
    const stormMs = Date.now() - started;

    // What was recorded, by the same keys.
    const recorded = await recordedEffects(c, p.id, flow.id);
    // Campaign counters (the analytics triggers' campaign_email_counts, read through the API).
    for (const which of ['a', 'b'] as const) {
      const stats = await ok('GET', `/campaigns/${campaigns[which]}/stats`);
      for (const [metric, n] of Object.entries(counters[which])) {
        const key = `counter ${which} ${metric}`;
        expected.set(key, n);
        recorded.set(key, stats[`${metric}Count`] as number);
      }
    }

    const { doubled, missing, wrong, effectsExpected, effectsRecorded } = compareEffects(expected, recorded);
    const errors = answers.filter((a) => a.status >= 500);
    reportFigures(SCENARIO, [
      { figure: 'notifications', value: notifications.length },
      { figure: `deliveries of them (×${COPIES}, all in flight at once)`, value: answers.length },
      { figure: 'storm wall time (ms)', value: stormMs },
      { figure: 'effects expected', value: effectsExpected },
      { figure: 'effects recorded', value: effectsRecorded },
      { figure: 'doubled effects', value: doubled, goal: '0' },
      { figure: 'missing effects', value: missing, goal: '0' },
      { figure: '5xx answers', value: errors.length, goal: '0' },
      { figure: 'signing-certificate fetches (2 processes)', value: certHost.requests.length },
    ]);

    expect(errors.length, `answers ≥ 500; the APIs logged:\n${loggedErrors(c).join('\n')}`).toBe(0);
    expect(answers.filter((a) => a.status !== 200).slice(0, 5), 'answers other than 200').toEqual([]);
    // Of each notification's copies exactly one was applied; the others were seen as duplicates.
    const outcomes = new Map<number, string[]>();
    for (const a of answers) outcomes.set(a.i, [...(outcomes.get(a.i) ?? []), a.outcome]);
    const notOnce = [...outcomes].filter(([, o]) => o.sort().join() !== 'applied,duplicate,duplicate');
    expect(notOnce.slice(0, 5), 'notifications not applied exactly once').toEqual([]);
    // Each process fetched the signing certificate once, not once per message in flight.
    expect(certHost.requests.length).toBeLessThanOrEqual(c.apis.length);
    expect(wrong.slice(0, 20), 'effects recorded other than once').toEqual([]);
    expect({ doubled, missing }).toEqual({ doubled: 0, missing: 0 });

    // Final states: each email's status is its report's (a transient bounce leaves it SENT).
    const finalStatus: Record<Kind, string> = {
      delivery: 'DELIVERED',
      hard: 'BOUNCED',
      soft: 'SENT',
      complaint: 'COMPLAINED',
    };
    const statuses = await c.deps.db
      .selectFrom('emails')
      .select(['id', 'status'])
      .where('projectId', '=', p.id)
      .execute();
    const statusOf = new Map(statuses.map((s) => [s.id, s.status]));
    contacts.forEach((contactId, i) => {
      for (const which of ['a', 'b'] as const) {
        const email = emailOf.get(`${campaigns[which]}/${contactId}`)!;
        expect(statusOf.get(email.id), `${which} email of contact ${i}`).toBe(finalStatus[PLAN[which][i % 4]!]);
      }
    });
  });
});
