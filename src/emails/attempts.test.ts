// Invariant: an attempt says what the transport said: ACCEPTED with the relay's reply, a failure as
// permanent only when the transport judged it so, an SMTP code only from an SMTP relay (SES's
// responseCode is an HTTP status), and never more than 500 characters of response.
import { describe, expect, it } from 'vitest';
import { TransportError } from '../mail/types.ts';
import { acceptedAttempt, failedAttempt, RESPONSE_MAX, smtpCodeOf } from './attempts.ts';

const email = { id: 'e1', projectId: 'p1' };
const at = new Date('2030-01-01T00:00:00Z');
const smtp = { transport: 'smtp' as const, at, durationMs: 12.6 };

describe('email attempts', () => {
  it('reads the reply code leading an SMTP response, and nothing else', () => {
    expect(smtpCodeOf('250 2.0.0 Ok: queued as 123')).toBe(250);
    expect(smtpCodeOf('250-first line')).toBe(250);
    expect(smtpCodeOf('451')).toBe(451);
    expect(smtpCodeOf('0190a0a0-0000-7000')).toBeNull();
    expect(smtpCodeOf('2500 apples')).toBeNull();
    expect(smtpCodeOf(undefined)).toBeNull();
  });

  it('records an accepted send with the reply, its code and a whole-millisecond duration', () => {
    const a = acceptedAttempt(email, smtp, { transportMessageId: 'id', response: '250 OK: message queued' });
    expect(a).toMatchObject({
      emailId: 'e1',
      projectId: 'p1',
      at,
      transport: 'smtp',
      result: 'ACCEPTED',
      smtpCode: 250,
      response: '250 OK: message queued',
      durationMs: 13,
    });
    // Without a reply the transport's id stands in; capture and SES give no SMTP code.
    const captured = acceptedAttempt(email, { ...smtp, transport: 'capture' }, { transportMessageId: 'row-1' });
    expect(captured).toMatchObject({ response: 'row-1', smtpCode: null });
  });

  it('reads a failure as the transport judged it, with the SMTP code of an SMTP relay only', () => {
    const temp = failedAttempt(email, smtp, new TransportError('451 4.3.0 later', 'temporary', false, 451));
    expect(temp).toMatchObject({ result: 'TEMPORARY_FAILURE', smtpCode: 451, response: '451 4.3.0 later' });
    const perm = failedAttempt(email, smtp, new TransportError('554 refused', 'permanent', false, 554));
    expect(perm).toMatchObject({ result: 'PERMANENT_FAILURE', smtpCode: 554 });
    const ses = failedAttempt(email, { ...smtp, transport: 'ses' }, new TransportError('x', 'permanent', false, 400));
    expect(ses).toMatchObject({ result: 'PERMANENT_FAILURE', smtpCode: null });
    // A bug or a lost connection is retried like a 4xx.
    expect(failedAttempt(email, smtp, new Error('socket hang up'))).toMatchObject({
      result: 'TEMPORARY_FAILURE',
      smtpCode: null,
      response: 'socket hang up',
    });
  });

  it('keeps at most 500 characters of a response', () => {
    const long = `550 ${'x'.repeat(2000)}`;
    expect(failedAttempt(email, smtp, new TransportError(long, 'permanent')).response).toHaveLength(RESPONSE_MAX);
    const ok = acceptedAttempt(email, smtp, { transportMessageId: 'id', response: long });
    expect(ok.response).toHaveLength(RESPONSE_MAX);
  });
});
