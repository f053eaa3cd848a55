import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../../i18n/test-i18n.ts';
import { blankAbTest } from './ab-test-model.ts';
import {
  allowed,
  CAMPAIGN_STATUS,
  type CampaignFormValues,
  campaignBody,
  campaignPollInterval,
  defaultScheduleTime,
  frameSeries,
  fromLocalInput,
  missingFields,
  onVerifiedDomain,
  scheduleProblem,
  toLocalInput,
} from './campaign-model.ts';

// The model's messages are read in English: the translator, started without catalogs, formats its
// English keys.
beforeAll(startEnglishForTests);

describe('status', () => {
  it('labels every status and says what it allows', () => {
    expect(CAMPAIGN_STATUS.SENDING).toBe('yellow');
    expect(CAMPAIGN_STATUS.SENT).toBe('green');
    expect(allowed('DRAFT')).toMatchObject({ edit: true, sendNow: true, cancel: false, remove: true });
    expect(allowed('SCHEDULED')).toMatchObject({ edit: false, sendNow: true, schedule: true, cancel: true });
    expect(allowed('SENDING')).toMatchObject({ sendNow: false, cancel: true, remove: false });
    expect(allowed('SENT')).toMatchObject({ edit: false, sendNow: false, cancel: false, duplicate: true });
  });

  it('polls a campaign while it sends and just before a scheduled start only', () => {
    const now = Date.parse('2024-05-01T10:00:00Z');
    expect(campaignPollInterval(undefined, now)).toBe(false);
    expect(campaignPollInterval({ status: 'SENDING', scheduledAt: null }, now)).toBe(1500);
    expect(campaignPollInterval({ status: 'SCHEDULED', scheduledAt: '2024-05-01T10:01:00Z' }, now)).toBe(5000);
    expect(campaignPollInterval({ status: 'SCHEDULED', scheduledAt: '2024-05-01T11:00:00Z' }, now)).toBe(false);
    expect(campaignPollInterval({ status: 'SENT', scheduledAt: null }, now)).toBe(false);
  });

  it('reads an A/B test waiting for its winner less often, until its last minute', () => {
    const now = Date.parse('2024-05-01T10:00:00Z');
    const waiting = (decideAt: string | null) => ({
      status: 'SENDING' as const,
      scheduledAt: null,
      abTest: { phase: 'WAITING', decideAt },
    });
    expect(campaignPollInterval(waiting(null), now)).toBe(15_000);
    expect(campaignPollInterval(waiting('2024-05-01T12:00:00Z'), now)).toBe(15_000);
    expect(campaignPollInterval(waiting(new Date(now + 30_000).toISOString()), now)).toBe(2000);
  });
});

describe('scheduling', () => {
  it('converts between the local date-time field and UTC instants', () => {
    const d = new Date(2030, 4, 6, 9, 5, 42);
    const local = toLocalInput(d);
    expect(local).toBe('2030-05-06T09:05');
    expect(new Date(fromLocalInput(local)!).getTime()).toBe(new Date(2030, 4, 6, 9, 5).getTime());
    expect(fromLocalInput('2030-05-06')).toBeUndefined();
    expect(fromLocalInput('')).toBeUndefined();
  });

  it('suggests the next full hour at least half an hour away', () => {
    expect(toLocalInput(defaultScheduleTime(new Date(2030, 0, 1, 10, 10)))).toBe('2030-01-01T11:00');
    expect(toLocalInput(defaultScheduleTime(new Date(2030, 0, 1, 10, 45)))).toBe('2030-01-01T12:00');
    expect(toLocalInput(defaultScheduleTime(new Date(2030, 0, 1, 10, 30)))).toBe('2030-01-01T11:00');
    expect(toLocalInput(defaultScheduleTime(new Date(2030, 0, 1, 23, 50)))).toBe('2030-01-02T01:00');
  });

  it('refuses a missing or past time', () => {
    const now = new Date(2030, 0, 1, 10, 0);
    expect(scheduleProblem('', now)).toMatch(/date and a time/);
    expect(scheduleProblem('2030-01-01T09:00', now)).toMatch(/from now/);
    expect(scheduleProblem('2030-01-01T10:00', now)).toMatch(/from now/);
    expect(scheduleProblem('2030-01-01T10:05', now)).toBeUndefined();
  });
});

