/**
 * The onboarding checklist of the Overview: the setup-state steps in the order a new project takes them.
 * Their words are English messages (`msg`) the checklist translates where it shows them.
 */
import { msg } from '../../i18n/msg.ts';

export interface SetupStep {
  done: boolean;
  at: string | null;
}

export type SetupStepKey =
  | 'domainAdded'
  | 'domainVerified'
  | 'firstContact'
  | 'firstSend'
  | 'firstTemplate'
  | 'firstCampaign'
  | 'firstCampaignSent'
  | 'firstWorkflow'
  | 'firstWorkflowEnabled';

export interface ChecklistItem {
  key: SetupStepKey;
  title: string;
  description: string;
  /** Where the step is done, relative to the project (`domains`), or `#id` for a part of the Overview. */
  href: string;
  action: string;
  done: boolean;
  at: string | null;
}

const STEPS: Array<Omit<ChecklistItem, 'done' | 'at'>> = [
  {
    key: 'domainAdded',
    title: msg('Add a sending domain'),
    description: msg('Mail goes out from an address on a domain you own.'),
    href: 'domains',
    action: msg('Add domain'),
  },
  {
    key: 'domainVerified',
    title: msg('Verify the domain'),
    description: msg('Publish the DNS records we give you so inboxes trust your mail.'),
    href: 'domains',
    action: msg('Open domains'),
  },
  {
    key: 'firstContact',
    title: msg('Add your first contact'),
    description: msg('Import a CSV, add someone by hand, or let the API create them as you send.'),
    href: 'contacts',
    action: msg('Open contacts'),
  },
  {
    key: 'firstSend',
    title: msg('Send your first email'),
    description: msg('Send yourself a test from here, or call POST /v1/send from your code.'),
    href: '#send-test',
    action: msg('Send a test'),
  },
  {
    key: 'firstTemplate',
    title: msg('Create a template'),
    description: msg('Design a reusable email once and send it from code, campaigns and workflows.'),
    href: 'templates',
    action: msg('Open templates'),
  },
  {
    key: 'firstCampaign',
    title: msg('Draft a campaign'),
    description: msg('Write one email for many contacts: everyone, a segment or a filter.'),
    href: 'campaigns',
    action: msg('Open campaigns'),
  },
  {
    key: 'firstCampaignSent',
    title: msg('Send a campaign'),
    description: msg('Send it now or schedule it for later.'),
    href: 'campaigns',
    action: msg('Open campaigns'),
  },
  {
    key: 'firstWorkflow',
    title: msg('Build a workflow'),
    description: msg('React to events with emails, delays and conditions.'),
    href: 'workflows',
    action: msg('Open workflows'),
  },
  {
    key: 'firstWorkflowEnabled',
    title: msg('Turn a workflow on'),
    description: msg('An enabled workflow runs for every contact that triggers it.'),
    href: 'workflows',
    action: msg('Open workflows'),
  },
];

/** The checklist in order; steps the server does not report are left out rather than shown undone. */
export function checklist(steps: Partial<Record<string, SetupStep>>): ChecklistItem[] {
  return STEPS.flatMap((step) => {
    const state = steps[step.key];
    return state ? [{ ...step, done: state.done, at: state.at }] : [];
  });
}

/** The first step not done yet: the one the Overview points at. */
export function nextStep(items: ChecklistItem[]): ChecklistItem | undefined {
  return items.find((item) => !item.done);
}

/** Progress as a whole percentage (0 when there are no steps). */
export function progressPercent(items: ChecklistItem[]): number {
  if (items.length === 0) return 0;
  return Math.round((items.filter((i) => i.done).length / items.length) * 100);
}
