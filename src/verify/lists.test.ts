// Invariant: the three domain lists come from their packages (or the alias constant), match case-insensitively,
// count subdomains for disposable and alias services, and never call a throwaway domain a personal mailbox.
import { describe, expect, it } from 'vitest';
import { isAliasDomain, isDisposableDomain, isPersonalDomain } from './lists.ts';

describe('isDisposableDomain', () => {
  it('recognises well-known throwaway domains and their subdomains', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('YOPMAIL.com')).toBe(true);
    expect(isDisposableDomain('inbox.mailinator.com')).toBe(true);
  });

  it('leaves ordinary and personal domains alone', () => {
    expect(isDisposableDomain('gmail.com')).toBe(false);
    expect(isDisposableDomain('example.com')).toBe(false);
    expect(isDisposableDomain('mailinator.example.com')).toBe(false);
  });
});

describe('isPersonalDomain', () => {
  it.each(['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'gmx.de', 'proton.me'])(
    'recognises %s',
    (domain) => {
      expect(isPersonalDomain(domain)).toBe(true);
    },
  );

  it('is case-insensitive and ignores a trailing dot', () => {
    expect(isPersonalDomain('GMail.com.')).toBe(true);
  });

  it('does not count disposable domains that the package merges into its list', () => {
    expect(isPersonalDomain('mailinator.com')).toBe(false);
    expect(isPersonalDomain('guerrillamail.com')).toBe(false);
  });

  it('matches exactly, so a business under a listed second-level name is not personal', () => {
    expect(isPersonalDomain('net.ua')).toBe(true);
    expect(isPersonalDomain('acme.net.ua')).toBe(false);
    expect(isPersonalDomain('mail.gmail.com')).toBe(false);
  });

  it('leaves company domains alone', () => {
    expect(isPersonalDomain('stripe.com')).toBe(false);
    expect(isPersonalDomain('example.com')).toBe(false);
  });
});

describe('isAliasDomain', () => {
  it.each(['privaterelay.appleid.com', 'mozmail.com', 'x7y2.mozmail.com', 'duck.com', 'aleeas.com', 'anonaddy.me'])(
    'recognises %s',
    (domain) => {
      expect(isAliasDomain(domain)).toBe(true);
    },
  );

  it('counts per-user subdomains of forwarding services', () => {
    expect(isAliasDomain('johndoe.anonaddy.com')).toBe(true);
    expect(isAliasDomain('Someone.SimpleLogin.com')).toBe(true);
  });

  it('does not match look-alikes or ordinary domains', () => {
    expect(isAliasDomain('notmozmail.com')).toBe(false);
    expect(isAliasDomain('appleid.com')).toBe(false);
    expect(isAliasDomain('gmail.com')).toBe(false);
  });
});
