// Invariant: a form post becomes a sign-up only with a valid email and every required field; numbers
// are stored as numbers and checkboxes as booleans; only the topics the form offers can be chosen;
// the page shows back exactly what was sent, escaped.
import { describe, expect, it } from 'vitest';
import type { SignupForm } from '../signup.schemas.ts';
import { EMPTY_FORM } from '../signup-settings.ts';
import { readJoinForm } from './join-form.ts';
import { joinFormPage } from './join-page.ts';

const form: SignupForm = {
  ...EMPTY_FORM,
  enabled: true,
  fields: [
    { key: 'name', label: 'Name', type: 'text', required: true },
    { key: 'age', label: 'Age', type: 'number', required: false },
    { key: 'terms', label: 'Terms', type: 'boolean', required: true },
    { key: 'news', label: 'News', type: 'boolean', required: false },
  ],
};

describe('readJoinForm', () => {
  it('types the values and keeps only offered topics', () => {
    const r = readJoinForm(form, ['t1', 't2'], {
      email: 'Ann@Example.test',
      'data.name': ' Ann ',
      'data.age': '4.5',
      'data.terms': 'true',
      'topic.t2': 'on',
      'topic.t3': 'true',
      'data.other': 'x',
    });
    expect(r.errors).toEqual({});
    expect(r.input).toEqual({
      email: 'Ann@Example.test',
      data: { name: 'Ann', age: 4.5, terms: true, news: false },
      topics: ['t2'],
    });
  });

  it('names every problem by input name', () => {
    const r = readJoinForm(form, [], { email: 'nope', 'data.age': '12abc', 'data.terms': 'false' });
    expect(r.errors).toEqual({
      email: 'errorEmail',
      'data.name': 'errorRequired',
      'data.age': 'errorNumber',
      'data.terms': 'errorRequired',
    });
    expect(readJoinForm(form, [], {}).errors.email).toBe('errorRequired');
  });

  it('skips an empty optional number, takes non-string values as absent, and passes the honeypot on', () => {
    const r = readJoinForm(form, [], {
      email: 'a@b.test',
      'data.name': 'A',
      'data.terms': 'on',
      'data.age': '',
      website: 'x',
    });
    expect(r.input.data).toEqual({ name: 'A', terms: true, news: false });
    expect(r.input.website).toBe('x');
    expect(readJoinForm(form, [], { email: ['a@b.test'] }).errors.email).toBe('errorRequired');
  });
});

describe('joinFormPage', () => {
  it('escapes what the project and the visitor wrote', () => {
    const html = joinFormPage({
      projectId: 'p"1',
      locale: 'en',
      title: '<b>T</b>',
      description: 'a & b',
      fields: [{ key: 'name', label: '<i>Name</i>', type: 'text', required: false }],
      topics: [{ id: 't"1', name: '<u>News</u>' }],
      values: { email: '"><script>', 'data.name': "O'Brien" },
      errors: { email: 'errorEmail' },
    });
    expect(html).not.toMatch(/<script|<b>T|<i>Name|<u>News/);
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;"');
    expect(html).toContain('value="O&#39;Brien"');
    expect(html).toContain('action="/join/p%221"');
    expect(html).toContain('name="topic.t&quot;1"');
    expect(html).toContain('<p class="error">Enter a valid email address.</p>');
  });
});
