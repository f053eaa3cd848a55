// Invariant: an A/B test goes to the API as the form shows it (a variant sends only what it changes)
// and a saved one reads back into the same form.
import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../../i18n/test-i18n.ts';
import {
  type AbTestDraft,
  abTestBody,
  abTestDraftOf,
  abTestProblems,
  blankAbTest,
  blankVariant,
  nextVariantName,
  splitSummary,
  waitMinutes,
  waitParts,
} from './ab-test-model.ts';

// The model's messages are read in English: the translator, started without catalogs, formats its
// English keys.
beforeAll(startEnglishForTests);

const own = {
  subject: 'Hi',
  from: 'news@acme.test',
  fromName: 'Acme',
  format: 'HTML' as const,
  body: '<p>x</p>',
  document: null,
};

describe('an A/B test draft', () => {
  it('is off with two variants named A and B ready', () => {
    const d = blankAbTest();
    expect(d.enabled).toBe(false);
    expect(d.variants.map((v) => v.name)).toEqual(['A', 'B']);
    expect(nextVariantName(['A', 'C'])).toBe('B');
    expect(abTestBody(d)).toEqual({ variants: null, abTest: null });
  });

  it('sends only what each variant changes, and the wait in minutes', () => {
    const d: AbTestDraft = {
      ...blankAbTest(),
      enabled: true,
      variants: [
        { ...blankVariant([]), name: ' A ', subject: 'Other subject', fromName: ' Ann ' },
        { ...blankVariant(['A']), content: 'TEMPLATE', templateId: 't1', subject: 'ignored' },
        { ...blankVariant(['A', 'B']), content: 'OWN', format: 'MJML', body: '<mjml/>' },
      ],
      testPercent: '20',
      waitAmount: '1.5',
      waitUnit: 'hours',
    };
    expect(abTestBody(d)).toEqual({
      variants: [
        { name: 'A', subject: 'Other subject', fromName: 'Ann' },
        { name: 'B', templateId: 't1' },
        { name: 'C', format: 'MJML', body: '<mjml/>' },
      ],
      abTest: { testPercent: 20, metric: 'OPENS', waitMinutes: 90, decidedBy: 'AUTO' },
    });
  });

  it('passes text that is no number on for the API to name, unless the test is decided by hand', () => {
    const d = { ...blankAbTest(), enabled: true, testPercent: 'lots', waitAmount: 'soon' };
    expect(abTestBody(d).abTest).toMatchObject({ testPercent: 'lots', waitMinutes: 'soon' });
    expect(abTestBody({ ...d, decidedBy: 'MANUAL' }).abTest).toMatchObject({ waitMinutes: 240 });
  });

  it('writes a wait in its largest whole unit and back', () => {
    expect(waitParts(2880)).toEqual({ amount: '2', unit: 'days' });
    expect(waitParts(120)).toEqual({ amount: '2', unit: 'hours' });
    expect(waitParts(90)).toEqual({ amount: '90', unit: 'minutes' });
    expect(waitMinutes('7', 'days')).toBe(10_080);
  });

  it('reads a saved test back: values equal to the campaign’s are the campaign’s own', () => {
    const d = abTestDraftOf(
      { testPercent: 30, metric: 'CLICKS', waitMinutes: 1440, decidedBy: 'AUTO' },
      [
        {
          name: 'A',
          subject: 'New',
          from: own.from,
          fromName: 'Acme',
          format: 'HTML',
          body: '<p>x</p>',
          document: null,
          templateId: null,
        },
        {
          name: 'B',
          subject: 'From template',
          from: own.from,
          fromName: 'Acme',
          format: 'HTML',
          body: '<p>t</p>',
          document: null,
          templateId: 't1',
        },
        {
          name: 'C',
          subject: 'Hi',
          from: 'b@acme.test',
          fromName: 'Acme',
          format: 'MJML',
          body: '<mjml/>',
          document: null,
          templateId: null,
        },
      ],
      own,
    );
    expect(d).toMatchObject({ enabled: true, testPercent: '30', metric: 'CLICKS', waitAmount: '1', waitUnit: 'days' });
    expect(d.variants.map((v) => [v.name, v.subject, v.from, v.fromName, v.content])).toEqual([
      ['A', 'New', '', '', 'SAME'],
      ['B', '', '', '', 'TEMPLATE'],
      ['C', '', 'b@acme.test', '', 'OWN'],
    ]);
    expect(d.variants[2]).toMatchObject({ format: 'MJML', body: '<mjml/>' });
    expect(abTestDraftOf(null, [], own)).toEqual(blankAbTest());
  });

  it('says what a variant lacks before asking, keyed as the API names it', () => {
    const d = {
      ...blankAbTest(),
      enabled: true,
      variants: [
        { ...blankVariant([]), name: 'Same' },
        { ...blankVariant([]), name: 'same ', content: 'TEMPLATE' as const },
      ],
    };
    expect(abTestProblems(d)).toEqual({
      'variants[1].name': 'Another variant has this name.',
      'variants[1].templateId': 'Choose a template.',
    });
    expect(abTestProblems({ ...d, enabled: false })).toEqual({});
  });

  it('says how the test splits the audience', () => {
    expect(splitSummary('20', 2)).toBe(
      '20% of the audience gets the test, about 10% for each variant; the other 80% gets the winner.',
    );
    expect(splitSummary('x', 2)).toBeUndefined();
  });
});
