/** The project sidebar's entries, in order; `path` is relative to `/p/:projectId`. */
export interface NavItem {
  label: string;
  path: string;
  /** Shown only when the server captures mail instead of sending it. */
  captureOnly?: boolean;
}

/** An entry whose path is its label in lower case, unless given. */
const item = (label: string, path = label.toLowerCase(), captureOnly?: boolean): NavItem => ({
  label,
  path,
  captureOnly,
});

export const NAV_GROUPS: Array<{ label: string; items: NavItem[] }> = [
  { label: '', items: [item('Overview', '')] },
  { label: 'Audience', items: [item('Contacts'), item('Fields'), item('Segments'), item('Topics'), item('Events')] },
  { label: 'Messaging', items: [item('Templates'), item('Campaigns'), item('Workflows')] },
  {
    label: 'Insights',
    items: [item('Activity'), item('Analytics'), item('Email log', 'emails'), item('Outbox', 'outbox', true)],
  },
  { label: 'Project', items: [item('Domains'), item('Transports'), item('Webhooks'), item('Settings')] },
];
