/**
 * The campaign form's state: useDraft over the form's values and its audience filter (the filter
 * builder's tree), with what the audience card needs besides: the field options the tree is read
 * with, the filter in the API's form with its rows' problems, and whether a save was tried (from
 * then on the rows show their problems). The screen's actions save pending changes first with
 * `saveFirst()`, so a test, a schedule or a send always use what is on the screen.
 */
import { useMemo, useState } from 'react';
import { type BlockDocument, withIds } from '../../editor/document.ts';
import { fromApi, toApi } from '../../filters/convert.ts';
import { type GroupNode, newGroup } from '../../filters/tree.ts';
import { useFieldOptions } from '../../filters/use-field-options.ts';
import { type DraftSave, useDraft } from '../../forms/use-draft.ts';
import { i18n } from '../../i18n/i18n.ts';
import type { Campaign, CampaignBody } from '../../queries/campaigns.ts';
import { abTestDraftOf, abTestProblems, blankAbTest, MAX_VARIANTS } from './ab-test-model.ts';
import { type CampaignFormValues, campaignBody, missingFields } from './campaign-model.ts';

export interface CampaignDraftValues extends CampaignFormValues {
  filter: GroupNode;
}

export const STARTER_BODY = `<h1>Hello {{ name ?? "there" }},</h1>
<p>Write your message here.</p>
`;

/** A new campaign's values: to everyone, marketing, HTML with a starter body, a new empty filter, off the archive. */
export function blank(): CampaignDraftValues {
  return {
    name: '',
    description: '',
    subject: '',
    format: 'HTML',
    body: STARTER_BODY,
    document: null,
    from: '',
    fromName: '',
    replyTo: '',
    emailType: 'MARKETING',
    audienceType: 'ALL',
    segmentId: '',
    topicId: '',
    abTest: blankAbTest(),
    archive: false,
    filter: newGroup('AND'),
  };
}

/** The form's values for a saved campaign: what the API leaves null is an empty field. */
export function draftOf(c: Campaign): CampaignDraftValues {
  return {
    name: c.name,
    description: c.description ?? '',
    subject: c.subject,
    format: c.format,
    body: c.body,
    document: c.document ? withIds(c.document as BlockDocument) : null,
    from: c.from,
    fromName: c.fromName ?? '',
    replyTo: c.replyTo ?? '',
    emailType: c.emailType,
    audienceType: c.audienceType,
    segmentId: c.segmentId ?? '',
    topicId: c.topicId ?? '',
    abTest: abTestDraftOf(c.abTest, c.variants, c, (doc) => withIds(doc)),
    archive: c.archive,
    filter: fromApi(c.audienceFilter),
  };
}

/** The A/B test's fields the API may name (`variants[1].subject`, `abTest.waitMinutes`): shown at them. */
const AB_FIELDS = ['abTest', ...Array.from({ length: MAX_VARIANTS }, (_, i) => `variants[${i}]`)];

/** `saved` must keep its identity while the campaign does (a new tree has new row ids). */
export function useCampaignDraft(saved: CampaignDraftValues, save: DraftSave<CampaignBody>, leaveMessage: string) {
  const fields = useFieldOptions();
  const { options } = fields;
  const [tried, setTried] = useState(false);
  const convert = (filter: GroupNode) => (options ? toApi(filter, options, 'audienceFilter') : undefined);
  const filterIncomplete = (v: CampaignDraftValues) => {
    if (v.audienceType !== 'FILTERED') return false;
    const converted = convert(v.filter);
    return !converted || Object.keys(converted.problems).length > 0;
  };
  const d = useDraft(saved, {
    save,
    toBody: (v) => campaignBody(v, convert(v.filter)?.filters ?? null),
    // useDraft checks before every save, Ctrl+S's included: that is when the filter's rows start
    // showing what they lack (the check's own message for them is not shown; the rows say it).
    check: (v) => {
      setTried(true);
      return {
        ...missingFields(v),
        ...abTestProblems(v.abTest),
        audienceFilter: filterIncomplete(v) ? i18n.t('Finish the conditions.') : undefined,
      };
    },
    codeFields: { UNVERIFIED_DOMAIN: 'from' },
    fields: AB_FIELDS,
    leaveMessage,
  });
  const filter = d.value.filter;
  const converted = useMemo(() => (options ? toApi(filter, options, 'audienceFilter') : undefined), [filter, options]);
  return {
    ...d,
    fields,
    converted,
    filterIncomplete: filterIncomplete(d.value),
    tried,
    /** The last refusal as the API said it: its messages about filter rows go to those rows. */
    refusal: save.error,
  };
}

export type CampaignDraft = ReturnType<typeof useCampaignDraft>;
