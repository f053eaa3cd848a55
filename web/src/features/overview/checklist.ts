/** The onboarding checklist of the Overview: the setup-state steps in the order a new project takes them. */

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
    title: 'Add a sending domain',
    description: 'Mail goes out from an address on a domain you own.',
    href: 'domains',
    action: 'Add domain',
  },
  {
    key: 'domainVerified',
    title: 'Verify the domain',
    description: 'Publish the DNS records we give you so inboxes trust your mail.',
    href: 'domains',
    action: 'Open domains',
  },
  {
    key: 'firstContact',
    title: 'Add your first contact',
    description: 'Import a CSV, add someone by hand, or let the API create them as you send.',
    href: 'contacts',
    action: 'Open contacts',
  },
  {
    key: 'firstSend',
    title: 'Send your first email',
    description: 'Send yourself a test from here, or call POST /v1/send from your code.',
    href: '#send-test',
    action: 'Send a test',
  },
  {
    key: 'firstTemplate',
    title: 'Create a template',
    description: 'Design a reusable email once and send it from code, campaigns and workflows.',
    href: 'templates',
    action: 'Open templates',
  },
  {
    key: 'firstCampaign',
    title: 'Draft a campaign',
    description: 'Write one email for many contacts: everyone, a segment or a filter.',
    href: 'campaigns',
    action: 'Open campaigns',
  },
  {
    key: 'firstCampaignSent',
    title: 'Send a campaign',
    description: 'Send it now or schedule it for later.',
    href: 'campaigns',
    action: 'Open campaigns',
  },
  {
    key: 'firstWorkflow',
    title: 'Build a workflow',
    description: 'React to events with emails, delays and conditions.',
    href: 'workflows',
    action: 'Open workflows',
  },
  {
    key: 'firstWorkflowEnabled',
    title: 'Turn a workflow on',
    description: 'An enabled workflow runs for every contact that triggers it.',
    href: 'workflows',
    action: 'Open workflows',
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
