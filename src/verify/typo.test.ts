// Invariant: suggestDomain proposes a fix only for a near miss of a popular provider, keeps the local part,
// and stays silent for known providers, ordinary company domains and malformed input.
import { describe, expect, it } from 'vitest';
import { suggestDomain } from './typo.ts';

describe('suggestDomain', () => {
  it.each([
    ['ann@gmial.com', 'gmail.com'],
    ['ann@gmail.con', 'gmail.com'],
    ['ann@gmai.com', 'gmail.com'],
    ['ann@hotmial.com', 'hotmail.com'],
    ['ann@yahooo.com', 'yahoo.com'],
    ['ann@gamil.com', 'gmail.com'],
    ['ann@hotmail.con', 'hotmail.com'],
    ['ann@outlok.com', 'outlook.com'],
    ['ann@icloud.co', 'icloud.com'],
    ['ann@qq.con', 'qq.com'],
    ['ann@gmx.con', 'gmx.com'],
    ['ann@yahooo.fr', 'yahoo.fr'],
  ])('suggests a fix for %s', (email, domain) => {
    expect(suggestDomain(email)).toEqual({ suggestedEmail: `ann@${domain}`, domain });
  });

  it('keeps the local part, normalised', () => {
    expect(suggestDomain('  Ann.Lee+News@GMIAL.com ')).toEqual({
      suggestedEmail: 'ann.lee+news@gmail.com',
      domain: 'gmail.com',
    });
  });

  it.each(['ann@gmail.com', 'ann@outlook.com', 'ann@hotmail.co.uk', 'ann@gmx.de', 'ann@email.com', 'ann@libero.it'])(
    'does not second-guess the known provider in %s',
    (email) => {
      expect(suggestDomain(email)).toBeUndefined();
    },
  );

  it.each(['ann@acme.com', 'ann@me.org', 'ann@qz.com', 'ann@ms.com', 'ann@stripe.com', 'ann@example.com'])(
    'leaves the company domain in %s alone',
    (email) => {
      expect(suggestDomain(email)).toBeUndefined();
    },
  );

  it('leaves forwarding services alone', () => {
    expect(suggestDomain('ann@mozmail.com')).toBeUndefined();
    expect(suggestDomain('ann@duck.com')).toBeUndefined();
  });

  it('returns undefined for malformed input', () => {
    expect(suggestDomain('not an email')).toBeUndefined();
    expect(suggestDomain(`${'x'.repeat(100_000)}@gmial.com`)).toBeUndefined();
  });
});
