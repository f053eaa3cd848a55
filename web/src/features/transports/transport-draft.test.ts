// Invariant: an edit sends credentials only when the person changed the connection or typed a new
// secret, so saving a rename, a priority or a stream never replaces (or drops) the stored ones.
import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../../i18n/test-i18n.ts';
import type { Transport } from '../../queries/transports.ts';
import { BLANK_DRAFT, buildBody, draftOf } from './transport-draft.ts';

// The dashboard's translator in English, as a screen has it: the messages are the English text.
beforeAll(startEnglishForTests);

const smtp: Transport = {
  id: 't1',
  name: 'Relay',
  kind: 'SMTP',
  url: 'smtp://me%40x.test@relay.test:2525',
  ses: null,
  streams: ['TRANSACTIONAL'],
  ratePerSecond: null,
  priority: 10,
  enabled: true,
  hasSecret: true,
  consecutiveFailures: 0,
  pausedUntil: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const ses: Transport = {
  ...smtp,
  id: 't2',
  name: 'SES',
  kind: 'SES',
  url: null,
  ses: { region: 'eu-west-1', accessKeyId: 'AKIA1', endpoint: null },
};

describe('buildBody for a new transport', () => {
  it('builds the SMTP URL with the password, and the kind', () => {
    const draft = {
      ...BLANK_DRAFT,
      name: ' Relay ',
      smtp: { host: 'relay.test', port: '2525', security: 'STARTTLS' as const, user: 'me@x.test' },
      password: 'p@ss',
    };
    expect(buildBody(draft).body).toEqual({
      name: 'Relay',
      kind: 'SMTP',
      url: 'smtp://me%40x.test:p%40ss@relay.test:2525',
      streams: ['TRANSACTIONAL', 'MARKETING'],
      ratePerSecond: null,
      priority: 100,
      enabled: true,
    });
  });

  it('sends the SES block with its secret and no empty endpoint', () => {
    const draft = {
      ...BLANK_DRAFT,
      name: 'SES',
      kind: 'SES' as const,
      ses: { region: 'eu-west-1', accessKeyId: 'AKIA1', secretAccessKey: 's3cret', endpoint: '' },
    };
    expect(buildBody(draft).body?.ses).toEqual({
      region: 'eu-west-1',
      accessKeyId: 'AKIA1',
      secretAccessKey: 's3cret',
    });
  });

  it('refuses numbers it cannot read, before asking the API', () => {
    const built = buildBody({ ...BLANK_DRAFT, ratePerSecond: 'fast', priority: 'first' });
    expect(built.body).toBeUndefined();
    expect(built.errors).toMatchObject({ ratePerSecond: expect.any(String), priority: expect.any(String) });
  });
});

describe('buildBody for an edit', () => {
  it('leaves the URL out when only the name, priority or streams changed', () => {
    const draft = { ...draftOf(smtp), name: 'Relay 2', priority: '5', streams: ['MARKETING' as const] };
    const { body } = buildBody(draft, smtp);
    expect(body).not.toHaveProperty('url');
    expect(body).toMatchObject({ name: 'Relay 2', priority: 5, streams: ['MARKETING'] });
    expect(body).not.toHaveProperty('kind');
  });

  it('sends the URL with the new password when one is typed', () => {
    const { body } = buildBody({ ...draftOf(smtp), password: 'new:pw' }, smtp);
    expect(body?.url).toBe('smtp://me%40x.test:new%3Apw@relay.test:2525');
  });

  it('asks for the password again when the host changed, since the URL replaces the credentials', () => {
    const draft = { ...draftOf(smtp), smtp: { ...draftOf(smtp).smtp, host: 'other.test' } };
    expect(buildBody(draft, smtp).errors?.password).toMatch(/password again/);
    expect(buildBody({ ...draft, password: 'pw' }, smtp).body?.url).toBe('smtp://me%40x.test:pw@other.test:2525');
    // Nothing stored to lose: the URL goes as it is.
    expect(buildBody(draft, { ...smtp, hasSecret: false }).body?.url).toBe('smtp://me%40x.test@other.test:2525');
  });

  it('starts with empty secrets', () => {
    expect(draftOf(smtp).password).toBe('');
    expect(draftOf(ses).ses.secretAccessKey).toBe('');
  });

  it('leaves the SES block out unless one of its fields changed or a secret was typed', () => {
    expect(buildBody({ ...draftOf(ses), name: 'SES 2' }, ses).body).not.toHaveProperty('ses');
    const draft = draftOf(ses);
    expect(buildBody({ ...draft, ses: { ...draft.ses, secretAccessKey: 'x' } }, ses).body?.ses).toEqual({
      region: 'eu-west-1',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'x',
    });
    expect(buildBody({ ...draft, ses: { ...draft.ses, region: 'us-east-1' } }, ses).body?.ses).toEqual({
      region: 'us-east-1',
      accessKeyId: 'AKIA1',
    });
  });

  it('keeps the priority as it is when the field is emptied', () => {
    expect(buildBody({ ...draftOf(smtp), priority: '' }, smtp).body).not.toHaveProperty('priority');
  });
});
