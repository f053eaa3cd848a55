// Invariant: only plain http(s) origins are stored, in the form browsers send them, and only those
// let a browser call /v1/subscribe; form field keys never collide with each other, the data rules'
// reserved keys or the form's own inputs; settings a project never set read as the defaults.
import { describe, expect, it } from 'vitest';
import {
  checkFormFields,
  checkOrigins,
  EMPTY_FORM,
  normalizeOrigin,
  originAllowed,
  toSignupSettings,
  usesConfirmUrl,
} from './signup-settings.ts';

describe('normalizeOrigin', () => {
  it('answers the origin a browser would send', () => {
    expect(normalizeOrigin('https://Example.COM')).toBe('https://example.com');
    expect(normalizeOrigin('https://example.com/')).toBe('https://example.com');
    expect(normalizeOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(normalizeOrigin('https://example.com:443')).toBe('https://example.com');
    expect(normalizeOrigin(' https://a.b.example ')).toBe('https://a.b.example');
  });

  it('refuses anything that is not a plain http(s) origin', () => {
    for (const bad of [
      '*',
      'example.com',
      'ftp://example.com',
      'https://example.com/path',
      'https://example.com?q=1',
      'https://example.com#x',
      'https://user:pw@example.com',
      'https://*.example.com',
      'null',
      'javascript:alert(1)',
      'https://exa mple.com',
      '',
    ]) {
      expect(normalizeOrigin(bad), bad).toBeUndefined();
    }
  });
});

describe('checkOrigins and originAllowed', () => {
  it('normalises, de-duplicates and names each bad entry by index', () => {
    const r = checkOrigins(['https://a.test', 'HTTPS://A.test/', 'nope', 'https://b.test']);
    expect(r.origins).toEqual(['https://a.test', 'https://b.test']);
    expect(r.errors.map((e) => e.field)).toEqual(['allowedOrigins.2']);
  });

  it('allows exactly the listed origins', () => {
    const allowed = ['https://shop.test'];
    expect(originAllowed(allowed, 'https://shop.test')).toBe(true);
    expect(originAllowed(allowed, 'https://shop.test.evil.test')).toBe(false);
    expect(originAllowed(allowed, 'http://shop.test')).toBe(false);
    expect(originAllowed(allowed, 'null')).toBe(false);
  });
});

describe('checkFormFields', () => {
  const field = (key: string) => ({ key, label: key, type: 'text' as const, required: false });

  it('refuses reserved, form-owned and repeated keys', () => {
    const errors = checkFormFields({
      ...EMPTY_FORM,
      fields: [field('name'), field('email'), field('Website'), field('plunk_id'), field('name')],
    });
    expect(errors.map((e) => [e.field, e.code])).toEqual([
      ['signupForm.fields.1.key', 'RESERVED_KEY'],
      ['signupForm.fields.2.key', 'RESERVED_KEY'],
      ['signupForm.fields.3.key', 'RESERVED_KEY'],
      ['signupForm.fields.4.key', 'DUPLICATE_KEY'],
    ]);
  });
});

describe('usesConfirmUrl', () => {
  it('finds the link variable however it is written', () => {
    expect(usesConfirmUrl('<a href="{{confirmUrl}}">x</a>')).toBe(true);
    expect(usesConfirmUrl('{{- confirmUrl | escape }}')).toBe(true);
    expect(usesConfirmUrl('{{ confirmUrlx }}')).toBe(false);
    expect(usesConfirmUrl('confirmUrl')).toBe(false);
  });
});

describe('toSignupSettings', () => {
  it('reads unset columns as the defaults and stored JSON as it was written', () => {
    const none = {
      doubleOptIn: 0,
      signupFrom: null,
      allowedOrigins: null,
      confirmationTemplateId: null,
      signupForm: null,
    };
    expect(toSignupSettings(none)).toEqual({
      doubleOptIn: false,
      signupFrom: null,
      allowedOrigins: [],
      confirmationTemplateId: null,
      signupForm: EMPTY_FORM,
    });
    const form = { ...EMPTY_FORM, enabled: true, title: 'T' };
    const set = { ...none, doubleOptIn: true, allowedOrigins: '["https://a.test"]', signupForm: JSON.stringify(form) };
    expect(toSignupSettings(set)).toMatchObject({
      doubleOptIn: true,
      allowedOrigins: ['https://a.test'],
      signupForm: form,
    });
  });
});
