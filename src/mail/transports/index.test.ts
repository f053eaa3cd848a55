// Invariant: MAIL_TRANSPORT picks the transport (capture by default, smtp when only SMTP_URL is set).
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/env.ts';
import type { Db } from '../../db/index.ts';
import { createServerTransport } from './index.ts';

// No transport touches the database or the network before its first send.
const noDb = {} as Db;

describe('createServerTransport', () => {
  it.each([
    [{}, 'capture'],
    [{ SMTP_URL: 'smtp://127.0.0.1:2525' }, 'smtp'],
    [{ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtps://u:p@mail.example.test' }, 'smtp'],
    [{ MAIL_TRANSPORT: 'ses', SES_REGION: 'eu-west-1' }, 'ses'],
    [{ MAIL_TRANSPORT: 'capture', SMTP_URL: 'smtp://127.0.0.1:2525' }, 'capture'],
  ])('with %o builds the %s transport', async (env, kind) => {
    const transport = createServerTransport(testConfig({ DATA_DIR: '/nonexistent-mailwright', ...env }), noDb);
    expect(transport.kind).toBe(kind);
    await transport.close();
  });
});
