// Invariant: what a person types (odd characters included) reaches the API as one URL that decodes
// back to the same user and password, and the URL the API shows fills the edit form again.
import { describe, expect, it } from 'vitest';
import { describeSmtpUrl, parseSmtpUrl, sameConnection, smtpUrl } from './smtp-url.ts';

describe('smtpUrl', () => {
  it('builds smtp:// for STARTTLS and smtps:// for TLS from the start', () => {
    const c = { host: 'smtp.example.com', port: '587', security: 'STARTTLS' as const, user: 'apikey' };
    expect(smtpUrl(c, 'secret')).toBe('smtp://apikey:secret@smtp.example.com:587');
    expect(smtpUrl({ ...c, security: 'TLS', port: '465' }, 'secret')).toBe(
      'smtps://apikey:secret@smtp.example.com:465',
    );
  });

  it('percent-encodes the user and password so a URL parser gets them back whole', () => {
    const user = 'me@example.com';
    const password = 'p@ss:w/rd#?% é';
    const url = smtpUrl({ host: 'mail.test', port: '2525', security: 'STARTTLS', user }, password);
    const parsed = new URL(url);
    expect(decodeURIComponent(parsed.username)).toBe(user);
    expect(decodeURIComponent(parsed.password)).toBe(password);
    expect(parsed.hostname).toBe('mail.test');
    expect(parsed.port).toBe('2525');
  });

  it('uses the usual port when none is typed, and leaves out empty credentials', () => {
    expect(smtpUrl({ host: ' relay.test ', port: '', security: 'TLS', user: '' }, '')).toBe('smtps://relay.test:465');
    expect(smtpUrl({ host: 'relay.test', port: '', security: 'STARTTLS', user: 'u' }, '')).toBe(
      'smtp://u@relay.test:587',
    );
  });

  it('brackets an IPv6 host', () => {
    expect(smtpUrl({ host: '::1', port: '25', security: 'STARTTLS', user: '' }, '')).toBe('smtp://[::1]:25');
  });
});

describe('parseSmtpUrl', () => {
  it('reads the shown URL back into the form, user decoded', () => {
    expect(parseSmtpUrl('smtp://me%40example.com@127.0.0.1:2525')).toEqual({
      host: '127.0.0.1',
      port: '2525',
      security: 'STARTTLS',
      user: 'me@example.com',
    });
    expect(parseSmtpUrl('smtps://[::1]')).toEqual({ host: '::1', port: '465', security: 'TLS', user: '' });
  });

  it('never puts a password back in the form', () => {
    expect(parseSmtpUrl('smtp://user:hunter2@host.test:587')?.user).toBe('user');
  });

  it('answers undefined for what is not an SMTP URL', () => {
    expect(parseSmtpUrl(null)).toBeUndefined();
    expect(parseSmtpUrl('https://host.test')).toBeUndefined();
  });

  it('round-trips with smtpUrl', () => {
    const c = { host: 'smtp.example.com', port: '2525', security: 'TLS' as const, user: 'a b@c' };
    expect(parseSmtpUrl(smtpUrl(c, ''))).toEqual(c);
  });
});

describe('sameConnection and describeSmtpUrl', () => {
  it('counts an empty port as the usual one and ignores the host case', () => {
    const a = { host: 'Relay.test', port: '', security: 'STARTTLS' as const, user: 'u' };
    expect(sameConnection(a, { ...a, host: 'relay.test', port: '587' })).toBe(true);
    expect(sameConnection(a, { ...a, user: 'v' })).toBe(false);
    expect(sameConnection(a, { ...a, security: 'TLS' })).toBe(false);
  });

  it('shows user@host:port', () => {
    expect(describeSmtpUrl('smtp://user@host.test:587')).toBe('user@host.test:587');
    expect(describeSmtpUrl('smtps://host.test')).toBe('host.test:465');
  });
});