describe('the API body', () => {
  const values: CampaignFormValues = {
    name: ' Spring ',
    description: '',
    subject: 'Hi {{ name }}',
    format: 'HTML',
    body: '<p>x</p>',
    document: null,
    from: ' news@acme.test ',
    fromName: '',
    replyTo: '',
    emailType: 'MARKETING',
    audienceType: 'SEGMENT',
    segmentId: 's1',
    topicId: '',
    abTest: blankAbTest(),
    archive: true,
  };

  it('keeps only the audience field its type needs and empties optional text to null', () => {
    const filter = { operator: 'AND', conditions: [] };
    expect(campaignBody(values, filter)).toEqual({
      name: 'Spring',
      description: null,
      subject: 'Hi {{ name }}',
      format: 'HTML',
      body: '<p>x</p>',
      from: 'news@acme.test',
      fromName: null,
      replyTo: null,
      emailType: 'MARKETING',
      audienceType: 'SEGMENT',
      segmentId: 's1',
      audienceFilter: null,
      topicId: null,
      variants: null,
      abTest: null,
      archive: true,
    });
    expect(campaignBody({ ...values, topicId: 't1' }, filter)).toMatchObject({ topicId: 't1' });
    expect(campaignBody({ ...values, audienceType: 'FILTERED' }, filter)).toMatchObject({
      segmentId: null,
      audienceFilter: filter,
    });
    expect(campaignBody({ ...values, audienceType: 'ALL' }, filter)).toMatchObject({
      segmentId: null,
      audienceFilter: null,
    });
  });

  it('sends a block document instead of the body, which it then does not need', () => {
    const document = { version: 1 as const, blocks: [{ id: 'd', type: 'divider' as const }] };
    const blocks = { ...values, format: 'BLOCKS' as const, body: '', document };
    const body = campaignBody(blocks, null);
    expect(body).toMatchObject({ format: 'BLOCKS', document });
    expect(body).not.toHaveProperty('body');
    expect(missingFields(blocks).body).toBeUndefined();
    expect(missingFields({ ...values, body: ' ' }).body).toBe('Write the email, or start from a template.');
  });

  it('says what a save still lacks, field by field', () => {
    const problems = (v: CampaignFormValues) => Object.entries(missingFields(v)).filter(([, m]) => m);
    expect(problems(values)).toEqual([]);
    expect(Object.fromEntries(problems({ ...values, name: ' ', segmentId: '' }))).toEqual({
      name: 'Give the campaign a name.',
      segmentId: 'Choose a segment.',
    });
    expect(problems({ ...values, audienceType: 'ALL', segmentId: '' })).toEqual([]);
  });

  it('knows a sender on a verified domain or its subdomain', () => {
    expect(onVerifiedDomain('a@acme.test', ['acme.test'])).toBe(true);
    expect(onVerifiedDomain('a@Mail.Acme.test', ['acme.test'])).toBe(true);
    expect(onVerifiedDomain('a@notacme.test', ['acme.test'])).toBe(false);
    expect(onVerifiedDomain('acme.test', ['acme.test'])).toBe(false);
  });
});

describe('the results chart', () => {
  it('frames a series with an empty bucket before, and after when that one has begun', () => {
    const zero = { sent: 0 };
    const data = [{ start: '2030-01-01T10:00:00.000Z', sent: 3 }];
    expect(frameSeries(data, 'hour', zero, new Date('2030-01-01T10:30:00Z'))).toEqual([
      { start: '2030-01-01T09:00:00.000Z', sent: 0 },
      { start: '2030-01-01T10:00:00.000Z', sent: 3 },
    ]);
    expect(frameSeries(data, 'hour', zero, new Date('2030-01-01T11:00:00Z')).map((b) => b.sent)).toEqual([0, 3, 0]);
    expect(
      frameSeries([{ start: '2030-01-02T00:00:00.000Z', sent: 1 }], 'day', zero, new Date('2030-02-01'))[0],
    ).toEqual({
      start: '2030-01-01T00:00:00.000Z',
      sent: 0,
    });
    expect(frameSeries<{ start: string; sent: number }>([], 'hour', zero, new Date())).toEqual([]);
  });
});
