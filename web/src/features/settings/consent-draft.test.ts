// Invariant: the saved settings open in the form as they are and go back unchanged; typed text is
// trimmed, an empty sender or template is sent as null.
import { describe, expect, it } from 'vitest';
import { type ConsentSettings, consentBody, consentDraftOf } from './consent-draft.ts';

describe('consent settings draft', () => {
  it('round-trips saved settings', () => {
    const saved: ConsentSettings = {
      doubleOptIn: true,
      signupFrom: 'hello@acme.test',
      confirmationTemplateId: 'tpl1',
      allowedOrigins: ['https://acme.test'],
      signupForm: {
        enabled: true,
        title: 'Join',
        description: 'Monthly news',
        topics: ['t1'],
        fields: [{ key: 'name', label: 'Name', type: 'text', required: true }],
      },
    };
    expect(consentBody(consentDraftOf(saved))).toEqual(saved);
  });

  it('trims what was typed and sends an empty sender as null', () => {
    const draft = consentDraftOf({
      doubleOptIn: false,
      signupFrom: null,
      confirmationTemplateId: null,
      allowedOrigins: [],
      signupForm: { enabled: false, title: '', description: '', topics: [], fields: [] },
    });
    draft.signupFrom = '  ';
    draft.allowedOrigins = [' https://a.test '];
    draft.signupForm.title = '  Hi ';
    draft.signupForm.fields = [{ key: ' plan ', label: ' Plan ', type: 'text', required: false }];
    expect(consentBody(draft)).toMatchObject({
      signupFrom: null,
      allowedOrigins: ['https://a.test'],
      signupForm: { title: 'Hi', description: '', fields: [{ key: 'plan', label: 'Plan' }] },
    });
  });
});
